// Money as receipts and tax demands write it. An amount is a whole number of paise in a bigint:
// never a float of rupees, so 0.1 + 0.2 cannot creep into a demand. On the wire and in the database
// an amount is a decimal string ("1234.50"), as Prisma gives a Decimal column.
//
// Words follow one convention, the one Indian cheques and receipts use:
// - English: Indian grouping (Crore, Lakh, Thousand, Hundred), title case, tens and units hyphenated
//   ("Twenty-Three"), no "and" inside a number; then "Rupees" ("Rupee" for one), then "and <n> Paise"
//   when there are paise ("Paisa" for one), then "Only":
//   "One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Rupees and Fifty Paise Only".
//   Paise alone: "Fifty Paise Only"; nothing: "Zero Rupees Only".
// - Marathi: the same grouping (कोटी, लाख, हजार, शे), then रुपये (रुपया for one), then "<n> पैसे"
//   (पैसा for one) when there are paise, no closing word:
//   "एक लाख तेवीस हजार चारशे छप्पन्न रुपये पन्नास पैसे". Nothing: "शून्य रुपये".
// Above 99 crore the crores are themselves written in words ("One Thousand Crore").

import { belowThousand as englishBelowThousand } from './english-words.ts';
import { BELOW_100, belowThousand as marathiBelowThousand } from './marathi-words.ts';

/** Digits with optional grouping: plain (123456), Indian (1,23,456) or international (123,456). */
const AMOUNT = /^(-)?(\d+|\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/;

/** "1234.5", "1,234.50", "1,23,456", "-12.05" to paise (123450n …). Strict: no spaces, no ₹, at most
 *  two decimals (no rounding), commas only where a grouping puts them. Throws a RangeError naming
 *  the value otherwise. */
export function toPaise(amount: string): bigint {
  const m = AMOUNT.exec(amount);
  if (!m) throw new RangeError(`not an amount in rupees: ${JSON.stringify(amount)}`);
  const paise = BigInt(m[2].replace(/,/g, '')) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] && paise !== 0n ? -paise : paise;
}

/** Paise to the decimal string the API and the database use: 123450n → "1234.50". */
export function fromPaise(paise: bigint): string {
  const abs = paise < 0n ? -paise : paise;
  return `${paise < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Indian digit grouping of a whole number: 12345678n → "1,23,45,678". */
function groupIndian(n: bigint): string {
  const s = n.toString();
  if (s.length <= 3) return s;
  const head = s.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${s.slice(-3)}`;
}

/** Paise as rupees with Indian grouping and two decimals: 12345600n → "₹1,23,456.00". */
export function formatPaise(paise: bigint): string {
  const abs = paise < 0n ? -paise : paise;
  return `${paise < 0n ? '-' : ''}₹${groupIndian(abs / 100n)}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A decimal string as rupees: "123456" → "₹1,23,456.00". Throws on a string that is not an amount. */
export function formatRupees(amount: string): string {
  return formatPaise(toPaise(amount));
}

/** Splits a whole number into crore (itself a whole number), lakh, thousand and the rest below 1000. */
function indianParts(n: bigint) {
  return {
    crore: n / 10_000_000n,
    lakh: Number((n / 100_000n) % 100n),
    thousand: Number((n / 1000n) % 100n),
    rest: Number(n % 1000n),
  };
}

/** A whole number in English words, Indian grouping, hyphenated tens: "One Lakh Twenty-Three Thousand". */
export function englishIndianWords(n: bigint): string {
  if (n < 0n) throw new RangeError(`cannot write ${n} in words`);
  if (n === 0n) return 'Zero';
  const { crore, lakh, thousand, rest } = indianParts(n);
  const w = (x: number) => englishBelowThousand(x, '-');
  const parts: string[] = [];
  if (crore) parts.push(`${englishIndianWords(crore)} Crore`);
  if (lakh) parts.push(`${w(lakh)} Lakh`);
  if (thousand) parts.push(`${w(thousand)} Thousand`);
  if (rest) parts.push(w(rest));
  return parts.join(' ');
}

/** A whole number in Marathi words, Indian grouping: "एक लाख तेवीस हजार चारशे छप्पन्न". */
export function marathiIndianWords(n: bigint): string {
  if (n < 0n) throw new RangeError(`cannot write ${n} in words`);
  if (n === 0n) return BELOW_100[0];
  const { crore, lakh, thousand, rest } = indianParts(n);
  const parts: string[] = [];
  if (crore) parts.push(`${crore < 1000n ? marathiBelowThousand(Number(crore)) : marathiIndianWords(crore)} कोटी`);
  if (lakh) parts.push(`${BELOW_100[lakh]} लाख`);
  if (thousand) parts.push(`${BELOW_100[thousand]} हजार`);
  if (rest) parts.push(marathiBelowThousand(rest));
  return parts.join(' ');
}

function split(amount: string | bigint): { rupees: bigint; paise: number } {
  const p = typeof amount === 'bigint' ? amount : toPaise(amount);
  if (p < 0n) throw new RangeError(`cannot write a negative amount in words: ${fromPaise(p)}`);
  return { rupees: p / 100n, paise: Number(p % 100n) };
}

/** An amount (a decimal string, or paise as a bigint) in English words, e.g.
 *  "One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Rupees and Fifty Paise Only". */
export function rupeesInEnglishWords(amount: string | bigint): string {
  const { rupees, paise } = split(amount);
  const paiseWords = `${englishBelowThousand(paise, '-')} ${paise === 1 ? 'Paisa' : 'Paise'}`;
  if (rupees === 0n && paise) return `${paiseWords} Only`;
  const rupeeWords = `${englishIndianWords(rupees)} ${rupees === 1n ? 'Rupee' : 'Rupees'}`;
  return paise ? `${rupeeWords} and ${paiseWords} Only` : `${rupeeWords} Only`;
}

/** An amount (a decimal string, or paise as a bigint) in Marathi words, e.g.
 *  "एक लाख तेवीस हजार चारशे छप्पन्न रुपये पन्नास पैसे". */
export function rupeesInMarathiWords(amount: string | bigint): string {
  const { rupees, paise } = split(amount);
  const paiseWords = `${BELOW_100[paise]} ${paise === 1 ? 'पैसा' : 'पैसे'}`;
  if (rupees === 0n && paise) return paiseWords;
  const rupeeWords = `${marathiIndianWords(rupees)} ${rupees === 1n ? 'रुपया' : 'रुपये'}`;
  return paise ? `${rupeeWords} ${paiseWords}` : rupeeWords;
}
