// Aadhaar numbers may not be displayed in full (Aadhaar Act s. 29(4)): public pages and printed
// certificates show only the last four digits; staff see the full number in the edit form.

/** "123456789012" → "XXXX XXXX 9012"; "" stays "". */
export function maskAadhaar(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  if (!digits) return '';
  return `XXXX XXXX ${digits.slice(-4).padStart(4, 'X')}`;
}

/** A mobile number on a public page: "9876543210" → "XXXXXX3210". */
export function maskMobile(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  if (!digits) return '';
  return `${'X'.repeat(Math.max(digits.length - 4, 0))}${digits.slice(-4)}`;
}
