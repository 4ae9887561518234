// The property register (Namuna 8): registration with the computed assessment, one number in either
// digit style, the paged list and the lookup by number, each scoped to the council of the token.
import { describe, expect, it } from 'vitest';
import { useTestApp, createCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';

const t = useTestApp();

const thisYear = () => Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));
/** The RCC house of the domain's worked example, 16 years old whatever the year the test runs. */
const rccHouse = (malmattaNo: string, extra: Record<string, unknown> = {}) => ({
  malmattaNo,
  malkacheNav: 'रमेश गणपत पाटील',
  bhogwatdarakNav: 'स्वतः',
  mobileNo: '9876543210',
  gatNo: '45',
  citySurveyNo: '102',
  malmattaVarnan: 'आर.सी.सी. घर',
  buildingType: 'rcc',
  usage: 'residential',
  milkatBandhakamYear: thisYear() - 16,
  areaSqm: '50',
  landRate: '1200',
  ...extra,
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
    expect(res.json().message).toBe('मालमत्ता यशस्वीरीत्या नोंदवली गेली!');
    expect(res.json().result).toMatchObject({
      malmattaNo: '१२/अ',
      malkacheNav: 'रमेश गणपत पाटील',
      mobileNo: '9876543210',
      buildingType: 'rcc',
      usage: 'residential',
      areaSqm: '50.00',
      area: '538.20',
      landRate: '1200.00',
      constructionRate: '18000.00',
      ghasaraRate: '0.80',
      buildingRate: '14400.00',
      buildingBharank: '1.00',
      bhandavaliRateRs: '780000.00',
      karachaRateRs: '1.20',
      gharpatti: '936.00',
      divabatti: '20.00',
      arogya: '20.00',
      panipatti: '300.00',
      total: '1276.00',
      ghasaraDarUpdatedYear: thisYear(),
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
    for (const [n, mobile] of [
      ['61', '+91 98765 43210'],
      ['62', '09876543210'],
      ['63', '98765-43210'],
    ]) {
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

    expect(
      (await paged(c, `searchMalmatta=${encodeURIComponent('१०७')}`)).json().result.rows.map((r: { malmattaNo: string }) => r.malmattaNo),
    ).toEqual(['107']);
    expect((await paged(c, 'searchMalmatta=11')).json().result.totalCount).toBe(3); // 110, 111, 112
    expect((await paged(c, `searchName=${encodeURIComponent('जाधव')}`)).json().result.totalCount).toBe(6);
    expect((await paged(c, 'searchName=anita')).json().result.totalCount).toBe(6);
    expect((await paged(c, 'searchName=%25')).json().result.totalCount).toBe(0);
    // One or two letters match the start of any word of the name (any letter case), three or more anywhere.
    expect((await paged(c, `searchName=${encodeURIComponent('सु')}`)).json().result.totalCount).toBe(6);
    expect((await paged(c, `searchName=${encodeURIComponent('जा')}`)).json().result.totalCount).toBe(6);
    expect((await paged(c, `searchName=${encodeURIComponent('ना')}`)).json().result.totalCount).toBe(0);
    expect((await paged(c, 'searchName=an')).json().result.totalCount).toBe(6);
    expect((await paged(c, 'searchName=SH')).json().result.totalCount).toBe(6);
    expect((await paged(c, 'searchName=hi')).json().result.totalCount).toBe(0);
    expect((await paged(c, 'searchName=hin')).json().result.totalCount).toBe(6);
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
    expect((await paged(b, `createdByUserId=${a.userId}`)).statusCode).toBe(404);
    expect((await paged(b, 'searchMalmatta=900')).json().result.totalCount).toBe(0);
    // The same number is free in another council.
    expect((await register(b, rccHouse('900'))).statusCode).toBe(201);
  });
});

describe('updating an owner or a property', () => {
  const update = (c: TestCouncil, method: 'PUT' | 'POST', url: string, payload: object) =>
    injectAs(t.app, c, { method, url: `/api/OwnerProperty/${url}`, payload });

  it('corrects the owner by PUT or POST, with the id in the body or the path; only the fields sent change', async () => {
    const c = await createCouncil(t.app);
    const { ownerId } = (await register(c, rccHouse('71'))).json().result;
    let res = await update(c, 'PUT', 'UpdateOwner', { ownerId, malkacheNav: 'रमेश ग. पाटील' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ malkacheNav: 'रमेश ग. पाटील', bhogwatdarakNav: 'स्वतः', mobileNo: '9876543210' });
    res = await update(c, 'POST', `UpdateOwner/${ownerId}`, { mobileNo: '+91 70000 12345' });
    expect(res.json().result).toMatchObject({ malkacheNav: 'रमेश ग. पाटील', mobileNo: '7000012345' });
    expect((await update(c, 'PUT', 'UpdateOwner', { ownerId, mobileNo: '123' })).statusCode).toBe(400);
    expect((await update(c, 'PUT', 'UpdateOwner', { malkacheNav: 'x' })).json().message).toMatch(/^ownerId/);
  });

  it('changes a property and computes its assessment again', async () => {
    const c = await createCouncil(t.app);
    const { propertyId } = (await register(c, rccHouse('72'))).json().result;
    const res = await update(c, 'PUT', 'UpdateProperty', { propertyId, usage: 'commercial', areaSqm: '30', gharpatti: 5 });
    expect(res.statusCode).toBe(200);
    // 30 m²: (36,000 + 4,32,000) × 1.25 = 5,85,000; × 1.20 ÷ 1000 = 702.00; 323 sq ft → 20 + 20; water 300.
    expect(res.json().result).toMatchObject({
      usage: 'commercial',
      areaSqm: '30.00',
      bhandavaliRateRs: '585000.00',
      gharpatti: '702.00',
      total: '1042.00',
    });
    const again = await update(c, 'POST', 'UpdateProperty', { propertyId, malmattaNo: '७२/अ' });
    expect(again.json().result).toMatchObject({ malmattaNo: '७२/अ', usage: 'commercial', gharpatti: '702.00' });
    expect((await byNumber(c, '72/अ', c.userId)).json().result[0].propertyId).toBe(propertyId);
  });

  it('refuses a new number that another property already has, and bad values, changing nothing', async () => {
    const c = await createCouncil(t.app);
    await register(c, rccHouse('81'));
    const { propertyId } = (await register(c, rccHouse('82'))).json().result;
    const dup = await update(c, 'PUT', 'UpdateProperty', { propertyId, malmattaNo: '८१' });
    expect(dup.statusCode).toBe(409);
    expect((await update(c, 'PUT', 'UpdateProperty', { propertyId, areaSqm: '-1' })).statusCode).toBe(400);
    expect((await update(c, 'PUT', 'UpdateProperty', { areaSqm: '1' })).json().message).toMatch(/^propertyId/);
    expect((await byNumber(c, '82', c.userId)).json().result[0]).toMatchObject({ malmattaNo: '82', areaSqm: '50.00' });
  });

  it('answers 404 for another council’s owner or property, and changes nothing', async () => {
    const a = await createCouncil(t.app);
    const b = await createCouncil(t.app);
    const { ownerId, propertyId } = (await register(a, rccHouse('91'))).json().result;
    expect((await update(b, 'PUT', 'UpdateOwner', { ownerId, malkacheNav: 'चोर' })).statusCode).toBe(404);
    expect((await update(b, 'PUT', 'UpdateProperty', { propertyId, areaSqm: '1' })).statusCode).toBe(404);
    expect((await byNumber(a, '91', a.userId)).json().result[0]).toMatchObject({ malkacheNav: 'रमेश गणपत पाटील', areaSqm: '50.00' });
  });

  it('lists owners with their properties for the admin cards, filtered, and nothing of another council', async () => {
    const a = await createCouncil(t.app);
    const b = await createCouncil(t.app);
    for (const [n, name] of [
      ['1', 'सुरेश कदम'],
      ['2', 'महेश कदम'],
      ['3', 'गीता मोरे'],
    ])
      await register(a, rccHouse(n, { malkacheNav: name }));
    const owners = (q: string, c = a) => injectAs(t.app, c, { method: 'GET', url: `/api/OwnerProperty/OwnersWithProperties?${q}` });
    const all = (await owners(`grampanchayatId=${a.userId}&pageNumber=1&pageSize=2`)).json().result;
    expect(all).toMatchObject({ totalPages: 2, totalCount: 3 });
    expect(all.items).toHaveLength(2);
    expect((await owners(`ownerName=${encodeURIComponent('कदम')}`)).json().result.totalCount).toBe(2);
    expect((await owners(`malmattaNo=${encodeURIComponent('३')}`)).json().result.items[0].malkacheNav).toBe('गीता मोरे');
    expect((await owners(`grampanchayatId=${a.userId}`, b)).statusCode).toBe(404);
  });
});

describe('counting long lists', () => {
  it('counts up to 10,000 matches and then says there are more, without counting them all', async () => {
    const c = await createCouncil(t.app);
    await t.database.sql.exec(`INSERT INTO "Property" ("createdByUserId", "malmattaNo", "malmattaKey", "updatedAt")
      SELECT ${c.userId}, 'x' || g, 'X' || g, now() FROM generate_series(1, 10001) g`);
    const first = (await paged(c, 'pageNumber=1&pageSize=100')).json().result;
    expect(first).toMatchObject({ totalCount: 10000, totalCapped: true, totalPages: 100 });
    const few = (await paged(c, `searchMalmatta=${encodeURIComponent('x1000')}`)).json().result;
    expect(few).toMatchObject({ totalCount: 3, totalCapped: false }); // X1000, X10000, X10001
  });
});
