// The days date boxes offer, apart from format.ts: the public pages load that one, and this reads
// common/dates.ts, which only the staff screens need.
import { isoDay, todayInIndia } from '../../../common/dates.ts';
import { formatDateMr, toDevanagariDigits } from './format.ts';

/** Today in India as YYYY-MM-DD, whatever the device's zone: what a date box takes as its `max` (a
 *  past-only date) or `min` (a notice's date). */
export const todayIso = () => isoDay(todayInIndia());

/** e.g. २२ नोव्हेंबर, २०२६, १६:०५: a moment in India's time (24-hour clock), for the audit trail and
 *  the backups; the device's zone does not matter. */
export function formatDateTimeMr(value: string | Date | null | undefined, empty = '') {
  const d = value ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) return empty;
  const ist = new Date(d.getTime() + 330 * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatDateMr(d)}, ${toDevanagariDigits(`${two(ist.getUTCHours())}:${two(ist.getUTCMinutes())}`)}`;
}
