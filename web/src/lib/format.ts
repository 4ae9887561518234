// Money, dates and digits as the spec shows them.
// Made on first use, not when the module loads: an Intl formatter's first construction loads the
// browser's locale data (tens of milliseconds on a slow phone), and the home page shows no money.
let rupees: Intl.NumberFormat | undefined;

/** ₹1,23,456.00 — empty or invalid values show ₹0.00. Accepts strings (Decimal from the API). */
export function formatRupees(value: number | string | null | undefined) {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  rupees ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return rupees.format(Number.isFinite(n) ? (n as number) : 0);
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** dd/mm/yyyy (en-GB), as on certificates; 'N/A' when missing. Date-only values are read as UTC. */
export function formatDateGB(value: string | Date | null | undefined, empty = 'N/A') {
  const d = toDate(value);
  if (!d) return empty;
  // What toLocaleDateString('en-GB', { timeZone: 'UTC' }) writes, without building a formatter per call.
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

const DEVANAGARI = '०१२३४५६७८९';
export function toDevanagariDigits(s: string) {
  return s.replace(/[0-9]/g, (d) => DEVANAGARI[Number(d)]);
}

/** mr-IN's long month names (CLDR), as toLocaleDateString('mr-IN', { month: 'long' }) writes them. */
const MONTHS_MR = ['जानेवारी', 'फेब्रुवारी', 'मार्च', 'एप्रिल', 'मे', 'जून', 'जुलै', 'ऑगस्ट', 'सप्टेंबर', 'ऑक्टोबर', 'नोव्हेंबर', 'डिसेंबर'];
/** India Standard Time, UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;

/** e.g. २२ नोव्हेंबर, २०२६: what toLocaleDateString('mr-IN', { day: 'numeric', month: 'long', year:
 *  'numeric', timeZone: 'Asia/Kolkata' }) writes (tests/unit/format.test.ts compares every month),
 *  for news, transfers and payment history. Written from a table because that call loads the
 *  Marathi locale and time zone data the first time and builds a formatter on every call: ~35 ms of
 *  a phone's main thread while the home page hydrates its news, and ~3 ms a date on the server.
 *  India's day, whatever the device's zone: a date kept as midnight UTC stays the same day, and a
 *  time after 18:30 UTC is already the next day in India. */
export function formatDateMr(value: string | Date | null | undefined, empty = '') {
  const d = toDate(value);
  if (!d) return empty;
  const ist = new Date(d.getTime() + IST_OFFSET_MS);
  return toDevanagariDigits(`${ist.getUTCDate()} ${MONTHS_MR[ist.getUTCMonth()]}, ${ist.getUTCFullYear()}`);
}
