// The two yearly jobs of a council:
// - the rollover (recalc-by-user), which raises the demand of each tax year (April-March) every kar
//   record is behind, from the assessment in force on 1 April of that year, oldest year first: a
//   council that skipped years gets every missed year, and says so. With nothing to raise it says so
//   and records nothing. A dry run tells the screen what it will raise, for its confirmation.
// - the depreciation (घसारा) update, once per calendar year (spec 2.4, 9): every property not yet
//   updated this year gets a new assessment with the factor for its age, in force from the next tax
//   year (a year already billed is never changed by it).
// Both are one transaction of a few set-based statements whatever the number of properties.
import { formatRupees, fromPaise, toPaise } from '../../../common/money.ts';
import { TAX_HEADS, TAX_MESSAGES, taxYearLabel, taxYearOf } from '../../../common/property/tax.ts';
import { isoDay, todayInIndia } from '../../../common/dates.ts';
import type { Db } from '../../db/open.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { factorsInForce, factsOf, inForce, writeAssessments } from '../assessment/versions.ts';
import { raiseDemand } from './books.ts';
import { annualOf, demandReason } from './kar.ts';
import { loadBooks, lockKar, record } from './ledger.ts';
import { recordAudit, type AuditChanges } from '../audit/record.ts';
import { behindWithAdvance, claimGhasaraRun, lockKarBehind, recordRun, rollover as rolloverStatement, rolloverPlan } from './sql.ts';

/** A figure of a run, for the trail: nothing "before" it. */
const figure = (v: string | number) => ({ old: null, new: v });

/** Long enough for 10,000 properties on a small office machine; the bench shows well under 2 s. */
const BULK = { timeout: 120_000, maxWait: 30_000 };

// ---------------------------------------------------------------- rollover

export interface RolloverYear {
  taxYear: number;
  financialYear: string;
  properties: number;
  demand: string;
}
export interface RolloverResult {
  taxYear: number;
  financialYear: string;
  /** Kar records moved on to this year. */
  updated: number;
  years: RolloverYear[];
  /** The whole demand raised (or, on a dry run, to be raised). */
  demand: string;
  dryRun: boolean;
}

async function planOf(db: DbOrTx, councilId: number, taxYear: number): Promise<RolloverYear[]> {
  const rows = await rolloverPlan(db, councilId, taxYear);
  return rows.map((r) => ({
    taxYear: r.taxYear,
    financialYear: taxYearLabel(r.taxYear),
    properties: r.properties,
    demand: fromPaise(TAX_HEADS.reduce((sum, h) => sum + toPaise(r[h.key] ?? '0'), 0n)),
  }));
}

/** What the rollover says in the clerk's words: Marathi, then English. */
export function rolloverMessage(r: RolloverResult): string {
  if (!r.years.length) return nothingToRaise(r.taxYear);
  const years = r.years.map((y) => y.financialYear).join(', ');
  const missed = r.years.length - 1;
  const lateMr = missed ? ` (${missed} मागील वर्षे राहिली होती)` : '';
  const lateEn = missed ? ` (${missed} missed year${missed > 1 ? 's' : ''} included)` : '';
  const demand = formatRupees(r.demand);
  const properties = `${r.updated} ${r.updated === 1 ? 'property' : 'properties'}`;
  return r.dryRun
    ? `कर वर्ष ${years}: ${r.updated} मालमत्तांची एकूण ${demand} मागणी होईल${lateMr}. / Tax years ${years}: ${demand} of demand for ${properties}${lateEn}.`
    : `कर वर्ष ${years}: ${r.updated} मालमत्तांची ${demand} मागणी केली${lateMr}. / Tax years ${years}: ${demand} of demand raised for ${properties}${lateEn}.`;
}

/** Nothing behind: the spec's words, then what they mean. */
const nothingToRaise = (taxYear: number) =>
  `${TAX_MESSAGES.rolledOver} / Nothing to raise: every kar record already carries the demand of ${taxYearLabel(taxYear)}.`;

/** Raises every missed tax year's demand of the council's kar records, up to this one. */
export async function rollover(
  db: Db,
  councilId: number,
  opts: { dryRun?: boolean; actor?: string } = {},
  today = todayInIndia(),
): Promise<RolloverResult> {
  const taxYear = taxYearOf(today);
  const result = (years: RolloverYear[], dryRun: boolean): RolloverResult => ({
    taxYear,
    financialYear: taxYearLabel(taxYear),
    updated: Math.max(0, ...years.map((y) => y.properties)),
    years,
    demand: fromPaise(years.reduce((s, y) => s + toPaise(y.demand), 0n)),
    dryRun,
  });
  if (opts.dryRun) return result(await planOf(db, councilId, taxYear), true);
  return db.$transaction(async (tx) => {
    // Every kar record locked first, in one order: a payment waiting on one of them waits for this.
    await lockKarBehind(tx, councilId, taxYear);
    const years = await planOf(tx, councilId, taxYear);
    if (!years.length)
      throw new Conflict(
        (await tx.karDetail.count({ where: { createdByUserId: councilId } }))
          ? nothingToRaise(taxYear)
          : 'कर मागणीसाठी अजून एकही कर तपशील नोंदलेला नाही. / There are no kar records to raise a demand for yet.',
      );
    // The few holding an advance one by one (the advance is set against the new demand) …
    const withAdvance = await behindWithAdvance(tx, councilId, taxYear);
    for (const { karId } of withAdvance) await raiseOne(tx, councilId, karId, taxYear, today, opts.actor ?? '');
    // … the rest in one statement.
    await rolloverStatement(tx, councilId, taxYear, isoDay(today), opts.actor ?? '');
    const done = result(years, false);
    await recordRun(tx, councilId, 'rollover', taxYear, done.updated);
    await recordAudit(tx, {
      councilId,
      entity: 'TaxYearRun',
      entityId: taxYear,
      action: 'recalculate',
      changes: {
        kind: figure('rollover'),
        years: figure(years.map((y) => y.financialYear).join(', ')),
        properties: figure(done.updated),
        demand: figure(done.demand),
      },
    });
    return done;
  }, BULK);
}

/** One kar record brought up to this year through its books (it holds an advance to apply). */
async function raiseOne(tx: Tx, councilId: number, karId: number, taxYear: number, today: Date, actor: string) {
  const kar = await lockKar(tx, councilId, karId);
  const from = kar.karupdatedYear < 2000 ? taxYear : kar.karupdatedYear + 1;
  const books = await loadBooks(tx, kar.propertyId);
  const postings = [];
  for (let year = from; year <= taxYear; year++) {
    const version = (await inForce(tx, councilId, year, [kar.propertyId])).get(kar.propertyId);
    if (version) postings.push(...raiseDemand(books, year, annualOf(version), demandReason(year)));
  }
  await tx.karDetail.update({ where: { karId }, data: { karupdatedYear: taxYear } });
  await record(tx, { ...kar, karupdatedYear: taxYear }, books, postings, { date: today, byUser: actor });
}

/** Whether every kar record of the council carries this tax year's demand (the list's update button). */
export async function rolledOverThisYear(db: DbOrTx, councilId: number, taxYear = taxYearOf(todayInIndia())) {
  return !(await db.karDetail.findFirst({
    where: { createdByUserId: councilId, karupdatedYear: { lt: taxYear } },
    select: { karId: true },
  }));
}

// ---------------------------------------------------------------- depreciation (ghasara)

const dueWhere = (councilId: number, year: number) => ({ createdByUserId: councilId, ghasaraDarUpdatedYear: { lt: year } });

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

const SUMMARY_SIZE = 10;

/** Assesses the due properties (all of the council's, or the one given) again with their age in this
 *  calendar year, in force from the next tax year. */
async function updateDepreciation(tx: Tx, councilId: number, today: Date, actor: string, propertyId?: number) {
  const year = today.getUTCFullYear();
  const from = taxYearOf(today) + 1;
  const dueIds = (
    await tx.property.findMany({
      where: { ...dueWhere(councilId, year), ...(propertyId ? { propertyId } : {}) },
      select: { propertyId: true },
    })
  ).map((p) => p.propertyId);
  // Usually every property is due: then nothing is matched against a list of ids.
  const wholeCouncil = !propertyId && dueIds.length === (await tx.property.count({ where: { createdByUserId: councilId } }));
  const ids = wholeCouncil ? undefined : dueIds;
  const facts = dueIds.length ? await factsOf(tx, councilId, ids) : [];
  // What changes: each factor before, and the summary's few properties whole.
  const factors = await factorsInForce(tx, councilId, from, ids);
  const before = await inForce(
    tx,
    councilId,
    from,
    facts.slice(0, SUMMARY_SIZE).map((f) => f.propertyId),
  );
  const written = await writeAssessments(
    tx,
    councilId,
    facts,
    {
      fromYear: from,
      currentTaxYear: from - 1,
      reason: 'depreciation',
      ghasaraYear: year,
      byUser: actor,
      depreciatedFor: year,
      wholeCouncil,
    },
    today,
  );
  const at = written.filter((w) => w.effectiveTaxYear === from);
  const changed = at.filter((w) => factors.get(w.propertyId) !== w.assessment.ghasaraRate).length;
  const summary = at.slice(0, SUMMARY_SIZE).map((w) => {
    const f = facts.find((x) => x.propertyId === w.propertyId)!;
    const old = before.get(w.propertyId);
    return {
      PropertyId: w.propertyId,
      MalmattaNo: f.malmattaNo,
      MilkatYear: f.milkatBandhakamYear,
      oldGhasaraRate: old?.ghasaraRate ?? w.assessment.ghasaraRate,
      newGhasaraRate: w.assessment.ghasaraRate,
      oldGharpatti: old?.gharpatti ?? w.assessment.gharpatti,
      newGharpatti: w.assessment.gharpatti,
      oldTotal: old?.total ?? w.assessment.total,
      newTotal: w.assessment.total,
    };
  });
  return { year, effectiveTaxYear: from, financialYear: taxYearLabel(from), updated: facts.length, changed, summary };
}

const alreadyDone = (year: number) =>
  `या वर्षी (${year}) घसारा दर आधीच अद्ययावत केला आहे; पुढील अद्ययावत ${year + 1} मध्ये. / The depreciation update for ${year} is done; the next is due in ${year + 1}.`;

/** Every due property of the council in one call, once per calendar year. Nothing due: nothing is
 *  recorded, so properties that fall due later in the year can still be updated. */
export async function depreciateAll(db: Db, councilId: number, actor = '', today = todayInIndia()) {
  const year = today.getUTCFullYear();
  return db.$transaction(async (tx) => {
    if (await tx.taxYearRun.findUnique({ where: { createdByUserId_kind_year: { createdByUserId: councilId, kind: 'ghasara', year } } }))
      throw new Conflict(alreadyDone(year));
    if (!(await tx.property.count({ where: dueWhere(councilId, year) })))
      return {
        year,
        effectiveTaxYear: taxYearOf(today) + 1,
        financialYear: taxYearLabel(taxYearOf(today) + 1),
        updated: 0,
        changed: 0,
        summary: [],
      };
    if (!(await claimGhasaraRun(tx, councilId, year))) throw new Conflict(alreadyDone(year));
    const result = await updateDepreciation(tx, councilId, today, actor);
    await tx.taxYearRun.update({
      where: { createdByUserId_kind_year: { createdByUserId: councilId, kind: 'ghasara', year } },
      data: { rows: result.updated },
    });
    // The run's key is the calendar year; the tax year it takes effect from is among the figures.
    await recordAudit(tx, {
      councilId,
      entity: 'TaxYearRun',
      entityId: year,
      action: 'depreciate',
      changes: {
        kind: figure('ghasara'),
        effectiveTaxYear: figure(result.financialYear),
        properties: figure(result.updated),
        changed: figure(result.changed),
      },
    });
    return result;
  }, BULK);
}

/** One property (the earlier client's per-property call). */
export async function depreciateOne(db: Db, councilId: number, propertyId: number, actor = '', today = todayInIndia()) {
  const year = today.getUTCFullYear();
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
    const result = await updateDepreciation(tx, councilId, today, actor, propertyId);
    const line = result.summary[0];
    const changes: AuditChanges = { effectiveTaxYear: figure(result.financialYear) };
    if (line) {
      changes.ghasaraRate = { old: line.oldGhasaraRate, new: line.newGhasaraRate };
      changes.total = { old: line.oldTotal, new: line.newTotal };
    }
    await recordAudit(tx, { councilId, entity: 'Property', entityId: propertyId, action: 'depreciate', changes });
    return result;
  });
}
