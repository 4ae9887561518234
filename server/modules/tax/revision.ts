// A change of assessments, and what it does to the books. Every change (a property's facts, new rates,
// a general revision, the depreciation update) takes effect from a tax year: by default the next one,
// so a year already billed is never rewritten silently. The clerk may apply it to the current year
// under an order: then the year's demand is brought to the new annual tax by correction entries, which
// the 9-क bill prints. Rates changes and the general revision (rule 17, every four years) are here.
import { taxYearLabel, taxYearOf } from '../../../common/property/tax.ts';
import { fromPaise, toPaise } from '../../../common/money.ts';
import type { Db } from '../../db/open.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';
import { Invalid } from '../../lib/errors.ts';
import { rateVersions, saveRates, type RateVersion } from '../assessment/rates.ts';
import type { Rates } from '../../../common/property/assessment.ts';
import { changesOf, recordAudit, type AuditChanges } from '../audit/record.ts';
import {
  factsOf,
  inForce,
  planAssessments,
  writeAssessments,
  type AssessmentReason,
  type FactsRow,
  type WrittenAssessment,
} from '../assessment/versions.ts';
import type { RatesPatch } from '../assessment/schema.ts';
import { Books, trueUp, type BalanceRow, type Posting } from './books.ts';
import { annualOf } from './kar.ts';
import { summarise, writeEntries, type KarContext } from './ledger.ts';
import { balancesOfMany, lockKarRows, raisedKar, recordRun } from './sql.ts';

export type ApplyFrom = 'next' | 'current';
const BULK = { timeout: 120_000, maxWait: 30_000 };

/** Whether the council has raised this tax year's demand for any property (a change to it would
 *  rewrite a bill). */
async function yearBilled(db: DbOrTx, councilId: number, taxYear: number): Promise<boolean> {
  return !!(await db.karDetail.findFirst({
    where: { createdByUserId: councilId, karupdatedYear: { gte: taxYear } },
    select: { karId: true },
  }));
}

/** The tax year a change takes effect from: the clerk's choice, else the next tax year, or the current
 *  one while no demand of it has been raised (a new council setting up: nothing billed to correct). */
export async function effectiveYear(db: DbOrTx, councilId: number, applyFrom: ApplyFrom | undefined, today: Date): Promise<number> {
  const current = taxYearOf(today);
  if (applyFrom === 'current') return current;
  if (applyFrom === 'next') return current + 1;
  return (await yearBilled(db, councilId, current)) ? current + 1 : current;
}

const CORRECTION_REASONS: Record<AssessmentReason, string> = {
  register: 'नवीन नोंदणी / New registration',
  import: 'नोंदवही आयात / Register import',
  facts: 'मालमत्तेच्या तपशिलात बदल / Change of the property’s facts',
  rates: 'कर दरात बदल / Change of the tax rates',
  revision: 'सर्वसाधारण फेरआकारणी / General revision of assessments',
  depreciation: 'घसारा दर अद्ययावत / Depreciation update',
};

export interface ChangeOutcome {
  effectiveTaxYear: number;
  written: WrittenAssessment[];
  /** Properties whose billed years got corrections. */
  corrected: number;
}

/** Writes the assessments of a change from `fromYear` and, for the properties whose demand of that
 *  year (or later) was raised already, the corrections that bring it to the new annual tax. */
export async function applyAssessmentChange(
  tx: Tx,
  councilId: number,
  facts: FactsRow[],
  change: { fromYear: number; reason: AssessmentReason; reference?: string; ghasaraYear?: number; touchVersion?: boolean },
  actor: string,
  today: Date,
): Promise<ChangeOutcome> {
  const current = taxYearOf(today);
  if (change.fromYear < current)
    throw new Invalid(
      'effectiveTaxYear',
      `कर वर्ष ${taxYearLabel(change.fromYear)} संपले आहे; बदल चालू (${taxYearLabel(current)}) किंवा पुढील वर्षापासून लागू होतो. / ${taxYearLabel(change.fromYear)} has ended: a change takes effect from ${taxYearLabel(current)} or later.`,
    );
  const ids = facts.map((f) => f.propertyId);
  const raised = ids.length ? await raisedKar(tx, councilId, ids, change.fromYear) : [];
  const reference = change.reference?.trim() ?? '';
  if (raised.length && !reference)
    throw new Invalid(
      'orderReference',
      `कर वर्ष ${taxYearLabel(change.fromYear)} ची मागणी आधीच केली आहे: चालू वर्षाला बदल लावण्यासाठी आदेश / ठराव क्रमांक टाका. / The demand of ${taxYearLabel(change.fromYear)} is raised: give the order or resolution number (orderReference) to apply the change to it.`,
    );
  const written = await writeAssessments(
    tx,
    councilId,
    facts,
    {
      fromYear: change.fromYear,
      currentTaxYear: current,
      reason: change.reason,
      reference,
      ghasaraYear: change.ghasaraYear,
      touchVersion: change.touchVersion,
      byUser: actor,
    },
    today,
  );
  if (raised.length)
    await correctBilled(
      tx,
      councilId,
      raised.map((r) => r.karId),
      change.fromYear,
      `${CORRECTION_REASONS[change.reason]} (${taxYearLabel(change.fromYear)} पासून / from ${taxYearLabel(change.fromYear)})`,
      reference,
      actor,
      today,
    );
  return { effectiveTaxYear: change.fromYear, written, corrected: raised.length };
}

/** Brings each billed year from `fromYear` of these kar records to the annual tax of the assessment
 *  now in force for it, by correction entries, in a few statements whatever their number. */
async function correctBilled(
  tx: Tx,
  councilId: number,
  karIds: number[],
  fromYear: number,
  reason: string,
  reference: string,
  actor: string,
  today: Date,
) {
  const kars: KarContext[] = (await lockKarRows(tx, councilId, karIds)).map((k) => ({
    councilId,
    ...k,
  }));
  const ids = kars.map((k) => k.propertyId);
  const balances = await balancesOfMany(tx, councilId, ids);
  const rowsOf = new Map<number, BalanceRow[]>();
  for (const b of balances) rowsOf.set(b.propertyId, [...(rowsOf.get(b.propertyId) ?? []), b]);
  const lastYear = Math.max(...kars.map((k) => k.karupdatedYear));
  const versions = new Map<number, Awaited<ReturnType<typeof inForce>>>();
  for (let y = fromYear; y <= lastYear; y++) versions.set(y, await inForce(tx, councilId, y, ids));
  const rows: { kar: KarContext; postings: Posting[] }[] = [];
  for (const kar of kars) {
    const books = Books.from(rowsOf.get(kar.propertyId) ?? []);
    const postings: Posting[] = [];
    for (let y = fromYear; y <= kar.karupdatedYear; y++) {
      const version = versions.get(y)!.get(kar.propertyId);
      if (version) postings.push(...trueUp(books, y, annualOf(version), reason, reference));
    }
    if (postings.length) rows.push({ kar, postings });
  }
  await writeEntries(tx, rows, { date: today, byUser: actor });
  if (rows.length)
    await summarise(
      tx,
      councilId,
      rows.map((r) => r.kar.propertyId),
    );
}

// ---------------------------------------------------------------- rates

/** The rates as fields of one level (taxRate.rcc; a table as its JSON), so the trail shows each rate old → new. */
function flatRates(rates: Rates): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(rates)) {
    if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [key, v] of Object.entries(value as Record<string, unknown>)) out[`${name}.${key}`] = v;
    else out[name] = value;
  }
  return out;
}

/** Saves rates in force from the year the clerk chose, and assesses every property again from it. */
export async function changeRates(
  db: Db,
  councilId: number,
  patch: RatesPatch,
  opts: { applyFrom?: ApplyFrom; orderReference?: string; ifMatch?: number },
  actor: string,
  today: Date,
): Promise<{ saved: RateVersion; outcome: ChangeOutcome }> {
  return db.$transaction(async (tx) => {
    const fromYear = await effectiveYear(tx, councilId, opts.applyFrom, today);
    const { before, ...saved } = await saveRates(tx, councilId, patch, { effectiveTaxYear: fromYear, ifMatch: opts.ifMatch });
    const outcome = await applyAssessmentChange(
      tx,
      councilId,
      await factsOf(tx, councilId),
      { fromYear, reason: 'rates', reference: opts.orderReference },
      actor,
      today,
    );
    const changes: AuditChanges = {
      ...changesOf(flatRates(before), flatRates(saved.rates)),
      assessments: { old: null, new: outcome.written.length },
      ...(outcome.corrected ? { corrected: { old: null, new: outcome.corrected } } : {}),
      ...(opts.orderReference ? { orderReference: { old: null, new: opts.orderReference } } : {}),
    };
    await recordAudit(tx, { councilId, entity: 'TaxRateSetting', entityId: fromYear, action: 'update', changes });
    return { saved, outcome };
  }, BULK);
}

export async function ratesForScreen(db: DbOrTx, councilId: number, today: Date) {
  const versions = await rateVersions(db, councilId);
  const newest = versions[versions.length - 1];
  return { versions, newest, currentTaxYear: taxYearOf(today), billed: await yearBilled(db, councilId, taxYearOf(today)) };
}

// ---------------------------------------------------------------- general revision (rule 17)

export interface RevisionLine {
  propertyId: number;
  malmattaNo: string;
  oldTotal: string;
  newTotal: string;
}

/** A general revision from a tax year: every property assessed again with the rates in force then
 *  and its age that year. A dry run lists each property's annual tax old → new and the totals. */
export async function revise(
  db: Db,
  councilId: number,
  opts: { effectiveTaxYear: number; dryRun: boolean; orderReference?: string },
  actor: string,
  today: Date,
) {
  const run = async (tx: DbOrTx) => {
    const facts = await factsOf(tx, councilId);
    const before = await inForce(tx, councilId, opts.effectiveTaxYear);
    const change = {
      fromYear: opts.effectiveTaxYear,
      reason: 'revision' as const,
      reference: opts.orderReference,
      ghasaraYear: opts.effectiveTaxYear,
    };
    const planned = opts.dryRun
      ? await planAssessments(tx, councilId, facts, change, today)
      : (await applyAssessmentChange(tx as Tx, councilId, facts, change, actor, today)).written;
    const at = new Map(planned.filter((p) => p.effectiveTaxYear === opts.effectiveTaxYear).map((p) => [p.propertyId, p.assessment]));
    const lines: RevisionLine[] = facts.map((f) => ({
      propertyId: f.propertyId,
      malmattaNo: f.malmattaNo,
      oldTotal: before.get(f.propertyId)?.total ?? '0.00',
      newTotal: at.get(f.propertyId)?.total ?? '0.00',
    }));
    const sum = (pick: (l: RevisionLine) => string) => fromPaise(lines.reduce((s, l) => s + toPaise(pick(l)), 0n));
    const oldTotal = sum((l) => l.oldTotal);
    const newTotal = sum((l) => l.newTotal);
    const changed = lines.filter((l) => l.oldTotal !== l.newTotal).length;
    if (!opts.dryRun) {
      await recordRun(tx as Tx, councilId, 'revision', opts.effectiveTaxYear, lines.length);
      const figure = (v: string | number) => ({ old: null, new: v });
      await recordAudit(tx, {
        councilId,
        entity: 'TaxYearRun',
        entityId: opts.effectiveTaxYear,
        action: 'recalculate',
        changes: {
          kind: figure('revision'),
          properties: figure(lines.length),
          changed: figure(changed),
          total: { old: oldTotal, new: newTotal },
          ...(opts.orderReference ? { orderReference: figure(opts.orderReference) } : {}),
        },
      });
    }
    return {
      effectiveTaxYear: opts.effectiveTaxYear,
      financialYear: taxYearLabel(opts.effectiveTaxYear),
      dryRun: opts.dryRun,
      properties: lines.length,
      changed,
      oldTotal,
      newTotal,
      lines,
    };
  };
  if (opts.effectiveTaxYear < taxYearOf(today))
    throw new Invalid('effectiveTaxYear', `a revision takes effect from ${taxYearLabel(taxYearOf(today))} or later`);
  return opts.dryRun ? run(db) : db.$transaction(run, BULK);
}
