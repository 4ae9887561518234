// The property register: the Excel import of 5,000 rows through the route (target < 10 s), then at
// 50,000 properties of one council the staff search and the public autocomplete (p95 ≤ 30 ms) and
// the public lookup with its captcha (p95 ≤ 50 ms). Short and long terms, Marathi and Western digits.
// Runs on a throw-away PGlite database, or on DATABASE_URL when set (its rows are deleted after).
// Standalone: npx tsx bench/properties.ts
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';
import { buildApp } from '../server/app.ts';
import { createAccount } from '../server/modules/users/service.ts';
import { devanagariDigits, malmattaKey } from '../common/property/malmatta.ts';
import { multipart } from '../tests/helpers/multipart.ts';

const IMPORTED = 5_000;
const TOTAL = 50_000;
const RUNS = 60;
const FIRST = ['रमेश', 'सुनील', 'गीता', 'अनिता', 'महेश', 'सुरेश', 'प्रिया', 'संजय', 'Anil', 'Sunita', 'Vijay', 'Kavita'];
const LAST = ['पाटील', 'जाधव', 'शिंदे', 'पवार', 'कदम', 'मोरे', 'देशमुख', 'गायकवाड', 'Patil', 'Jadhav', 'Shinde', 'More'];
const nameOf = (i: number) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
const numberOf = (i: number) => (i % 3 === 0 ? devanagariDigits(String(i)) : i % 7 === 0 ? `${i}/अ` : String(i));

function percentile(values: number[], p: number) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;

async function workbook(from: number, count: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('नमुना ८');
  ws.addRow([
    'मालमत्ता क्रमांक',
    'मालकाचे नाव',
    'भोगवटादाराचे नाव',
    'मोबाईल क्रमांक',
    'गट क्रमांक',
    'सिटी सर्व्हे क्रमांक',
    'बांधकामाचा प्रकार',
    'वापर',
    'बांधकाम वर्ष',
    'बांधकाम क्षेत्रफळ (चौ.मी.)',
    'रेडीरेकनर जमीन दर (₹/चौ.मी.)',
  ]);
  for (let i = from; i < from + count; i++)
    ws.addRow([
      numberOf(i),
      nameOf(i),
      'स्वतः',
      String(9000000000 + i),
      String(i % 400),
      String(i % 900),
      ['rcc', 'stoneCement', 'hut', 'stoneMud'][i % 4],
      i % 10 ? 'residential' : 'commercial',
      1960 + (i % 60),
      20 + (i % 80),
      800 + (i % 5) * 100,
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-bench-prop-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: crypto.randomBytes(32).toString('hex') }),
    logLevel: 'silent',
    databaseUrl,
    uploadLimitBytes: 50 * 1024 * 1024,
  };
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const app = await buildApp(config, database, false);
  await app.ready();
  const tag = crypto.randomBytes(4).toString('hex');
  const council = await createAccount(app.db, { username: `bench_prop_${tag}`, password: 'Bench-pass1-long' }).catch(() =>
    createAccount(app.db, { username: `bench_prop_${tag}`, password: 'Bench-pass-1' }),
  );
  app.config.publicUserId = council.id;
  const auth = { authorization: `Bearer ${app.signToken(council)}` };
  try {
    console.log(`Database: ${database.kind}.`);
    const file = await workbook(0, IMPORTED);
    const form = multipart([{ name: 'file', value: file, filename: 'register.xlsx' }]);
    for (const dryRun of [true, false]) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/GrampanchayatImport/excel?dryRun=${dryRun}`,
        payload: form.payload,
        headers: { ...form.headers, ...auth },
      });
      const r = res.json().result;
      if (res.statusCode !== 200 || r.problems.length) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
      console.log(
        `Excel import of ${IMPORTED} rows (${(file.length / 1024).toFixed(0)} KB), ${dryRun ? 'dry run' : 'written  '}: ${((performance.now() - t0) / 1000).toFixed(2)} s (target < 10 s)`,
      );
    }

    console.log(`Seeding to ${TOTAL} properties (createMany)…`);
    const base = await app.db.property.findFirstOrThrow({ where: { createdByUserId: council.id } });
    for (let from = IMPORTED; from < TOTAL; from += 2000) {
      const n = Math.min(2000, TOTAL - from);
      await app.db.property.createMany({
        data: Array.from({ length: n }, (_, k) => {
          const { propertyId: _id, propertyCreatedAt: _c, updatedAt: _u, ...rest } = base;
          return { ...rest, malmattaNo: numberOf(from + k), malmattaKey: malmattaKey(numberOf(from + k)) };
        }),
      });
      const made = await app.db.property.findMany({
        where: { createdByUserId: council.id, propertyId: { gt: 0 } },
        orderBy: { propertyId: 'desc' },
        take: n,
        select: { propertyId: true, malmattaNo: true },
      });
      await app.db.owner.createMany({
        data: made.map((p, k) => ({
          propertyId: p.propertyId,
          createdByUserId: council.id,
          malmattaNo: p.malmattaNo,
          malkacheNav: nameOf(from + k),
          bhogwatdarakNav: 'स्वतः',
          mobileNo: String(9000000000 + from + k),
        })),
      });
    }
    await database.sql.exec('VACUUM ANALYZE');

    const measure = async (label: string, url: string, headers: Record<string, string> = {}, target = 30) => {
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers, remoteAddress: `10.1.${i % 250}.${Math.floor(i / 250)}` });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        const r = res.json().result;
        found = Array.isArray(r) ? r.length : (r.totalCount ?? 1);
      }
      console.log(
        `  ${label.padEnd(44)} p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  (target p95 ≤ ${target} ms; ${found} found)`,
      );
    };
    console.log(`\nAt ${TOTAL} properties, ${RUNS} requests each:`);
    for (const q of ['4', '४२', '1234', '12/अ'])
      await measure(`suggest number "${q}"`, `/api/public/properties/suggest?type=malmatta&q=${encodeURIComponent(q)}`);
    for (const q of ['र', 'पा', 'पाटील', 'Sunita Jadhav 1'])
      await measure(`suggest owner "${q}"`, `/api/public/properties/suggest?type=owner&q=${encodeURIComponent(q)}`);
    for (const q of [
      '',
      'searchMalmatta=4',
      'searchMalmatta=12345',
      `searchName=${encodeURIComponent('पा')}`,
      `searchName=${encodeURIComponent('गीता पाटील')}`,
    ])
      await measure(`staff list page 1 ${q || '(no filter)'}`, `/api/Properties/paged?pageNumber=1&pageSize=10&${q}`, auth);

    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const c = app.captcha.create();
      const answer = app.captcha.peek(c.captchaId)!;
      const t0 = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/public/properties/${encodeURIComponent(numberOf(1000 + i * 97))}?captchaId=${c.captchaId}&captcha=${answer}`,
        remoteAddress: `10.2.${i}.1`,
      });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`public lookup: ${res.statusCode} ${res.body}`);
    }
    console.log(
      `  ${'public lookup with captcha'.padEnd(44)} p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  (target p95 ≤ 50 ms)`,
    );

    // The Namuna 8 extract PDF through the route: the first (fonts parsed) apart, then the median.
    const pdfTimes: number[] = [];
    for (let i = 0; i <= 30; i++) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/GrampanchayatImport/namuna8-pdf?malmattaNo=${encodeURIComponent(numberOf(2000 + i * 31))}`,
        headers: auth,
      });
      if (i > 0) pdfTimes.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`namuna8-pdf: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    console.log(
      `  ${'Namuna 8 PDF, warm'.padEnd(44)} p50 ${ms(percentile(pdfTimes, 50))}  p95 ${ms(percentile(pdfTimes, 95))}  (target median ≤ 60 ms)`,
    );
  } finally {
    await app.db.user.deleteMany({ where: { id: council.id } });
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await run();
