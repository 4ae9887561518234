// The assessment against the hand-worked examples of shared/domain/property-tax.md (assessment
// year 2026, the default rates), and the depreciation update of 2027 and 2031.
import { describe, expect, it } from 'vitest';
import {
  assess,
  DEFAULT_RATES,
  explainAssessment,
  depreciationFor,
  hundredths,
  fromHundredths,
  taxRateOutOfBand,
  type PropertyFacts,
  type Rates,
} from '../../common/property/assessment.ts';

const withLand = (landRate: string): Rates => ({ ...DEFAULT_RATES, landRate });

const RCC_HOUSE: PropertyFacts = { buildingType: 'rcc', usage: 'residential', areaSqm: '50', constructionYear: 2010, landRate: '1200' };
const SHOP: PropertyFacts = { buildingType: 'stoneCement', usage: 'commercial', areaSqm: '30', constructionYear: 1995, landRate: '2000' };
const OPEN_LAND: PropertyFacts = { buildingType: 'openLand', usage: 'residential', areaSqm: '200', constructionYear: 0, landRate: '800' };
const HUT: PropertyFacts = { buildingType: 'hut', usage: 'residential', areaSqm: '20', constructionYear: 1990, landRate: '500' };

describe('assessment by the 2015 rules (domain worked examples, 2026)', () => {
  it('RCC house, residential: capital value 7,80,000, house tax 936.00, total 1,276.00', () => {
    const a = assess(DEFAULT_RATES, RCC_HOUSE, 2026);
    expect(a).toMatchObject({
      age: 16,
      ghasaraRate: '0.80',
      buildingBharank: '1.00',
      karachaRateRs: '1.20',
      bhandavaliRateRs: '780000.00',
      gharpatti: '936.00',
      divabatti: '20.00',
      arogya: '20.00',
      panipatti: '300.00',
      total: '1276.00',
      constructionRate: '18000.00',
      buildingRate: '14400.00',
      landRate: '1200.00',
      areaSqm: '50.00',
      area: '538.20',
    });
  });
  it('shop in stone and cement, commercial: 4,12,500 and 412.50, total 752.50', () => {
    expect(assess(DEFAULT_RATES, SHOP, 2026)).toMatchObject({
      age: 31,
      ghasaraRate: '0.60',
      buildingBharank: '1.25',
      karachaRateRs: '1.00',
      bhandavaliRateRs: '412500.00',
      gharpatti: '412.50',
      divabatti: '20.00',
      arogya: '20.00',
      panipatti: '300.00',
      total: '752.50',
    });
  });
  it('open land: 1,60,000 and 240.00, the top slab, no water tax, total 290.00', () => {
    expect(assess(DEFAULT_RATES, OPEN_LAND, 2026)).toMatchObject({
      age: 0,
      karachaRateRs: '1.50',
      bhandavaliRateRs: '160000.00',
      gharpatti: '240.00',
      divabatti: '25.00',
      arogya: '25.00',
      panipatti: '0.00',
      total: '290.00',
      constructionRate: '0.00',
      area: '2152.78',
    });
  });
  it('kachha hut: factor 0.45 at 36 years, 46,000 and 23.00, total 343.00', () => {
    expect(assess(DEFAULT_RATES, HUT, 2026)).toMatchObject({
      age: 36,
      ghasaraRate: '0.45',
      bhandavaliRateRs: '46000.00',
      gharpatti: '23.00',
      divabatti: '10.00',
      arogya: '10.00',
      total: '343.00',
    });
  });
  it('uses the council land rate when the property has none of its own', () => {
    const a = assess(withLand('1200'), { ...RCC_HOUSE, landRate: null }, 2026);
    expect(a.bhandavaliRateRs).toBe('780000.00');
    expect(assess(withLand('1300'), { ...RCC_HOUSE, landRate: '' }, 2026).bhandavaliRateRs).toBe('785000.00');
  });
  it('keeps plot and built-up apart when the council records both', () => {
    // 100 m² plot at 1,200 + 50 m² built at 18,000 × 0.80: 1,20,000 + 7,20,000 = 8,40,000; 1,076 sq ft is the top slab.
    const a = assess(DEFAULT_RATES, { ...RCC_HOUSE, plotAreaSqm: '100' }, 2026);
    expect(a).toMatchObject({ bhandavaliRateRs: '840000.00', gharpatti: '1008.00', divabatti: '25.00', areaSqm: '50.00' });
  });
});

describe('the yearly depreciation update', () => {
  it('keeps 0.80 for the RCC house at 17 years (2027) and moves to 0.70 at 21 (2031): house tax 828.00', () => {
    expect(assess(DEFAULT_RATES, RCC_HOUSE, 2027)).toMatchObject({ age: 17, ghasaraRate: '0.80', gharpatti: '936.00' });
    expect(assess(DEFAULT_RATES, RCC_HOUSE, 2031)).toMatchObject({
      age: 21,
      ghasaraRate: '0.70',
      bhandavaliRateRs: '690000.00',
      gharpatti: '828.00',
    });
  });
  it('reads the band edges of the table for both kinds', () => {
    expect(depreciationFor(DEFAULT_RATES, 'rcc', 2)).toBe('1.00');
    expect(depreciationFor(DEFAULT_RATES, 'rcc', 3)).toBe('0.95');
    expect(depreciationFor(DEFAULT_RATES, 'hut', 10)).toBe('0.85');
    expect(depreciationFor(DEFAULT_RATES, 'rcc', 10)).toBe('0.90');
    expect(depreciationFor(DEFAULT_RATES, 'stoneMud', 61)).toBe('0.15');
    expect(depreciationFor(DEFAULT_RATES, 'rcc', 120)).toBe('0.30');
    expect(depreciationFor(DEFAULT_RATES, 'openLand', 50)).toBe('1.00');
  });
});

describe('exact amounts', () => {
  it('rounds the house tax half-up to paise, never through a float', () => {
    // 33 m² at 1,111 and 33 m² at 18,000 × 0.80 = 36,663 + 4,75,200 = 5,11,863; × 1.20 ÷ 1000 = 614.2356 → 614.24
    const a = assess(DEFAULT_RATES, { ...RCC_HOUSE, areaSqm: '33', landRate: '1111' }, 2026);
    expect(a.bhandavaliRateRs).toBe('511863.00');
    expect(a.gharpatti).toBe('614.24');
    // A half-paisa rounds up: 10 m² of open land at 1,001 = 10,010.00; × 1.50 ÷ 1000 = 15.015 → 15.02
    const tie = assess(
      DEFAULT_RATES,
      { buildingType: 'openLand', usage: 'residential', areaSqm: '10', constructionYear: 0, landRate: '1001' },
      2026,
    );
    expect(tie.bhandavaliRateRs).toBe('10010.00');
    expect(tie.gharpatti).toBe('15.02');
  });
  it('reads decimals strictly', () => {
    expect(hundredths('1,200.5')).toBe(120050n);
    expect(hundredths('0.07')).toBe(7n);
    expect(fromHundredths(120050n)).toBe('1200.50');
    for (const bad of ['1.234', 'abc', '1e3', '', '0x10']) expect(() => hundredths(bad)).toThrow(RangeError);
  });
});

describe('the legal band of the tax rate', () => {
  it('accepts the band edges and refuses a rate outside, naming the band', () => {
    expect(taxRateOutOfBand('rcc', '1.20')).toBeNull();
    expect(taxRateOutOfBand('rcc', '2.00')).toBeNull();
    expect(taxRateOutOfBand('rcc', '2.01')).toMatch(/1\.20 to 2\.00/);
    expect(taxRateOutOfBand('hut', '0.29')).toMatch(/0\.30 to 0\.75/);
    expect(taxRateOutOfBand('openLand', '5.00')).toBeNull();
  });
  it('has every default tax rate inside its band', () => {
    for (const [type, rate] of Object.entries(DEFAULT_RATES.taxRate)) expect(taxRateOutOfBand(type as never, rate)).toBeNull();
  });
});

describe('the line that shows how each number was reached', () => {
  it('writes the capital value and house tax sums in Marathi and English with rupees in Indian grouping', () => {
    const a = assess(DEFAULT_RATES, RCC_HOUSE, 2026);
    const { mr, en } = explainAssessment(a, RCC_HOUSE);
    expect(mr[0]).toBe('भांडवली मूल्य = (50.00 × ₹1,200.00 + 50.00 × ₹18,000.00 × 0.80) × 1.00 = ₹7,80,000.00');
    expect(mr[1]).toBe('घरपट्टी = ₹7,80,000.00 × 1.20 ÷ 1000 = ₹936.00');
    expect(mr[2]).toBe('दिवाबत्ती ₹20.00 + आरोग्य ₹20.00 + पाणीपट्टी ₹300.00; एकूण कर ₹1,276.00');
    expect(en[0]).toBe('Capital value = (50.00 × ₹1,200.00 + 50.00 × ₹18,000.00 × 0.80) × 1.00 = ₹7,80,000.00');
  });
  it('leaves the building out for open land', () => {
    const a = assess(DEFAULT_RATES, OPEN_LAND, 2026);
    expect(explainAssessment(a, OPEN_LAND).en[0]).toBe('Capital value = (200.00 × ₹800.00) × 1.00 = ₹1,60,000.00');
  });
});
