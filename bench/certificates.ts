// Certificates: how long a PDF takes (each kind, warm, median of 30) and how long a list page takes
// with 20,000 certificates of each kind in one council (BENCH_ROWS=100000 for the large case): page 1
// without a filter, with a 1-2 letter term ("ai", "पा"), a word and a long name, and the last page.
// Targets (issue 12): PDF ≤ 20 ms median, list page ≤ 30 ms.
// Runs on a throw-away PGlite database, or on DATABASE_URL when set (its rows are deleted after).
// BENCH_KEEP=1 keeps the seeded councils (and BENCH_DATA_DIR, the PGlite data directory) for the
// next run, which then measures without seeding again.
// Standalone: npx tsx bench/certificates.ts
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { type App } from '../server/app.ts';
import { createAccount } from '../server/modules/users/service.ts';
import { multipart } from '../tests/helpers/multipart.ts';
import { KINDS as SERVER_KINDS } from '../server/modules/certificates/kinds.ts';
import { nameAt, SMALLEST_BODY } from './certificate-bodies.ts';
import { listCertificates } from '../server/modules/certificates/service.ts';
import { sqlTimeOf } from './sql-time.ts';
import { benchApp } from './bench-app.ts';
import { percentile, ms } from './timing.ts';

const SEEDED = Number(process.env.BENCH_ROWS ?? 20_000);
const OTHER_COUNCIL = 2_000;
const BATCH = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const KEEP = process.env.BENCH_KEEP === '1';

function nameOf(i: number): [string, string] {
  const { en, mr } = nameAt(i);
  return [`${en} ${i}`, mr];
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** Rows of a kind, spread over time so "newest first" has real order. */
function rows(kind: string, userId: number, count: number) {
  const start = Date.UTC(2020, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const [en, mr] = nameOf(i);
    const base = { createdByUserId: userId, createdAt: new Date(start + i * 60_000) };
    if (kind === 'birth')
      return {
        ...base,
        serialNo: i + 1,
        registrationNo: `B-${i}`,
        registrationDate: day('2025-01-10'),
        birthDate: day('2025-01-01'),
        childFullNameEnglish: en,
        childFullNameMarathi: mr,
        gender: 'Male',
      };
    if (kind === 'death')
      return {
        ...base,
        registrationNumber: `D-${i}`,
        registrationDate: day('2025-01-10'),
        deceasedNameEnglish: en,
        deceasedNameMarathi: mr,
        genderMarathi: 'पुरुष',
        genderEnglish: 'Male',
        aadhaarNumberDeceased: '123456789012',
        dateOfDeath: day('2025-01-01'),
        dateOfDeathWords: 'First January Two Thousand Twenty Five',
        placeOfDeathMarathi: 'घर',
        placeOfDeathEnglish: 'Home',
        ageOfDeceased: 70,
      };
    if (kind === 'residence')
      return {
        ...base,
        registrationNumber: `R-${i}`,
        registrationDate: day('2025-01-10'),
        applicantNameEnglish: en,
        applicantNameMarathi: mr,
        applicantAadhaar: '123456789012',
        applicantAge: 30,
        applicantMobile: '9876543210',
        guardianNameMarathi: 'पालक',
        guardianNameEnglish: 'Guardian',
      };
    const [we, wm] = nameOf(i + 7);
    return {
      ...base,
      husbandNameEnglish: en,
      husbandNameMarathi: mr,
      husbandFatherNameMarathi: 'वडील',
      husbandFatherNameEnglish: 'Father',
      wifeNameEnglish: we,
      wifeNameMarathi: wm,
      wifeFatherNameMarathi: 'वडील',
      wifeFatherNameEnglish: 'Father',
      officiantNameMarathi: 'पुरोहित',
    };
  });
}

const MODELS = {
  birth: 'birthCertificate',
  death: 'deathCertificate',
  residence: 'residenceCertificate',
  marriage: 'marriageCertificate',
} as const;
type KindName = keyof typeof MODELS;

const ID_COLUMNS = {
  birth: 'birthCertificatesId',
  death: 'deathCertificatesId',
  residence: 'residentialCertificatesIdCertId',
  marriage: 'marriageCertificatesId',
} as const;

/** BATCH rows a statement, sent as one JSON parameter: the same rows as createMany would write (the
 *  table's triggers fire once a statement either way), without Prisma building 1,000 × 20 parameters,
 *  which made seeding 400,000 rows take 6 minutes on a quiet PostgreSQL and over 45 on a busy PGlite. */
async function seed(app: App, kind: KindName, userId: number, count: number) {
  const all = rows(kind, userId, count);
  const table = `"${MODELS[kind].charAt(0).toUpperCase()}${MODELS[kind].slice(1)}"`;
  const columns = Object.keys(all[0])
    .map((c) => `"${c}"`)
    .join(', ');
  for (let i = 0; i < all.length; i += BATCH)
    await app.db.$executeRawUnsafe(
      `INSERT INTO ${table} ("${ID_COLUMNS[kind]}", "updatedAt", ${columns})
       SELECT gen_random_uuid(), now(), ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)`,
      JSON.stringify(all.slice(i, i + BATCH)),
    );
}

const median = (times: number[]) => percentile(times, 50);

async function timesOf(fn: () => Promise<void>, runs = RUNS): Promise<number[]> {
  await fn(); // warm-up: first shaping of the words, query plans
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times;
}
const timeIt = async (fn: () => Promise<void>, runs = RUNS) => median(await timesOf(fn, runs));

const KINDS: { kind: KindName; base: string; list: string; pdf: string; idField: string; body: Record<string, unknown> }[] = [
  {
    kind: 'birth',
    base: '/api/BirthCertificate',
    list: '/api/BirthCertificate/paged',
    pdf: '/api/BirthCertificate/GeneratePdf',
    idField: 'birthCertificatesId',
    body: SMALLEST_BODY.birth('B-2026/001', { en: 'Aarav Dnyaneshwar Patil', mr: 'आरव ज्ञानेश्वर पाटील' }, 1),
  },
  {
    kind: 'death',
    base: '/api/DeathCertificate',
    list: '/api/DeathCertificate/paged',
    pdf: '/api/DeathCertificate/pdf',
    idField: 'deathCertificatesId',
    body: SMALLEST_BODY.death('D-2026/001', { en: 'Sitabai Ramchandra Shinde', mr: 'सीताबाई रामचंद्र शिंदे' }, 1),
  },
  {
    kind: 'residence',
    base: '/api/ResidenceCertificate',
    list: '/api/ResidenceCertificate',
    pdf: '/api/ResidenceCertificate/pdf',
    idField: 'residentialCertificatesIdCertId',
    body: SMALLEST_BODY.residence('R-2026/101', { en: 'Shreya Sunil Kulkarni', mr: 'श्रेया सुनील कुलकर्णी' }, 1),
  },
  {
    kind: 'marriage',
    base: '/api/MarriageCertificate',
    list: '/api/MarriageCertificate/paged',
    pdf: '/api/MarriageCertificate/GeneratePdf',
    idField: 'marriageCertificatesId',
    body: SMALLEST_BODY.marriage('M-2026/044', { en: 'Rohit Ashok Deshmukh', mr: 'रोहित अशोक देशमुख' }, 1),
  },
];

async function createOne(app: App, auth: Record<string, string>, k: (typeof KINDS)[number]): Promise<string> {
  let res;
  if (k.kind === 'marriage') {
    const photo = (bg: string) =>
      sharp({ create: { width: 300, height: 380, channels: 3, background: bg } })
        .jpeg()
        .toBuffer();
    const form = multipart([
      ...Object.entries(k.body).map(([name, v]) => ({ name, value: String(v) })),
      { name: 'husbandPhoto', value: await photo('#c8d8e8'), filename: 'h.jpg', contentType: 'image/jpeg' },
      { name: 'wifePhoto', value: await photo('#e8d0d8'), filename: 'w.jpg', contentType: 'image/jpeg' },
    ]);
    res = await app.inject({ method: 'POST', url: k.base, payload: form.payload, headers: { ...auth, ...form.headers } });
  } else {
    res = await app.inject({ method: 'POST', url: k.base, payload: k.body, headers: auth });
  }
  if (res.statusCode !== 201) throw new Error(`creating the ${k.kind} certificate failed: ${res.body}`);
  return res.json().result[k.idField];
}

export async function run() {
  const dataDir = process.env.BENCH_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'gp-bench-cert-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const { app, database } = await benchApp({ dataDir, databaseUrl, env: { PUBLIC_BASE_URL: 'http://localhost:8080' } });
  const tag = KEEP ? `keep_${SEEDED}` : crypto.randomBytes(4).toString('hex');
  const account = async (username: string) =>
    (KEEP && (await app.db.user.findFirst({ where: { username } }))) || createAccount(app.db, { username, password: 'Bench-pass1' });
  const council = await account(`bench_cert_${tag}`);
  const other = await account(`bench_cert_other_${tag}`);
  const auth = { authorization: `Bearer ${app.signToken(council)}` };
  try {
    const seeded = await app.db.birthCertificate.count({ where: { createdByUserId: council.id } });
    if (seeded >= SEEDED) {
      console.log(`Database: ${database.kind}. ${SEEDED} certificates of each kind kept from an earlier run (BENCH_KEEP).`);
    } else {
      console.log(
        `Database: ${database.kind}. Seeding ${SEEDED} certificates of each kind for one council, ${OTHER_COUNCIL} births for another (${BATCH} a statement)…`,
      );
      const t0 = performance.now();
      await seed(app, 'birth', other.id, OTHER_COUNCIL);
      for (const { kind } of KINDS) await seed(app, kind, council.id, SEEDED);
      // PostgreSQL's autovacuum would do this after a bulk insert: it moves the trigram indexes' pending
      // entries into the index proper and sets the visibility map. PGlite runs no autovacuum.
      await database.sql.exec('VACUUM ANALYZE');
      console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }

    console.log(`\nPDF, end to end through the route (auth, read, render), warm, median of ${RUNS} (target ≤ 20 ms):`);
    // BENCH_ONLY=lists skips the PDFs (bench/certificate-pdf.ts measures rendering alone).
    for (const k of process.env.BENCH_ONLY === 'lists' ? [] : KINDS) {
      const id = await createOne(app, auth, k);
      const t = await timeIt(async () => {
        const res = await app.inject({ method: 'GET', url: `${k.pdf}/${id}`, headers: auth });
        if (res.statusCode !== 200) throw new Error(`PDF ${k.kind}: ${res.statusCode}`);
      });
      console.log(`  ${k.kind.padEnd(10)} ${ms(t)}`);
    }

    console.log(
      `\nList pages (10 items + total count) of ${SEEDED} certificates per kind, median and p95 of ${RUNS} through the route,` +
        `\nand "sql": the median of the summed EXPLAIN ANALYZE execution times of its statements (target ≤ 30 ms):`,
    );
    for (const k of KINDS) {
      const cases: [string, string, string][] = [
        ['page 1', '', ''],
        ['"ai"', 'ai', ''],
        ['"पा"', 'पा', ''],
        ['"sh"', 'sh', ''],
        ['"patil"', 'patil', ''],
        ['"Ishani Kale 1"', 'Ishani Kale 1', ''],
        ['"स्नेहा पाटील"', 'स्नेहा पाटील', ''],
        ['last page', '', 'last'],
        ['"sh", last page', 'sh', 'last'],
      ];
      console.log(`  ${k.kind}`);
      for (const [label, filter, page] of cases) {
        let pageNumber = 1;
        if (page === 'last') {
          const first = await app.inject({
            method: 'GET',
            url: `${k.list}?pageNumber=1&pageSize=10${filter ? `&nameFilter=${encodeURIComponent(filter)}` : ''}`,
            headers: auth,
          });
          pageNumber = first.json().result.totalPages;
        }
        const url = `${k.list}?pageNumber=${pageNumber}&pageSize=10${filter ? `&nameFilter=${encodeURIComponent(filter)}` : ''}`;
        let total = '';
        let items = 0;
        const times = await timesOf(async () => {
          const res = await app.inject({ method: 'GET', url, headers: auth });
          if (res.statusCode !== 200) throw new Error(`list ${k.kind}: ${res.statusCode} ${res.body}`);
          const r = res.json().result;
          total = `${r.totalCount}${r.totalCapped ? '+' : ''}`;
          items = r.items.length;
        });
        const p50 = median(times);
        const p95 = percentile(times, 95);
        const verdict = p95 <= 30 ? 'ok' : 'OVER';
        const serverKind = SERVER_KINDS.find((sk) => sk.kind === k.kind)!;
        const sql = await sqlTimeOf(app.db, (db) =>
          listCertificates(db, serverKind, council.id, { pageNumber, pageSize: 10, nameFilter: filter || undefined }),
        );
        console.log(
          `    ${label.padEnd(18)} ${ms(p50)} p95 ${ms(p95)}  sql ${ms(sql)}  ${verdict.padEnd(4)} (${total} found, page ${pageNumber}: ${items} rows)`,
        );
      }
    }
  } finally {
    // On a shared PostgreSQL the bench leaves nothing behind (unless BENCH_KEEP): the accounts' rows cascade.
    if (!KEEP) await app.db.user.deleteMany({ where: { id: { in: [council.id, other.id] } } });
    await app.close();
    await database.close();
    if (!KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await run();
