// Money, dates and digits as the spec shows them.
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₹1,23,456.00 — empty or invalid values show ₹0.00. Accepts strings (Decimal from the API). */
export function formatRupees(value: number | string | null | undefined) {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
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
  return d ? d.toLocaleDateString('en-GB', { timeZone: 'UTC' }) : empty;
}

/** e.g. २२ नोव्हेंबर २०२६ (mr-IN, day, long month, year), for news, transfers and payment history. */
export function formatDateMr(value: string | Date | null | undefined, empty = '') {
  const d = toDate(value);
  // India's day, whatever the device's zone: a date kept as midnight UTC stays the same day, and a
  // time after 18:30 UTC is already the next day in India.
  return d ? d.toLocaleDateString('mr-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }) : empty;
}

const DEVANAGARI = '०१२३४५६७८९';
export function toDevanagariDigits(s: string) {
  return s.replace(/[0-9]/g, (d) => DEVANAGARI[Number(d)]);
}
