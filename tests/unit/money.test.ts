// Amounts: strict parsing to paise, rupees with Indian grouping, and words in English and Marathi,
// against examples written out by hand.
import { describe, expect, it } from 'vitest';
import { formatPaise, formatRupees, fromPaise, rupeesInEnglishWords, rupeesInMarathiWords, toPaise } from '../../common/money.ts';

describe('toPaise', () => {
  it.each([
    ['1234.5', 123450n],
    ['1,234.50', 123450n],
    ['1234', 123400n],
    ['0.05', 5n],
    ['0', 0n],
    ['1,23,456', 12345600n],
    ['123,456.7', 12345670n],
    ['12,34,56,789.05', 123456789_05n],
    ['1,234,567', 123456700n],
    ['-12.05', -1205n],
    ['-0', 0n],
    // Beyond a float's exact range: still exact.
    ['90071992547409.93', 9007199254740993n],
  ])('%s is %s paise', (s, paise) => {
    expect(toPaise(s)).toBe(paise);
  });

  it('refuses anything that is not a plain amount', () => {
    for (const bad of [
      '',
      ' 12',
      '12 ',
      '₹12',
      '1.234',
      '12.',
      '.5',
      '1e3',
      '--1',
      '+1',
      '12,34',
      '1,2345',
      '1,23,4567',
      '1,,234',
      'abc',
      '0x10',
      '١٢',
    ])
      expect(() => toPaise(bad), bad).toThrow(RangeError);
  });
});

describe('fromPaise', () => {
  it('gives the decimal string of the API', () => {
    expect(fromPaise(123450n)).toBe('1234.50');
    expect(fromPaise(5n)).toBe('0.05');
    expect(fromPaise(0n)).toBe('0.00');
    expect(fromPaise(-1205n)).toBe('-12.05');
    expect(fromPaise(toPaise('99999999999.99'))).toBe('99999999999.99');
  });
});

describe('formatRupees', () => {
  it.each([
    ['123456', '₹1,23,456.00'],
    ['12345678.5', '₹1,23,45,678.50'],
    ['1000', '₹1,000.00'],
    ['999', '₹999.00'],
    ['100000', '₹1,00,000.00'],
    ['10000000', '₹1,00,00,000.00'],
    ['0.05', '₹0.05'],
    ['0', '₹0.00'],
    ['-1234.5', '-₹1,234.50'],
    ['1,234,567', '₹12,34,567.00'],
  ])('%s is %s', (s, text) => {
    expect(formatRupees(s)).toBe(text);
  });
  it('formats paise the same way', () => {
    expect(formatPaise(12345600n)).toBe('₹1,23,456.00');
  });
});

describe('amounts in words', () => {
  it.each([
    ['123456', 'One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Rupees Only', 'एक लाख तेवीस हजार चारशे छप्पन्न रुपये'],
    [
      '123456.50',
      'One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Rupees and Fifty Paise Only',
      'एक लाख तेवीस हजार चारशे छप्पन्न रुपये पन्नास पैसे',
    ],
    ['25000000', 'Two Crore Fifty Lakh Rupees Only', 'दोन कोटी पन्नास लाख रुपये'],
    [
      '123456789.05',
      'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine Rupees and Five Paise Only',
      'बारा कोटी चौतीस लाख छप्पन्न हजार सातशे एकोणनव्वद रुपये पाच पैसे',
    ],
    ['10000000000', 'One Thousand Crore Rupees Only', 'एक हजार कोटी रुपये'],
    ['2500000000', 'Two Hundred Fifty Crore Rupees Only', 'दोनशे पन्नास कोटी रुपये'],
    ['100100', 'One Lakh One Hundred Rupees Only', 'एक लाख शंभर रुपये'],
    ['101', 'One Hundred One Rupees Only', 'एकशे एक रुपये'],
    ['1099', 'One Thousand Ninety-Nine Rupees Only', 'एक हजार नव्याण्णव रुपये'],
    ['1', 'One Rupee Only', 'एक रुपया'],
    ['1.01', 'One Rupee and One Paisa Only', 'एक रुपया एक पैसा'],
    ['0.50', 'Fifty Paise Only', 'पन्नास पैसे'],
    ['0', 'Zero Rupees Only', 'शून्य रुपये'],
  ])('%s', (amount, english, marathi) => {
    expect(rupeesInEnglishWords(amount)).toBe(english);
    expect(rupeesInMarathiWords(amount)).toBe(marathi);
    expect(rupeesInEnglishWords(toPaise(amount))).toBe(english);
  });

  it('refuses a negative amount', () => {
    expect(() => rupeesInEnglishWords('-1')).toThrow(RangeError);
    expect(() => rupeesInMarathiWords(-100n)).toThrow(RangeError);
  });
});
