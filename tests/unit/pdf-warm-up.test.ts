// The PDF warm-up the server runs after it listens: it must finish, and it must not change what a
// document looks like (the shaping cache it fills hands out copies, never shared glyph positions).
import { describe, expect, it } from 'vitest';
import { warmUpPdf } from '../../server/lib/pdf/index.ts';
import { renderBirthPdf } from '../../server/modules/certificates/pdf.ts';
import { birth, day, office } from '../helpers/certificate-records.ts';

/** The PDF bytes without what differs between two renders of the same page: dates and file ID. */
const stable = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/<xmp:CreateDate>[^<]*</g, '<xmp:CreateDate><')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '/ID');

describe('warmUpPdf', () => {
  it('finishes, and a certificate rendered after it is the same as one rendered before', async () => {
    const render = () => renderBirthPdf(birth, office, 'https://gp.example.in/birthqr/x', { issuedOn: day('2026-11-22') });
    const before = stable(await render());
    await expect(warmUpPdf()).resolves.toBeUndefined();
    expect(stable(await render())).toBe(before);
  });
});
