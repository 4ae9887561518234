// What a date box says below itself: the order it takes, or why what was typed is not taken.
import type { Dayjs } from 'dayjs';
import { TERMS } from '../../../../common/glossary.ts';
import { formatDateGB } from '../../lib/format.ts';

export const DATE_HINT = `${TERMS.dayMonthYear.mr} (${TERMS.dayMonthYear.en})`;

/** The field's error, Marathi first: no such date, or outside min … max (yyyy-mm-dd). */
export function dateError(problem: NonNullable<DateProblem>, min?: string, max?: string): string {
  if (problem === 'maxDate' && max) return `${formatDateGB(max)} नंतरचा ${TERMS.date.mr} चालत नाही (No date after ${formatDateGB(max)})`;
  if (problem === 'minDate' && min) return `${formatDateGB(min)} पूर्वीचा ${TERMS.date.mr} चालत नाही (No date before ${formatDateGB(min)})`;
  return `असा ${TERMS.date.mr} नाही: ${TERMS.dayMonthYear.mr} लिहा (Not a valid date: ${TERMS.dayMonthYear.en})`;
}

/** Years a date box takes at all (the picker's own default bounds). A year outside them is a year
 *  still being typed (2, 20, 202 on the way to 2025) or a slip, and is "not a date", not "too early". */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2099;

export type DateProblem = 'invalidDate' | 'minDate' | 'maxDate' | null;

/** What is wrong with what the box holds, worked out from the box's own value in the same render
 *  (the picker's onError verdict comes an effect later, so for a frame it judged the previous
 *  keystroke's date: CI read "not a valid date" under 12/01/2025 that way). `min`/`max` yyyy-mm-dd. */
export function dateProblem(d: Dayjs | null, min?: string, max?: string): DateProblem {
  if (d === null) return null;
  if (!d.isValid() || d.year() < FIRST_YEAR || d.year() > LAST_YEAR) return 'invalidDate';
  const iso = d.format('YYYY-MM-DD');
  if (min && iso < min) return 'minDate';
  if (max && iso > max) return 'maxDate';
  return null;
}
