// What signing adds to a PDF (issue 31, target ≤ 5 ms of median): each certificate kind rendered
// unsigned and signed in turn (interleaved, so load on the machine falls on both alike), the median
// of each and their difference; then the signing step alone (the CMS over a certificate's bytes).
// The key is a DSC-style PKCS#12 (RSA 2048, with its CA's certificate) read as the portal reads an
// upload; it is parsed once, on the first signature, as in a PDF worker. No database, no HTTP.
// `npm run bench -- signing`
import os from 'node:os';
import {
  renderBirthPdf,
  renderDeathPdf,
  renderMarriagePdf,
  renderResidencePdf,
  type PdfOptions,
} from '../server/modules/certificates/pdf.ts';
import { cmsSignature, type SignatureRequest } from '../server/lib/pdf/sign.ts';
import { fromPkcs12 } from '../server/modules/signing/keys.ts';
import { birth, death, marriage, office, photo, residence } from '../tests/helpers/certificate-records.ts';
import { makeDsc } from '../tests/helpers/dsc.ts';
import { ms, percentile } from './timing.ts';

const RUNS = 40;
const BASE = 'https://gp.example.in';

const median = (v: number[]) => percentile(v, 50);

export async function run() {
  const dsc = makeDsc('SUNITA RAMESH PATIL', 'bench-pass');
  const k = fromPkcs12(dsc.p12, dsc.password);
  const signature: SignatureRequest = {
    key: { id: 'bench:1', keyPem: k.keyPem, chainPem: k.chainPem, signer: dsc.signer },
    at: new Date(),
    reason: 'जन्म प्रमाणपत्र / Birth certificate B-2026/001',
    record: { kind: 'birth', id: birth.birthCertificatesId, council: 1, fingerprint: 'f'.repeat(64) },
  };
  const photos = { husband: await photo('jpeg', '#2e86c1'), wife: await photo('webp', '#c0392b') };
  const kinds: [string, (o: PdfOptions) => Promise<Buffer>][] = [
    ['birth', (o) => renderBirthPdf(birth, office, `${BASE}/birthqr/${birth.birthCertificatesId}`, o)],
    ['death', (o) => renderDeathPdf(death, office, `${BASE}/deathqr/${death.deathCertificatesId}`, o)],
    ['residence', (o) => renderResidencePdf(residence, office, `${BASE}/residenceqr/${residence.residentialCertificatesIdCertId}`, o)],
    ['marriage', (o) => renderMarriagePdf(marriage, office, `${BASE}/marriageqr/${marriage.marriageCertificatesId}`, photos, o)],
  ];
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.availableParallelism()} cores`,
  );
  console.log(`Certificate PDFs unsigned and signed, interleaved, median of ${RUNS} each (target: signing adds ≤ 5 ms):`);
  for (const [kind, render] of kinds) {
    await render({});
    await render({ signature }); // the first signature loads the libraries and parses the key
    const plain: number[] = [];
    const signed: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      await render({});
      plain.push(performance.now() - t);
      t = performance.now();
      await render({ signature });
      signed.push(performance.now() - t);
    }
    const added = median(signed) - median(plain);
    console.log(
      `  ${kind.padEnd(10)} unsigned ${ms(median(plain))}   signed ${ms(median(signed))}   added ${ms(added)} ${added <= 5 ? 'ok' : 'OVER'}`,
    );
  }
  const bytes = await renderBirthPdf(birth, office, `${BASE}/birthqr/x`, {});
  const alone: number[] = [];
  for (let i = 0; i < RUNS * 5; i++) {
    const t = performance.now();
    cmsSignature(signature.key, bytes);
    alone.push(performance.now() - t);
  }
  console.log(
    `  the CMS signature alone (SHA-256 of ${(bytes.length / 1024).toFixed(0)} KB, RSA 2048): median ${ms(median(alone))}, p95 ${ms(percentile(alone, 95))}`,
  );
}
