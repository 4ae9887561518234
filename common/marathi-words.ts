// Numbers and dates in Marathi words, as certificates write them ("एक नोव्हेंबर दोन हजार सव्वीस").
// Marathi 1–99 cannot be built from parts (29 एकोणतीस, 41 एक्केचाळीस, 99 नव्याण्णव), so the whole
// table is written out. Where spellings vary between sources, the forms chosen are the ones
// Maharashtra's school books and offices use: -सष्ट (61–68), सत्याहत्तर (77), पंचाण्णव (95), नव्याण्णव (99).

import { toDateOnly } from './dates.ts';

export const BELOW_100: readonly string[] = [
  'शून्य',
  'एक',
  'दोन',
  'तीन',
  'चार',
  'पाच',
  'सहा',
  'सात',
  'आठ',
  'नऊ',
  'दहा',
  'अकरा',
  'बारा',
  'तेरा',
  'चौदा',
  'पंधरा',
  'सोळा',
  'सतरा',
  'अठरा',
  'एकोणीस',
  'वीस',
  'एकवीस',
  'बावीस',
  'तेवीस',
  'चोवीस',
  'पंचवीस',
  'सव्वीस',
  'सत्तावीस',
  'अठ्ठावीस',
  'एकोणतीस',
  'तीस',
  'एकतीस',
  'बत्तीस',
  'तेहेतीस',
  'चौतीस',
  'पस्तीस',
  'छत्तीस',
  'सदतीस',
  'अडतीस',
  'एकोणचाळीस',
  'चाळीस',
  'एक्केचाळीस',
  'बेचाळीस',
  'त्रेचाळीस',
  'चव्वेचाळीस',
  'पंचेचाळीस',
  'सेहेचाळीस',
  'सत्तेचाळीस',
  'अठ्ठेचाळीस',
  'एकोणपन्नास',
  'पन्नास',
  'एक्कावन्न',
  'बावन्न',
  'त्रेपन्न',
  'चोपन्न',
  'पंचावन्न',
  'छप्पन्न',
  'सत्तावन्न',
  'अठ्ठावन्न',
  'एकोणसाठ',
  'साठ',
  'एकसष्ट',
  'बासष्ट',
  'त्रेसष्ट',
  'चौसष्ट',
  'पासष्ट',
  'सहासष्ट',
  'सदुसष्ट',
  'अडुसष्ट',
  'एकोणसत्तर',
  'सत्तर',
  'एक्काहत्तर',
  'बाहत्तर',
  'त्र्याहत्तर',
  'चौऱ्याहत्तर',
  'पंच्याहत्तर',
  'शहात्तर',
  'सत्याहत्तर',
  'अठ्ठ्याहत्तर',
  'एकोणऐंशी',
  'ऐंशी',
  'एक्क्याऐंशी',
  'ब्याऐंशी',
  'त्र्याऐंशी',
  'चौऱ्याऐंशी',
  'पंच्याऐंशी',
  'शहाऐंशी',
  'सत्त्याऐंशी',
  'अठ्ठ्याऐंशी',
  'एकोणनव्वद',
  'नव्वद',
  'एक्क्याण्णव',
  'ब्याण्णव',
  'त्र्याण्णव',
  'चौऱ्याण्णव',
  'पंचाण्णव',
  'शहाण्णव',
  'सत्त्याण्णव',
  'अठ्ठ्याण्णव',
  'नव्याण्णव',
];

export const MARATHI_MONTHS: readonly string[] = [
  'जानेवारी',
  'फेब्रुवारी',
  'मार्च',
  'एप्रिल',
  'मे',
  'जून',
  'जुलै',
  'ऑगस्ट',
  'सप्टेंबर',
  'ऑक्टोबर',
  'नोव्हेंबर',
  'डिसेंबर',
];

/** 1–999: शंभर alone, otherwise "<n>शे" before the rest (एकशे एक, नऊशे नव्याण्णव). */
export function belowThousand(n: number): string {
  if (n < 100) return BELOW_100[n];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 1 && rest === 0) return 'शंभर';
  const head = `${BELOW_100[hundreds]}शे`;
  return rest ? `${head} ${BELOW_100[rest]}` : head;
}

/** A whole number from 0 to 99,99,99,999 in Marathi words, Indian grouping (हजार, लाख, कोटी). */
export function marathiNumberWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999_999) throw new RangeError(`cannot write ${n} in words`);
  if (n === 0) return BELOW_100[0];
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore) parts.push(`${belowThousand(crore)} कोटी`);
  if (lakh) parts.push(`${BELOW_100[lakh]} लाख`);
  if (thousand) parts.push(`${BELOW_100[thousand]} हजार`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** A calendar date (a UTC-midnight Date or a 'YYYY-MM-DD' string) in Marathi words: "एक नोव्हेंबर दोन हजार सव्वीस". */
export function marathiDateWords(value: Date | string): string {
  const date = toDateOnly(value);
  return `${marathiNumberWords(date.getUTCDate())} ${MARATHI_MONTHS[date.getUTCMonth()]} ${marathiNumberWords(date.getUTCFullYear())}`;
}
