// Issue 30: a bank statement of 5,000 credit rows read and matched against a village of 5,000 taxed
// properties (a dry run of POST /api/Reconciliation/statement: parse, match by bill number and by
// property number, nothing written). Target: under 5 s. Three of every four rows name a bill of the
// 2,500 issued, the fourth names none (unmatched). Prints the target, each run and the machine's load.
// Runs on a throw-away PGlite database, and on a throw-away database of DATABASE_URL's server when set.
// Standalone: npx tsx bench/reconciliation.ts   (BENCH_ROWS for another size)
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { taxYearOf } from '../common/property/tax.ts';
import { todayInIndia } from '../common/dates.ts';
import { billRef } from '../common/upi.ts';
import { createAccount } from '../server/modules/users/service.ts';
import { multipart } from '../tests/helpers/multipart.ts';
import { bigStatement } from '../tests/helpers/statements.ts';
import { seedTaxedInBulk } from '../tests/helpers/tax-seed.ts';
import { benchApp } from './bench-app.ts';
import { throwawayDatabase } from './throwaway-database.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 5_000);
const PROPERTIES = 5_000;
const BILLS = 2_500;
const RUNS = 3;
const TARGET_S = 5;
const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

async function measure(label: string, databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-bench-recon-'));
  const { app, database } = await benchApp({ dataDir, databaseUrl });
  try {
    const username = `bench_recon_${crypto.randomBytes(3).toString('hex')}`;
    const password = 'Bench-pass-2026';
    const user = await createAccount(app.db, { username, password, isAdmin: true });
    const login = await app.inject({ method: 'POST', url: '/api/User/login', payload: { username, password } });
    const auth = { authorization: `Bearer ${login.json().token}` };
    await seedTaxedInBulk(database, user.id, PROPERTIES, { years: 1 });
    const taxYear = taxYearOf(todayInIndia());
    await database.sql.query(
      `INSERT INTO "DemandBill" ("createdByUserId", "taxYear", "billNo", "propertyId", "malmattaNo", "amount", "issuedOn")
       SELECT $1::int, $2::int, row_number() OVER (ORDER BY "propertyId"), "propertyId", "malmattaNo", 1276, now()::date
       FROM "Property" WHERE "createdByUserId" = $1::int ORDER BY "propertyId" LIMIT ${BILLS}`,
      [user.id, taxYear],
    );
    await database.sql.exec('ANALYZE');
    // Three rows in four name a bill; the fourth a word that is no bill and no property.
    const names = Array.from({ length: 4 * BILLS }, (_, i) => (i % 4 === 3 ? 'DONATION' : billRef(taxYear, (i % BILLS) + 1)));
    const file = multipart([{ name: 'file', value: bigStatement(ROWS, names), filename: 'statement.csv', contentType: 'text/csv' }]);

    const times: number[] = [];
    let totals: unknown;
    for (let r = 0; r < RUNS; r++) {
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/Reconciliation/statement?dryRun=true',
        payload: file.payload,
        headers: { ...auth, ...file.headers },
      });
      times.push((performance.now() - t) / 1000);
      if (res.statusCode !== 200) throw new Error(`statement: ${res.statusCode} ${res.body.slice(0, 300)}`);
      totals = res.json().result.totals;
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `${label}: ${ROWS} rows against ${PROPERTIES} properties, dry run: ${times.map((s) => `${s.toFixed(2)} s`).join(', ')} ` +
        `(median ${sorted[Math.floor(RUNS / 2)].toFixed(2)} s; target < ${TARGET_S} s: ${sorted[RUNS - 1] < TARGET_S ? 'met' : 'NOT met'})`,
    );
    console.log(`  totals ${JSON.stringify(totals)}`);
  } finally {
    // The app first, then its database, then the folder the embedded one lived in.
    await app.close().then(() => database.close());
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  console.log(`target: a ${ROWS}-row statement's dry run in < ${TARGET_S} s`);
  console.log(`load before: ${load()}`);
  await measure('embedded (PGlite)', undefined);
  const server = process.env.DATABASE_URL;
  const own = server ? await throwawayDatabase(server, 'recon') : null;
  if (own) await measure('PostgreSQL', own.url).finally(() => own.drop());
  console.log(`load after: ${load()}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
