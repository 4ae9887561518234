// The web app's money and date formats (spec: rupees with Indian grouping, en-GB on certificates,
// mr-IN elsewhere). The device's zone must not move a day: dates are India's.
import { describe, expect, it } from 'vitest';
import { formatDateGB, formatDateMr, formatRupees } from '../../web/src/lib/format.ts';

describe('formatDateMr', () => {
  it('gives the Indian day of a date kept as midnight UTC and of a late-evening UTC time', () => {
    expect(formatDateMr('2026-08-15T00:00:00.000Z')).toBe('१५ ऑगस्ट, २०२६');
    // 20:00 UTC on 14 August is 01:30 on 15 August in India.
    expect(formatDateMr('2026-08-14T20:00:00.000Z')).toBe('१५ ऑगस्ट, २०२६');
    expect(formatDateMr(null, '—')).toBe('—');
  });

  it("writes every month and day as the platform's mr-IN formatter does, around India's midnight", () => {
    const icu = new Intl.DateTimeFormat('mr-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
    for (let month = 0; month < 12; month++)
      for (const day of [1, 9, 10, 28])
        for (const utc of [`T00:00:00.000Z`, `T18:29:59.999Z`, `T18:30:00.000Z`, `T23:59:00.000Z`]) {
          const iso = `${1999 + month * 3}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}${utc}`;
          expect(formatDateMr(iso), iso).toBe(icu.format(new Date(iso)));
        }
    expect(formatDateMr(new Date('2026-12-31T18:30:00.000Z'))).toBe('१ जानेवारी, २०२७');
  });
});

describe('formatDateGB', () => {
  it('writes day/month/year', () => {
    expect(formatDateGB('2025-01-12')).toBe('12/01/2025');
    expect(formatDateGB(undefined)).toBe('N/A');
  });

  it("writes what the platform's en-GB formatter writes in UTC", () => {
    const icu = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' });
    for (const iso of ['0999-03-04', '1947-08-15', '2000-02-29', '2026-12-31T23:59:59.999Z', '2026-01-01T00:00:00+05:30'])
      expect(formatDateGB(iso), iso).toBe(icu.format(new Date(iso)));
  });
});

describe('formatRupees', () => {
  it('groups in lakhs and crores with two decimals', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456.00');
    expect(formatRupees('12345678.5')).toBe('₹1,23,45,678.50');
  });
});
