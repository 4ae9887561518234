// No lost updates on the property and tax side (issue 13, item 4): the council's assessment rates,
// a property of the register (Namuna 8) and its active owner carry a version; reads answer it (the
// ETag and the body), a PUT with a stale If-Match answers 409, a PUT without If-Match changes only
// what it sends, and concurrent PUTs of different fields both keep theirs (run on PostgreSQL with
// DATABASE_URL, where the requests really overlap).
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATES } from '../../../common/property/assessment.ts';
import { useTestApp, useCouncil, createCouncil, injectAs, type TestCouncil } from '../../helpers/app.ts';
import { propertyWithKar, registerRcc, thisYear, todayIso } from '../../helpers/tax.ts';
import { taxYearOf } from '../../../common/property/tax.ts';

const t = useTestApp();
const c = useCouncil(t);

const STALE = /Someone else changed this record/;
const taxYear = taxYearOf(new Date(`${todayIso()}T00:00:00Z`));

describe('assessment rates versions', () => {
  const get = (council: TestCouncil) => injectAs(t.app, council, { method: 'GET', url: '/api/TaxRates' });
  const put = (council: TestCouncil, payload: object, etag?: string) =>
    injectAs(t.app, council, { method: 'PUT', url: '/api/TaxRates', payload, headers: etag ? { 'if-match': etag } : {} });

  it('answers version 0 while the defaults apply, and moves it up on each save', async () => {
    const council = await createCouncil(t.app);
    const first = await get(council);
    expect(first.headers.etag).toBe('"0"');
    expect(first.json().result.version).toBe(0);
    const saved = await put(council, { ...DEFAULT_RATES, landRate: '1300' }, '"0"');
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe('"1"');
    expect(saved.json().result).toMatchObject({ version: 1, isDefault: false });
    const again = await put(council, { waterTax: '400' }, '"1"');
    expect(again.json().result).toMatchObject({ version: 2, rates: { landRate: '1300.00', waterTax: '400.00' } });
    expect((await get(council)).headers.etag).toBe('"2"');
  });

  it('refuses a save with a stale If-Match with 409, changing nothing; two first saves: one wins', async () => {
    const council = await createCouncil(t.app);
    const [a, b] = await Promise.all([put(council, { landRate: '1100' }, '"0"'), put(council, { landRate: '1400' }, '"0"')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toMatchObject({ isSuccess: false, result: null });
    expect(loser.json().message).toMatch(STALE);
    const winner = a.statusCode === 200 ? '1100.00' : '1400.00';
    const stale = await put(council, { waterTax: '999' }, '"0"');
    expect(stale.statusCode).toBe(409);
    const now = (await get(council)).json().result;
    expect(now).toMatchObject({ version: 1, rates: { landRate: winner, waterTax: DEFAULT_RATES.waterTax } });
    expect((await put(council, { waterTax: '999' }, '"1"')).statusCode).toBe(200);
    expect((await put(council, { waterTax: '1' }, 'soon')).statusCode).toBe(400);
  });

  it('without If-Match changes only the parts sent, a per-type rate on its own', async () => {
    const council = await createCouncil(t.app);
    expect((await put(council, { ...DEFAULT_RATES, landRate: '1500' })).statusCode).toBe(200);
    const res = await put(council, { taxRate: { rcc: '1.60' }, weightage: { commercial: '1.40' } });
    expect(res.statusCode).toBe(200);
    const rates = (await get(council)).json().result.rates;
    expect(rates).toEqual({
      ...DEFAULT_RATES,
      landRate: '1500.00',
      taxRate: { ...DEFAULT_RATES.taxRate, rcc: '1.60' },
      weightage: { ...DEFAULT_RATES.weightage, commercial: '1.40' },
    });
    // A first save that sends one part starts from the defaults.
    const fresh = await createCouncil(t.app);
    expect((await put(fresh, { waterTax: '350' })).json().result.rates).toEqual({ ...DEFAULT_RATES, waterTax: '350.00' });
    // Still checked: a rate outside its band, an empty save.
    expect((await put(council, { taxRate: { rcc: '9' } })).statusCode).toBe(400);
    expect((await put(council, {})).statusCode).toBe(400);
    expect((await put(council, { taxRate: { palace: '1.00' } })).statusCode).toBe(400);
  });

  it('keeps both of two simultaneous saves of different rates, ten times over', async () => {
    const council = await createCouncil(t.app);
    for (let trial = 0; trial < 10; trial++) {
      const [a, b, d] = await Promise.all([
        put(council, { landRate: String(1000 + trial) }),
        put(council, { constructionRate: { rcc: String(17000 + trial) } }),
        put(council, { constructionRate: { stoneMud: String(5000 + trial) } }),
      ]);
      expect([a.statusCode, b.statusCode, d.statusCode]).toEqual([200, 200, 200]);
      const rates = (await get(council)).json().result.rates;
      expect(rates.landRate).toBe(`${1000 + trial}.00`);
      expect(rates.constructionRate).toMatchObject({ rcc: `${17000 + trial}.00`, stoneMud: `${5000 + trial}.00` });
    }
    expect((await get(council)).json().result.version).toBe(30);
  });
});

describe('property versions', () => {
  const update = (payload: object, etag?: string) =>
    injectAs(t.app, c, {
      method: 'PUT',
      url: '/api/OwnerProperty/UpdateProperty',
      payload,
      headers: etag ? { 'if-match': etag } : {},
    });
  const read = async (malmattaNo: string) => {
    const res = await injectAs(t.app, c, {
      method: 'GET',
      url: `/api/OwnerProperty/GetByMalmatta/${encodeURIComponent(malmattaNo)}/${c.userId}`,
    });
    return { etag: res.headers.etag, row: res.json().result[0] };
  };

  it('answers the version in the row and as the ETag, and moves it up on a change', async () => {
    const p = await registerRcc(t.app, c, 'v-1');
    expect(p).toMatchObject({ version: 1, ownerVersion: 1 });
    expect(await read('v-1')).toMatchObject({ etag: '"1"', row: { version: 1 } });
    const res = await update({ propertyId: p.propertyId, gatNo: '46' }, '"1"');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json().result).toMatchObject({ gatNo: '46', version: 2, ownerVersion: 1 });
  });

  it('refuses an update with a stale If-Match with 409, changing nothing', async () => {
    const p = await registerRcc(t.app, c, 'v-2');
    expect((await update({ propertyId: p.propertyId, areaSqm: '60' }, '"1"')).statusCode).toBe(200);
    const stale = await update({ propertyId: p.propertyId, areaSqm: '70', gatNo: '99' }, '"1"');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ isSuccess: false, result: null });
    expect(stale.json().message).toMatch(STALE);
    expect((await read('v-2')).row).toMatchObject({ areaSqm: '60.00', gatNo: '45', version: 2 });
    // Another council's property stays "not found", not "changed".
    const other = await createCouncil(t.app);
    const theirs = await injectAs(t.app, other, {
      method: 'PUT',
      url: '/api/OwnerProperty/UpdateProperty',
      payload: { propertyId: p.propertyId, gatNo: '1' },
      headers: { 'if-match': '"2"' },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('without If-Match changes only the fields sent; the assessment from the next year, the billed year as raised', async () => {
    const p = await propertyWithKar(t.app, c, 'v-3');
    // The earlier client sends tax columns along: they are computed, never taken.
    const res = await update({ propertyId: p.propertyId, areaSqm: '100', gharpatti: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      areaSqm: '100.00',
      gharpatti: '1872.00',
      assessmentFromYear: taxYear + 1,
      gatNo: '45',
      citySurveyNo: '102',
      version: 2,
    });
    const kar = await t.app.db.karDetail.findUniqueOrThrow({ where: { propertyId: p.propertyId } });
    expect(kar.chaluGharpatti.toFixed(2)).toBe('936.00');
  });

  it('keeps both of two simultaneous updates of different fields, ten times over, in the next year’s assessment', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const p = await propertyWithKar(t.app, c, `vc-${trial}`);
      const [a, b] = await Promise.all([
        update({ propertyId: p.propertyId, areaSqm: '100' }),
        update({ propertyId: p.propertyId, usage: 'commercial', malmattaVarnan: `दुकान ${trial}` }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const { row } = await read(`vc-${trial}`);
      // 100 m² commercial: 15,60,000 × 1.25 weightage = 19,50,000, × 1.20 ÷ 1000 = 2340.00: both changes are in it,
      // in the row and in the assessment of the next tax year; the billed year stays as raised.
      expect(row).toMatchObject({
        areaSqm: '100.00',
        usage: 'commercial',
        malmattaVarnan: `दुकान ${trial}`,
        version: 3,
        gharpatti: '2340.00',
      });
      const next = await t.app.db.propertyAssessment.findFirstOrThrow({
        where: { propertyId: p.propertyId, effectiveTaxYear: taxYear + 1 },
        orderBy: { id: 'desc' },
      });
      expect(next.gharpatti.toFixed(2)).toBe('2340.00');
      const kar = await t.app.db.karDetail.findUniqueOrThrow({ where: { propertyId: p.propertyId } });
      expect(kar.chaluGharpatti.toFixed(2)).toBe('936.00');
    }
  });

  it('the depreciation update moves the version: a form opened before it is told on save', async () => {
    const p = await registerRcc(t.app, c, 'v-g');
    // Registered this year: pretend its depreciation was last updated last year, so it is due.
    await t.app.db.property.update({ where: { propertyId: p.propertyId }, data: { ghasaraDarUpdatedYear: thisYear - 1 } });
    const run = await injectAs(t.app, c, { method: 'POST', url: `/api/Properties/${p.propertyId}/decrease-ghasara` });
    expect(run.statusCode, run.body).toBe(200);
    expect((await read('v-g')).row.version).toBe(2);
    expect((await update({ propertyId: p.propertyId, gatNo: '50' }, '"1"')).statusCode).toBe(409);
  });

  it('lets exactly one of two simultaneous updates with the same If-Match win', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const p = await registerRcc(t.app, c, `vm-${trial}`);
      const codes = (
        await Promise.all([
          update({ propertyId: p.propertyId, gatNo: 'A' }, '"1"'),
          update({ propertyId: p.propertyId, citySurveyNo: 'B' }, '"1"'),
        ])
      )
        .map((r) => r.statusCode)
        .sort();
      expect(codes).toEqual([200, 409]);
    }
  });
});

describe('owner versions', () => {
  const updateOwner = (payload: object, etag?: string) =>
    injectAs(t.app, c, { method: 'PUT', url: '/api/OwnerProperty/UpdateOwner', payload, headers: etag ? { 'if-match': etag } : {} });

  it('refuses a correction with a stale If-Match with 409; the current one is taken', async () => {
    const p = await registerRcc(t.app, c, 'vo-1');
    const first = await updateOwner({ ownerId: p.ownerId, mobileNo: '9123456780' }, '"1"');
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe('"2"');
    expect(first.json().result).toMatchObject({ mobileNo: '9123456780', ownerVersion: 2, version: 1 });
    const stale = await updateOwner({ ownerId: p.ownerId, malkacheNav: 'दुसरे नाव' }, '"1"');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(STALE);
    const byPath = await injectAs(t.app, c, {
      method: 'POST',
      url: `/api/OwnerProperty/UpdateOwner/${p.ownerId}`,
      payload: { malkacheNav: 'दुसरे नाव' },
      headers: { 'if-match': '"2"' },
    });
    expect(byPath.statusCode).toBe(200);
    expect(byPath.json().result).toMatchObject({ malkacheNav: 'दुसरे नाव', mobileNo: '9123456780', ownerVersion: 3 });
  });

  it('keeps both of two simultaneous corrections of different fields, ten times over', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const p = await registerRcc(t.app, c, `voc-${trial}`);
      const [a, b] = await Promise.all([
        updateOwner({ ownerId: p.ownerId, malkacheNav: `मालक ${trial}` }),
        updateOwner({ ownerId: p.ownerId, mobileNo: `98765000${String(trial).padStart(2, '0')}` }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const owner = await t.app.db.owner.findUniqueOrThrow({ where: { ownerId: p.ownerId } });
      expect(owner).toMatchObject({ malkacheNav: `मालक ${trial}`, mobileNo: `98765000${String(trial).padStart(2, '0')}`, version: 3 });
    }
  });

  it('a transfer ends the owner: a correction of the old owner is refused, and its version moved', async () => {
    const p = await registerRcc(t.app, c, 'vo-t');
    const transfer = await injectAs(t.app, c, {
      method: 'POST',
      url: '/api/PropertyTransfer/add',
      payload: {
        malmatta_no: 'vo-t',
        ferfar_karan: 'खरेदी',
        ferfar_date: '2026-01-10',
        sadya_malakache_nav: 'श्री ज्ञानेश्वर कृष्ण क्षीरसागर',
        navin_malakache_nav: 'नवीन मालक',
        bhogwatadharak_nav: 'स्वतः',
        reference_no: 'R-1',
      },
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    expect((await updateOwner({ ownerId: p.ownerId, mobileNo: '9123456780' }, '"1"')).statusCode).toBe(409);
    expect((await t.app.db.owner.findUniqueOrThrow({ where: { ownerId: p.ownerId } })).version).toBe(2);
  });
});

describe('SMS template versions', () => {
  const templates = (council: TestCouncil) => injectAs(t.app, council, { method: 'GET', url: '/api/Sms/templates' });
  const save = (council: TestCouncil, body: string, etag?: string) =>
    injectAs(t.app, council, {
      method: 'PUT',
      url: '/api/Sms/templates',
      payload: { kind: 'dues', body },
      headers: etag ? { 'if-match': etag } : {},
    });
  const wording = (n: number) => `मालमत्ता {malmattaNo} चा कर ₹{amount} थकीत आहे (${n})`;

  it('answers each wording’s version, refuses a stale If-Match with 409, and lets one of two first saves in', async () => {
    const council = await createCouncil(t.app);
    expect((await templates(council)).json().result.versions).toEqual({ gramsabha: 0, dues: 0 });
    const [a, b] = await Promise.all([save(council, wording(1), '"0"'), save(council, wording(2), '"0"')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toMatchObject({ isSuccess: false, result: null });
    expect(loser.json().message).toMatch(STALE);
    const winner = a.statusCode === 200 ? a : b;
    expect(winner.headers.etag).toBe('"1"');
    expect((await save(council, wording(3), '"0"')).statusCode).toBe(409);
    const next = await save(council, wording(3), '"1"');
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).toBe('"2"');
    expect(next.json().result).toMatchObject({ dues: wording(3), versions: { dues: 2, gramsabha: 0 } });
    // Without If-Match (older clients) a save still goes through and moves the version.
    expect((await save(council, wording(4))).json().result.versions.dues).toBe(3);
  });
});
