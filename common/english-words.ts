// Numbers and dates in English words as Indian certificates write them: title case, no "and",
// the day as an ordinal ("First November Two Thousand Twenty Six").

import { toDateOnly } from './dates.ts';

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

export const ENGLISH_MONTHS: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `joiner` between tens and units: ' ' for dates ("Twenty Six"), '-' for amounts ("Twenty-Six"). */
function belowHundred(n: number, joiner = ' '): string {
  if (n < 20) return ONES[n];
  const unit = n % 10;
  return unit ? `${TENS[Math.floor(n / 10)]}${joiner}${ONES[unit]}` : TENS[n / 10];
}

/** 0–999 ("Zero" for 0), as dates and amounts write it. */
export function belowThousand(n: number, joiner = ' '): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (!hundreds) return belowHundred(rest, joiner);
  return rest ? `${ONES[hundreds]} Hundred ${belowHundred(rest, joiner)}` : `${ONES[hundreds]} Hundred`;
}

/** 0 to 999,999,999 in words, international grouping (Thousand, Million). */
export function englishNumberWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999_999) throw new RangeError(`cannot write ${n} in words`);
  if (n === 0) return ONES[0];
  const parts: string[] = [];
  const million = Math.floor(n / 1_000_000);
  const thousand = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  if (million) parts.push(`${belowThousand(million)} Million`);
  if (thousand) parts.push(`${belowThousand(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

const ORDINAL_ONES = [
  '',
  'First',
  'Second',
  'Third',
  'Fourth',
  'Fifth',
  'Sixth',
  'Seventh',
  'Eighth',
  'Ninth',
  'Tenth',
  'Eleventh',
  'Twelfth',
  'Thirteenth',
  'Fourteenth',
  'Fifteenth',
  'Sixteenth',
  'Seventeenth',
  'Eighteenth',
  'Nineteenth',
];
const ORDINAL_TENS = ['', '', 'Twentieth', 'Thirtieth'];

/** 1–31 as an ordinal word: "First", "Twenty Second", "Thirtieth". */
export function englishOrdinalDay(day: number): string {
  if (!Number.isInteger(day) || day < 1 || day > 31) throw new RangeError(`not a day of a month: ${day}`);
  if (day < 20) return ORDINAL_ONES[day];
  const unit = day % 10;
  return unit ? `${TENS[Math.floor(day / 10)]} ${ORDINAL_ONES[unit]}` : ORDINAL_TENS[day / 10];
}

/** A calendar date (a UTC-midnight Date or a 'YYYY-MM-DD' string): "First November Two Thousand Twenty Six". */
export function englishDateWords(value: Date | string): string {
  const date = toDateOnly(value);
  return `${englishOrdinalDay(date.getUTCDate())} ${ENGLISH_MONTHS[date.getUTCMonth()]} ${englishNumberWords(date.getUTCFullYear())}`;
}
