// Property numbers (मालमत्ता क्रमांक) are written with Western (12/A) or Devanagari (१२/अ) digits, with
// or without spaces around the suffix. Both spellings of one number are one property everywhere:
// the register keeps what the clerk typed for display and this key for uniqueness, search and links.

const DEVANAGARI_ZERO = 0x0966;

/** Devanagari digits to Western: "१२/अ" → "12/अ". */
export function westernDigits(s: string): string {
  return s.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - DEVANAGARI_ZERO));
}

/** Western digits to Devanagari: "12/A" → "१२/A" (the public certificate link, spec 5). */
export function devanagariDigits(s: string): string {
  return s.replace(/[0-9]/g, (d) => String.fromCharCode(DEVANAGARI_ZERO + Number(d)));
}

/** The number as the public certificate page asks for it (spec 5): Western digits become
 *  Devanagari; a number that holds Devanagari digits or letters goes as it is. */
export function certificateNumber(typed: string): string {
  return /[\u0900-\u097f]/.test(typed) ? typed : devanagariDigits(typed);
}

/** The key two spellings of one property number share: Unicode NFC, Western digits, Latin letters in
 *  capitals, no blanks, and "/", "-" or "\" between parts all read as "/". "१२ / अ", "12/अ" and
 *  "12-अ" are one key; "12" and "12/अ" are not. */
export function malmattaKey(typed: string): string {
  return westernDigits(typed.normalize('NFC'))
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/[-\\/]+/g, '/')
    .replace(/^\/+|\/+$/g, '');
}
