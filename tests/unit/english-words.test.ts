// English number and date words as certificates write them: title case, no "and", ordinal day.
import { describe, expect, it } from 'vitest';
import { englishDateWords, englishNumberWords, englishOrdinalDay } from '../../common/english-words.ts';

describe('English numbers', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [13, 'Thirteen'],
    [20, 'Twenty'],
    [21, 'Twenty One'],
    [45, 'Forty Five'],
    [99, 'Ninety Nine'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [999, 'Nine Hundred Ninety Nine'],
    [1000, 'One Thousand'],
    [1999, 'One Thousand Nine Hundred Ninety Nine'],
    [2000, 'Two Thousand'],
    [2026, 'Two Thousand Twenty Six'],
    [12_345, 'Twelve Thousand Three Hundred Forty Five'],
    [1_000_001, 'One Million One'],
  ])('%i is %s', (n, words) => {
    expect(englishNumberWords(n)).toBe(words);
  });
});

describe('ordinal days', () => {
  it('writes every day of a month', () => {
    const days = Array.from({ length: 31 }, (_, i) => englishOrdinalDay(i + 1));
    expect(days).toEqual([
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
      'Twentieth',
      'Twenty First',
      'Twenty Second',
      'Twenty Third',
      'Twenty Fourth',
      'Twenty Fifth',
      'Twenty Sixth',
      'Twenty Seventh',
      'Twenty Eighth',
      'Twenty Ninth',
      'Thirtieth',
      'Thirty First',
    ]);
  });
  it('refuses a day that no month has', () => {
    expect(() => englishOrdinalDay(0)).toThrow(RangeError);
    expect(() => englishOrdinalDay(32)).toThrow(RangeError);
  });
});

describe('dates in English words', () => {
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  it.each([
    ['2026-11-01', 'First November Two Thousand Twenty Six'],
    ['1999-12-31', 'Thirty First December One Thousand Nine Hundred Ninety Nine'],
    ['2024-02-29', 'Twenty Ninth February Two Thousand Twenty Four'],
    ['2000-01-12', 'Twelfth January Two Thousand'],
    ['2026-08-03', 'Third August Two Thousand Twenty Six'],
    ['1990-05-22', 'Twenty Second May One Thousand Nine Hundred Ninety'],
    ['2030-06-30', 'Thirtieth June Two Thousand Thirty'],
  ])('%s is %s', (iso, words) => {
    expect(englishDateWords(day(iso))).toBe(words);
    expect(englishDateWords(iso)).toBe(words);
  });

  it('refuses a day that does not exist', () => {
    expect(() => englishDateWords('2026-02-29')).toThrow(RangeError);
  });
});
