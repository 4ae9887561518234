// Signed PDFs (issue 31): every certificate, the Namuna 8 extract and the Namuna 10 receipt carry a
// PAdES signature that poppler's pdfsig reports valid, with the signer named in the signature panel
// and printed on the page; the council's own DSC (a PKCS#12 made here with a CA of its own) is
// uploaded, signs, and is replaced; a wrong password is refused with a message.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createCouncil, injectAs, useTestApp, type TestCouncil } from '../helpers/app.ts';
import { makeDsc } from '../helpers/dsc.ts';
import { multipart } from '../helpers/multipart.ts';
import { everyPdfKind, PDF_KINDS, SIGNED_KINDS, type PdfKind } from '../helpers/pdf-kinds.ts';
import { pdfText, withPdfFile } from '../helpers/pdf-read.ts';

const t = useTestApp();

/** pdfsig's report (it exits 2 when a file has no signature). */
const pdfsig = (pdf: Buffer) =>
  withPdfFile(pdf, (file) => {
    try {
      return execFileSync('pdfsig', [file], { encoding: 'utf8' });
    } catch (err) {
      return String((err as { stdout?: string }).stdout ?? '');
    }
  });

const uploadKey = (c: TestCouncil, p12: Buffer, password: string) => {
  const form = multipart([
    { name: 'password', value: password },
    { name: 'file', value: p12, filename: 'dsc.p12', contentType: 'application/x-pkcs12' },
  ]);
  return injectAs(t.app, c, { method: 'POST', url: '/api/SigningKey', payload: form.payload, headers: form.headers });
};

describe('signed PDFs with the self-issued key', () => {
  let pdfs: Record<PdfKind, Buffer>;
  let receiptId: string;
  let c: TestCouncil;
  beforeAll(async () => {
    c = await createCouncil(t.app);
    const made = await everyPdfKind(t.app, c);
    pdfs = made.pdfs;
    receiptId = made.ids.receipt;
  }, 120_000);

  it.each(SIGNED_KINDS)('%s: pdfsig reports a valid PAdES signature by the council, printed on the page', (kind) => {
    const report = pdfsig(pdfs[kind]);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toMatch(/Signer Certificate Common Name: .*\(self-issued\)/);
    expect(pdfText(pdfs[kind])).toMatch(/डिजिटल स्वाक्षरी \/ Digitally signed by .*\(self-issued\) on \d\d\/\d\d\/\d{4} \d\d:\d\d IST/);
  });

  it.each((Object.keys(PDF_KINDS) as PdfKind[]).filter((k) => !SIGNED_KINDS.includes(k)))('%s is not signed', (kind) => {
    expect(pdfsig(pdfs[kind])).not.toContain('Signature #1');
  });

  it('shows the self-issued key on the settings route, the same one each time', async () => {
    const first = await injectAs(t.app, c, { method: 'GET', url: '/api/SigningKey' });
    expect(first.statusCode).toBe(200);
    const key = first.json().result;
    expect(key).toMatchObject({ version: 1, selfIssued: true });
    expect(key.signer).toMatch(/\(self-issued\)$/);
    expect(JSON.stringify(first.json())).not.toMatch(/PRIVATE KEY/);
    expect((await injectAs(t.app, c, { method: 'GET', url: '/api/SigningKey' })).json().result).toEqual(key);
  });

  it('one byte changed in a signed file: pdfsig no longer reports it valid', () => {
    const changed = Buffer.from(pdfs.birth);
    const at = changed.indexOf('/Title');
    changed[at + 8] ^= 1;
    expect(pdfsig(changed)).not.toContain('Signature is Valid.');
  });

  it('an app server with another SIGNING_KEY_SECRET refuses to sign (503, says why) and keeps the stored key', async () => {
    const other = await buildApp({ ...t.config, signingKeySecret: 'another-secret-of-another-server' }, t.database, false);
    try {
      const res = await injectAs(other, c, { method: 'GET', url: `/api/KarImport/receipt-pdf/${receiptId}` });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/same SIGNING_KEY_SECRET/);
      const key = (await injectAs(t.app, c, { method: 'GET', url: '/api/SigningKey' })).json().result;
      expect(key).toMatchObject({ version: 1, selfIssued: true });
    } finally {
      await other.close();
    }
  });
});

describe("the council's own DSC", () => {
  it('is uploaded, signs, is replaced; a wrong password and a non-PKCS#12 file are refused', async () => {
    const c = await createCouncil(t.app);
    const first = makeDsc('SUNITA RAMESH PATIL', 'Dsc-pass-1');
    const wrong = await uploadKey(c, first.p12, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('PKCS#12 फाइलचा पासवर्ड चुकीचा आहे. / The password of this PKCS#12 file is wrong.');
    const junk = await uploadKey(c, Buffer.from('%PDF-1.7 not a key'), 'x');
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toMatch(/PKCS#12/);
    const expired = makeDsc('OLD SIGNER', 'Dsc-pass-0', -10);
    expect((await uploadKey(c, expired.p12, expired.password)).json().message).toMatch(/संपले आहे.*expired on/);

    const up = await uploadKey(c, first.p12, first.password);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().result).toMatchObject({ selfIssued: false, signer: 'SUNITA RAMESH PATIL', issuer: first.ca });
    const { pdfs } = await everyPdfKind(t.app, c, '2');
    for (const kind of SIGNED_KINDS) {
      const report = pdfsig(pdfs[kind]);
      expect(report, kind).toContain('Signature is Valid.');
      expect(report, kind).toContain('Signer Certificate Common Name: SUNITA RAMESH PATIL');
    }
    expect(pdfText(pdfs.birth)).toContain('Digitally signed by SUNITA RAMESH PATIL on');

    const second = makeDsc('MAHESH DATTATRAY JADHAV', 'Dsc-pass-2');
    expect((await uploadKey(c, second.p12, second.password)).json().result).toMatchObject({ signer: 'MAHESH DATTATRAY JADHAV' });
    const { pdfs: again } = await everyPdfKind(t.app, c, '3');
    expect(pdfsig(again.marriage)).toContain('Signer Certificate Common Name: MAHESH DATTATRAY JADHAV');
    expect((await injectAs(t.app, c, { method: 'GET', url: '/api/SigningKey' })).json().result).toMatchObject({ selfIssued: false });

    // Another council still signs with its own key.
    const other = await createCouncil(t.app);
    const { pdfs: theirs } = await everyPdfKind(t.app, other, '4');
    expect(pdfsig(theirs.receipt)).toMatch(/Common Name: .*\(self-issued\)/);
  }, 180_000);
});
