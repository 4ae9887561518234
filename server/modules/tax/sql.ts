// The tax area's raw SQL with the types of its rows: the books (entries, balances, the kar summary,
// the council's totals), payments, the registers and the tax list. Statements are built once from the
// heads table; each is run by one exported function taking the client (or transaction) first, the
// only way the area reaches them. tests/server/raw-sql.test.ts runs every one of those functions
// against the migrated schema on both databases.
import { TAX_HEADS, TAX_LIST_COLUMNS } from '../../../common/property/tax.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';
import type { BalanceRow } from './books.ts';
import type { KarRow } from './schema.ts';
import { fromPaise, toPaise } from '../../../common/money.ts';

const q = (c: string) => `"${c}"`;

// ---------------------------------------------------------------- the books

export interface KarLockRow {
  karId: number;
  propertyId: number;
  malmattaNo: string;
  karupdatedYear: number;
  ownerId: number | null;
  ownerName: string;
}

const KAR_CONTEXT = `SELECT k."karId", k."propertyId", k."malmattaNo", k."karupdatedYear", o."ownerId",
    COALESCE(o."malkacheNav", k."malkacheNav") AS "ownerName"
  FROM "KarDetail" k
  LEFT JOIN LATERAL (SELECT "ownerId", "malkacheNav" FROM "Owner" WHERE "propertyId" = k."propertyId" AND "isActive"
                     ORDER BY "ownerId" DESC LIMIT 1) o ON true`;

/** One kar record of the council, locked until the transaction ends, with its owner now. */
const LOCK_KAR_SQL = `${KAR_CONTEXT} WHERE k."karId" = $1 AND k."createdByUserId" = $2 FOR UPDATE OF k`;

/** Kar records of the council ($2), locked in karId order. */
const LOCK_MANY_KAR_SQL = `${KAR_CONTEXT} WHERE k."createdByUserId" = $1 AND k."karId" = ANY($2::int[]) ORDER BY k."karId" FOR UPDATE OF k`;

/** Every kar record of the council, locked in karId order (so two council-wide jobs wait, never deadlock). */
const LOCK_ALL_KAR_SQL = `${KAR_CONTEXT} WHERE k."createdByUserId" = $1 ORDER BY k."karId" FOR UPDATE OF k`;

/** A property's entries summed per head, year, receipt and kind (Books.from). */
const BALANCES_SQL = `SELECT "head", "taxYear", "paymentId", "kind", sum("amount")::text AS "amount"
  FROM "TaxEntry" WHERE "propertyId" = $1 GROUP BY 1, 2, 3, 4`;

/** The same for many properties at once (a council-wide correction). */
const BALANCES_OF_MANY_SQL = `SELECT "propertyId", "head", "taxYear", "paymentId", "kind", sum("amount")::text AS "amount"
  FROM "TaxEntry" WHERE "createdByUserId" = $1 AND "propertyId" = ANY($2::int[]) GROUP BY 1, 2, 3, 4, 5`;

const ENTRY_COLUMNS: [string, string][] = [
  ['createdByUserId', 'int'],
  ['propertyId', 'int'],
  ['karId', 'int'],
  ['ownerId', 'int'],
  ['ownerName', 'text'],
  ['taxYear', 'int'],
  ['bookYear', 'int'],
  ['head', 'text'],
  ['part', 'text'],
  ['kind', 'text'],
  ['amount', 'bigint'],
  ['date', 'date'],
  ['paymentId', 'int'],
  ['reference', 'text'],
  ['reason', 'text'],
  ['byUser', 'text'],
];

/** The kar record's columns a summary sets ($2: the karId, then the amounts in SUMMARY_COLUMNS' order). */
const SUMMARY_COLUMNS = [...TAX_HEADS.flatMap((h) => [`magil${h.col}`, `chalu${h.col}`]), 'total', 'advance'];
const SET_SUMMARY = (first: number) =>
  `UPDATE "KarDetail" SET ${SUMMARY_COLUMNS.map((c, i) => `${q(c)} = $${first + i}::numeric`).join(', ')}, "updatedAt" = now()
   WHERE "karId" = $${first - 1}::int`;

/** Rows of a JSON parameter with their place, so a statement keeps their order (the "n" column). */
const numbered = <T extends object>(rows: T[]) => rows.map((r, n) => ({ ...r, n }));

/** Entries, one JSON parameter for all of them (numbered), in their order. */
function INSERT_ENTRIES_SQL_BODY(param = 1) {
  return `INSERT INTO "TaxEntry" (${ENTRY_COLUMNS.map(([c]) => q(c)).join(', ')})
  SELECT ${ENTRY_COLUMNS.map(([c]) => `r.${q(c)}`).join(', ')}
  FROM jsonb_to_recordset($${param}::jsonb) AS r(${ENTRY_COLUMNS.map(([c, t]) => `${q(c)} ${t}`).join(', ')}, n int)
  ORDER BY r.n`;
}
const INSERT_ENTRIES_SQL = INSERT_ENTRIES_SQL_BODY();

/** A kar record's new entries and its summary in one statement ($1 the entries, $2 the karId, then the amounts). */
const RECORD_SQL = `WITH e AS (${INSERT_ENTRIES_SQL_BODY()}) ${SET_SUMMARY(3)}`;

const rupees = (paise: string) => `(${paise})::numeric / 100`;

/** The kar summary from the entries: per head, what is owed for the kar record's year (chalu) and
 *  before it (magil); the total; the advance held. Of the properties given ($2), or of every one of
 *  the council's (two statements, so each has a plan of its own: by property, or the whole council). */
const summarySql = (scope: 'properties' | 'council') => `UPDATE "KarDetail" k SET
    ${TAX_HEADS.map((h) => `${q(`magil${h.col}`)} = ${rupees(`s.${q(`magil${h.col}`)}`)}, ${q(`chalu${h.col}`)} = ${rupees(`s.${q(`chalu${h.col}`)}`)}`).join(',\n    ')},
    "total" = ${rupees('s."owed"')}, "advance" = ${rupees('s."advance"')}, "updatedAt" = now()
  FROM (
    SELECT e."karId",
      ${TAX_HEADS.map(
        (
          h,
        ) => `COALESCE(sum(e."amount") FILTER (WHERE e."head" = '${h.key}' AND e."taxYear" < k2."karupdatedYear"), 0) AS ${q(`magil${h.col}`)},
      COALESCE(sum(e."amount") FILTER (WHERE e."head" = '${h.key}' AND e."taxYear" >= k2."karupdatedYear"), 0) AS ${q(`chalu${h.col}`)}`,
      ).join(',\n      ')},
      COALESCE(sum(e."amount") FILTER (WHERE e."head" IS NOT NULL), 0) AS "owed",
      COALESCE(sum(e."amount") FILTER (WHERE e."head" IS NULL), 0) AS "advance"
    FROM "TaxEntry" e JOIN "KarDetail" k2 ON k2."karId" = e."karId"
    WHERE e."createdByUserId" = $1 ${scope === 'properties' ? `AND e."propertyId" = ANY($2::int[])` : ''}
    GROUP BY e."karId"
  ) s
  WHERE k."karId" = s."karId"`;
const SUMMARY_OF_PROPERTIES_SQL = summarySql('properties');
const SUMMARY_OF_COUNCIL_SQL = summarySql('council');

// ---------------------------------------------------------------- payments

/** An earlier payment of the council with the request's Idempotency-Key. */
const EARLIER_PAYMENT_SQL = `SELECT "paymentId" FROM "Payment" WHERE "createdByUserId" = $1 AND "idempotencyKey" = $2`;

const PAYMENT_COLUMNS: [string, string][] = [
  ['karId', 'int'],
  ['createdByUserId', 'int'],
  ['malmattaNo', 'text'],
  ['payerName', 'text'],
  ['receiptYear', 'int'],
  ['receiptNo', 'int'],
  ['paidOn', 'date'],
  ['paidMethod', 'text'],
  ['note', 'text'],
  ['amountTotal', 'numeric'],
  ['idempotencyKey', 'text'],
  ['chequeNo', 'text'],
  ['bankName', 'text'],
  ['bankReference', 'text'],
  ['allocation', 'text'],
];

/** A payment in one statement: the receipt, its lines, its entries (whose paymentId -1 is the new
 *  receipt's) and the kar record's summary. $1 the payment, $2 its lines, $3 the entries, $4 the
 *  karId, then the summary amounts. */
const WRITE_PAYMENT_SQL = `WITH p AS (
    INSERT INTO "Payment" ("receiptId", ${PAYMENT_COLUMNS.map(([c]) => q(c)).join(', ')})
    SELECT gen_random_uuid(), ${PAYMENT_COLUMNS.map(([c]) => `r.${q(c)}`).join(', ')}
    FROM jsonb_to_record($1::jsonb) AS r(${PAYMENT_COLUMNS.map(([c, t]) => `${q(c)} ${t}`).join(', ')})
    RETURNING "paymentId", "receiptId"::text AS "receiptId", "createdAt"
  ), l AS (
    INSERT INTO "PaymentLine" ("paymentId", "category", "fromArrears", "fromCurrent")
    SELECT p."paymentId", r."category", r."fromArrears", r."fromCurrent"
    FROM p, jsonb_to_recordset($2::jsonb) AS r("category" text, "fromArrears" numeric, "fromCurrent" numeric, n int)
    ORDER BY r.n
  ), e AS (
    INSERT INTO "TaxEntry" (${ENTRY_COLUMNS.map(([c]) => q(c)).join(', ')})
    SELECT ${ENTRY_COLUMNS.map(([c]) => (c === 'paymentId' ? `CASE WHEN r."paymentId" = -1 THEN p."paymentId" ELSE r."paymentId" END` : `r.${q(c)}`)).join(', ')}
    FROM p, jsonb_to_recordset($3::jsonb) AS r(${ENTRY_COLUMNS.map(([c, t]) => `${q(c)} ${t}`).join(', ')}, n int)
    ORDER BY r.n
  ), k AS (${SET_SUMMARY(5)})
  SELECT "paymentId", "receiptId", "createdAt" FROM p`;

// ---------------------------------------------------------------- the yearly demand

/** The year of a SQL integer as its label: 2026 → 2026-27. */
const label = (y: string) => `${y} || '-' || lpad(((${y} + 1) % 100)::text, 2, '0')`;

/** Every year each kar record of the council is behind ($2 the tax year now), with the assessment in
 *  force on 1 April of that year: one row per kar record and year. A kar record that never had a
 *  year (0) starts at this one. Kar records holding an advance ($3 false) are left to the per-property
 *  path, which applies the advance. */
const BEHIND = `FROM "KarDetail" k
  CROSS JOIN LATERAL generate_series(CASE WHEN k."karupdatedYear" < 2000 THEN $2::int ELSE k."karupdatedYear" + 1 END, $2::int) AS y("year")
  CROSS JOIN LATERAL (
    SELECT ${TAX_HEADS.map((h) => `a.${q(h.assessed)}`).join(', ')} FROM "PropertyAssessment" a
    WHERE a."propertyId" = k."propertyId" AND a."effectiveTaxYear" <= y."year"
    ORDER BY a."effectiveTaxYear" DESC, a."id" DESC LIMIT 1
  ) a
  WHERE k."createdByUserId" = $1 AND k."karupdatedYear" < $2::int AND ($3::boolean OR k."advance" = 0)`;

/** What the rollover would raise, per year: how many properties, and the demand per head. */
const ROLLOVER_PLAN_SQL = `SELECT y."year" AS "taxYear", count(*)::int AS "properties",
    ${TAX_HEADS.map((h) => `sum(a.${q(h.assessed)})::text AS ${q(h.key)}`).join(', ')}
  ${BEHIND} GROUP BY y."year" ORDER BY y."year"`;

export interface RolloverPlanRow {
  taxYear: number;
  properties: number;
  gharpatti: string;
  divabatti: string;
  arogyakar: string;
  panipatti: string;
}

/** The kar records that hold an advance and are behind (their demand is raised one by one). */
const BEHIND_WITH_ADVANCE_SQL = `SELECT k."karId" FROM "KarDetail" k
  WHERE k."createdByUserId" = $1 AND k."karupdatedYear" < $2::int AND k."advance" <> 0 ORDER BY k."karId"`;

/** Raises every missed year's demand of the council's kar records without an advance, oldest year
 *  first, and moves each record on to this year: its unpaid current demand and the late years become
 *  arrears, this year's demand its current. $4 the entries' date, $5 who. Answers the rows updated. */
const ROLLOVER_SQL = `WITH ins AS (
    INSERT INTO "TaxEntry" ("createdByUserId", "propertyId", "karId", "ownerId", "ownerName", "taxYear", "bookYear", "head", "part",
      "kind", "amount", "date", "reason", "byUser")
    SELECT k."createdByUserId", k."propertyId", k."karId", o."ownerId", COALESCE(o."malkacheNav", k."malkacheNav"), y."year", $2::int, h."key",
      CASE WHEN y."year" < $2::int THEN 'arrears' ELSE 'current' END, 'demand', h."amount", $4::date,
      'कर वर्ष ' || ${label('y."year"')} || ' ची मागणी / Demand of tax year ' || ${label('y."year"')}
        || CASE WHEN y."year" < $2::int THEN ' (उशिरा / raised late)' ELSE '' END,
      $5
    ${BEHIND.replace(
      'WHERE k.',
      `CROSS JOIN LATERAL (VALUES ${TAX_HEADS.map((h, i) => `('${h.key}', ${i}, (a.${q(h.assessed)} * 100)::bigint)`).join(', ')}) AS h("key", "n", "amount")
  LEFT JOIN LATERAL (SELECT "ownerId", "malkacheNav" FROM "Owner" WHERE "propertyId" = k."propertyId" AND "isActive"
                     ORDER BY "ownerId" DESC LIMIT 1) o ON true
  WHERE h."amount" > 0 AND k.`,
    )}
    ORDER BY k."karId", y."year", h."n"
    RETURNING "karId", "head", "taxYear", "amount"
  ), raised AS (
    SELECT "karId", ${TAX_HEADS.map(
      (h) => `COALESCE(sum("amount") FILTER (WHERE "head" = '${h.key}' AND "taxYear" < $2::int), 0) AS ${q(`late${h.col}`)},
      COALESCE(sum("amount") FILTER (WHERE "head" = '${h.key}' AND "taxYear" = $2::int), 0) AS ${q(`now${h.col}`)}`,
    ).join(',\n      ')},
      sum("amount") AS "all"
    FROM ins GROUP BY "karId"
  )
  UPDATE "KarDetail" k SET
    ${TAX_HEADS.map(
      (h) => `${q(`magil${h.col}`)} = k.${q(`magil${h.col}`)} + k.${q(`chalu${h.col}`)} + ${rupees(`COALESCE(r.${q(`late${h.col}`)}, 0)`)},
    ${q(`chalu${h.col}`)} = ${rupees(`COALESCE(r.${q(`now${h.col}`)}, 0)`)}`,
    ).join(',\n    ')},
    "total" = k."total" + ${rupees('COALESCE(r."all", 0)')}, "karupdatedYear" = $2::int, "updatedAt" = now()
  FROM "KarDetail" k2 LEFT JOIN raised r ON r."karId" = k2."karId"
  WHERE k."karId" = k2."karId" AND k2."createdByUserId" = $1 AND k2."karupdatedYear" < $2::int AND ($3::boolean OR k2."advance" = 0)`;

/** Notes a yearly job's run (the rollover may run again in a year for records that fell behind). */
const RECORD_RUN_SQL = `INSERT INTO "TaxYearRun" ("createdByUserId", "kind", "year", "rows") VALUES ($1, $2, $3, $4)
  ON CONFLICT ("createdByUserId", "kind", "year") DO UPDATE SET "rows" = "TaxYearRun"."rows" + EXCLUDED."rows", "ranAt" = now()`;

// ---------------------------------------------------------------- registers

export interface LedgerEntryRow {
  entryId: number;
  taxYear: number;
  head: string | null;
  part: string;
  kind: string;
  amount: string;
  date: Date;
  reference: string;
  reason: string;
  ownerName: string;
  byUser: string;
  createdAt: Date;
  receiptYear: number | null;
  receiptNo: number | null;
}

/** A property's entries, oldest first, with the receipt whose money each is. */
const LEDGER_ENTRIES_SQL = `SELECT e."entryId", e."taxYear", e."head", e."part", e."kind", e."amount"::text AS "amount", e."date",
    e."reference", e."reason", e."ownerName", e."byUser", e."createdAt", p."receiptYear", p."receiptNo"
  FROM "TaxEntry" e LEFT JOIN "Payment" p ON p."paymentId" = e."paymentId"
  WHERE e."propertyId" = $1 ORDER BY e."date", e."entryId"`;

export interface BookTotalRow {
  bookYear: number;
  head: string;
  kind: string;
  part: string;
  amount: string;
}

/** The council's book totals up to a year (the DCB, Namuna 9's totals). */
const BOOK_TOTALS_SQL = `SELECT "bookYear", "head", "kind", "part", "amount"::text AS "amount"
  FROM "TaxBookTotal" WHERE "createdByUserId" = $1 AND "bookYear" <= $2`;

export interface Namuna9Cell {
  karId: number;
  ownerId: number | null;
  malmattaNo: string;
  malkacheNav: string;
  /** null: the advance held. */
  head: string | null;
  /** 0 for every year before the register's. */
  bookYear: number | null;
  kind: string | null;
  part: string | null;
  amount: string | null;
  /** The resolutions of the year's remissions among these entries. */
  remissions: string[] | null;
  /** The orders of the year's corrections among these entries. */
  corrections: string[] | null;
}

/** A page of kar records ($3 offset, $4 limit, after karId $5) with their entries up to the
 *  register's year ($2) summed per head, kind and part (years before it as one, 0; the advance as
 *  head null), with the resolutions of the year's remissions and the orders of its corrections: one read of each property's entries. */
const NAMUNA9_PAGE_SQL = `WITH ids AS (
    -- The page's ids on the (council, karId) index alone: the rows skipped are not read.
    SELECT "karId" FROM "KarDetail" WHERE "createdByUserId" = $1 AND "karId" > $5 ORDER BY "karId" OFFSET $3 LIMIT $4
  ), page AS MATERIALIZED (
    SELECT k."karId", k."propertyId", k."malmattaNo", k."malkacheNav",
      (SELECT o."ownerId" FROM "Owner" o WHERE o."propertyId" = k."propertyId" AND o."isActive" ORDER BY o."ownerId" DESC LIMIT 1) AS "ownerId"
    FROM ids JOIN "KarDetail" k ON k."karId" = ids."karId"
  )
  SELECT p."karId", p."ownerId", p."malmattaNo", p."malkacheNav", e."head", e."bookYear", e."kind", e."part", e."amount"::text AS "amount",
    e."remissions", e."corrections"
  FROM page p
  LEFT JOIN LATERAL (
    SELECT "head", CASE WHEN "bookYear" < $2 THEN 0 ELSE "bookYear" END AS "bookYear", "kind", "part", sum("amount") AS "amount",
      array_agg(DISTINCT "reference") FILTER (WHERE "kind" = 'remission' AND "bookYear" = $2 AND "reference" <> '') AS "remissions",
      array_agg(DISTINCT "reference") FILTER (WHERE "kind" = 'correction' AND "bookYear" = $2 AND "reference" <> '') AS "corrections"
    FROM "TaxEntry" WHERE "propertyId" = p."propertyId" AND "bookYear" <= $2 GROUP BY 1, 2, 3, 4
  ) e ON true
  ORDER BY p."karId"`;

/** The receipts of kar records in a tax year, in date order. */
const NAMUNA9_RECEIPTS_SQL = `SELECT "karId", "receiptYear", "receiptNo", "paidOn", "amountTotal"::text AS "amount", "cancelledAt" IS NOT NULL AS "cancelled"
  FROM "Payment" WHERE "karId" = ANY($1::int[]) AND "receiptYear" = $2 ORDER BY "paidOn", "paymentId"`;

// ---------------------------------------------------------------- the tax list (spec 2.8)

/** The kar columns the list reads, as text (exact decimals). */
const KAR_AMOUNTS = [...TAX_HEADS.flatMap((h) => [`magil${h.col}`, `chalu${h.col}`]), 'total', 'advance'];
export type KarListRow = {
  karId: number;
  propertyId: number;
  malmattaNo: string;
  malkacheNav: string;
  karupdatedYear: number;
} & Record<string, string>;

/** A kar record as the spec's kar row: the one mapper of that wire type (a Prisma KarDetail comes
 *  through kar.ts's toKarRow, its amounts as text first). */
export function karRowOf(r: KarListRow): KarRow {
  const row: Record<string, unknown> = {
    karId: r.karId,
    karid: r.karId,
    propertyId: r.propertyId,
    malmattaNo: r.malmattaNo,
    malkacheNav: r.malkacheNav,
  };
  for (const h of TAX_HEADS) {
    const magil = toPaise(r[`magil${h.col}`]),
      chalu = toPaise(r[`chalu${h.col}`]);
    row[`magil${h.col}`] = fromPaise(magil);
    row[`chalu${h.col}`] = fromPaise(chalu);
    row[`total${h.col}`] = fromPaise(magil + chalu);
  }
  row.total = row.rowTotal = fromPaise(toPaise(r.total));
  row.advance = fromPaise(toPaise(r.advance));
  row.karupdatedYear = r.karupdatedYear;
  return row as KarRow;
}

const SUM_FIELDS = [...TAX_HEADS.flatMap((h) => [`magil${h.col}`, `chalu${h.col}`]), 'total'];

/** The sums of every money column over the council's kar records, exact (SQL numeric), and their count. */
const LIST_SUMS_SQL = `SELECT count(*)::int AS "count", ${SUM_FIELDS.map((f) => `COALESCE(sum("${f}"), 0)::text AS "${f}"`).join(', ')}
  FROM "KarDetail" WHERE "createdByUserId" = $1`;

/** A page of the list: the page's ids are found on the (council, total, karId) index alone, however
 *  deep the page, and only those rows are read (with OFFSET on whole rows, page 500 read 5,000 rows). */
function listPageSql(order: { field: 'total' | null; direction: 'asc' | 'desc' }) {
  // Qualified: a bare "total" in ORDER BY would name the text column of the select list and sort "10276.00" before "1276.00".
  const by = (t: string) =>
    order.field ? `${t}."total" ${order.direction.toUpperCase()}, ${t}."karId" ${order.direction.toUpperCase()}` : `${t}."karId"`;
  return `SELECT k."karId", k."propertyId", k."malmattaNo", k."malkacheNav", k."karupdatedYear", ${KAR_AMOUNTS.map((c) => `k."${c}"::text AS "${c}"`).join(', ')}
    FROM "KarDetail" k WHERE k."karId" IN (SELECT i."karId" FROM "KarDetail" i WHERE i."createdByUserId" = $1 ORDER BY ${by('i')} OFFSET $2 LIMIT $3)
    ORDER BY ${by('k')}`;
}

/** Live receipts per month of a tax year (the dashboard's chart). */
const MONTHLY_RECEIPTS_SQL = `SELECT to_char("paidOn", 'YYYY-MM') AS "month", sum("amountTotal")::text AS "amount"
  FROM "Payment" WHERE "createdByUserId" = $1 AND "receiptYear" = $2 AND "cancelledAt" IS NULL GROUP BY 1`;

// ---------------------------------------------------------------- assessment changes

/** The kar records of properties whose books have the year ($3) raised: they get corrections. */
const RAISED_SQL = `SELECT k."karId" FROM "KarDetail" k
  WHERE k."createdByUserId" = $1 AND k."propertyId" = ANY($2::int[]) AND k."karupdatedYear" >= $3 ORDER BY k."karId"`;

// ---------------------------------------------------------------- the tax list as Excel

/** The list's columns as SQL: amounts as text (exact decimals), per-head totals summed in SQL. */
const EXCEL_SELECT = TAX_LIST_COLUMNS.map((c) => {
  const head = TAX_HEADS.find((h) => c.field === `total${h.col}`);
  if (head) return `(k.${q(`magil${head.col}`)} + k.${q(`chalu${head.col}`)})::text AS ${q(c.field)}`;
  return c.money ? `k.${q(c.field)}::text AS ${q(c.field)}` : `k.${q(c.field)}`;
}).join(', ');

/** A row of the Excel list: TAX_LIST_COLUMNS' fields, amounts as text. */
export type TaxListExcelRow = Record<string, string | number> & { karId: number; total: string };

// ================================================================ the statements

/** Of the tax list's Excel: the next batch of `size` after `last` in the list's order (keyset paging: no
 *  OFFSET that grows with the file). */
export function taxListBatch(
  db: DbOrTx,
  councilId: number,
  order: { field: 'total' | null; direction: 'asc' | 'desc' },
  last: TaxListExcelRow | null,
  size: number,
): Promise<TaxListExcelRow[]> {
  const dir = order.direction === 'desc' ? 'DESC' : 'ASC';
  const cmp = order.direction === 'desc' ? '<' : '>';
  // Columns qualified with k.: a bare "total" in ORDER BY would name the select list's text column.
  const sql = (where: string, by: string) =>
    `SELECT k."karId", ${EXCEL_SELECT} FROM "KarDetail" k WHERE k."createdByUserId" = $1 ${where} ORDER BY ${by} LIMIT ${size}`;
  if (!order.field)
    return db.$queryRawUnsafe<TaxListExcelRow[]>(
      sql(last ? 'AND k."karId" > $2' : '', 'k."karId"'),
      councilId,
      ...(last ? [last.karId] : []),
    );
  return db.$queryRawUnsafe<TaxListExcelRow[]>(
    sql(last ? `AND (k."total", k."karId") ${cmp} ($2::numeric, $3::int)` : '', `k."total" ${dir}, k."karId" ${dir}`),
    councilId,
    ...(last ? [last.total, last.karId] : []),
  );
}

// The books.

/** One kar record of the council, locked until the transaction ends, with its owner now; none when the council has no such record. */
export const lockKarRow = (tx: Tx, councilId: number, karId: number) => tx.$queryRawUnsafe<KarLockRow[]>(LOCK_KAR_SQL, karId, councilId);

/** Kar records of the council, locked in karId order. */
export const lockKarRows = (tx: Tx, councilId: number, karIds: number[]) =>
  tx.$queryRawUnsafe<KarLockRow[]>(LOCK_MANY_KAR_SQL, councilId, karIds);

/** Every kar record of the council, locked in karId order. */
export const lockAllKarRows = (tx: Tx, councilId: number) => tx.$queryRawUnsafe<KarLockRow[]>(LOCK_ALL_KAR_SQL, councilId);

/** Kar records of the council behind the tax year, locked in karId order (the rollover, before it plans). */
export const lockKarBehind = (tx: Tx, councilId: number, taxYear: number) =>
  tx.$executeRawUnsafe(
    `SELECT 1 FROM "KarDetail" WHERE "createdByUserId" = $1 AND "karupdatedYear" < $2 ORDER BY "karId" FOR UPDATE`,
    councilId,
    taxYear,
  );

type AmountAsText<T> = Omit<T, 'amount'> & { amount: string };
const toBalance = <T extends { amount: string }>(r: T) => ({ ...r, amount: BigInt(r.amount) });

/** A property's entries summed per head, year, receipt and kind (Books.from). */
export async function balancesOf(db: DbOrTx, propertyId: number): Promise<BalanceRow[]> {
  return (await db.$queryRawUnsafe<AmountAsText<BalanceRow>[]>(BALANCES_SQL, propertyId)).map(toBalance);
}

/** The same for many properties of the council at once. */
export async function balancesOfMany(
  db: DbOrTx,
  councilId: number,
  propertyIds: number[],
): Promise<(BalanceRow & { propertyId: number })[]> {
  return (await db.$queryRawUnsafe<AmountAsText<BalanceRow & { propertyId: number }>[]>(BALANCES_OF_MANY_SQL, councilId, propertyIds)).map(
    toBalance,
  );
}

/** Entries, in their order, in one statement. */
export const insertEntries = (tx: Tx, entries: object[]) => tx.$executeRawUnsafe(INSERT_ENTRIES_SQL, JSON.stringify(numbered(entries)));

/** A kar record's new entries and its summary (the amounts in SUMMARY_COLUMNS' order) in one statement. */
export const recordEntries = (tx: Tx, entries: object[], karId: number, summary: string[]) =>
  tx.$executeRawUnsafe(RECORD_SQL, JSON.stringify(numbered(entries)), karId, ...summary);

/** Rewrites the kar summary of the council's properties given from their entries. */
export const summariseProperties = (tx: Tx, councilId: number, propertyIds: number[]) =>
  tx.$executeRawUnsafe(SUMMARY_OF_PROPERTIES_SQL, councilId, propertyIds);

/** Rewrites the kar summary of every property of the council from its entries. */
export const summariseCouncil = (tx: Tx, councilId: number) => tx.$executeRawUnsafe(SUMMARY_OF_COUNCIL_SQL, councilId);

// Payments.

/** An earlier payment of the council with the request's Idempotency-Key. */
export const earlierPayment = (db: DbOrTx, councilId: number, idempotencyKey: string) =>
  db.$queryRawUnsafe<{ paymentId: number }[]>(EARLIER_PAYMENT_SQL, councilId, idempotencyKey);

/** The receipt row of a new payment as WRITE_PAYMENT_SQL reads it (PAYMENT_COLUMNS). */
export type NewPaymentRow = Record<(typeof PAYMENT_COLUMNS)[number][0], string | number | null>;

/** A payment in one statement: the receipt, its lines, its entries (whose paymentId -1 is the new
 *  receipt's) and the kar record's summary (SUMMARY_COLUMNS' order). */
export async function writePayment(
  tx: Tx,
  payment: NewPaymentRow,
  lines: { category: string; fromArrears: string; fromCurrent: string }[],
  entries: object[],
  karId: number,
  summary: string[],
) {
  const [written] = await tx.$queryRawUnsafe<{ paymentId: number; receiptId: string; createdAt: Date }[]>(
    WRITE_PAYMENT_SQL,
    JSON.stringify(payment),
    JSON.stringify(numbered(lines)),
    JSON.stringify(numbered(entries)),
    karId,
    ...summary,
  );
  return written;
}

/** What of a receipt's money the books hold as advance now, in paise as text (null: none). */
export async function heldOf(db: DbOrTx, paymentId: number): Promise<string | null> {
  const [row] = await db.$queryRawUnsafe<{ held: string | null }[]>(
    `SELECT sum("amount")::text AS "held" FROM "TaxEntry" WHERE "paymentId" = $1 AND "head" IS NULL`,
    paymentId,
  );
  return row?.held ?? null;
}

// The yearly demand and the yearly jobs.

/** What the rollover would raise, per year. */
export const rolloverPlan = (db: DbOrTx, councilId: number, taxYear: number) =>
  db.$queryRawUnsafe<RolloverPlanRow[]>(ROLLOVER_PLAN_SQL, councilId, taxYear, true);

/** The kar records that hold an advance and are behind. */
export const behindWithAdvance = (db: DbOrTx, councilId: number, taxYear: number) =>
  db.$queryRawUnsafe<{ karId: number }[]>(BEHIND_WITH_ADVANCE_SQL, councilId, taxYear);

/** Raises every missed year's demand of the council's kar records without an advance (entries dated `date`, by `actor`). */
export const rollover = (tx: Tx, councilId: number, taxYear: number, date: string, actor: string) =>
  tx.$executeRawUnsafe(ROLLOVER_SQL, councilId, taxYear, false, date, actor);

/** Notes a yearly job's run (rows added to a run of the same kind and year). */
export const recordRun = (tx: Tx, councilId: number, kind: string, year: number, rows: number) =>
  tx.$executeRawUnsafe(RECORD_RUN_SQL, councilId, kind, year, rows);

/** Claims the council's depreciation run of a calendar year: false when it was claimed already. */
export async function claimGhasaraRun(tx: Tx, councilId: number, year: number): Promise<boolean> {
  const claimed = await tx.$queryRawUnsafe<unknown[]>(
    `INSERT INTO "TaxYearRun" ("createdByUserId", "kind", "year") VALUES ($1, 'ghasara', $2)
      ON CONFLICT DO NOTHING RETURNING "year"`,
    councilId,
    year,
  );
  return claimed.length > 0;
}

// The registers.

/** A property's entries, oldest first, with the receipt whose money each is. */
export const ledgerEntries = (db: DbOrTx, propertyId: number) => db.$queryRawUnsafe<LedgerEntryRow[]>(LEDGER_ENTRIES_SQL, propertyId);

/** The council's book totals up to a year. */
export const bookTotalRows = (db: DbOrTx, councilId: number, year: number) =>
  db.$queryRawUnsafe<BookTotalRow[]>(BOOK_TOTALS_SQL, councilId, year);

/** A page of Namuna 9's cells (NAMUNA9_PAGE_SQL). */
export const namuna9Page = (db: DbOrTx, councilId: number, year: number, offset: number, limit: number, after: number) =>
  db.$queryRawUnsafe<Namuna9Cell[]>(NAMUNA9_PAGE_SQL, councilId, year, offset, limit, after);

/** The receipts of kar records in a tax year, in date order. */
export const namuna9Receipts = (db: DbOrTx, karIds: number[], year: number) =>
  db.$queryRawUnsafe<{ karId: number; receiptYear: number; receiptNo: number; paidOn: Date; amount: string; cancelled: boolean }[]>(
    NAMUNA9_RECEIPTS_SQL,
    karIds,
    year,
  );

// The tax list.

/** The sums of every money column over the council's kar records, as text, and their count. */
export async function listSums(db: DbOrTx, councilId: number) {
  const [sums] = await db.$queryRawUnsafe<(Record<string, string> & { count: number })[]>(LIST_SUMS_SQL, councilId);
  return sums;
}

/** A page of the list in the order given. */
export const listPage = (
  db: DbOrTx,
  councilId: number,
  order: { field: 'total' | null; direction: 'asc' | 'desc' },
  offset: number,
  limit: number,
) => db.$queryRawUnsafe<KarListRow[]>(listPageSql(order), councilId, offset, limit);

/** Live receipts per month of a tax year. */
export const monthlyReceipts = (db: DbOrTx, councilId: number, taxYear: number) =>
  db.$queryRawUnsafe<{ month: string; amount: string }[]>(MONTHLY_RECEIPTS_SQL, councilId, taxYear);

// Assessment changes.

/** The kar records of the council's properties whose books have the year raised. */
export const raisedKar = (db: DbOrTx, councilId: number, propertyIds: number[], fromYear: number) =>
  db.$queryRawUnsafe<{ karId: number }[]>(RAISED_SQL, councilId, propertyIds, fromYear);
