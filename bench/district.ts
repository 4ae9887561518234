// npm run bench -- district (issue 32): the district summary (GET /api/District/summary's service,
// one set-based statement) over many councils, on PostgreSQL (DATABASE_URL) in a database of its
// own. Seeded in bulk (generate_series, tests/helpers/tax-seed.ts seedTaxedInBulk): each council's
// properties with owners, assessments and three tax years of books. The size is a parameter,
// DISTRICT_COUNCILS × DISTRICT_PROPERTIES (default 20 × 500): the 1,000 × 1,000 (about
// 20 GB) does not fit this shared machine. Certificates are not seeded (the statement reads them by
// index per council; counted as zero here). Prints the figures with the size and the load.
import os from 'node:os';
import { openDatabase } from '../server/db/open.ts';
import { districtSummary } from '../server/modules/districts/service.ts';
import { seedTaxedInBulk } from '../tests/helpers/tax-seed.ts';
import { taxYearOf } from '../common/property/tax.ts';
import { todayInIndia } from '../common/dates.ts';
import { throwawayDatabase } from './throwaway-database.ts';
import { ms, percentile } from './timing.ts';

const TARGET_MS = 1_000;

export async function run() {
  const server = process.env.DATABASE_URL;
  if (!server) return console.log('district: skipped (needs DATABASE_URL, a PostgreSQL server)');
  const councils = Number(process.env.DISTRICT_COUNCILS || 20);
  const perCouncil = Number(process.env.DISTRICT_PROPERTIES || 500);
  const scratch = await throwawayDatabase(server, 'district');
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    const t0 = performance.now();
    const ids = (
      await database.sql.query<{ id: number }>(
        `INSERT INTO "User" ("username", "usernameKey", "passwordHash", "updatedAt")
         SELECT 'gp_' || g, 'gp_' || g, 'x', now() FROM generate_series(1, $1::int) g RETURNING "id"`,
        [councils],
      )
    ).map((r) => r.id);
    for (const id of ids) await seedTaxedInBulk(database, id, perCouncil, { years: 3 });
    const [{ id: districtId }] = await database.sql.query<{ id: number }>(
      `INSERT INTO "District" ("name") VALUES ('सातारा') RETURNING "id"`,
    );
    await database.sql.query(`INSERT INTO "DistrictCouncil" ("councilId", "districtId") SELECT unnest($1::int[]), $2`, [ids, districtId]);
    await database.sql.exec('VACUUM ANALYZE');
    const seeded = (performance.now() - t0) / 1000;
    const [{ size }] = await database.sql.query<{ size: string }>(`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`);
    const taxYear = taxYearOf(todayInIndia()) - 1;
    const times: number[] = [];
    let summary = await districtSummary(database.prisma, districtId, taxYear);
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      summary = await districtSummary(database.prisma, districtId, taxYear);
      times.push(performance.now() - t);
    }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(
      `district summary, ${councils} councils × ${perCouncil} properties (${(councils * perCouncil).toLocaleString('en-IN')}), ` +
        `3 tax years of books, database ${size}, seeded in ${seeded.toFixed(0)} s; load ${load} on ${os.cpus().length} cores`,
    );
    console.log(
      `  p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  (target ≤ ${TARGET_MS} ms at 1,000 × 1,000)  ` +
        `demand ₹${summary.total.demand}, collected ${summary.total.collectionPercent}%`,
    );
  } finally {
    await database.close();
    await scratch.drop();
  }
}
