// Marathi number and date words. The 1–99 table below is typed in separately from the one in
// common/marathi-words.ts, with the forms Maharashtra's school books and offices write where
// sources differ (-सष्ट for 61–68, सत्याहत्तर 77, पंचाण्णव 95, नव्याण्णव 99).
import { describe, expect, it } from 'vitest';
import { marathiDateWords, marathiNumberWords } from '../../common/marathi-words.ts';

const REFERENCE = `
1 एक | 2 दोन | 3 तीन | 4 चार | 5 पाच | 6 सहा | 7 सात | 8 आठ | 9 नऊ | 10 दहा
11 अकरा | 12 बारा | 13 तेरा | 14 चौदा | 15 पंधरा | 16 सोळा | 17 सतरा | 18 अठरा | 19 एकोणीस | 20 वीस
21 एकवीस | 22 बावीस | 23 तेवीस | 24 चोवीस | 25 पंचवीस | 26 सव्वीस | 27 सत्तावीस | 28 अठ्ठावीस | 29 एकोणतीस | 30 तीस
31 एकतीस | 32 बत्तीस | 33 तेहेतीस | 34 चौतीस | 35 पस्तीस | 36 छत्तीस | 37 सदतीस | 38 अडतीस | 39 एकोणचाळीस | 40 चाळीस
41 एक्केचाळीस | 42 बेचाळीस | 43 त्रेचाळीस | 44 चव्वेचाळीस | 45 पंचेचाळीस | 46 सेहेचाळीस | 47 सत्तेचाळीस | 48 अठ्ठेचाळीस | 49 एकोणपन्नास | 50 पन्नास
51 एक्कावन्न | 52 बावन्न | 53 त्रेपन्न | 54 चोपन्न | 55 पंचावन्न | 56 छप्पन्न | 57 सत्तावन्न | 58 अठ्ठावन्न | 59 एकोणसाठ | 60 साठ
61 एकसष्ट | 62 बासष्ट | 63 त्रेसष्ट | 64 चौसष्ट | 65 पासष्ट | 66 सहासष्ट | 67 सदुसष्ट | 68 अडुसष्ट | 69 एकोणसत्तर | 70 सत्तर
71 एक्काहत्तर | 72 बाहत्तर | 73 त्र्याहत्तर | 74 चौऱ्याहत्तर | 75 पंच्याहत्तर | 76 शहात्तर | 77 सत्याहत्तर | 78 अठ्ठ्याहत्तर | 79 एकोणऐंशी | 80 ऐंशी
81 एक्क्याऐंशी | 82 ब्याऐंशी | 83 त्र्याऐंशी | 84 चौऱ्याऐंशी | 85 पंच्याऐंशी | 86 शहाऐंशी | 87 सत्त्याऐंशी | 88 अठ्ठ्याऐंशी | 89 एकोणनव्वद | 90 नव्वद
91 एक्क्याण्णव | 92 ब्याण्णव | 93 त्र्याण्णव | 94 चौऱ्याण्णव | 95 पंचाण्णव | 96 शहाण्णव | 97 सत्त्याण्णव | 98 अठ्ठ्याण्णव | 99 नव्याण्णव
`;

const reference = new Map(
  REFERENCE.trim()
    .split(/\s*[|\n]\s*/)
    .map((entry) => {
      const [n, word] = entry.split(' ');
      return [Number(n), word] as const;
    }),
);

describe('Marathi numbers 1 to 99', () => {
  it('has a reference word for every number', () => {
    expect([...reference.keys()]).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
  });

  for (const [n, word] of reference) {
    it(`${n} is ${word}`, () => {
      expect(marathiNumberWords(n)).toBe(word);
    });
  }

  it('writes the irregular -1 forms (एकोण-) exactly', () => {
    expect([19, 29, 39, 49, 59, 69, 79, 89].map(marathiNumberWords)).toEqual([
      'एकोणीस',
      'एकोणतीस',
      'एकोणचाळीस',
      'एकोणपन्नास',
      'एकोणसाठ',
      'एकोणसत्तर',
      'एकोणऐंशी',
      'एकोणनव्वद',
    ]);
    expect(marathiNumberWords(99)).toBe('नव्याण्णव');
  });

  it('writes the forms that are easy to get wrong', () => {
    const expected: [number, string][] = [
      [29, 'एकोणतीस'],
      [39, 'एकोणचाळीस'],
      [49, 'एकोणपन्नास'],
      [59, 'एकोणसाठ'],
      [69, 'एकोणसत्तर'],
      [79, 'एकोणऐंशी'],
      [89, 'एकोणनव्वद'],
      [99, 'नव्याण्णव'],
      [45, 'पंचेचाळीस'],
      [46, 'सेहेचाळीस'],
      [77, 'सत्याहत्तर'],
      [81, 'एक्क्याऐंशी'],
      [83, 'त्र्याऐंशी'],
      [92, 'ब्याण्णव'],
      [95, 'पंचाण्णव'],
    ];
    for (const [n, word] of expected) expect(marathiNumberWords(n), String(n)).toBe(word);
  });

  it('uses the eyelash ra (ऱ) of 74, 84 and 94, not र + virama', () => {
    for (const n of [74, 84, 94]) expect(marathiNumberWords(n)).toContain('\u0931');
  });
});

describe('Marathi numbers from 100 up', () => {
  it.each([
    [0, 'शून्य'],
    [100, 'शंभर'],
    [101, 'एकशे एक'],
    [150, 'एकशे पन्नास'],
    [200, 'दोनशे'],
    [999, 'नऊशे नव्याण्णव'],
    [1000, 'एक हजार'],
    [1999, 'एक हजार नऊशे नव्याण्णव'],
    [2000, 'दोन हजार'],
    [2026, 'दोन हजार सव्वीस'],
    [300, 'तीनशे'],
    [900, 'नऊशे'],
    [1947, 'एक हजार नऊशे सत्तेचाळीस'],
    [1977, 'एक हजार नऊशे सत्याहत्तर'],
    [1995, 'एक हजार नऊशे पंचाण्णव'],
    [2001, 'दोन हजार एक'],
    [2099, 'दोन हजार नव्याण्णव'],
    [9999, 'नऊ हजार नऊशे नव्याण्णव'],
    [2100, 'दोन हजार शंभर'],
    [1_00_000, 'एक लाख'],
    [12_34_567, 'बारा लाख चौतीस हजार पाचशे सदुसष्ट'],
    [5_00_00_000, 'पाच कोटी'],
  ])('%i is %s', (n, words) => {
    expect(marathiNumberWords(n)).toBe(words);
  });

  it('refuses what it cannot write', () => {
    expect(() => marathiNumberWords(-1)).toThrow(RangeError);
    expect(() => marathiNumberWords(1.5)).toThrow(RangeError);
  });
});

describe('dates in Marathi words', () => {
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  it.each([
    ['2026-11-01', 'एक नोव्हेंबर दोन हजार सव्वीस'],
    ['1999-12-31', 'एकतीस डिसेंबर एक हजार नऊशे नव्याण्णव'],
    ['2000-01-29', 'एकोणतीस जानेवारी दोन हजार'],
    ['2024-02-29', 'एकोणतीस फेब्रुवारी दोन हजार चोवीस'],
    ['2010-08-15', 'पंधरा ऑगस्ट दोन हजार दहा'],
    ['2026-07-04', 'चार जुलै दोन हजार सव्वीस'],
  ])('%s is %s', (iso, words) => {
    expect(marathiDateWords(day(iso))).toBe(words);
    expect(marathiDateWords(iso)).toBe(words);
  });

  it('reads the calendar day in UTC, as dates are stored', () => {
    expect(marathiDateWords(new Date('2026-11-01T23:59:59Z'))).toBe('एक नोव्हेंबर दोन हजार सव्वीस');
  });

  it('refuses a day that does not exist', () => {
    expect(() => marathiDateWords('2026-02-30')).toThrow(RangeError);
  });
});
