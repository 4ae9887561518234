// What a date box says below itself: the order it takes, or why what was typed is not taken.
import type { DateValidationError } from '@mui/x-date-pickers/models';
import { TERMS } from '../../../../common/glossary.ts';
import { formatDateGB } from '../../lib/format.ts';

export const DATE_HINT = `${TERMS.dayMonthYear.mr} (${TERMS.dayMonthYear.en})`;

/** The field's error, Marathi first: no such date, or outside min … max (yyyy-mm-dd). */
export function dateError(problem: NonNullable<DateValidationError>, min?: string, max?: string): string {
  if ((problem === 'maxDate' || problem === 'disableFuture') && max)
    return `${formatDateGB(max)} नंतरचा ${TERMS.date.mr} चालत नाही (No date after ${formatDateGB(max)})`;
  if ((problem === 'minDate' || problem === 'disablePast') && min)
    return `${formatDateGB(min)} पूर्वीचा ${TERMS.date.mr} चालत नाही (No date before ${formatDateGB(min)})`;
  return `असा ${TERMS.date.mr} नाही: ${TERMS.dayMonthYear.mr} लिहा (Not a valid date: ${TERMS.dayMonthYear.en})`;
}
