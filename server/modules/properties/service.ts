// The council's assessment rates: read (defaults until saved) and saved after the checks the schema
// cannot express (legal bands, ascending tables, factors at most 1).
import type { Db } from '../../db/open.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { Invalid } from '../../lib/errors.ts';
import {
  BUILDING_TYPES, BUILDING_TYPE_KEYS, DEFAULT_RATES, USAGES, hundredths, taxRateOutOfBand, type Rates,
} from '../../../common/property/assessment.ts';

type DbOrTx = Db | Prisma.TransactionClient;

const ONE = hundredths('1');

/** The rates the council's assessments use. */
export async function ratesOf(db: DbOrTx, councilId: number): Promise<{ rates: Rates; isDefault: boolean }> {
  const row = await db.taxRateSetting.findUnique({ where: { createdByUserId: councilId }, select: { rates: true } });
  return row ? { rates: row.rates as unknown as Rates, isDefault: false } : { rates: DEFAULT_RATES, isDefault: true };
}

/** Decimals as the schema lets them in ("1.2", "01.20") written the one way the computation prints them. */
function normalise(rates: Rates): Rates {
  const d = (v: string) => { const h = hundredths(v); return `${h / 100n}.${String(h % 100n).padStart(2, '0')}`; };
  const each = <T extends Record<string, string>>(o: T) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, d(v)])) as T;
  return {
    landRate: d(rates.landRate),
    constructionRate: each(rates.constructionRate),
    taxRate: each(rates.taxRate),
    weightage: each(rates.weightage),
    depreciation: rates.depreciation.map((r) => ({ maxAge: r.maxAge, kachha: d(r.kachha), pucca: d(r.pucca) })),
    slabs: rates.slabs.map((s) => ({ maxSqft: s.maxSqft, divabatti: d(s.divabatti), arogya: d(s.arogya) })),
    waterTax: d(rates.waterTax),
  };
}

export function checkRates(rates: Rates) {
  for (const type of BUILDING_TYPE_KEYS) {
    const out = taxRateOutOfBand(type, rates.taxRate[type]);
    if (out) throw new Invalid(`taxRate.${type}`, out);
    if (type !== 'openLand' && hundredths(rates.constructionRate[type]) === 0n)
      throw new Invalid(`constructionRate.${type}`, `${BUILDING_TYPES[type].en}: the construction rate must be more than 0`);
  }
  for (const [use, w] of Object.entries(rates.weightage))
    if (hundredths(w) === 0n) throw new Invalid(`weightage.${use}`, 'must be more than 0');
  rates.depreciation.forEach((row, i) => {
    const last = i === rates.depreciation.length - 1;
    if (last !== (row.maxAge === null)) throw new Invalid(`depreciation.${i}.maxAge`, last ? 'the last band has no upper age (null)' : 'only the last band may be open-ended');
    if (i > 0 && row.maxAge !== null && row.maxAge <= rates.depreciation[i - 1].maxAge!)
      throw new Invalid(`depreciation.${i}.maxAge`, 'the bands must go up in age');
    for (const kind of ['kachha', 'pucca'] as const)
      if (hundredths(row[kind]) > ONE || hundredths(row[kind]) === 0n) throw new Invalid(`depreciation.${i}.${kind}`, 'a depreciation factor is more than 0 and at most 1.00');
  });
  rates.slabs.forEach((slab, i) => {
    const last = i === rates.slabs.length - 1;
    if (last !== (slab.maxSqft === null)) throw new Invalid(`slabs.${i}.maxSqft`, last ? 'the last slab has no upper area (null)' : 'only the last slab may be open-ended');
    if (i > 0 && slab.maxSqft !== null && slab.maxSqft <= rates.slabs[i - 1].maxSqft!) throw new Invalid(`slabs.${i}.maxSqft`, 'the slabs must go up in area');
  });
}

export async function saveRates(db: DbOrTx, councilId: number, input: Rates): Promise<Rates> {
  const rates = normalise(input);
  checkRates(rates);
  const json = rates as unknown as Prisma.InputJsonValue;
  await db.taxRateSetting.upsert({ where: { createdByUserId: councilId }, create: { createdByUserId: councilId, rates: json }, update: { rates: json } });
  return rates;
}

/** The labels and bands the rates screen shows beside the numbers. */
export function rateLabels() {
  return {
    buildingTypes: Object.fromEntries(BUILDING_TYPE_KEYS.map((k) => {
      const t = BUILDING_TYPES[k];
      return [k, { mr: t.mr, en: t.en, kind: t.kind, min: t.band[0], max: t.band[1] }];
    })),
    usages: Object.fromEntries(Object.entries(USAGES).map(([k, u]) => [k, { mr: u.mr, en: u.en }])),
  };
}
