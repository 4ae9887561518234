// The property screens' rules that need no browser: the field tables speak the server's wire names,
// the form's body (trimmed, empty numbers left to the server), the live assessment on the worked
// examples of the domain notes, and the certificate link's digits (spec 5).
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATES } from '../../common/property/assessment.ts';
import { OWNER_FIELDS, PROPERTY_FIELDS } from '../../common/property/fields.ts';
import { TRANSFER_FIELDS } from '../../common/property/transfer.ts';
import { PropertyFields } from '../../server/modules/properties/schema.ts';
import { TransferBody } from '../../server/modules/transfers/schema.ts';
import { assessValues } from '../../web/src/features/properties/assessValues.ts';
import { certificateNumber } from '../../common/property/malmatta.ts';
import { ALL_FIELDS, bodyOf } from '../../web/src/features/properties/shared.ts';

describe('property field tables', () => {
  it('name the fields of the register and transfer bodies, required where the server requires them', () => {
    const wire = PropertyFields as Record<string, { minLength?: number; anyOf?: unknown }>;
    for (const f of [...OWNER_FIELDS, ...PROPERTY_FIELDS]) {
      expect(Object.keys(wire)).toContain(f.name);
      expect(!!f.required, f.name).toBe(wire[f.name].minLength === 1);
    }
    expect(TRANSFER_FIELDS.map((f) => f.name).sort()).toEqual(
      Object.keys(TransferBody.properties)
        .filter((k) => k !== 'createdByUserId')
        .sort(),
    );
    expect(TRANSFER_FIELDS.filter((f) => !f.required).map((f) => f.name)).toEqual(['navin_malakache_mobile', 'varasache_nav', 'note']);
  });
});

describe('register form body', () => {
  it('trims text and leaves empty numbers to the server (so an empty plot area is no plot of 0 m²)', () => {
    const values = Object.fromEntries(ALL_FIELDS.map((f) => [f.name, '']));
    Object.assign(values, { malmattaNo: ' १२/अ ', malkacheNav: ' रमेश ', areaSqm: ' 50.5 ', landRate: '', plotAreaSqm: '' });
    const body = bodyOf(ALL_FIELDS, values);
    expect(body).toMatchObject({ malmattaNo: '१२/अ', malkacheNav: 'रमेश', areaSqm: '50.5', malmattaVarnan: '' });
    expect(body).not.toHaveProperty('plotAreaSqm');
    expect(body).not.toHaveProperty('landRate');
    expect(body).not.toHaveProperty('milkatBandhakamYear');
  });
});

describe('live assessment', () => {
  const values = (v: Record<string, string>) => ({
    buildingType: 'rcc',
    usage: 'residential',
    milkatBandhakamYear: '',
    areaSqm: '',
    plotAreaSqm: '',
    landRate: '',
    ...v,
  });

  it('gives the worked examples of the domain notes for 2026', () => {
    const house = assessValues(DEFAULT_RATES, values({ milkatBandhakamYear: '2010', areaSqm: '50', landRate: '1200' }), 2026);
    expect(house.ok && [house.a.bhandavaliRateRs, house.a.gharpatti, house.a.total]).toEqual(['780000.00', '936.00', '1276.00']);
    const shop = assessValues(
      DEFAULT_RATES,
      values({ buildingType: 'stoneCement', usage: 'commercial', milkatBandhakamYear: '1995', areaSqm: '30', landRate: '2000' }),
      2026,
    );
    expect(shop.ok && shop.a.total).toBe('752.50');
    const land = assessValues(DEFAULT_RATES, values({ buildingType: 'openLand', areaSqm: '200', landRate: '800' }), 2026);
    expect(land.ok && [land.a.gharpatti, land.a.total]).toEqual(['240.00', '290.00']);
    expect(house.ok && house.lines.mr[1]).toBe('घरपट्टी = ₹7,80,000.00 × 1.20 ÷ 1000 = ₹936.00');
  });

  it('says why it cannot assess yet instead of showing a wrong figure', () => {
    const future = assessValues(DEFAULT_RATES, values({ milkatBandhakamYear: '2027', areaSqm: '50' }), 2026);
    expect(future.ok).toBe(false);
    expect(!future.ok && future.problem).toContain('2026');
    const text = assessValues(DEFAULT_RATES, values({ areaSqm: 'पन्नास' }), 2026);
    expect(!text.ok && text.problem).toContain('दोन दशांशांपर्यंत');
    expect(assessValues(DEFAULT_RATES, values({ areaSqm: '12.345' }), 2026).ok).toBe(false);
  });
});

describe('certificate link number', () => {
  it('asks in Devanagari digits for a Western-digit number, and takes one with Devanagari as it is', () => {
    expect(certificateNumber('12/A')).toBe('१२/A');
    expect(certificateNumber('101')).toBe('१०१');
    expect(certificateNumber('१२/अ')).toBe('१२/अ');
    expect(certificateNumber('12/अ')).toBe('12/अ');
  });
});
