// The Content-Disposition header of downloads: what a browser saves the file as.
import { describe, expect, it } from 'vitest';
import { attachment } from '../../server/lib/download.ts';

/** The exact (RFC 5987) name as a browser decodes it. */
const exactName = (header: string) => decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(header)![1]);
const asciiName = (header: string) => /filename="([^"]*)"/.exec(header)![1];

describe('attachment', () => {
  it('gives an ASCII name and the exact UTF-8 one, spaces as underscores', () => {
    const h = attachment('BirthCertificate_Arya Sandeep Patil');
    expect(h).toBe(
      `attachment; filename="BirthCertificate_Arya_Sandeep_Patil.pdf"; filename*=UTF-8''BirthCertificate_Arya_Sandeep_Patil.pdf`,
    );
  });

  it('keeps a Marathi name exact and leaves it out of the ASCII fallback', () => {
    const h = attachment('जन्म_प्रमाणपत्र_आर्या पाटील');
    expect(exactName(h)).toBe('जन्म_प्रमाणपत्र_आर्या_पाटील.pdf');
    expect(asciiName(h)).toBe('document.pdf');
    expect(asciiName(attachment('Namuna8_वडगाव'))).toBe('Namuna8_.pdf');
  });

  it('strips direction controls, so a name cannot show a false extension', () => {
    // U+202E (right-to-left override) would show "Report_fdp.exe" as "Report_exe.pdf".
    for (const mark of ['\u202e', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u202a']) {
      const h = attachment(`Report_${mark}fdp.exe`, 'xlsx');
      expect(exactName(h)).toBe('Report_fdp.exe.xlsx');
      expect(asciiName(h)).toBe('Report_fdp.exe.xlsx');
    }
  });

  it('strips control characters and cannot break out of the header', () => {
    const h = attachment('a\r\nSet-Cookie: x=1\u0000"b');
    expect(h).not.toMatch(/[\r\n\u0000]/);
    expect(asciiName(h)).toBe('a_Set-Cookie__x=1_b.pdf');
    expect(exactName(h)).toBe('a_Set-Cookie:_x=1"b.pdf');
  });

  it('keeps path separators and quotes out of both names', () => {
    const h = attachment('../../etc/passwd "x"');
    expect(asciiName(h)).toBe('.._.._etc_passwd__x_.pdf');
    expect(exactName(h)).toBe('.._.._etc_passwd_"x".pdf');
  });

  it('cuts a long name at 100 characters and names an empty one', () => {
    expect(exactName(attachment('क'.repeat(300)))).toBe(`${'क'.repeat(100)}.pdf`);
    expect(exactName(attachment(' \u202e '))).toBe('document.pdf');
  });
});
