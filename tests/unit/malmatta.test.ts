import { describe, expect, it } from 'vitest';
import { devanagariDigits, malmattaKey, westernDigits } from '../../common/property/malmatta.ts';

describe('property number keys', () => {
  it('reads Western and Devanagari digits as one number', () => {
    expect(malmattaKey('१२३')).toBe('123');
    expect(malmattaKey('123')).toBe(malmattaKey('१२३'));
    expect(malmattaKey('१२/अ')).toBe(malmattaKey('12/अ'));
  });
  it('ignores blanks and the kind of separator, and the case of Latin letters', () => {
    for (const spelling of ['12/a', ' 12 / A ', '12-A', '12\\A', '१२ - A', '12//A']) expect(malmattaKey(spelling)).toBe('12/A');
  });
  it('keeps different numbers apart', () => {
    expect(malmattaKey('12')).not.toBe(malmattaKey('12/अ'));
    expect(malmattaKey('12/अ')).not.toBe(malmattaKey('12/ब'));
    expect(malmattaKey('121')).not.toBe(malmattaKey('12/1'));
  });
  it('reads Devanagari in one normal form (NFC)', () => {
    const decomposed = 'क\u093C'; // क + nukta
    expect(malmattaKey(`5/${decomposed}`)).toBe(malmattaKey('5/\u0958'));
  });
  it('converts digits both ways', () => {
    expect(westernDigits('१२३४५६७८९०/अ')).toBe('1234567890/अ');
    expect(devanagariDigits('12/A')).toBe('१२/A');
  });
});
