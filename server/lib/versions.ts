// Optimistic locking of editable records: every record has a version that moves up on each change.
// Reads answer it as the ETag (and in the body); a PUT with If-Match naming an older version is
// refused with 409 instead of silently overwriting someone else's change.
import { Conflict, Invalid } from './errors.ts';

export const etagOf = (version: number) => `"${version}"`;

/** The version an If-Match header names; undefined without the header (older integrators) or "*". */
export function ifMatchVersion(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '' || value.trim() === '*') return undefined;
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(value);
  if (!m) throw new Invalid('If-Match', 'must be the ETag the record was read with, such as "3"');
  return Number(m[1]);
}

export class StaleRecord extends Conflict {
  constructor() {
    super('Someone else changed this record after you opened it. Reload it to see their changes, then make yours again.');
  }
}
