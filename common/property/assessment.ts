// The assessment of a property by the capital-value method of the Maharashtra Village Panchayats
// Taxes and Fees (Amendment) Rules, 2015 (shared/domain/property-tax.md): one function that the
// register, its PDF, the public pages and the tax demand all use, so a tax figure is never typed.
//
//   capital value (भांडवली मूल्य) = (plot m² × land rate + built-up m² × construction rate × depreciation) × weightage
//   house tax (घरपट्टी)          = capital value × tax rate ÷ 1000
//   light (दिवाबत्ती) and health (आरोग्य): flat amounts by the plot's area slab in sq ft
//   water (पाणीपट्टी): a flat yearly amount for a built property, none for open land
//
// Every amount is exact: decimals are read into integer hundredths (BigInt) and the capital value and
// the house tax are rounded half-up to paise, as the worked examples are. No float touches money.

import { formatRupees, fromPaise, toPaise } from '../money.ts';

/** Building types and the legal band of the tax rate (paise per ₹1000 of capital value) of each. */
export const BUILDING_TYPES = {
  hut: { mr: 'झोपडी / मातीचे घर', en: 'Hut / mud house', kind: 'kachha', band: ['0.30', '0.75'] },
  stoneMud: { mr: 'दगड किंवा विटांचे, मातीत बांधलेले', en: 'Stone or brick in mud', kind: 'kachha', band: ['0.60', '1.20'] },
  stoneCement: { mr: 'दगड किंवा विटांचे, चुना/सिमेंटमध्ये', en: 'Stone or brick in lime or cement', kind: 'pucca', band: ['0.75', '1.50'] },
  rcc: { mr: 'आर.सी.सी.', en: 'RCC', kind: 'pucca', band: ['1.20', '2.00'] },
  openLand: { mr: 'खुली जागा', en: 'Open land', kind: 'none', band: ['1.50', '5.00'] },
} as const;
export type BuildingType = keyof typeof BUILDING_TYPES;
export const BUILDING_TYPE_KEYS = Object.keys(BUILDING_TYPES) as BuildingType[];

export const USAGES = {
  residential: { mr: 'निवासी', en: 'Residential' },
  industrial: { mr: 'औद्योगिक', en: 'Industrial' },
  commercial: { mr: 'वाणिज्यिक', en: 'Commercial' },
} as const;
export type Usage = keyof typeof USAGES;
export const USAGE_KEYS = Object.keys(USAGES) as Usage[];

/** Depreciation factor by age: rows of [last age of the band, kachha / semi-pucca, pucca]; the last row has no limit. */
export type DepreciationRow = { maxAge: number | null; kachha: string; pucca: string };
export type Slab = { maxSqft: number | null; divabatti: string; arogya: string };

/** A council's rates (its `TaxRateSetting`). Decimal values travel as strings. */
export interface Rates {
  /** Ready-reckoner land rate, ₹ per m², used when a property has none of its own. */
  landRate: string;
  /** Construction rate, ₹ per m² of built-up area, per building type (open land: none). */
  constructionRate: Record<BuildingType, string>;
  /** Tax rate per ₹1000 of capital value, per building type; must lie in the type's legal band. */
  taxRate: Record<BuildingType, string>;
  weightage: Record<Usage, string>;
  depreciation: DepreciationRow[];
  /** Light and health tax by plot area in sq ft, ascending; the last slab has no upper limit. */
  slabs: Slab[];
  /** General water tax a year for a built property. */
  waterTax: string;
}

/** The common defaults of the domain notes (a fresh council starts with these and changes them).
 *  Stone or brick in mud has no worked example: its rates are our middle-of-the-band choice. */
export const DEFAULT_RATES: Rates = {
  landRate: '1000.00',
  constructionRate: { hut: '4000.00', stoneMud: '8000.00', stoneCement: '15000.00', rcc: '18000.00', openLand: '0.00' },
  taxRate: { hut: '0.50', stoneMud: '0.80', stoneCement: '1.00', rcc: '1.20', openLand: '1.50' },
  weightage: { residential: '1.00', industrial: '1.20', commercial: '1.25' },
  depreciation: [
    { maxAge: 2, kachha: '1.00', pucca: '1.00' },
    { maxAge: 5, kachha: '0.95', pucca: '0.95' },
    { maxAge: 10, kachha: '0.85', pucca: '0.90' },
    { maxAge: 20, kachha: '0.75', pucca: '0.80' },
    { maxAge: 30, kachha: '0.60', pucca: '0.70' },
    { maxAge: 40, kachha: '0.45', pucca: '0.60' },
    { maxAge: 50, kachha: '0.30', pucca: '0.50' },
    { maxAge: 60, kachha: '0.20', pucca: '0.40' },
    { maxAge: null, kachha: '0.15', pucca: '0.30' },
  ],
  slabs: [
    { maxSqft: 300, divabatti: '10.00', arogya: '10.00' },
    { maxSqft: 700, divabatti: '20.00', arogya: '20.00' },
    { maxSqft: null, divabatti: '25.00', arogya: '25.00' },
  ],
  waterTax: '300.00',
};

/** What the clerk records about a property; everything else follows from it and the rates. */
export interface PropertyFacts {
  buildingType: BuildingType;
  usage: Usage;
  /** Built-up area in m² (the spec's areaSqm); for open land, the plot. */
  areaSqm: string;
  /** Plot area in m² when the council keeps it apart from the built-up area; otherwise plot = built-up. */
  plotAreaSqm?: string | null;
  /** Construction year (milkatBandhakamYear); 0 or empty for open land. */
  constructionYear: number;
  /** The property's own ready-reckoner land rate, when its zone differs from the council's. */
  landRate?: string | null;
}

/** The computed register columns (spec field names), all decimal strings with 2 places. */
export interface Assessment {
  age: number;
  area: string; // sq ft
  areaSqm: string;
  landRate: string;
  constructionRate: string;
  ghasaraRate: string; // depreciation factor
  buildingRate: string; // construction rate × depreciation, ₹/m²
  buildingBharank: string; // weightage
  bhandavaliRateRs: string; // capital value
  karachaRateRs: string; // tax rate per ₹1000
  gharpatti: string;
  divabatti: string;
  arogya: string;
  panipatti: string;
  total: string;
}

export const SQFT_PER_SQM = '10.7639';

/** The computed columns of an assessment, as the register row and its versions keep them. */
export const ASSESSED_COLUMNS = [
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
] as const satisfies readonly (keyof Assessment)[];
export type AssessedColumn = (typeof ASSESSED_COLUMNS)[number];

// ---------------------------------------------------------------- exact decimals

/** A decimal with at most 2 places in hundredths, read by money.ts's strict reader (factors and
 *  rates are hundredths as rupees are paise): "1,200.5" → 120050n. Throws a RangeError naming `what`. */
export function hundredths(value: string | number, what = 'value'): bigint {
  try {
    return toPaise(String(value).trim());
  } catch {
    throw new RangeError(`${what} must be a number with at most 2 decimal places, got "${value}"`);
  }
}

/** 120050n → "1200.50". */
export const fromHundredths = fromPaise;

/** Divides, rounding half away from zero (amounts here are never negative). */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  return (n % d) * 2n >= d ? q + 1n : q;
}

// ---------------------------------------------------------------- lookups

export function depreciationFor(rates: Rates, type: BuildingType, age: number): string {
  const kind = BUILDING_TYPES[type].kind;
  if (kind === 'none') return '1.00';
  const row = rates.depreciation.find((r) => r.maxAge === null || age <= r.maxAge) ?? rates.depreciation[rates.depreciation.length - 1];
  return kind === 'kachha' ? row.kachha : row.pucca;
}

function slabFor(rates: Rates, plotHundredths: bigint): Slab {
  // sq ft = m² × 10.7639, compared exactly: (m² × 100) × 107639 against maxSqft × 10^6.
  const sqftE6 = plotHundredths * 107639n;
  return rates.slabs.find((s) => s.maxSqft === null || sqftE6 <= BigInt(s.maxSqft) * 1_000_000n) ?? rates.slabs[rates.slabs.length - 1];
}

/** The tax rate outside its building type's legal band, as a message; null when it is inside. */
export function taxRateOutOfBand(type: BuildingType, rate: string): string | null {
  const [lo, hi] = BUILDING_TYPES[type].band;
  const r = hundredths(rate, 'tax rate');
  if (r < hundredths(lo) || r > hundredths(hi))
    return `${BUILDING_TYPES[type].en}: the tax rate must be from ${lo} to ${hi} per ₹1000 of capital value (2015 rules), not ${rate}`;
  return null;
}

// ---------------------------------------------------------------- the computation

/** Assesses a property for a year (the depreciation follows its age in that year). */
export function assess(rates: Rates, p: PropertyFacts, year: number): Assessment {
  const type = BUILDING_TYPES[p.buildingType];
  const open = type.kind === 'none';
  const built = open ? 0n : hundredths(p.areaSqm, 'areaSqm');
  const plot = p.plotAreaSqm ? hundredths(p.plotAreaSqm, 'plotAreaSqm') : hundredths(p.areaSqm, 'areaSqm');
  const age = open || !p.constructionYear ? 0 : Math.max(0, year - p.constructionYear);
  const land = hundredths(p.landRate && hundredths(p.landRate) > 0n ? p.landRate : rates.landRate, 'landRate');
  const construction = open ? 0n : hundredths(rates.constructionRate[p.buildingType], 'construction rate');
  const factor = hundredths(depreciationFor(rates, p.buildingType, age));
  const weight = hundredths(rates.weightage[p.usage], 'weightage');
  const taxRate = hundredths(rates.taxRate[p.buildingType], 'tax rate');

  // In units of 10^-6 rupees: plot×land is 10^-4, so ×100; built×construction×factor is 10^-6.
  const beforeWeight = plot * land * 100n + built * construction * factor;
  const capitalValue = divRound(beforeWeight * weight, 1_000_000n); // 10^-8 → paise
  const houseTax = divRound(capitalValue * taxRate, 100_000n); // paise × rate(10^-2) ÷ 1000
  const slab = slabFor(rates, plot);
  const light = hundredths(slab.divabatti);
  const health = hundredths(slab.arogya);
  const water = open ? 0n : hundredths(rates.waterTax, 'water tax');
  const sqft = divRound((open ? plot : built) * 107639n, 10_000n);

  return {
    age,
    area: fromHundredths(sqft),
    areaSqm: fromHundredths(open ? plot : built),
    landRate: fromHundredths(land),
    constructionRate: fromHundredths(construction),
    ghasaraRate: fromHundredths(factor),
    buildingRate: fromHundredths(divRound(construction * factor, 100n)),
    buildingBharank: fromHundredths(weight),
    bhandavaliRateRs: fromHundredths(capitalValue),
    karachaRateRs: fromHundredths(taxRate),
    gharpatti: fromHundredths(houseTax),
    divabatti: fromHundredths(light),
    arogya: fromHundredths(health),
    panipatti: fromHundredths(water),
    total: fromHundredths(houseTax + light + health + water),
  };
}

/** How each number was reached, as the register screen and the Namuna 8 extract print it, in
 *  Marathi and English: capital value, house tax, and the flat heads. */
export function explainAssessment(a: Assessment, p: Pick<PropertyFacts, 'buildingType' | 'plotAreaSqm'>): { mr: string[]; en: string[] } {
  const open = BUILDING_TYPES[p.buildingType].kind === 'none';
  const plot = p.plotAreaSqm || a.areaSqm;
  const land = `${plot} × ${formatRupees(a.landRate)}`;
  const building = open ? '' : ` + ${a.areaSqm} × ${formatRupees(a.constructionRate)} × ${a.ghasaraRate}`;
  const cv = `(${land}${building}) × ${a.buildingBharank} = ${formatRupees(a.bhandavaliRateRs)}`;
  const tax = `${formatRupees(a.bhandavaliRateRs)} × ${a.karachaRateRs} ÷ 1000 = ${formatRupees(a.gharpatti)}`;
  const flat = (light: string, health: string, water: string, total: string) =>
    `${light} ${formatRupees(a.divabatti)} + ${health} ${formatRupees(a.arogya)} + ${water} ${formatRupees(a.panipatti)}; ${total} ${formatRupees(a.total)}`;
  return {
    mr: [`भांडवली मूल्य = ${cv}`, `घरपट्टी = ${tax}`, flat('दिवाबत्ती', 'आरोग्य', 'पाणीपट्टी', 'एकूण कर')],
    en: [`Capital value = ${cv}`, `House tax = ${tax}`, flat('Light', 'Health', 'Water', 'Total tax')],
  };
}
