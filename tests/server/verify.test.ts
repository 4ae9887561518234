// POST /api/public/verify (issue 31): a signed PDF is genuine as printed; one byte changed, a
// signature made again with another key, a PDF of another council and a record changed since are
// each not genuine, with the reason in Marathi then English; a PDF signed with the council's earlier
// key still verifies; the route is rate-limited per address.
import crypto from 'node:crypto';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import { cmsSignature } from '../../server/lib/pdf/sign.ts';
import { createCouncil, injectAs, useTestApp, type TestCouncil } from '../helpers/app.ts';
import { caseOf, send } from '../helpers/certificates.ts';
import { makeDsc } from '../helpers/dsc.ts';
import { multipart } from '../helpers/multipart.ts';
import { everyPdfKind, SIGNED_KINDS, type PdfKind } from '../helpers/pdf-kinds.ts';

const t = useTestApp();

const verify = (app: App, pdf: Buffer) => {
  const form = multipart([{ name: 'file', value: pdf, filename: 'document.pdf', contentType: 'application/pdf' }]);
  return app.inject({ method: 'POST', url: '/api/public/verify', payload: form.payload, headers: form.headers });
};
const resultOf = async (app: App, pdf: Buffer) => {
  const res = await verify(app, pdf);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
};

/** The file with its signature replaced by one made with another key over the same bytes. */
function resigned(pdf: Buffer): Buffer {
  const m = /\/ByteRange \[(\d+) +(\d+) +(\d+) +(\d+)/.exec(pdf.toString('latin1'))!;
  const [, , b, c, d] = m.map(Number);
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forgeCert = selfCert(privateKey);
  const cms = cmsSignature(
    {
      id: `forger-${Date.now()}`,
      keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      chainPem: [forgeCert],
      signer: 'FORGER',
    },
    Buffer.concat([pdf.subarray(0, b), pdf.subarray(c, c + d)]),
  );
  const hex = cms.toString('hex').padEnd(c - b - 2, '0');
  return Buffer.concat([pdf.subarray(0, b + 1), Buffer.from(hex), pdf.subarray(c - 1)]);
}

/** A self-signed certificate for a key, through the DSC helper's CA code path (forge). */
function selfCert(key: crypto.KeyObject): string {
  const cert = forge.pki.createCertificate();
  const pub = crypto.createPublicKey(key).export({ type: 'spki', format: 'pem' }) as string;
  cert.publicKey = forge.pki.publicKeyFromPem(pub);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ name: 'commonName', value: 'FORGER' }]);
  cert.setIssuer([{ name: 'commonName', value: 'FORGER' }]);
  cert.sign(forge.pki.privateKeyFromPem(key.export({ type: 'pkcs1', format: 'pem' }) as string), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

describe('POST /api/public/verify', () => {
  let c: TestCouncil;
  let pdfs: Record<PdfKind, Buffer>;
  let ids: Record<PdfKind, string>;
  beforeAll(async () => {
    c = await createCouncil(t.app);
    ({ pdfs, ids } = await everyPdfKind(t.app, c));
  }, 120_000);

  it.each(SIGNED_KINDS)('%s as printed is genuine, with its kind, number, signer and time', async (kind) => {
    const r = await resultOf(t.app, pdfs[kind]);
    expect(r, r.reason).toMatchObject({ genuine: true, kind });
    expect(r.signedBy).toMatch(/\(self-issued\)$/);
    expect(Date.now() - new Date(r.signedAt).getTime()).toBeLessThan(10 * 60_000);
    expect(r.registrationNumber).toBeTruthy();
    expect(r.reason).toMatch(/^ही .* खरी आहे.* \/ This .* is genuine/);
  });

  it('one byte changed: not genuine', async () => {
    const changed = Buffer.from(pdfs.birth);
    changed[changed.indexOf('/Title') + 8] ^= 1;
    expect(await resultOf(t.app, changed)).toMatchObject({
      genuine: false,
      reason: 'ही PDF स्वाक्षरीनंतर बदलली आहे. / This PDF was changed after it was signed.',
    });
    const appended = Buffer.concat([pdfs.receipt, Buffer.from('\n% appended\n')]);
    expect((await resultOf(t.app, appended)).genuine).toBe(false);
  });

  it('signed again with another key: not genuine', async () => {
    const r = await resultOf(t.app, resigned(pdfs.death));
    expect(r).toMatchObject({ genuine: false, signedBy: 'FORGER' });
    expect(r.reason).toContain('ही स्वाक्षरी या कार्यालयाच्या कीची नाही.');
  });

  it('a PDF with no signature, and a file that is no PDF: not genuine', async () => {
    expect((await resultOf(t.app, pdfs.namuna9)).reason).toContain('This PDF carries no signature');
    expect((await resultOf(t.app, Buffer.from('hello'))).reason).toContain('This is not a PDF file.');
  });

  it('a certificate changed since it was printed: superseded on the day of the change', async () => {
    const birth = caseOf('birth');
    const put = await send(t.app, c, birth, { ...birth.valid(), childFullNameEnglish: 'Changed Name' }, { id: ids.birth });
    expect(put.statusCode).toBe(200);
    const r = await resultOf(t.app, pdfs.birth);
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(r).toMatchObject({ genuine: false, kind: 'birth' });
    expect(r.reason).toBe(`ही प्रत जुनी आहे: नोंद ${today} रोजी बदलली. / Superseded by a newer version on ${today}.`);
    // The PDF printed now is genuine.
    const fresh = await injectAs(t.app, c, { method: 'GET', url: birth.pdfUrl(ids.birth) });
    expect((await resultOf(t.app, fresh.rawPayload)).genuine).toBe(true);
  });

  it('a PDF signed with the council’s earlier key still verifies after a DSC replaces it', async () => {
    const dsc = makeDsc('SUNITA RAMESH PATIL', 'Dsc-pass-1');
    const form = multipart([
      { name: 'password', value: dsc.password },
      { name: 'file', value: dsc.p12, filename: 'dsc.p12', contentType: 'application/x-pkcs12' },
    ]);
    expect(
      (await injectAs(t.app, c, { method: 'POST', url: '/api/SigningKey', payload: form.payload, headers: form.headers })).statusCode,
    ).toBe(200);
    expect((await resultOf(t.app, pdfs.marriage)).genuine).toBe(true);
    const now = await injectAs(t.app, c, { method: 'GET', url: caseOf('marriage').pdfUrl(ids.marriage) });
    expect(await resultOf(t.app, now.rawPayload)).toMatchObject({ genuine: true, signedBy: 'SUNITA RAMESH PATIL' });
  });

  it('on a portal of one council, a PDF of another council is not genuine', async () => {
    const other = await createCouncil(t.app);
    const { pdfs: theirs } = await everyPdfKind(t.app, other, '9');
    const single = await buildApp({ ...t.config, publicUserId: c.userId }, t.database, false);
    try {
      expect((await resultOf(single, pdfs.residence)).genuine).toBe(true);
      const r = await resultOf(single, theirs.residence);
      expect(r).toMatchObject({ genuine: false, reason: 'ही PDF दुसऱ्या ग्रामपंचायतीची आहे. / This PDF is from another gram panchayat.' });
    } finally {
      await single.close();
    }
  }, 120_000);

  it('is limited per client address', async () => {
    const limited = await buildApp(
      // Its own counts: on PostgreSQL the limits are shared by every app with the same key prefix.
      {
        ...t.config,
        limitKeyPrefix: `${t.config.limitKeyPrefix}verify-limit:`,
        publicLimits: { ...t.config.publicLimits, verify: { perAddress: 2, perCouncil: 100 } },
      },
      t.database,
      false,
    );
    try {
      expect((await verify(limited, pdfs.receipt)).statusCode).toBe(200);
      expect((await verify(limited, pdfs.receipt)).statusCode).toBe(200);
      const third = await verify(limited, pdfs.receipt);
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(third.json().message).toMatch(/^खूप विनंत्या/);
    } finally {
      await limited.close();
    }
  });
});
