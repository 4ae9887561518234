// The assessment area's raw SQL, with the types of its rows: rate versions, and assessment versions
// written and read in bulk (jsonb_to_recordset: one parameter for thousands of rows).
import { TAX_HEADS } from '../../../common/property/tax.ts';
import { ASSESSED_COLUMNS, type AssessedColumn } from '../../../common/property/assessment.ts';

const q = (c: string) => `"${c}"`;

export interface RateVersionRow {
  effectiveTaxYear: number;
  rates: unknown;
  version: number;
}

export const RATES_SQL = `SELECT "effectiveTaxYear", "rates", "version" FROM "TaxRateSetting"
  WHERE "createdByUserId" = $1 ORDER BY "effectiveTaxYear"`;

export const SAVE_RATES_SQL = `INSERT INTO "TaxRateSetting" ("createdByUserId", "effectiveTaxYear", "rates", "version", "updatedAt")
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

export const FACTS_SQL = `SELECT "propertyId", "malmattaNo", "buildingType", "usage", "milkatBandhakamYear", "areaSqm"::text AS "areaSqm",
    "plotAreaSqm"::text AS "plotAreaSqm", "ownLandRate"::text AS "ownLandRate"
  FROM "Property" WHERE "createdByUserId" = $1 AND ($2::int[] IS NULL OR "propertyId" = ANY($2::int[]))
  ORDER BY "propertyId"`;

/** An assessment version as read: its year, its depreciation year and its amounts as text. */
export type VersionRow = { propertyId: number; effectiveTaxYear: number; ghasaraYear: number } & Record<AssessedColumn, string>;

const VERSION_COLUMNS = `"propertyId", "effectiveTaxYear", "ghasaraYear", ${ASSESSED_COLUMNS.map((c) => `${q(c)}::text AS ${q(c)}`).join(', ')}`;

/** Each property's version in force in a tax year (the latest version that took effect in or before it). */
export const IN_FORCE_SQL = `SELECT DISTINCT ON ("propertyId") ${VERSION_COLUMNS}
  FROM "PropertyAssessment" WHERE "createdByUserId" = $1 AND "effectiveTaxYear" <= $2 AND ($3::int[] IS NULL OR "propertyId" = ANY($3::int[]))
  ORDER BY "propertyId", "effectiveTaxYear" DESC, "id" DESC`;

/** Each property's depreciation factor in force in a tax year. */
export const FACTORS_SQL = `SELECT DISTINCT ON ("propertyId") "propertyId", "ghasaraRate"::text AS "ghasaraRate"
  FROM "PropertyAssessment" WHERE "createdByUserId" = $1 AND "effectiveTaxYear" <= $2 AND ($3::int[] IS NULL OR "propertyId" = ANY($3::int[]))
  ORDER BY "propertyId", "effectiveTaxYear" DESC, "id" DESC`;

/** The versions that take effect after a tax year, the newest of each year. */
export const LATER_SQL = `SELECT DISTINCT ON ("propertyId", "effectiveTaxYear") ${VERSION_COLUMNS}
  FROM "PropertyAssessment" WHERE "createdByUserId" = $1 AND "effectiveTaxYear" > $2 AND ($3::int[] IS NULL OR "propertyId" = ANY($3::int[]))
  ORDER BY "propertyId", "effectiveTaxYear", "id" DESC`;

/** Versions not yet in force that a new assessment of the same year replaces. */
export const DROP_PENDING_SQL = `DELETE FROM "PropertyAssessment" a USING json_to_recordset($1::json) AS r("propertyId" int, "effectiveTaxYear" int)
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
export const INSERT_VERSIONS_SQL = `INSERT INTO "PropertyAssessment" ("createdByUserId", "reason", "reference", "byUser", ${WRITTEN.map(([c]) => q(c)).join(', ')})
  SELECT $2::int, $3, $4, $5, ${WRITTEN.map(([c]) => q(c)).join(', ')}
  FROM json_to_recordset($1::json) AS r(${WRITTEN.map(([c, t]) => `${q(c)} ${t}`).join(', ')})
  ORDER BY r."propertyId", r."effectiveTaxYear"`;

/** The register row shows each property's newest version (the one the furthest year takes). $2: the
 *  properties (null: all of the council's). $3: whether the row's version moves (a form opened before
 *  a council-wide change is told on save; a change made through the form itself has moved it
 *  already). $4: the depreciation update's calendar year, when it is one. */
export const REGISTER_FOLLOWS_SQL = `UPDATE "Property" p SET ${ASSESSED_COLUMNS.map((c) => `${q(c)} = v.${q(c)}`).join(', ')},
    "assessmentFromYear" = v."effectiveTaxYear", "version" = p."version" + CASE WHEN $3::boolean THEN 1 ELSE 0 END,
    "ghasaraDarUpdatedYear" = COALESCE($4::int, p."ghasaraDarUpdatedYear"), "updatedAt" = now()
  FROM (SELECT DISTINCT ON ("propertyId") * FROM "PropertyAssessment"
        WHERE "createdByUserId" = $1 AND ($2::int[] IS NULL OR "propertyId" = ANY($2::int[])) ORDER BY "propertyId", "effectiveTaxYear" DESC, "id" DESC) v
  WHERE p."propertyId" = v."propertyId"`;

/** The heads of the demand as the assessment names them. */
export const HEAD_COLUMNS = TAX_HEADS.map((h) => h.assessed);
