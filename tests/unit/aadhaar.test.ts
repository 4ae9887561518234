// Aadhaar and mobile numbers as public pages and printed certificates show them.
import { describe, expect, it } from 'vitest';
import { maskAadhaar, maskMobile } from '../../server/lib/aadhaar.ts';

describe('masking', () => {
  it('shows only the last four digits of an Aadhaar number', () => {
    expect(maskAadhaar('123456789012')).toBe('XXXX XXXX 9012');
    expect(maskAadhaar('1234 5678 9012')).toBe('XXXX XXXX 9012');
    expect(maskAadhaar('')).toBe('');
    expect(maskAadhaar(null)).toBe('');
  });
  it('shows only the last four digits of a mobile number', () => {
    expect(maskMobile('9876543210')).toBe('XXXXXX3210');
    expect(maskMobile('')).toBe('');
  });
});
