// Certificate PDFs on their own (no database, no HTTP): the first render of each kind in a fresh
// process (fonts parsed, shaping not yet cached), then the median of 30 warm renders. Target (issue 12): ≤ 20 ms median for every kind.
// Standalone: npx tsx -e "import('./bench/certificate-pdf.ts').then(m=>m.run())"
import { renderBirthPdf, renderDeathPdf, renderMarriagePdf, renderResidencePdf } from '../server/modules/certificates/pdf.ts';
import { birth, death, marriage, office, photo, residence } from '../tests/helpers/certificate-records.ts';
import { timeRuns } from './timing.ts';

const RUNS = 30;
const BASE = 'https://gp.example.in';

async function measure(render: () => Promise<Buffer>) {
  const { first, ...times } = await timeRuns(render, RUNS);
  return { ...times, bytes: first.length };
}

export async function run() {
  const photos = { husband: await photo('jpeg', '#2e86c1'), wife: await photo('webp', '#c0392b') };
  const kinds: [string, () => Promise<Buffer>][] = [
    ['birth', () => renderBirthPdf(birth, office, `${BASE}/birthqr/${birth.birthCertificatesId}`)],
    ['death', () => renderDeathPdf(death, office, `${BASE}/deathqr/${death.deathCertificatesId}`)],
    ['residence', () => renderResidencePdf(residence, office, `${BASE}/residenceqr/${residence.residentialCertificatesIdCertId}`)],
    [
      'marriage (JPEG + WebP photos)',
      () => renderMarriagePdf(marriage, office, `${BASE}/marriageqr/${marriage.marriageCertificatesId}`, photos),
    ],
  ];
  console.log(`Certificate PDF render, warm median of ${RUNS} (target ≤ 20 ms):`);
  for (const [kind, render] of kinds) {
    const r = await measure(render);
    console.log(
      `  ${kind.padEnd(30)} median ${r.median.toFixed(1).padStart(6)} ms ${r.median <= 20 ? 'ok  ' : 'OVER'}   max ${r.max.toFixed(1).padStart(6)} ms   first ${r.cold.toFixed(0).padStart(4)} ms   ${(r.bytes / 1024).toFixed(0)} KB`,
    );
  }
}
