// Where each kind lives on the API (common/certificates/paths.ts), without the field tables so
// the dashboard counts load without them.
import type { KindName } from '../../../../common/certificates/paths.ts';

export { PATHS, type KindName, type KindPaths } from '../../../../common/certificates/paths.ts';

/** The list query of spec 7 (the server takes the council from the token; userId is for the earlier client). */
export function listQuery(userId: number, pageNumber: number, pageSize: number, nameFilter = '') {
  const q = new URLSearchParams({ userId: String(userId), pageNumber: String(pageNumber), pageSize: String(pageSize) });
  if (nameFilter.trim()) q.set('nameFilter', nameFilter.trim());
  return q.toString();
}

/** Query keys (TanStack Query): everything of one kind of one council sits under one prefix, so a
 *  save invalidates that kind's pages and its dashboard count together. */
export const certificateKeys = {
  kind: (kind: KindName, council: number) => ['certificates', council, kind] as const,
  page: (kind: KindName, council: number, pageNumber: number, nameFilter: string) =>
    [...certificateKeys.kind(kind, council), 'page', pageNumber, nameFilter] as const,
  count: (kind: KindName, council: number) => [...certificateKeys.kind(kind, council), 'count'] as const,
};
