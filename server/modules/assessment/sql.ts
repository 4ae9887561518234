// The assessment area's raw SQL, with the types of its rows: rate versions, and assessment versions
// written and read in bulk (jsonb_to_recordset: one parameter for thousands of rows). Each statement
// is run by one exported function taking the client (or transaction) first; tests/server/raw-sql.test.ts
// runs every one against the migrated schema on both databases.
import { ASSESSED_COLUMNS, type AssessedColumn, type Rates } from '../../../common/property/assessment.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';

const q = (c: string) => `"${c}"`;

export interface RateVersionRow {
  effectiveTaxYear: number;
  rates: unknown;
  version: number;
}

const RATES_SQL = `SELECT "effectiveTaxYear", "rates", "version" FROM "TaxRateSetting"
  WHERE "createdByUserId" = $1 ORDER BY "effectiveTaxYear"`;

const SAVE_RATES_SQL = `INSERT INTO "TaxRateSetting" ("createdByUserId", "effectiveTaxYear", "rates", "version", "updatedAt")
  VALUES ($1, $2, $3::jsonb, $4, now())
  ON CONFLICT ("createdByUserId", "effectiveTaxYear") DO UPDATE SET "rates" = EXCLUDED."rates", "version" = EXCLUDED."version", "updatedAt" = now()
  RETURNING "effectiveTaxYear", "rates", "version"`;

/** The facts an assessment is computed from, as a property's row holds them (amounts as text). */
export interface FactsRow {
  propertyId: number;
  malmattaNo: string;
  buildingType: string;
  usage: string;
  milkatBandhakamYear: number;
  areaSqm: string;
  plotAreaSqm: string | null;
  ownLandRate: string | null;
}

const FACTS_SQL = `SELECT "propertyId", "malmattaNo", "buildingType", "usage", "milkatBandhakamYear", "areaSqm"::text AS "areaSqm",
    "plotAreaSqm"::text AS "plotAreaSqm", "ownLandRate"::text AS "ownLandRate"
  FROM "Property" WHERE "createdByUserId" = $1 AND ($2::int[] IS NULL OR "propertyId" = ANY($2::int[]))
  ORDER BY "propertyId"`;

/** An assessment version as read: its year, its depreciation year and its amounts as text. */
export type VersionRow = { propertyId: number; effectiveTaxYear: number; ghasaraYear: number } & Record<AssessedColumn, string>;

const VERSION_COLUMNS = `"propertyId", "effectiveTaxYear", "ghasaraYear", ${ASSESSED_COLUMNS.map((c) => `${q(c)}::text AS ${q(c)}`).join(', ')}`;

/** Each property's version in force in a tax year (the latest version that took effect in or before it). */
const IN_FORCE_SQL = `SELECT DISTINCT ON ("propertyId") ${VERSION_COLUMNS}
  FROM "PropertyAssessment" WHERE "createdByUserId" = $1 AND "effectiveTaxYear" <= $2 AND ($3::int[] IS NULL OR "propertyId" = ANY($3::int[]))
  ORDER BY "propertyId", "effectiveTaxYear" DESC, "id" DESC`;

/** Each property's depreciation factor in force in a tax year. */
const FACTORS_SQL = `SELECT DISTINCT ON ("propertyId") "propertyId", "ghasaraRate"::text AS "ghasaraRate"
  FROM "PropertyAssessment" WHERE "createdByUserId" = $1 AND "effectiveTaxYear" <= $2 AND ($3::int[] IS NULL OR "propertyId" = ANY($3::int[]))
  ORDER BY "propertyId", "effectiveTaxYear" DESC, "id" DESC`;

/** The versions that take effect after a tax year, the newest of each year. */
const LATER_SQL = `SELECT DISTINCT ON ("propertyId", "effectiveTaxYear") ${VERSION_COLUMNS}
  FROM "PropertyAssessment" WHERE "createdByUserId" = $1 AND "effectiveTaxYear" > $2 AND ($3::int[] IS NULL OR "propertyId" = ANY($3::int[]))
  ORDER BY "propertyId", "effectiveTaxYear", "id" DESC`;

/** Versions not yet in force that a new assessment of the same year replaces. */
const DROP_PENDING_SQL = `DELETE FROM "PropertyAssessment" a USING json_to_recordset($1::json) AS r("propertyId" int, "effectiveTaxYear" int)
  WHERE a."propertyId" = r."propertyId" AND a."effectiveTaxYear" = r."effectiveTaxYear" AND a."effectiveTaxYear" > $2::int AND a."createdByUserId" = $3::int`;

const WRITTEN: [string, string][] = [
  ['propertyId', 'int'],
  ['effectiveTaxYear', 'int'],
  ['buildingType', 'text'],
  ['usage', 'text'],
  ['milkatBandhakamYear', 'int'],
  ['plotAreaSqm', 'numeric'],
  ['ghasaraYear', 'int'],
  ...ASSESSED_COLUMNS.map((c): [string, string] => [c, 'numeric']),
];

/** New versions, one JSON parameter for all of them (json, not jsonb: parsed once, not built into a
 *  tree first; 10,000 versions went in 30% sooner on the embedded database). */
const INSERT_VERSIONS_SQL = `INSERT INTO "PropertyAssessment" ("createdByUserId", "reason", "reference", "byUser", ${WRITTEN.map(([c]) => q(c)).join(', ')})
  SELECT $2::int, $3, $4, $5, ${WRITTEN.map(([c]) => q(c)).join(', ')}
  FROM json_to_recordset($1::json) AS r(${WRITTEN.map(([c, t]) => `${q(c)} ${t}`).join(', ')})
  ORDER BY r."propertyId", r."effectiveTaxYear"`;

/** The register row shows each property's newest version (the one the furthest year takes). $2: the
 *  properties (null: all of the council's). $3: whether the row's version moves (a form opened before
 *  a council-wide change is told on save; a change made through the form itself has moved it
 *  already). $4: the depreciation update's calendar year, when it is one. */
const REGISTER_FOLLOWS_SQL = `UPDATE "Property" p SET ${ASSESSED_COLUMNS.map((c) => `${q(c)} = v.${q(c)}`).join(', ')},
    "assessmentFromYear" = v."effectiveTaxYear", "version" = p."version" + CASE WHEN $3::boolean THEN 1 ELSE 0 END,
    "ghasaraDarUpdatedYear" = COALESCE($4::int, p."ghasaraDarUpdatedYear"), "updatedAt" = now()
  FROM (SELECT DISTINCT ON ("propertyId") * FROM "PropertyAssessment"
        WHERE "createdByUserId" = $1 AND ($2::int[] IS NULL OR "propertyId" = ANY($2::int[])) ORDER BY "propertyId", "effectiveTaxYear" DESC, "id" DESC) v
  WHERE p."propertyId" = v."propertyId"`;

// ================================================================ the statements

/** A rate version as the area uses it (rates.ts, RateVersion). */
const toRateVersion = (r: RateVersionRow) => ({ ...r, rates: r.rates as unknown as Rates });

/** Every saved rate version of the council, oldest first. */
export async function rateVersionRows(db: DbOrTx, councilId: number) {
  return (await db.$queryRawUnsafe<RateVersionRow[]>(RATES_SQL, councilId)).map(toRateVersion);
}

/** Holds the council's rates for this transaction: two saves of rates run one after the other. */
export const lockRates = (tx: Tx, councilId: number) =>
  tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock($1::int, hashtext('tax-rates'))`, councilId);

/** Saves the rates of a year (a new version, or the year's version replaced). */
export async function saveRateVersion(tx: Tx, councilId: number, effectiveTaxYear: number, rates: Rates, version: number) {
  const [saved] = await tx.$queryRawUnsafe<RateVersionRow[]>(SAVE_RATES_SQL, councilId, effectiveTaxYear, JSON.stringify(rates), version);
  return toRateVersion(saved);
}

/** The facts of the council's properties (null: all of them). */
export const factRows = (db: DbOrTx, councilId: number, propertyIds: number[] | null) =>
  db.$queryRawUnsafe<FactsRow[]>(FACTS_SQL, councilId, propertyIds);

/** Each property's depreciation factor in force in a tax year. */
export const factorRows = (db: DbOrTx, councilId: number, taxYear: number, propertyIds: number[] | null) =>
  db.$queryRawUnsafe<{ propertyId: number; ghasaraRate: string }[]>(FACTORS_SQL, councilId, taxYear, propertyIds);

/** Each property's version in force in a tax year. */
export const inForceRows = (db: DbOrTx, councilId: number, taxYear: number, propertyIds: number[] | null) =>
  db.$queryRawUnsafe<VersionRow[]>(IN_FORCE_SQL, councilId, taxYear, propertyIds);

/** The versions that take effect after a tax year, the newest of each year. */
export const laterRows = (db: DbOrTx, councilId: number, taxYear: number, propertyIds: number[] | null) =>
  db.$queryRawUnsafe<VersionRow[]>(LATER_SQL, councilId, taxYear, propertyIds);

/** Drops the versions not yet in force (after currentTaxYear) that new ones of the same year replace. */
export const dropPending = (tx: Tx, keys: { propertyId: number; effectiveTaxYear: number }[], currentTaxYear: number, councilId: number) =>
  tx.$executeRawUnsafe(DROP_PENDING_SQL, JSON.stringify(keys), currentTaxYear, councilId);

/** Writes new versions (WRITTEN's columns each) with why, the order's reference and who. */
export const insertVersions = (tx: Tx, rows: object[], councilId: number, reason: string, reference: string, byUser: string) =>
  tx.$executeRawUnsafe(INSERT_VERSIONS_SQL, JSON.stringify(rows), councilId, reason, reference, byUser);

/** The register rows follow their newest versions (REGISTER_FOLLOWS_SQL). */
export const registerFollows = (
  tx: Tx,
  councilId: number,
  propertyIds: number[] | null,
  touchVersion: boolean,
  depreciatedFor: number | null,
) => tx.$executeRawUnsafe(REGISTER_FOLLOWS_SQL, councilId, propertyIds, touchVersion, depreciatedFor);
