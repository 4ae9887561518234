// What a staff date box says is wrong with what it holds (web/src/components/form/dateWords.ts),
// worked out from the value itself: the picker's own verdict came a render late.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import dayjs from 'dayjs';
import { dateError, dateProblem } from '../../web/src/components/form/dateWords.ts';

const day = (iso: string) => dayjs(iso);

describe('dateProblem', () => {
  it('finds nothing in an empty box or a real date inside its bounds', () => {
    expect(dateProblem(null)).toBeNull();
    expect(dateProblem(day('2025-01-12'))).toBeNull();
    expect(dateProblem(day('2025-01-12'), '2025-01-12', '2025-01-12')).toBeNull();
  });

  it('calls a year still being typed "not a date", never "too early", even below a minimum', () => {
    // 12/01/2, 12/01/20, 12/01/202 on the way to 12/01/2025.
    // Set as the picker sets a section (dayjs('0002-01-12') would read the year as 1902).
    for (const year of [2, 20, 202])
      for (const min of [undefined, '2000-01-01']) expect(dateProblem(day('2025-01-12').year(year), min)).toBe('invalidDate');
    expect(dateProblem(dayjs('not a date'))).toBe('invalidDate');
    expect(dateProblem(day('2100-01-01'))).toBe('invalidDate');
  });

  it('says a real date outside min … max, and the message names the bound', () => {
    expect(dateProblem(day('2025-01-11'), '2025-01-12')).toBe('minDate');
    expect(dateProblem(day('2025-01-13'), undefined, '2025-01-12')).toBe('maxDate');
    expect(dateError('maxDate', undefined, '2025-01-12')).toBe('12/01/2025 नंतरचा दिनांक चालत नाही (No date after 12/01/2025)');
    expect(dateError('minDate', '2025-01-12')).toBe('12/01/2025 पूर्वीचा दिनांक चालत नाही (No date before 12/01/2025)');
  });

  it('agrees with comparing the days themselves, for any date and bounds', () => {
    const iso = fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(iso, fc.option(iso, { nil: undefined }), fc.option(iso, { nil: undefined }), (d, min, max) => {
        const expected = min && d < min ? 'minDate' : max && d > max ? 'maxDate' : null;
        expect(dateProblem(day(d), min, max)).toBe(expected);
      }),
    );
  });
});
