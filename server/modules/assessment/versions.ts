// A property's assessment (Namuna 8) per tax year it takes effect from (PropertyAssessment). Every
// change of an assessment goes through writeAssessments: a new property, a change of the facts the
// tax follows from, new rates, the depreciation update, a general revision. It writes a version
// from the year the change takes effect and, since the later versions already made (new rates or a
// depreciation update not yet in force) rest on the same facts, those years again; versions in force
// are never changed (a change to a year already billed becomes correction entries in the books,
// server/modules/tax/). The register row keeps the newest version's figures.
import type { Tx, DbOrTx } from '../../db/transaction.ts';
import {
  ASSESSED_COLUMNS,
  assess,
  type AssessedColumn,
  type Assessment,
  type BuildingType,
  type PropertyFacts,
  type Usage,
} from '../../../common/property/assessment.ts';
import { rateVersions, versionInForce, type RateVersion } from './rates.ts';
import {
  dropPending,
  factorRows,
  factRows,
  inForceRows,
  insertVersions,
  laterRows,
  registerFollows,
  type FactsRow,
  type VersionRow,
} from './sql.ts';

export type { FactsRow, VersionRow };

/** Why a version exists. */
export type AssessmentReason = 'register' | 'import' | 'facts' | 'rates' | 'revision' | 'depreciation';

export interface AssessmentChange {
  /** The tax year the change takes effect from. */
  fromYear: number;
  /** The current tax year: versions after it are not yet in force and may be replaced. */
  currentTaxYear: number;
  reason: AssessmentReason;
  /** The order or resolution it was made under (for a year already billed). */
  reference?: string;
  byUser?: string;
  /** The calendar year whose age gives the depreciation from fromYear on (the depreciation update,
   *  a revision, a new property); otherwise each year keeps the one its version in force had. */
  ghasaraYear?: number;
  /** false: the register rows' versions stay (a new row, or a change the form made and counted). */
  touchVersion?: boolean;
  /** The depreciation update: the register rows note the calendar year they were updated for. */
  depreciatedFor?: number;
  /** Every property of the council is changed: no list of ids to match (10,000 of them cost a
   *  depreciation update a third of its time). */
  wholeCouncil?: boolean;
}

/** The assessment of facts as a property row holds them. */
export function assessFacts(rates: RateVersion['rates'], f: FactsRow, ghasaraYear: number): Assessment {
  const facts: PropertyFacts = {
    buildingType: f.buildingType as BuildingType,
    usage: f.usage as Usage,
    areaSqm: f.areaSqm,
    plotAreaSqm: f.plotAreaSqm,
    constructionYear: f.milkatBandhakamYear,
    landRate: f.ownLandRate,
  };
  return assess(rates, facts, ghasaraYear);
}

/** The stored columns of an assessment (Namuna 8), computed, never typed. */
export function assessedColumns(a: Assessment): Record<AssessedColumn, string> {
  return Object.fromEntries(ASSESSED_COLUMNS.map((c) => [c, a[c]])) as Record<AssessedColumn, string>;
}

/** The facts of the council's properties (all, or those given) as the register holds them now. */
export function factsOf(db: DbOrTx, councilId: number, propertyIds?: number[]): Promise<FactsRow[]> {
  return factRows(db, councilId, propertyIds ?? null);
}

/** Each property's depreciation factor in force in a tax year, by property id (the depreciation
 *  update counts the factors it changes without reading every version whole). */
export async function factorsInForce(db: DbOrTx, councilId: number, taxYear: number, propertyIds?: number[]): Promise<Map<number, string>> {
  const rows = await factorRows(db, councilId, taxYear, propertyIds ?? null);
  return new Map(rows.map((r) => [r.propertyId, r.ghasaraRate]));
}

/** Each property's version in force in a tax year, by property id. */
export async function inForce(db: DbOrTx, councilId: number, taxYear: number, propertyIds?: number[]): Promise<Map<number, VersionRow>> {
  const rows = await inForceRows(db, councilId, taxYear, propertyIds ?? null);
  return new Map(rows.map((r) => [r.propertyId, r]));
}

export interface WrittenAssessment {
  propertyId: number;
  effectiveTaxYear: number;
  ghasaraYear: number;
  assessment: Assessment;
}

/** What a change would make, without writing it: for each property, the versions of fromYear and of
 *  each later year that has a version or new rates already. */
export async function planAssessments(
  db: DbOrTx,
  councilId: number,
  facts: FactsRow[],
  change: Pick<AssessmentChange, 'fromYear' | 'ghasaraYear' | 'wholeCouncil'>,
  today: Date,
): Promise<WrittenAssessment[]> {
  if (!facts.length) return [];
  const ids = change.wholeCouncil ? undefined : facts.map((f) => f.propertyId);
  const [rates, inForceNow, later] = await Promise.all([
    rateVersions(db, councilId),
    // The versions in force only give the depreciation year when the change does not.
    change.ghasaraYear === undefined ? inForce(db, councilId, change.fromYear, ids) : new Map<number, VersionRow>(),
    laterRows(db, councilId, change.fromYear, ids ?? null),
  ]);
  const laterOf = new Map<number, VersionRow[]>();
  for (const v of later) laterOf.set(v.propertyId, [...(laterOf.get(v.propertyId) ?? []), v]);
  const rateYears = rates.map((r) => r.effectiveTaxYear).filter((y) => y > change.fromYear);
  const out: WrittenAssessment[] = [];
  for (const f of facts) {
    const first = change.ghasaraYear ?? inForceNow.get(f.propertyId)?.ghasaraYear ?? today.getUTCFullYear();
    const own = laterOf.get(f.propertyId) ?? [];
    const years = [...new Set([change.fromYear, ...own.map((v) => v.effectiveTaxYear), ...rateYears])].sort((a, b) => a - b);
    let ghasaraYear = first;
    for (const year of years) {
      // A later depreciation update keeps its own, later year.
      const mine = own.find((v) => v.effectiveTaxYear === year);
      if (mine && mine.ghasaraYear > ghasaraYear) ghasaraYear = mine.ghasaraYear;
      out.push({
        propertyId: f.propertyId,
        effectiveTaxYear: year,
        ghasaraYear,
        assessment: assessFacts(versionInForce(rates, year).rates, f, ghasaraYear),
      });
    }
  }
  return out;
}

/** Writes the versions planAssessments makes and the register rows' newest figures, in the
 *  caller's transaction. Returns what it wrote. */
export async function writeAssessments(
  tx: Tx,
  councilId: number,
  facts: FactsRow[],
  change: AssessmentChange,
  today: Date,
): Promise<WrittenAssessment[]> {
  const planned = await planAssessments(tx, councilId, facts, change, today);
  if (!planned.length) return planned;
  const byFacts = new Map(facts.map((f) => [f.propertyId, f]));
  const rows = planned.map((p) => {
    const f = byFacts.get(p.propertyId)!;
    return {
      propertyId: p.propertyId,
      effectiveTaxYear: p.effectiveTaxYear,
      buildingType: f.buildingType,
      usage: f.usage,
      milkatBandhakamYear: f.milkatBandhakamYear,
      plotAreaSqm: f.plotAreaSqm,
      ghasaraYear: p.ghasaraYear,
      ...assessedColumns(p.assessment),
    };
  });
  const keys = rows.map((r) => ({ propertyId: r.propertyId, effectiveTaxYear: r.effectiveTaxYear }));
  await dropPending(tx, keys, change.currentTaxYear, councilId);
  await insertVersions(tx, rows, councilId, change.reason, change.reference ?? '', change.byUser ?? '');
  await registerFollows(
    tx,
    councilId,
    change.wholeCouncil ? null : [...byFacts.keys()],
    change.touchVersion ?? true,
    change.depreciatedFor ?? null,
  );
  return planned;
}
