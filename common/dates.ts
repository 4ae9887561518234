// Calendar dates (no time of day) as the certificates use them. A date is a Date at UTC midnight,
// which is how Prisma reads and writes PostgreSQL `date` columns, so no time zone can shift a day.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/** "2026-11-01" or a full ISO timestamp ("2026-11-01T00:00:00.000Z", "2026-11-01T10:00+05:30") to the
 *  calendar day written in it, or null when it is not a real date (2026-02-30). The day as written
 *  counts, not the UTC day: a form in India that sends local midnight means that day. */
export function parseIsoDate(value: string): Date | null {
  const m = ISO_DAY.exec(value);
  if (!m) return null;
  if (value.length > 10 && !ISO_TIMESTAMP.test(value)) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1800 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month - 1)) return null;
  return new Date(Date.UTC(year, month - 1, day));
}

/** The calendar day (UTC) of a Date, or of a 'YYYY-MM-DD' / ISO string parsed strictly, at UTC
 *  midnight. Throws a RangeError naming a value that is no real date (2026-02-30). */
export function toDateOnly(value: Date | string): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('not a valid date: Invalid Date');
    return new Date(Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate()));
  }
  const date = parseIsoDate(value);
  if (!date) throw new RangeError(`not a valid date (YYYY-MM-DD): ${JSON.stringify(value)}`);
  return date;
}

/** YYYY-MM-DD, what the API sends and an <input type="date"> takes. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** dd/mm/yyyy, as en-GB writes it; '' for no date. */
export function formatDateEnGB(date: Date | null | undefined): string {
  if (!date) return '';
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${date.getUTCFullYear()}`;
}

/** Today's date in India (UTC+5:30, no daylight saving), as a UTC-midnight date. */
export function todayInIndia(now: Date = new Date()): Date {
  const local = new Date(now.getTime() + 330 * 60_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
}

/** The day `months` whole months after `from`. A day the target month lacks (31st, 29 Feb) falls on
 *  the 1st of the month after, so nobody is counted a month or a year older before the full span:
 *  someone born on 29 Feb turns 18 on 1 March in a common year. */
export function addMonths(from: Date, months: number): Date {
  const total = from.getUTCMonth() + months;
  const year = from.getUTCFullYear() + Math.floor(total / 12);
  const month0 = ((total % 12) + 12) % 12;
  const day = from.getUTCDate();
  if (day > daysInMonth(year, month0)) return new Date(Date.UTC(year, month0 + 1, 1));
  return new Date(Date.UTC(year, month0, day));
}

/** Completed years and months between a birth date and a later date (zero when `at` is earlier).
 *  A birthday the month lacks (29 Feb, 31st) is reached on the 1st of the month after. */
export function ageAt(birth: Date, at: Date): { years: number; months: number } {
  let months = (at.getUTCFullYear() - birth.getUTCFullYear()) * 12 + (at.getUTCMonth() - birth.getUTCMonth());
  if (addMonths(birth, months) > at) months -= 1;
  if (months < 0) return { years: 0, months: 0 };
  return { years: Math.floor(months / 12), months: months % 12 };
}

/** An age as a certificate prints it, with singular and plural right in both languages (issue 14):
 *  "1 वर्ष" / "1 year", "32 वर्षे 1 महिना" / "32 years 1 month"; months are left out when 0 or not given. */
export function ageWords(years: number, months?: number): { mr: string; en: string } {
  const mr = [`${years} ${years === 1 ? 'वर्ष' : 'वर्षे'}`];
  const en = [`${years} ${years === 1 ? 'year' : 'years'}`];
  if (months) {
    mr.push(`${months} ${months === 1 ? 'महिना' : 'महिने'}`);
    en.push(`${months} ${months === 1 ? 'month' : 'months'}`);
  }
  return { mr: mr.join(' '), en: en.join(' ') };
}
