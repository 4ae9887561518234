// The council's assessment rates, kept per tax year they take effect from (TaxRateSetting): the
// rates in force in a year are the version with the greatest effectiveTaxYear not after it, the
// defaults of the domain notes while the council has none. A save names the year it takes effect
// from; the properties' assessments follow in the same transaction (server/modules/tax/revision.ts).
import type { DbOrTx, Tx } from '../../db/transaction.ts';
import { Invalid } from '../../lib/errors.ts';
import { StaleRecord } from '../../lib/versions.ts';
import {
  BUILDING_TYPES,
  BUILDING_TYPE_KEYS,
  DEFAULT_RATES,
  USAGES,
  fromHundredths,
  hundredths,
  taxRateOutOfBand,
  type Rates,
} from '../../../common/property/assessment.ts';
import type { RatesPatch } from './schema.ts';
import { lockRates, rateVersionRows, saveRateVersion } from './sql.ts';

const ONE = hundredths('1');

export interface RateVersion {
  effectiveTaxYear: number;
  rates: Rates;
  /** Moves up on every save of this version (0: the defaults, never saved). */
  version: number;
}

/** Every rate version of the council, oldest first; the defaults (year 0, version 0) when none is saved. */
export async function rateVersions(db: DbOrTx, councilId: number): Promise<RateVersion[]> {
  const saved = await rateVersionRows(db, councilId);
  // Until a council saves rates from the start, the default rates are in force before its first version.
  return saved[0]?.effectiveTaxYear === 0 ? saved : [{ effectiveTaxYear: 0, rates: DEFAULT_RATES, version: 0 }, ...saved];
}

/** The version in force in a tax year: the last one that took effect in or before it. */
export function versionInForce(versions: RateVersion[], taxYear: number): RateVersion {
  let found = versions[0];
  for (const v of versions) if (v.effectiveTaxYear <= taxYear) found = v;
  return found;
}

/** The rates in force in a tax year. */
export async function ratesInForce(db: DbOrTx, councilId: number, taxYear: number): Promise<Rates> {
  return versionInForce(await rateVersions(db, councilId), taxYear).rates;
}

/** Decimals as the schema lets them in ("1.2", "01.20") written the one way the computation prints
 *  them; only the parts sent. */
function normalise(rates: RatesPatch): RatesPatch {
  const d = (v: string) => fromHundredths(hundredths(v));
  const each = <T extends Record<string, string | undefined>>(o: T) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, d(v!)])) as T;
  const out: RatesPatch = {};
  if (rates.landRate !== undefined) out.landRate = d(rates.landRate);
  if (rates.constructionRate) out.constructionRate = each(rates.constructionRate);
  if (rates.taxRate) out.taxRate = each(rates.taxRate);
  if (rates.weightage) out.weightage = each(rates.weightage);
  if (rates.depreciation) out.depreciation = rates.depreciation.map((r) => ({ maxAge: r.maxAge, kachha: d(r.kachha), pucca: d(r.pucca) }));
  if (rates.slabs) out.slabs = rates.slabs.map((s) => ({ maxSqft: s.maxSqft, divabatti: d(s.divabatti), arogya: d(s.arogya) }));
  if (rates.waterTax !== undefined) out.waterTax = d(rates.waterTax);
  return out;
}

/** Checks what was sent: each rate of a per-type or per-use table on its own, the depreciation
 *  and slab tables (always sent whole) for their order. */
export function checkRates(rates: RatesPatch) {
  for (const type of BUILDING_TYPE_KEYS) {
    const tax = rates.taxRate?.[type];
    const out = tax === undefined ? null : taxRateOutOfBand(type, tax);
    if (out) throw new Invalid(`taxRate.${type}`, out);
    const construction = rates.constructionRate?.[type];
    if (type !== 'openLand' && construction !== undefined && hundredths(construction) === 0n)
      throw new Invalid(`constructionRate.${type}`, `${BUILDING_TYPES[type].en}: the construction rate must be more than 0`);
  }
  for (const [use, w] of Object.entries(rates.weightage ?? {}))
    if (w !== undefined && hundredths(w) === 0n) throw new Invalid(`weightage.${use}`, 'must be more than 0');
  (rates.depreciation ?? []).forEach((row, i, depreciation) => {
    const last = i === depreciation.length - 1;
    if (last !== (row.maxAge === null))
      throw new Invalid(
        `depreciation.${i}.maxAge`,
        last ? 'the last band has no upper age (null)' : 'only the last band may be open-ended',
      );
    if (i > 0 && row.maxAge !== null && row.maxAge <= depreciation[i - 1].maxAge!)
      throw new Invalid(`depreciation.${i}.maxAge`, 'the bands must go up in age');
    for (const kind of ['kachha', 'pucca'] as const)
      if (hundredths(row[kind]) > ONE || hundredths(row[kind]) === 0n)
        throw new Invalid(`depreciation.${i}.${kind}`, 'a depreciation factor is more than 0 and at most 1.00');
  });
  (rates.slabs ?? []).forEach((slab, i, slabs) => {
    const last = i === slabs.length - 1;
    if (last !== (slab.maxSqft === null))
      throw new Invalid(`slabs.${i}.maxSqft`, last ? 'the last slab has no upper area (null)' : 'only the last slab may be open-ended');
    if (i > 0 && slab.maxSqft !== null && slab.maxSqft <= slabs[i - 1].maxSqft!)
      throw new Invalid(`slabs.${i}.maxSqft`, 'the slabs must go up in area');
  });
}

/** The per-type and per-use tables: a save merges the rates sent into the stored ones key by key. */
export const RATE_MAPS = ['constructionRate', 'taxRate', 'weightage'] as const;

/** Saves the rates sent (any of the document's parts; a per-type or per-use table may name only
 *  some of its keys) as the version in force from `effectiveTaxYear`: merged into that year's version
 *  when it has one, else into a copy of the version in force then. Saves of one council run one at
 *  a time (an advisory lock for the transaction). With `ifMatch` (the version the screen read of the
 *  newest rates) only while it is still that version, else 409; a new year's version numbers on
 *  from the newest, so a version names one state of the council's rates. */
export async function saveRates(
  tx: Tx,
  councilId: number,
  input: RatesPatch,
  opts: { effectiveTaxYear: number; ifMatch?: number },
): Promise<RateVersion & { before: Rates }> {
  const patch = normalise(input);
  checkRates(patch);
  await lockRates(tx, councilId);
  const versions = await rateVersions(tx, councilId);
  const newest = versions[versions.length - 1];
  if (opts.ifMatch !== undefined && opts.ifMatch !== newest.version) throw new StaleRecord();
  const base = versionInForce(versions, opts.effectiveTaxYear);
  const { constructionRate, taxRate, weightage, ...whole } = patch;
  const maps = { constructionRate, taxRate, weightage };
  const rates = {
    ...base.rates,
    ...whole,
    ...Object.fromEntries(RATE_MAPS.map((m) => [m, { ...base.rates[m], ...maps[m] }])),
  } as Rates;
  const version = Math.max(...versions.map((v) => v.version)) + 1;
  // The rates merged into, read under the lock: the audit trail's "old".
  return { ...(await saveRateVersion(tx, councilId, opts.effectiveTaxYear, rates, version)), before: base.rates };
}

/** The labels and bands the rates screen shows beside the numbers. */
export function rateLabels() {
  return {
    buildingTypes: Object.fromEntries(
      BUILDING_TYPE_KEYS.map((k) => {
        const t = BUILDING_TYPES[k];
        return [k, { mr: t.mr, en: t.en, kind: t.kind, min: t.band[0], max: t.band[1] }];
      }),
    ),
    usages: Object.fromEntries(Object.entries(USAGES).map(([k, u]) => [k, { mr: u.mr, en: u.en }])),
  };
}
