// A district in bulk (issue 32), for bench/district.ts, district-load.ts and request-cost.ts: councils (User
// rows) × properties with owners, assessments and three tax years of books (tests/helpers/tax-seed.ts
// seedTaxedInBulk, called for a batch of councils at once: every statement runs over councils ×
// properties), certificates of the four kinds spread over the councils and a year, sent SMS, the
// councils grouped into one district, then VACUUM ANALYZE. Then the books' invariants checked on a
// few councils, so the timed data is what the portal itself would have written.
// Not a benchmark (no run()): bench/run.ts does not import it.
import bcrypt from 'bcrypt';
import { seedTaxedInBulk } from '../tests/helpers/tax-seed.ts';
import { taxYearOf } from '../common/property/tax.ts';
import { todayInIndia } from '../common/dates.ts';
import { FIRST_NAMES, LAST_NAMES } from './certificate-bodies.ts';

/** The password the benches that drive a running portal give the councils their staff clients log in to. */
export const BENCH_PASSWORD = 'District-bench-1';

/** Gives these councils BENCH_PASSWORD. */
export async function giveBenchPassword(database: Sql, councils: number[]) {
  await database.sql.query(`UPDATE "User" SET "passwordHash" = $1 WHERE "id" = ANY($2::int[])`, [
    await bcrypt.hash(BENCH_PASSWORD, 10),
    councils,
  ]);
}

interface Sql {
  kind: 'postgresql' | 'pglite';
  sql: { query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>; exec(sql: string): Promise<unknown> };
}

export interface DistrictSize {
  councils: number;
  perCouncil: number;
  certificates: number;
  /** SMS sent per council. */
  sms: number;
  /** Councils per seeding round (one set of statements each). */
  batch: number;
}

export function districtSize(env = process.env, defaults: Partial<DistrictSize> = {}): DistrictSize {
  const councils = Number(env.DISTRICT_COUNCILS || defaults.councils || 20);
  return {
    councils,
    perCouncil: Number(env.DISTRICT_PROPERTIES || defaults.perCouncil || 500),
    // The issue's 200,000 at 1,000 councils: 200 a council unless told.
    certificates: Number(env.DISTRICT_CERTIFICATES || defaults.certificates || councils * 200),
    sms: Number(env.DISTRICT_SMS || defaults.sms || 20),
    batch: Number(env.DISTRICT_BATCH || defaults.batch || 100),
  };
}

/** Certificate tables: their id column and, per column, its value for row g (council ids[g % n]). */
const EN = `(fe[1 + g % cardinality(fe)] || ' ' || le[1 + (g / cardinality(fe)) % cardinality(le)])`;
const MR = `(fm[1 + g % cardinality(fm)] || ' ' || lm[1 + (g / cardinality(fm)) % cardinality(lm)])`;
const KINDS: { table: string; id: string; columns: Record<string, string> }[] = [
  {
    table: 'BirthCertificate',
    id: 'birthCertificatesId',
    columns: {
      serialNo: 'g / cardinality(ids) + 1',
      registrationNo: `'B-' || g`,
      registrationDate: 'at::date',
      birthDate: `at::date - 7`,
      childFullNameEnglish: EN,
      childFullNameMarathi: MR,
      gender: `CASE WHEN g % 2 = 0 THEN 'Male' ELSE 'Female' END`,
    },
  },
  {
    table: 'DeathCertificate',
    id: 'deathCertificatesId',
    columns: {
      registrationNumber: `'D-' || g`,
      registrationDate: 'at::date',
      deceasedNameEnglish: EN,
      deceasedNameMarathi: MR,
      genderMarathi: `'पुरुष'`,
      genderEnglish: `'Male'`,
      aadhaarNumberDeceased: `'123456789012'`,
      dateOfDeath: 'at::date - 3',
      dateOfDeathWords: `''`,
      placeOfDeathMarathi: `'घर'`,
      placeOfDeathEnglish: `'Home'`,
      ageOfDeceased: '40 + g % 50',
    },
  },
  {
    table: 'ResidenceCertificate',
    id: 'residentialCertificatesIdCertId',
    columns: {
      registrationNumber: `'R-' || g`,
      registrationDate: 'at::date',
      applicantNameEnglish: EN,
      applicantNameMarathi: MR,
      applicantAadhaar: `'123456789012'`,
      applicantAge: '18 + g % 60',
      applicantMobile: `'9876543210'`,
      guardianNameMarathi: `'पालक'`,
      guardianNameEnglish: `'Guardian'`,
    },
  },
  {
    table: 'MarriageCertificate',
    id: 'marriageCertificatesId',
    columns: {
      husbandNameEnglish: EN,
      husbandNameMarathi: MR,
      husbandFatherNameMarathi: `'वडील'`,
      husbandFatherNameEnglish: `'Father'`,
      wifeNameEnglish: EN.replaceAll('g %', '(g + 7) %').replaceAll('(g /', '((g + 7) /'),
      wifeNameMarathi: MR.replaceAll('g %', '(g + 7) %').replaceAll('(g /', '((g + 7) /'),
      wifeFatherNameMarathi: `'वडील'`,
      wifeFatherNameEnglish: `'Father'`,
      officiantNameMarathi: `'पुरोहित'`,
    },
  },
];

/** Seeds the district; returns the councils' ids, the district's id and how long each part took. */
export async function seedDistrict(database: Sql, size: DistrictSize, log: (line: string) => void = () => {}) {
  const q = database.sql.query.bind(database.sql);
  const parts: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    parts[name] = (parts[name] ?? 0) + (now - t) / 1000;
    t = now;
  };
  // A bulk load: the WAL need not reach the disk before each statement returns (this session only).
  await database.sql.exec(`SET synchronous_commit = off; SET maintenance_work_mem = '512MB'; SET work_mem = '256MB'`);
  // The secondary indexes of the tables the books fill, built once after the load rather than kept
  // row by row through it (the usual bulk load; the same indexes, from the migrations' own
  // definitions, so the timed database is the portal's). Unique ones stay: the seed's joins use them.
  const indexes = await q<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = ANY($1) AND indexdef NOT LIKE 'CREATE UNIQUE%'`,
    [['TaxEntry', 'Payment', 'PaymentLine', 'Owner', 'KarDetail', 'PropertyAssessment', 'Property']],
  );
  for (const { name } of indexes) await database.sql.exec(`DROP INDEX "${name}"`);
  const ids = (
    await q<{ id: number }>(
      `INSERT INTO "User" ("username", "usernameKey", "passwordHash", "updatedAt")
       SELECT 'gp_' || g, 'gp_' || g, 'x', now() FROM generate_series(1, $1::int) g RETURNING "id"`,
      [size.councils],
    )
  ).map((r) => r.id);
  for (let i = 0; i < ids.length; i += size.batch) {
    const batch = ids.slice(i, i + size.batch);
    await seedTaxedInBulk(database, batch, size.perCouncil, { years: 3, analyze: false });
    lap('books');
    log(`  books: ${Math.min(i + size.batch, ids.length)} of ${ids.length} councils, ${parts.books.toFixed(0)} s`);
  }
  const names = [FIRST_NAMES.map((n) => n[0]), LAST_NAMES.map((n) => n[0]), FIRST_NAMES.map((n) => n[1]), LAST_NAMES.map((n) => n[1])];
  for (const [k, kind] of KINDS.entries()) {
    // An equal share of each kind, made over the last year (the summary counts the tax year's).
    const count = Math.floor(size.certificates / KINDS.length) + (k < size.certificates % KINDS.length ? 1 : 0);
    const columns = Object.keys(kind.columns);
    await q(
      `INSERT INTO "${kind.table}" ("${kind.id}", "updatedAt", "createdByUserId", "createdAt", ${columns.map((c) => `"${c}"`).join(', ')})
       SELECT gen_random_uuid(), at, ids[1 + g % cardinality(ids)], at, ${Object.values(kind.columns).join(', ')}
       FROM (SELECT $1::int[] AS ids, $3::text[] AS fe, $4::text[] AS le, $5::text[] AS fm, $6::text[] AS lm) a
       CROSS JOIN generate_series(0, $2::int - 1) g
       CROSS JOIN LATERAL (SELECT date_trunc('second', now()) - ((g * 7919) % 525600) * interval '1 minute' AS at) d`,
      [ids, count, ...names],
    );
  }
  lap('certificates');
  await q(
    `WITH b AS (INSERT INTO "SmsBatch" ("createdByUserId", "kind", "provider", "segments")
       SELECT c, 'dues', 'fast2sms', $2::int FROM unnest($1::int[]) c RETURNING "id", "createdByUserId")
     INSERT INTO "SmsMessage" ("batchId", "createdByUserId", "mobile", "malmattaNo", "text", "segments", "status", "attempts", "sentAt", "updatedAt")
     SELECT b."id", b."createdByUserId", (9000000000 + g)::text, g::text, 'थकबाकी', 1, 'sent', 1, now() - g * interval '1 hour', now()
     FROM b CROSS JOIN generate_series(1, $2::int) g`,
    [ids, size.sms],
  );
  const [{ id: districtId }] = await q<{ id: number }>(`INSERT INTO "District" ("name") VALUES ('सातारा') RETURNING "id"`);
  await q(`INSERT INTO "DistrictCouncil" ("councilId", "districtId") SELECT unnest($1::int[]), $2`, [ids, districtId]);
  lap('sms and district');
  for (const { def } of indexes) await database.sql.exec(def);
  lap(`${indexes.length} indexes`);
  await database.sql.exec('VACUUM ANALYZE');
  lap('vacuum analyze');
  return { ids, districtId, parts };
}

/** The books' invariants (tests/server/tax-books-invariant.test.ts checks them through the API) on
 *  these councils, in SQL: each a count of rows that break it, so every one must be 0. */
export async function booksInvariants(database: Sql, councils: number[]): Promise<Record<string, number>> {
  const last = taxYearOf(todayInIndia()) - 1;
  const checks: Record<string, string> = {
    'kar record ≠ the sum of its entries': `
      SELECT k."karId" FROM "KarDetail" k LEFT JOIN (SELECT "karId", sum("amount") AS s FROM "TaxEntry" WHERE "createdByUserId" = ANY($1) GROUP BY 1) e USING ("karId")
      WHERE k."createdByUserId" = ANY($1) AND round(k."total" * 100) <> COALESCE(e.s, 0)`,
    'owed below zero (property, head, year)': `
      SELECT 1 FROM "TaxEntry" WHERE "createdByUserId" = ANY($1) GROUP BY "propertyId", "head", "taxYear" HAVING sum("amount") < 0`,
    'book totals ≠ the entries they sum': `
      SELECT 1 FROM (SELECT "createdByUserId", "bookYear", COALESCE("head", '') AS head, "kind", "part", sum("amount") AS s
        FROM "TaxEntry" WHERE "createdByUserId" = ANY($1) GROUP BY 1, 2, 3, 4, 5) e
      FULL JOIN (SELECT * FROM "TaxBookTotal" WHERE "createdByUserId" = ANY($1)) b
        ON b."createdByUserId" = e."createdByUserId" AND b."bookYear" = e."bookYear" AND b."head" = e.head AND b."kind" = e."kind" AND b."part" = e."part"
      WHERE COALESCE(b."amount", 0) <> COALESCE(e.s, 0)`,
    'receipt ≠ its lines or its collections': `
      SELECT 1 FROM "Payment" p
        LEFT JOIN (SELECT "paymentId", sum("fromArrears" + "fromCurrent") AS s FROM "PaymentLine" GROUP BY 1) l USING ("paymentId")
        LEFT JOIN (SELECT "paymentId", -sum("amount") AS s FROM "TaxEntry" WHERE "createdByUserId" = ANY($1) AND "paymentId" IS NOT NULL GROUP BY 1) e USING ("paymentId")
      WHERE p."createdByUserId" = ANY($1) AND (round(p."amountTotal" * 100) <> round(COALESCE(l.s, 0) * 100) OR round(p."amountTotal" * 100) <> COALESCE(e.s, 0))`,
    'receipt numbers not 1, 2, 3 … in a year': `
      SELECT 1 FROM "Payment" WHERE "createdByUserId" = ANY($1) GROUP BY "createdByUserId", "receiptYear"
      HAVING count(*) <> max("receiptNo") OR count(DISTINCT "receiptNo") <> count(*)`,
    [`kar record not brought to ${last}`]: `SELECT 1 FROM "KarDetail" WHERE "createdByUserId" = ANY($1) AND "karupdatedYear" <> ${last}`,
  };
  const broken: Record<string, number> = {};
  for (const [name, sql] of Object.entries(checks))
    broken[name] = (await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, [councils]))[0].n;
  return broken;
}
