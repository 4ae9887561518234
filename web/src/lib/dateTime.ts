// A moment as the staff screens show it (the audit trail, the backups). Apart from dates.ts, which
// the public certificate pages load through the certificate tables: this stays in staff chunks.
import { formatDateMr, toDevanagariDigits } from './format.ts';

/** e.g. २२ नोव्हेंबर, २०२६, १६:०५: a moment in India's time (24-hour clock), whatever the device's zone. */
export function formatDateTimeMr(value: string | Date | null | undefined, empty = '') {
  const d = value ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) return empty;
  const ist = new Date(d.getTime() + 330 * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatDateMr(d)}, ${toDevanagariDigits(`${two(ist.getUTCHours())}:${two(ist.getUTCMinutes())}`)}`;
}
