// The two once-a-year jobs of a council, each one transaction of a few set-based statements
// whatever the number of properties:
// - the rollover (recalc-by-user), once per tax year (the financial year April–March, the
//   panchayat's tax year; the spec says calendar year): unpaid current tax becomes arrears and the
//   new current demand is raised from the assessment;
// - the depreciation (घसारा) update, once per calendar year (spec 2.4, 9): every property not yet
//   updated this year gets the factor for its age from the council's table, its tax is computed
//   again by common/property/assessment.ts (the one computation), and its current demand follows.
// A TaxYearRun row claims the year inside the transaction, so a second run, even a concurrent one,
// is refused with 409 and changes nothing.
import { todayInIndia } from '../../../common/dates.ts';
import { assess, type BuildingType, type Usage } from '../../../common/property/assessment.ts';
import { TAX_HEADS, TAX_MESSAGES, taxYearLabel, taxYearOf } from '../../../common/property/tax.ts';
import type { Db } from '../../db/open.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { assessedColumns, ratesOf } from '../properties/service.ts';
import { followAssessment } from './service.ts';

/** Long enough for 10,000 properties on a small office machine; the bench shows well under 2 s. */
const BULK = { timeout: 120_000, maxWait: 30_000 };
const q = (c: string) => `"${c}"`;

/** Claims a council's once-a-year job; false when it has run already. */
async function claimYear(tx: Tx, councilId: number, kind: 'rollover' | 'ghasara', year: number): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`
    INSERT INTO "TaxYearRun" ("createdByUserId", "kind", "year") VALUES (${councilId}, ${kind}, ${year})
    ON CONFLICT DO NOTHING RETURNING "year"`;
  return rows.length === 1;
}
const recordRows = (tx: Tx, councilId: number, kind: string, year: number, rows: number) =>
  tx.taxYearRun.update({ where: { createdByUserId_kind_year: { createdByUserId: councilId, kind, year } }, data: { rows } });

// ---------------------------------------------------------------- rollover

const ROLLOVER_SET = [
  ...TAX_HEADS.flatMap((h) => [
    `${q(`magil${h.col}`)} = k.${q(`magil${h.col}`)} + k.${q(`chalu${h.col}`)}`,
    `${q(`chalu${h.col}`)} = p.${q(h.assessed)}`,
    `${q(`paidChalu${h.col}`)} = 0`,
  ]),
  `"total" = k."total" + ${TAX_HEADS.map((h) => `p.${q(h.assessed)}`).join(' + ')}`,
].join(', ');

/** The yearly rollover of the council's kar records that are still of an earlier tax year (a record
 *  started this year already carries this year's demand). */
export async function rollover(db: Db, councilId: number, today = todayInIndia()) {
  const taxYear = taxYearOf(today);
  return db.$transaction(async (tx) => {
    if (!(await claimYear(tx, councilId, 'rollover', taxYear))) throw new Conflict(TAX_MESSAGES.rolledOver);
    const updated = await tx.$executeRaw`
      UPDATE "KarDetail" k SET ${Prisma.raw(ROLLOVER_SET)}, "karupdatedYear" = ${taxYear}, "updatedAt" = now()
      FROM "Property" p
      WHERE p."propertyId" = k."propertyId" AND k."createdByUserId" = ${councilId} AND k."karupdatedYear" < ${taxYear}`;
    await recordRows(tx, councilId, 'rollover', taxYear, updated);
    return { taxYear, financialYear: taxYearLabel(taxYear), updated };
  }, BULK);
}

// ---------------------------------------------------------------- depreciation (ghasara)

const dueWhere = (councilId: number, year: number): Prisma.PropertyWhereInput => ({
  createdByUserId: councilId,
  ghasaraDarUpdatedYear: { lt: year },
});

export async function dueProperties(db: DbOrTx, councilId: number, year = todayInIndia().getUTCFullYear()) {
  const rows = await db.property.findMany({
    where: dueWhere(councilId, year),
    orderBy: { propertyId: 'asc' },
    select: { propertyId: true, malmattaNo: true, ghasaraRate: true, milkatBandhakamYear: true, ghasaraDarUpdatedYear: true },
  });
  return rows.map((r) => ({
    PropertyId: r.propertyId,
    MalmattaNo: r.malmattaNo,
    GhasaraRate: r.ghasaraRate.toFixed(2),
    MilkatYear: r.milkatBandhakamYear,
    GhasaraDarUpdatedYear: r.ghasaraDarUpdatedYear,
  }));
}

export async function ghasaraStatus(db: DbOrTx, councilId: number, year = todayInIndia().getUTCFullYear()) {
  const [due, run] = await Promise.all([
    db.property.count({ where: dueWhere(councilId, year) }),
    db.taxYearRun.findUnique({ where: { createdByUserId_kind_year: { createdByUserId: councilId, kind: 'ghasara', year } } }),
  ]);
  return { year, due, doneThisYear: !!run, ranAt: run?.ranAt.toISOString() ?? null };
}

/** What the assessment reads of a due property, amounts as text (exact, and 10,000 rows read this
 *  way take a fraction of the time Prisma's Decimal objects did). */
type Facts = {
  propertyId: number;
  malmattaNo: string;
  buildingType: string;
  usage: string;
  areaSqm: string;
  plotAreaSqm: string | null;
  milkatBandhakamYear: number;
  landRate: string;
  ghasaraRate: string;
  gharpatti: string;
  total: string;
};
const FACTS_SQL = `SELECT "propertyId", "malmattaNo", "buildingType", "usage", "areaSqm"::text AS "areaSqm", "plotAreaSqm"::text AS "plotAreaSqm",
    "milkatBandhakamYear", "landRate"::text AS "landRate", "ghasaraRate"::text AS "ghasaraRate", "gharpatti"::text AS "gharpatti", "total"::text AS "total"
  FROM "Property" WHERE "createdByUserId" = $1 AND "ghasaraDarUpdatedYear" < $2 AND ($3::int IS NULL OR "propertyId" = $3::int)
  ORDER BY "propertyId"`;

const ASSESSED = [
  'area',
  'areaSqm',
  'landRate',
  'constructionRate',
  'buildingRate',
  'ghasaraRate',
  'buildingBharank',
  'bhandavaliRateRs',
  'karachaRateRs',
  'gharpatti',
  'divabatti',
  'arogya',
  'panipatti',
  'total',
] as const;
const SUMMARY_SIZE = 10;

/** Moves the due properties (all of the council's, or the one given) to this year's depreciation. */
async function updateDepreciation(tx: Tx, councilId: number, year: number, propertyId?: number) {
  const { rates } = await ratesOf(tx, councilId);
  // The columns are numeric(…, 2): their text has the 2 places the API prints.
  const due = await tx.$queryRawUnsafe<Facts[]>(FACTS_SQL, councilId, year, propertyId ?? null);
  // The one computation of the assessment, in memory (10,000 properties take a few tens of ms);
  // the results go back in one statement.
  const assessed = due.map((p) => ({
    propertyId: p.propertyId,
    ...assessedColumns(
      assess(
        rates,
        {
          buildingType: p.buildingType as BuildingType,
          usage: p.usage as Usage,
          areaSqm: p.areaSqm,
          plotAreaSqm: p.plotAreaSqm,
          constructionYear: p.milkatBandhakamYear,
          landRate: p.landRate,
        },
        year,
      ),
    ),
  }));
  if (assessed.length) {
    await tx.$executeRawUnsafe(
      `UPDATE "Property" p SET ${ASSESSED.map((c) => `${q(c)} = r.${q(c)}`).join(', ')}, "ghasaraDarUpdatedYear" = $3::int, "version" = p."version" + 1, "updatedAt" = now()
       FROM jsonb_to_recordset($1::jsonb) AS r("propertyId" int, ${ASSESSED.map((c) => `${q(c)} numeric`).join(', ')})
       WHERE p."propertyId" = r."propertyId" AND p."createdByUserId" = $2::int`,
      JSON.stringify(assessed),
      councilId,
      year,
    );
    await followAssessment(tx, councilId, propertyId ? [propertyId] : undefined);
  }
  const changed = due.filter((p, i) => p.ghasaraRate !== assessed[i].ghasaraRate).length;
  const summary = due.slice(0, SUMMARY_SIZE).map((p, i) => ({
    PropertyId: p.propertyId,
    MalmattaNo: p.malmattaNo,
    MilkatYear: p.milkatBandhakamYear,
    oldGhasaraRate: p.ghasaraRate,
    newGhasaraRate: assessed[i].ghasaraRate,
    oldGharpatti: p.gharpatti,
    newGharpatti: assessed[i].gharpatti,
    oldTotal: p.total,
    newTotal: assessed[i].total,
  }));
  return { year, updated: due.length, changed, summary };
}

const alreadyDone = (year: number) =>
  `या वर्षी (${year}) घसारा दर आधीच अद्ययावत केला आहे; पुढील अद्ययावत ${year + 1} मध्ये. / The depreciation update for ${year} is done; the next is due in ${year + 1}.`;

/** Every due property of the council in one call, once per calendar year. Nothing due: nothing is
 *  recorded, so properties that fall due later in the year can still be updated. */
export async function depreciateAll(db: Db, councilId: number, year = todayInIndia().getUTCFullYear()) {
  return db.$transaction(async (tx) => {
    if (await tx.taxYearRun.findUnique({ where: { createdByUserId_kind_year: { createdByUserId: councilId, kind: 'ghasara', year } } }))
      throw new Conflict(alreadyDone(year));
    if (!(await tx.property.count({ where: dueWhere(councilId, year) }))) return { year, updated: 0, changed: 0, summary: [] };
    if (!(await claimYear(tx, councilId, 'ghasara', year))) throw new Conflict(alreadyDone(year));
    const result = await updateDepreciation(tx, councilId, year);
    await recordRows(tx, councilId, 'ghasara', year, result.updated);
    return result;
  }, BULK);
}

/** One property (the earlier client's per-property call). */
export async function depreciateOne(db: Db, councilId: number, propertyId: number, year = todayInIndia().getUTCFullYear()) {
  return db.$transaction(async (tx) => {
    const p = await tx.property.findFirst({
      where: { propertyId, createdByUserId: councilId },
      select: { ghasaraDarUpdatedYear: true, malmattaNo: true },
    });
    if (!p) throw new NotFound('No such property in this council’s register.');
    if (p.ghasaraDarUpdatedYear >= year)
      throw new Conflict(
        `मालमत्ता ${p.malmattaNo} चा घसारा दर या वर्षी (${year}) आधीच अद्ययावत केला आहे. / Property ${p.malmattaNo} was already updated for ${year}.`,
      );
    return updateDepreciation(tx, councilId, year, propertyId);
  });
}
