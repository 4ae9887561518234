// Where each kind lives on the API (common/certificates/paths.ts), without the field tables so
// the dashboard counts load without them.
export { PATHS, type KindName, type KindPaths } from '../../../../common/certificates/paths.ts';

/** The list query of spec 7 (the server takes the council from the token; userId is for the earlier client). */
export function listQuery(userId: number, pageNumber: number, pageSize: number, nameFilter = '') {
  const q = new URLSearchParams({ userId: String(userId), pageNumber: String(pageNumber), pageSize: String(pageSize) });
  if (nameFilter.trim()) q.set('nameFilter', nameFilter.trim());
  return q.toString();
}
