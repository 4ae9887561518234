// Calendar dates: parsing what forms send, en-GB display, today in India, ages at the edges.
import { describe, expect, it } from 'vitest';
import { addMonths, ageAt, formatDateEnGB, isoDay, parseIsoDate, toDateOnly, todayInIndia } from '../../common/dates.ts';

const d = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('parseIsoDate', () => {
  it('takes a plain date and the day written in a full timestamp', () => {
    expect(parseIsoDate('2026-11-01')).toEqual(d('2026-11-01'));
    expect(parseIsoDate('2026-11-01T00:00:00.000Z')).toEqual(d('2026-11-01'));
    expect(parseIsoDate('2026-11-01T00:00:00')).toEqual(d('2026-11-01'));
    // Local midnight in India is the previous evening in UTC; the day written is the day meant.
    expect(parseIsoDate('2026-11-01T00:00:00+05:30')).toEqual(d('2026-11-01'));
    expect(parseIsoDate('2024-02-29')).toEqual(d('2024-02-29'));
  });
  it('refuses dates that do not exist and text that is not a date', () => {
    for (const bad of [
      '2026-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-5',
      '01/11/2026',
      'yesterday',
      '',
      '2026-11-01x',
      '2026-11-01T25',
    ])
      expect(parseIsoDate(bad), bad).toBeNull();
  });
});

describe('toDateOnly (strict)', () => {
  it('gives the calendar day at UTC midnight of a day string or a Date', () => {
    expect(toDateOnly('2026-11-01')).toEqual(d('2026-11-01'));
    expect(toDateOnly('2026-11-01T00:00:00.000Z')).toEqual(d('2026-11-01'));
    expect(toDateOnly('2028-02-29')).toEqual(d('2028-02-29'));
    expect(toDateOnly(new Date('2026-11-22T15:00:00Z'))).toEqual(d('2026-11-22'));
  });
  it('throws on a day that does not exist or text that is not a date', () => {
    for (const bad of [
      '',
      '2026-02-30',
      '2026-02-29',
      '2100-02-29',
      '2026-06-31',
      '2026-13-01',
      '26-11-01',
      '01/11/2026',
      'null',
      ' 2026-11-01',
    ])
      expect(() => toDateOnly(bad), bad).toThrow(RangeError);
    expect(() => toDateOnly(new Date('x'))).toThrow(RangeError);
  });
});

describe('display', () => {
  it('formats en-GB and ISO days', () => {
    expect(formatDateEnGB(d('2026-11-01'))).toBe('01/11/2026');
    expect(formatDateEnGB(null)).toBe('');
    expect(isoDay(d('2026-01-09'))).toBe('2026-01-09');
  });
  it('knows the date in India around midnight UTC', () => {
    expect(todayInIndia(new Date('2026-11-01T18:29:59Z'))).toEqual(d('2026-11-01'));
    expect(todayInIndia(new Date('2026-11-01T18:30:00Z'))).toEqual(d('2026-11-02'));
  });
});

describe('addMonths', () => {
  it('moves a day the target month lacks to the 1st of the month after', () => {
    expect(addMonths(d('2026-01-31'), 1)).toEqual(d('2026-03-01'));
    expect(addMonths(d('2024-01-31'), 1)).toEqual(d('2024-03-01'));
    expect(addMonths(d('2026-01-30'), 1)).toEqual(d('2026-03-01'));
    expect(addMonths(d('2024-01-29'), 1)).toEqual(d('2024-02-29'));
    expect(addMonths(d('2026-03-31'), 1)).toEqual(d('2026-05-01'));
    expect(addMonths(d('2024-02-29'), 12)).toEqual(d('2025-03-01'));
    expect(addMonths(d('2024-02-29'), 48)).toEqual(d('2028-02-29'));
    expect(addMonths(d('2026-11-15'), 14)).toEqual(d('2028-01-15'));
  });
});

describe('ageAt: completed years and months', () => {
  it.each([
    // born, on, years, months
    ['2000-05-10', '2018-05-09', 17, 11],
    ['2000-05-10', '2018-05-10', 18, 0],
    ['2000-05-10', '2018-06-09', 18, 0],
    ['2000-05-10', '2018-06-10', 18, 1],
    ['2000-05-10', '2019-05-09', 18, 11],
    // 29 February: a full year ends on 1 March in a common year, on 29 February in a leap year.
    ['2008-02-29', '2026-02-28', 17, 11],
    ['2008-02-29', '2026-03-01', 18, 0],
    ['2008-02-29', '2028-02-28', 19, 11],
    ['2008-02-29', '2028-02-29', 20, 0],
    // Month ends: the 31st completes a month on the 1st of the month after a short month.
    ['2000-01-31', '2000-02-29', 0, 0],
    ['2000-01-31', '2000-03-01', 0, 1],
    ['2000-01-31', '2000-03-30', 0, 1],
    ['2000-01-31', '2000-03-31', 0, 2],
    ['2000-03-31', '2000-04-30', 0, 0],
    ['2000-03-31', '2000-05-01', 0, 1],
    ['1990-12-31', '2008-12-31', 18, 0],
    ['1990-12-31', '2008-12-30', 17, 11],
    // Same day, and a date before birth.
    ['2020-06-15', '2020-06-15', 0, 0],
    ['2020-06-15', '2020-06-01', 0, 0],
  ])('born %s, on %s: %i years %i months', (born, on, years, months) => {
    expect(ageAt(d(born), d(on))).toEqual({ years, months });
  });
});
