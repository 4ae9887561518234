// What the audit trail costs a write (issue 28: at most 10 % of its latency): a certificate
// correction (PUT /api/BirthCertificate/:id) and a payment (POST /api/KarImport/apply-payment-simple),
// each timed with its audit row and without (recordAudit paused: the same request, the same
// transaction, no row), in alternating blocks so the machine's drift falls on both alike. The
// trail already holds 500,000 rows, as a few years of a busy office would, so the row's index
// upkeep is the real one.
// Runs on a throw-away PGlite database, and on a throw-away database of DATABASE_URL's server when set.
// Standalone: npx tsx bench/audit.ts
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAccount } from '../server/modules/users/service.ts';
import { pauseAuditForBenchmark } from '../server/modules/audit/record.ts';
import { KIND_CASES } from '../tests/helpers/certificate-cases.ts';
import { seedTaxedInBulk, todayIso } from '../tests/helpers/tax-seed.ts';
import { benchApp } from './bench-app.ts';
import { throwawayDatabase } from './throwaway-database.ts';
import { ms, percentile } from './timing.ts';

const BLOCK = 25;
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 8);
const TRAIL_ROWS = 500_000;
const TARGET = 0.1;

async function measure(label: string, databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-bench-audit-'));
  const { app, database } = await benchApp({ dataDir, databaseUrl });
  try {
    const username = `bench_audit_${crypto.randomBytes(3).toString('hex')}`;
    const password = 'Bench-pass-2026';
    const user = await createAccount(app.db, { username, password, isAdmin: true });
    const login = await app.inject({ method: 'POST', url: '/api/User/login', payload: { username, password } });
    const auth = { authorization: `Bearer ${login.json().token}` };
    await database.sql
      .exec(`INSERT INTO "AuditEntry" ("at", "createdByUserId", "userId", "userName", "address", "entity", "entityId", "action", "changes")
      SELECT now() - (g || ' seconds')::interval, ${user.id} + (g % 3), ${user.id}, 'clerk', '10.0.0.1', 'BirthCertificate', g::text, 'update',
             jsonb_build_object('childName', jsonb_build_object('old', 'अ' || g, 'new', 'ब' || g))
      FROM generate_series(1, ${TRAIL_ROWS}) g`);
    await seedTaxedInBulk(database, user.id, 2_000, { years: 2 });
    const birth = KIND_CASES.find((k) => k.kind === 'birth')!;
    const created = await app.inject({ method: 'POST', url: birth.base, payload: birth.valid(), headers: auth });
    if (created.statusCode !== 201) throw new Error(`certificate: ${created.body}`);
    const certId = created.json().result[birth.idField];
    const karIds = (
      await database.sql.query<{ karId: number }>(`SELECT "karId" FROM "KarDetail" WHERE "createdByUserId" = $1 LIMIT 2000`, [user.id])
    ).map((r) => r.karId);
    await database.sql.exec('ANALYZE');

    let n = 0;
    const ops = {
      'certificate correction': async () => {
        const body = { ...birth.valid(), childName: `Bench Child ${n++}` };
        const res = await app.inject({ method: 'PUT', url: `${birth.base}/${certId}`, payload: body, headers: auth });
        if (res.statusCode !== 200) throw new Error(`PUT: ${res.statusCode} ${res.body}`);
      },
      payment: async () => {
        const karid = karIds[n++ % karIds.length];
        const body = { karid, paid_gharpatti: '0.01', paid_method: 'cash', paid_on: todayIso(), note: '' };
        const res = await app.inject({ method: 'POST', url: '/api/KarImport/apply-payment-simple', payload: body, headers: auth });
        if (res.statusCode !== 201) throw new Error(`payment: ${res.statusCode} ${res.body}`);
      },
    };
    for (const [name, op] of Object.entries(ops)) {
      for (let i = 0; i < 10; i++) await op(); // warm
      const times = { with: [] as number[], without: [] as number[] };
      for (let b = 0; b < BLOCKS * 2; b++) {
        const audited = b % 2 === 0;
        pauseAuditForBenchmark(!audited);
        for (let i = 0; i < BLOCK; i++) {
          const t0 = performance.now();
          await op();
          times[audited ? 'with' : 'without'].push(performance.now() - t0);
        }
      }
      pauseAuditForBenchmark(false);
      const [p50w, p95w, p50o, p95o] = [
        percentile(times.with, 50),
        percentile(times.with, 95),
        percentile(times.without, 50),
        percentile(times.without, 95),
      ];
      const added = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1).padStart(5)} %`;
      console.log(
        `${label} ${name.padEnd(24)} p50 ${ms(p50o)} → ${ms(p50w)} (${added(p50w, p50o)})   p95 ${ms(p95o)} → ${ms(p95w)} (${added(p95w, p95o)})   target ≤ ${TARGET * 100} % ${
          p50w <= p50o * (1 + TARGET) && p95w <= p95o * (1 + TARGET) ? 'met' : 'MISSED'
        }`,
      );
    }
  } finally {
    pauseAuditForBenchmark(false);
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  console.log(`audit row's cost: ${BLOCKS * BLOCK} writes each way, without → with, trail of ${TRAIL_ROWS.toLocaleString('en-IN')} rows`);
  await measure('embedded  ', undefined);
  const server = process.env.DATABASE_URL || undefined;
  if (server) {
    const throwaway = await throwawayDatabase(server, 'audit');
    try {
      await measure('PostgreSQL', throwaway.url);
    } finally {
      await throwaway.drop();
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
