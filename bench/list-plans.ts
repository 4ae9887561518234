// The plans of one certificate list page: every raw statement listCertificates sends, run under
// EXPLAIN (ANALYZE, BUFFERS), on the database bench/certificates.ts kept (BENCH_KEEP=1).
// npx tsx bench/list-plans.ts <kind> <term or ""> <page> [rows]
// DATABASE_URL for PostgreSQL, else BENCH_DATA_DIR (the kept PGlite data directory); no migrations are run.
import { openDatabase } from '../server/db/open.ts';
import { KINDS } from '../server/modules/certificates/kinds.ts';
import { listCertificates } from '../server/modules/certificates/service.ts';
import { statementsOf } from './sql-time.ts';

const [kindName = 'birth', term = '', page = '1', rows = process.env.BENCH_ROWS ?? '100000'] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL || undefined;
const database = await openDatabase(
  databaseUrl ? { databaseUrl, migrate: false } : { dataDir: process.env.BENCH_DATA_DIR!, migrate: false },
);
const db = database.prisma;
try {
  const council = await db.user.findFirstOrThrow({ where: { username: `bench_cert_keep_${rows}` } });
  const kind = KINDS.find((k) => k.kind === kindName)!;
  const query = { pageNumber: Number(page), pageSize: 10, nameFilter: term || undefined };
  const statements = await statementsOf(db, (d) => listCertificates(d, kind, council.id, query));
  for (const s of statements) {
    for (let i = 0; i < 2; i++) await db.$queryRawUnsafe(s.text, ...s.values); // warm
    const plan = await db.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, ...s.values);
    console.log(`${s.text}\n${JSON.stringify(s.values)}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}\n`);
  }
} finally {
  await database.close();
}
