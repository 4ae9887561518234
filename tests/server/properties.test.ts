// The property register (Namuna 8): registration with the computed assessment, one number in either
// digit style, the paged list and the lookup by number, each scoped to the council of the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createCouncil, injectAs, type TestApp, type TestCouncil } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const thisYear = () => Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));
/** The RCC house of the domain's worked example, 16 years old whatever the year the test runs. */
const rccHouse = (malmattaNo: string, extra: Record<string, unknown> = {}) => ({
  malmattaNo, malkacheNav: 'रमेश गणपत पाटील', bhogwatdarakNav: 'स्वतः', mobileNo: '9876543210', gatNo: '45', citySurveyNo: '102',
  malmattaVarnan: 'आर.सी.सी. घर', buildingType: 'rcc', usage: 'residential', milkatBandhakamYear: thisYear() - 16,
  areaSqm: '50', landRate: '1200', ...extra,
});
const register = (c: TestCouncil | undefined, body: object) =>
  injectAs(t.app, c, { method: 'POST', url: '/api/GrampanchayatImport/register-owner-property', payload: body });
const paged = (c: TestCouncil, query: string) => injectAs(t.app, c, { method: 'GET', url: `/api/Properties/paged?${query}` });
const byNumber = (c: TestCouncil, number: string, userId: number) =>
  injectAs(t.app, c, { method: 'GET', url: `/api/OwnerProperty/GetByMalmatta/${encodeURIComponent(number)}/${userId}` });

describe('registering a property', () => {
  it('computes the assessment from the rates: the RCC house of the worked example', async () => {
    const c = await createCouncil(t.app);
    const res = await register(c, rccHouse('१२/अ'));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('मलमत्ता यशस्वीपणे नोंदवली गेली!');
    expect(res.json().result).toMatchObject({
      malmattaNo: '१२/अ', malkacheNav: 'रमेश गणपत पाटील', mobileNo: '9876543210', buildingType: 'rcc', usage: 'residential',
      areaSqm: '50.00', area: '538.20', landRate: '1200.00', constructionRate: '18000.00', ghasaraRate: '0.80', buildingRate: '14400.00',
      buildingBharank: '1.00', bhandavaliRateRs: '780000.00', karachaRateRs: '1.20',
      gharpatti: '936.00', divabatti: '20.00', arogya: '20.00', panipatti: '300.00', total: '1276.00', ghasaraDarUpdatedYear: thisYear(),
    });
    expect(res.json().result.ownerId).toBeGreaterThan(0);
  });

  it('ignores tax figures a client sends: nobody types a tax', async () => {
    const c = await createCouncil(t.app);
    const res = await register(c, rccHouse('7', { gharpatti: 1, total: 5, bhandavaliRateRs: 10, ghasaraRate: 1 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().result).toMatchObject({ gharpatti: '936.00', total: '1276.00', ghasaraRate: '0.80' });
  });

  it('uses the council’s own rates once saved', async () => {
    const c = await createCouncil(t.app);
    const rates = (await injectAs(t.app, c, { method: 'GET', url: '/api/TaxRates' })).json().result.rates;
    rates.waterTax = '500';
    expect((await injectAs(t.app, c, { method: 'PUT', url: '/api/TaxRates', payload: rates })).statusCode).toBe(200);
    const res = await register(c, rccHouse('8'));
    expect(res.json().result).toMatchObject({ panipatti: '500.00', total: '1476.00' });
  });

  it('treats 12/अ, १२/अ and "12 - अ" as one number: the second is refused with 409 naming the first', async () => {
    const c = await createCouncil(t.app);
    expect((await register(c, rccHouse('12/अ'))).statusCode).toBe(201);
    for (const spelling of ['१२/अ', '12 - अ']) {
      const res = await register(c, rccHouse(spelling, { malkacheNav: 'दुसरा मालक' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ isSuccess: false, result: null });
      expect(res.json().message).toContain('12/अ');
    }
    const list = (await paged(c, 'pageSize=100')).json().result;
    expect(list.totalCount).toBe(1);
    expect(list.rows[0].malkacheNav).toBe('रमेश गणपत पाटील');
  });

  it('lets only one of simultaneous registrations of one number through', async () => {
    const c = await createCouncil(t.app);
    const answers = await Promise.all(['33', '३३', '33', '३३', '33'].map((n, i) => register(c, rccHouse(n, { malkacheNav: `मालक ${i}` }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await paged(c, 'searchMalmatta=33')).json().result.totalCount).toBe(1);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const c = await createCouncil(t.app);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ malmattaNo: '' }, /^malmattaNo/],
      [{ malkacheNav: '   ' }, /^malkacheNav/],
      [{ bhogwatdarakNav: undefined }, /bhogwatdarakNav/],
      [{ gatNo: '' }, /^gatNo/],
      [{ citySurveyNo: '' }, /^citySurveyNo/],
      [{ mobileNo: '98765' }, /^mobileNo: must be a 10-digit mobile number/],
      [{ mobileNo: '1234567890' }, /^mobileNo/],
      [{ areaSqm: '-5' }, /^areaSqm: must not be negative/],
      [{ areaSqm: '12.345' }, /^areaSqm: must be a number with at most 2 decimal places/],
      [{ landRate: 'abc' }, /^landRate/],
      [{ milkatBandhakamYear: thisYear() + 1 }, /^milkatBandhakamYear: must not be in the future/],
      [{ milkatBandhakamYear: '20x0' }, /^milkatBandhakamYear/],
      [{ buildingType: 'palace' }, /^buildingType: must be one of hut, stoneMud, stoneCement, rcc, openLand/],
      [{ usage: 'temple' }, /^usage/],
    ];
    for (const [change, message] of cases) {
      const res = await register(c, rccHouse('55', change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await paged(c, 'pageSize=10')).json().result.totalCount).toBe(0);
  });

  it('accepts a mobile number written with +91, a leading 0 or blanks, and stores 10 digits', async () => {
    const c = await createCouncil(t.app);
    for (const [n, mobile] of [['61', '+91 98765 43210'], ['62', '09876543210'], ['63', '98765-43210']]) {
      const res = await register(c, rccHouse(n, { mobileNo: mobile }));
      expect(res.statusCode).toBe(201);
      expect(res.json().result.mobileNo).toBe('9876543210');
    }
  });

  it('needs a staff login', async () => {
    expect((await register(undefined, rccHouse('1'))).statusCode).toBe(401);
  });
});

describe('the register list and the lookup by number', () => {
  it('pages newest first and searches by number in either digit style, or by owner name', async () => {
    const c = await createCouncil(t.app);
    for (let i = 1; i <= 12; i++) {
      const res = await register(c, rccHouse(`${100 + i}`, { malkacheNav: i % 2 ? `सुनील जाधव ${i}` : `Anita Shinde ${i}` }));
      expect(res.statusCode).toBe(201);
    }
    const first = (await paged(c, 'pageNumber=1&pageSize=5')).json().result;
    expect(first).toMatchObject({ pageNumber: 1, pageSize: 5, totalCount: 12, totalPages: 3 });
    expect(first.rows.map((r: { malmattaNo: string }) => r.malmattaNo)).toEqual(['112', '111', '110', '109', '108']);
    const third = (await paged(c, 'pageNumber=3&pageSize=5')).json().result;
    expect(third.rows).toHaveLength(2);

    expect((await paged(c, `searchMalmatta=${encodeURIComponent('१०७')}`)).json().result.rows.map((r: { malmattaNo: string }) => r.malmattaNo)).toEqual(['107']);
    expect((await paged(c, 'searchMalmatta=11')).json().result.totalCount).toBe(3); // 110, 111, 112
    expect((await paged(c, `searchName=${encodeURIComponent('जाधव')}`)).json().result.totalCount).toBe(6);
    expect((await paged(c, 'searchName=anita')).json().result.totalCount).toBe(6);
    expect((await paged(c, 'searchName=%25')).json().result.totalCount).toBe(0);
  });

  it('finds a property by either spelling of its number', async () => {
    const c = await createCouncil(t.app);
    expect((await register(c, rccHouse('२५/ब'))).statusCode).toBe(201);
    const res = await byNumber(c, '25/ब', c.userId);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toHaveLength(1);
    expect(res.json().result[0]).toMatchObject({ malmattaNo: '२५/ब', gharpatti: '936.00' });
    expect((await byNumber(c, '26', c.userId)).statusCode).toBe(404);
  });

  it('never shows one council’s properties to another', async () => {
    const a = await createCouncil(t.app);
    const b = await createCouncil(t.app);
    expect((await register(a, rccHouse('900'))).statusCode).toBe(201);
    // b's token, a's id in the path or query: nothing.
    expect((await byNumber(b, '900', a.userId)).statusCode).toBe(404);
    expect((await byNumber(b, '900', b.userId)).statusCode).toBe(404);
    expect((await byNumber(a, '900', b.userId)).statusCode).toBe(404);
    expect((await paged(b, `createdByUserId=${a.userId}`)).json().result).toMatchObject({ rows: [], totalCount: 0 });
    expect((await paged(b, 'searchMalmatta=900')).json().result.totalCount).toBe(0);
    // The same number is free in another council.
    expect((await register(b, rccHouse('900'))).statusCode).toBe(201);
  });
});
