// The worked example of the domain notes as a registered property: an RCC house, 50 m², land
// ₹1,200/m², built 16 years ago (house tax ₹936, light ₹20, health ₹20, water ₹300, annual ₹1,276),
// its kar record and, when asked, a payment. Through any ApiCall: HTTP for the browser tests and the
// benches (http-api.ts), injectCall for the server tests (tax.ts). Tens of thousands at once go in
// plain SQL instead (seedTaxedInBulk). No server code and no vitest here.
import type { ApiCall } from './http-api.ts';
import { todayInIndia } from '../../common/dates.ts';
import { taxYearOf } from '../../common/property/tax.ts';

export const thisYear = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));
export const todayIso = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
/** The day after today in India, YYYY-MM-DD: the first day a gram sabha notice may name. */
export const tomorrowIso = () => new Date(Date.parse(`${todayIso()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The registration body of the worked-example house; `extra` overrides any field. */
export const rccHouse = (malmattaNo: string, malkacheNav = 'सुनीता रमेश पाटील', extra: Record<string, unknown> = {}) => ({
  malmattaNo,
  malkacheNav,
  bhogwatdarakNav: 'स्वतः',
  mobileNo: '9876543210',
  gatNo: '45',
  citySurveyNo: '102',
  buildingType: 'rcc',
  usage: 'residential',
  milkatBandhakamYear: thisYear - 16,
  areaSqm: '50',
  landRate: '1200',
  ...extra,
});

export interface TaxedHouse {
  property: { propertyId: number; ownerId: number; malmattaNo: string };
  kar: Record<string, string | number> & { karId: number };
  /** Only when a payment was asked for: the saved payment, with its receipt's id. */
  payment?: Record<string, unknown> & { receiptId: string };
}

/** Registers the worked-example house, starts its kar record with these arrears (magilGharpatti …)
 *  and, given the amounts (paid_gharpatti …), pays them in cash today. */
export async function seedTaxedHouse(
  call: ApiCall,
  malmattaNo: string,
  opts: { owner?: string; arrears?: Record<string, string>; payment?: Record<string, string>; extra?: Record<string, unknown> } = {},
): Promise<TaxedHouse> {
  const property = await call('POST', '/api/GrampanchayatImport/register-owner-property', rccHouse(malmattaNo, opts.owner, opts.extra));
  const kar = await call('POST', '/api/KarImport/kar-details/add', { malmattaNo, ...opts.arrears });
  if (!opts.payment) return { property, kar };
  const { payment } = await call('POST', '/api/KarImport/apply-payment-simple', {
    karid: kar.karId,
    paid_method: 'cash',
    paid_on: todayIso(),
    ...opts.payment,
  });
  return { property, kar, payment };
}

/** What seedTaxedInBulk needs of an open database (server/db/open.ts's OpenDatabase has it). */
interface BulkSql {
  kind: 'postgresql' | 'pglite';
  sql: { query(sql: string, params?: unknown[]): Promise<unknown>; exec(sql: string): Promise<unknown> };
}

/** n properties of one council with their owners, assessments, kar records and books: `years` tax
 *  years of history up to last year (the rollover of this year still to do). Each property starts
 *  with opening arrears (₹0–249.75 of house tax); each year raises its demand (₹1,276 over four
 *  heads), and three properties in four pay it, in one, two or three receipts, the fourth leaving it
 *  as arrears. With 5 years and 10,000 properties that is about half a million entries: the bench's
 *  realistic village. All set-based (a few statements), then fresh planner statistics. The kar
 *  records are the sum of their entries, as the server keeps them. */
export async function seedTaxedInBulk(
  database: BulkSql,
  councils: number | number[],
  n: number,
  opts: { years?: number; analyze?: boolean } = {},
) {
  const years = opts.years ?? 1;
  // One council or many at once: every statement runs over councils × properties (a district's
  // thousand councils in the same few statements as one village; bench/district.ts).
  const council = Array.isArray(councils) ? councils : [councils];
  const year = todayInIndia().getUTCFullYear();
  const last = taxYearOf(todayInIndia()) - 1;
  const first = last - years + 1;
  const q = (sql: string, params: unknown[] = []) => database.sql.query(sql, params);
  await q(
    `INSERT INTO "Property" ("createdByUserId", "malmattaNo", "malmattaKey", "serialNo", "buildingType", "usage", "milkatBandhakamYear", "areaSqm", "area",
       "landRate", "ghasaraRate", "ghasaraDarUpdatedYear", "gharpatti", "divabatti", "arogya", "panipatti", "total", "updatedAt")
     SELECT c, g::text, g::text, g, (ARRAY['rcc','stoneCement','hut','stoneMud'])[1 + g % 4], CASE WHEN g % 10 = 0 THEN 'commercial' ELSE 'residential' END,
       1960 + g % 60, 20 + g % 80, round((20 + g % 80) * 10.7639, 2), 800 + (g % 5) * 100, 0.80, $2::int, 936, 20, 20, 300, 1276, now()
     FROM unnest($1::int[]) c CROSS JOIN generate_series(1, $3::int) g`,
    [council, year - 1, n],
  );
  await q(
    `INSERT INTO "Counter" ("createdByUserId", "name", "year", "value") SELECT c, 'property-serial', 0, $2 FROM unnest($1::int[]) c
     ON CONFLICT ("createdByUserId", "name", "year") DO UPDATE SET "value" = EXCLUDED."value"`,
    [council, n],
  );
  await q(
    `INSERT INTO "Owner" ("propertyId", "createdByUserId", "malmattaNo", "malkacheNav", "updatedAt")
     SELECT "propertyId", "createdByUserId", "malmattaNo", 'मालक ' || "malmattaNo", now() FROM "Property" WHERE "createdByUserId" = ANY($1::int[])`,
    [council],
  );
  await q(
    `INSERT INTO "PropertyAssessment" ("createdByUserId", "propertyId", "effectiveTaxYear", "buildingType", "usage", "milkatBandhakamYear",
       "area", "areaSqm", "landRate", "buildingRate", "constructionRate", "ghasaraRate", "ghasaraYear", "buildingBharank",
       "bhandavaliRateRs", "karachaRateRs", "gharpatti", "divabatti", "arogya", "panipatti", "total", "reason", "byUser")
     SELECT "createdByUserId", "propertyId", 0, "buildingType", "usage", "milkatBandhakamYear", "area", "areaSqm", "landRate", "buildingRate",
       "constructionRate", "ghasaraRate", "ghasaraDarUpdatedYear", "buildingBharank", "bhandavaliRateRs", "karachaRateRs",
       "gharpatti", "divabatti", "arogya", "panipatti", "total", 'opening', 'seed'
     FROM "Property" WHERE "createdByUserId" = ANY($1::int[])`,
    [council],
  );
  await q(
    `INSERT INTO "KarDetail" ("propertyId", "createdByUserId", "malmattaNo", "malkacheNav", "karupdatedYear", "updatedAt")
     SELECT "propertyId", "createdByUserId", "malmattaNo", 'मालक ' || "malmattaNo", $2::int, now() FROM "Property" WHERE "createdByUserId" = ANY($1::int[])`,
    [council, last],
  );
  // Opening arrears (the year before the history) and each year's demand, dated 1 April.
  await q(
    `INSERT INTO "TaxEntry" ("createdByUserId", "propertyId", "karId", "ownerName", "taxYear", "bookYear", "head", "part", "kind", "amount", "date", "reason", "byUser")
     SELECT k."createdByUserId", k."propertyId", k."karId", k."malkacheNav", y, y, h.head, 'current', 'demand', h.paise, make_date(y, 4, 1), 'मागणी / Demand', 'seed'
     FROM "KarDetail" k JOIN "Property" p ON p."propertyId" = k."propertyId"
     CROSS JOIN generate_series($2::int - 1, $3::int) y
     CROSS JOIN LATERAL (VALUES ('gharpatti', CASE WHEN y < $2::int THEN (k."propertyId" % 1000) * 25 ELSE (p."gharpatti" * 100)::bigint END),
       ('divabatti', CASE WHEN y < $2::int THEN 0 ELSE (p."divabatti" * 100)::bigint END),
       ('arogyakar', CASE WHEN y < $2::int THEN 0 ELSE (p."arogya" * 100)::bigint END),
       ('panipatti', CASE WHEN y < $2::int THEN 0 ELSE (p."panipatti" * 100)::bigint END)) AS h(head, paise)
     WHERE k."createdByUserId" = ANY($1::int[]) AND h.paise > 0`,
    [council, first, last],
  );
  if (years > 0) {
    // Three in four pay each year's demand, in 1–3 receipts (the last takes what the split leaves).
    await q(
      `CREATE TEMPORARY TABLE seed_line AS
       SELECT k."createdByUserId" AS council, k."karId", k."propertyId", k."malmattaNo", k."malkacheNav", y, i, m, h.head,
         CASE WHEN i < m THEN h.paise / m ELSE h.paise - (m - 1) * (h.paise / m) END AS paise
       FROM "KarDetail" k JOIN "Property" p ON p."propertyId" = k."propertyId"
       CROSS JOIN generate_series($2::int, $3::int) y
       CROSS JOIN LATERAL (SELECT 1 + k."propertyId" % 3 AS m) mm
       CROSS JOIN LATERAL generate_series(1, m) i
       CROSS JOIN LATERAL (VALUES ('gharpatti', (p."gharpatti" * 100)::bigint), ('divabatti', (p."divabatti" * 100)::bigint),
         ('arogyakar', (p."arogya" * 100)::bigint), ('panipatti', (p."panipatti" * 100)::bigint)) AS h(head, paise)
       WHERE k."createdByUserId" = ANY($1::int[]) AND (k."propertyId" + y) % 4 <> 0`,
      [council, first, last],
    );
    // Statistics for the joins below (a temporary table has none; without them PostgreSQL guessed a
    // nested loop over a district's million receipts).
    await database.sql.exec('ANALYZE seed_line');
    await q(
      `INSERT INTO "Payment" ("receiptId", "karId", "createdByUserId", "malmattaNo", "payerName", "receiptYear", "receiptNo", "paidOn", "paidMethod",
         "amountTotal", "idempotencyKey")
       SELECT gen_random_uuid(), "karId", council, "malmattaNo", "malkacheNav", y,
         row_number() OVER (PARTITION BY council, y ORDER BY i, "karId")::int, make_date(y, 4 + 2 * i, 10), 'cash', sum(paise) / 100.0,
         'seed-' || y || '-' || "karId" || '-' || i
       FROM seed_line GROUP BY council, "karId", "malmattaNo", "malkacheNav", y, i`,
    );
    await database.sql.exec('ANALYZE "Payment"');
    await q(
      `INSERT INTO "PaymentLine" ("paymentId", "category", "fromArrears", "fromCurrent")
       SELECT p."paymentId", l.head, 0, l.paise / 100.0
       FROM seed_line l JOIN "Payment" p ON p."createdByUserId" = l.council AND p."idempotencyKey" = 'seed-' || l.y || '-' || l."karId" || '-' || l.i
       WHERE l.paise > 0`,
    );
    await q(
      `INSERT INTO "TaxEntry" ("createdByUserId", "propertyId", "karId", "ownerName", "taxYear", "bookYear", "head", "part", "kind", "amount", "date",
         "paymentId", "reference", "reason", "byUser")
       SELECT l.council, l."propertyId", l."karId", l."malkacheNav", l.y, l.y, l.head, 'current', 'collection', -l.paise, p."paidOn",
         p."paymentId", 'पावती ' || p."receiptNo", '', 'seed'
       FROM seed_line l JOIN "Payment" p ON p."createdByUserId" = l.council AND p."idempotencyKey" = 'seed-' || l.y || '-' || l."karId" || '-' || l.i
       WHERE l.paise > 0`,
    );
    await q(
      `INSERT INTO "Counter" ("createdByUserId", "name", "year", "value")
       SELECT "createdByUserId", 'receipt', "receiptYear", max("receiptNo") FROM "Payment" WHERE "createdByUserId" = ANY($1::int[]) GROUP BY 1, 3
       ON CONFLICT ("createdByUserId", "name", "year") DO UPDATE SET "value" = EXCLUDED."value"`,
      [council],
    );
    await database.sql.exec('DROP TABLE seed_line');
  }
  // The kar records: the sum of their entries, as the server keeps them.
  await q(
    `UPDATE "KarDetail" k SET
       "magilGharpatti" = s.mg / 100.0, "chaluGharpatti" = s.cg / 100.0, "magilDivabatti" = s.md / 100.0, "chaluDivabatti" = s.cd / 100.0,
       "magilArogyakar" = s.ma / 100.0, "chaluArogyakar" = s.ca / 100.0, "magilPanipatti" = s.mp / 100.0, "chaluPanipatti" = s.cp / 100.0,
       "total" = (s.mg + s.cg + s.md + s.cd + s.ma + s.ca + s.mp + s.cp) / 100.0
     FROM (SELECT "karId",
       COALESCE(sum("amount") FILTER (WHERE "head" = 'gharpatti' AND "taxYear" < $2::int), 0) AS mg,
       COALESCE(sum("amount") FILTER (WHERE "head" = 'gharpatti' AND "taxYear" >= $2::int), 0) AS cg,
       COALESCE(sum("amount") FILTER (WHERE "head" = 'divabatti' AND "taxYear" < $2::int), 0) AS md,
       COALESCE(sum("amount") FILTER (WHERE "head" = 'divabatti' AND "taxYear" >= $2::int), 0) AS cd,
       COALESCE(sum("amount") FILTER (WHERE "head" = 'arogyakar' AND "taxYear" < $2::int), 0) AS ma,
       COALESCE(sum("amount") FILTER (WHERE "head" = 'arogyakar' AND "taxYear" >= $2::int), 0) AS ca,
       COALESCE(sum("amount") FILTER (WHERE "head" = 'panipatti' AND "taxYear" < $2::int), 0) AS mp,
       COALESCE(sum("amount") FILTER (WHERE "head" = 'panipatti' AND "taxYear" >= $2::int), 0) AS cp
       FROM "TaxEntry" WHERE "createdByUserId" = ANY($1::int[]) GROUP BY "karId") s
     WHERE k."karId" = s."karId"`,
    [council, last],
  );
  if (opts.analyze === false) return;
  if (database.kind === 'pglite') await database.sql.exec('VACUUM ANALYZE');
  else
    await database.sql.exec(
      'ANALYZE "Property"; ANALYZE "Owner"; ANALYZE "KarDetail"; ANALYZE "PropertyAssessment"; ANALYZE "TaxEntry"; ANALYZE "Payment"; ANALYZE "PaymentLine"',
    );
}
