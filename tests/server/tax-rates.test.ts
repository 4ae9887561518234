// /api/TaxRates: each council's assessment rates, the defaults of the domain notes until it saves its own.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATES } from '../../common/property/assessment.ts';
import { useTestApp, createCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';

const t = useTestApp();

const get = (c: TestCouncil | undefined) => injectAs(t.app, c, { method: 'GET', url: '/api/TaxRates' });
const put = (c: TestCouncil | undefined, payload: unknown) =>
  injectAs(t.app, c, { method: 'PUT', url: '/api/TaxRates', payload: payload as object });
const clone = () => structuredClone(DEFAULT_RATES);

describe('assessment rates', () => {
  it('gives a fresh council the common defaults, with the legal band of each building type', async () => {
    const c = await createCouncil(t.app);
    const res = await get(c);
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result.isDefault).toBe(true);
    expect(result.rates).toEqual(DEFAULT_RATES);
    expect(result.buildingTypes.rcc).toMatchObject({ min: '1.20', max: '2.00', kind: 'pucca', en: 'RCC' });
    expect(result.usages.commercial).toEqual({ mr: 'वाणिज्यिक', en: 'Commercial' });
  });

  it('saves a council’s own rates, written as 2-place decimals, and reads them back', async () => {
    const c = await createCouncil(t.app);
    const mine = clone();
    mine.landRate = '1250.5';
    mine.taxRate.rcc = '1.5';
    (mine.weightage as Record<string, unknown>).commercial = 1.3; // a number is read as its decimal text
    const res = await put(c, mine);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.rates).toMatchObject({ landRate: '1250.50', taxRate: { rcc: '1.50' }, weightage: { commercial: '1.30' } });
    const again = (await get(c)).json().result;
    expect(again.isDefault).toBe(false);
    expect(again.rates.landRate).toBe('1250.50');
  });

  it('keeps each council’s rates to itself', async () => {
    const a = await createCouncil(t.app);
    const b = await createCouncil(t.app);
    const mine = clone();
    mine.waterTax = '450';
    expect((await put(a, mine)).statusCode).toBe(200);
    expect((await get(b)).json().result).toMatchObject({ isDefault: true, rates: { waterTax: '300.00' } });
    expect((await get(a)).json().result.rates.waterTax).toBe('450.00');
  });

  it('refuses a tax rate outside the legal band, naming the building type and the band', async () => {
    const c = await createCouncil(t.app);
    const mine = clone();
    mine.taxRate.rcc = '2.50';
    const res = await put(c, mine);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, result: null });
    expect(res.json().message).toMatch(/^RCC: the tax rate must be from 1\.20 to 2\.00/);
    expect((await get(c)).json().result.isDefault).toBe(true);
  });

  it('refuses negative, malformed and missing values, and tables out of order', async () => {
    const c = await createCouncil(t.app);
    const cases: [(r: ReturnType<typeof clone>) => void, RegExp][] = [
      [
        (r) => {
          r.landRate = '-5';
        },
        /landRate/,
      ],
      [
        (r) => {
          r.constructionRate.rcc = '12.345';
        },
        /constructionRate/,
      ],
      [
        (r) => {
          r.waterTax = 'abc';
        },
        /waterTax/,
      ],
      [
        (r) => {
          // A save may leave a part out (it keeps its stored rates), but a table is never empty.
          r.slabs = [];
        },
        /slabs/,
      ],
      [
        (r) => {
          r.depreciation[3].maxAge = 4;
        },
        /^depreciation\.3\.maxAge: the bands must go up in age/,
      ],
      [
        (r) => {
          r.depreciation[8].maxAge = 70;
        },
        /^depreciation\.8\.maxAge/,
      ],
      [
        (r) => {
          r.depreciation[0].pucca = '1.10';
        },
        /^depreciation\.0\.pucca: .*at most 1\.00/,
      ],
      [
        (r) => {
          r.slabs[1].maxSqft = 200;
        },
        /^slabs\.1\.maxSqft: the slabs must go up/,
      ],
      [
        (r) => {
          r.weightage.industrial = '0';
        },
        /^weightage\.industrial/,
      ],
      [
        (r) => {
          r.constructionRate.hut = '0';
        },
        /^Hut \/ mud house: the construction rate must be more than 0/,
      ],
      [
        (r) => {
          (r.taxRate as Record<string, string>).palace = '1.00';
        },
        /palace|not an accepted field/,
      ],
    ];
    for (const [change, message] of cases) {
      const r = clone();
      change(r);
      const res = await put(c, r);
      expect(res.statusCode, JSON.stringify(r)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await get(c)).json().result.isDefault).toBe(true);
  });

  it('needs a staff login', async () => {
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await put(undefined, clone())).statusCode).toBe(401);
  });
});
