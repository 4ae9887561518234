// The yearly jobs with the app's clock moved across tax years (app.today):
// - the rollover raises the demand of every tax year a kar record is behind, from the assessment in
//   force on 1 April of that year, oldest first (a council that skipped years gets each of them and is
//   told so); a dry run says what it will raise; with nothing to raise it says so and records nothing;
// - the depreciation update (once a calendar year) assesses again from the next tax year: a year
//   already billed, and what was paid of it, is never changed by it.
import { describe, expect, it } from 'vitest';
import { fromPaise, toPaise } from '../../common/money.ts';
import { TAX_HEADS } from '../../common/property/tax.ts';
import { useTestApp, createCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';
import { atDate, pay, registerRcc, house2010 } from '../helpers/tax.ts';

const t = useTestApp();

const recalc = (c: TestCouncil, query = '', userId = c.userId) =>
  injectAs(t.app, c, { method: 'POST', url: `/api/KarImport/recalc-by-user/${userId}${query}` });
const kar = (c: TestCouncil, ownerId: number) =>
  injectAs(t.app, c, { method: 'GET', url: `/api/KarImport/details-by-owner?ownerId=${ownerId}` }).then((r) => r.json().result[0]);
const ledger = (c: TestCouncil, ownerId: number) =>
  injectAs(t.app, c, { method: 'GET', url: `/api/KarImport/ledger?ownerId=${ownerId}` }).then((r) => r.json().result);

describe('the yearly rollover', () => {
  it('moves unpaid demand to arrears and raises the new year from the assessment (the worked example); a second run is refused', async () => {
    atDate(t.app, '2030-11-15');
    const c = await createCouncil(t.app);
    const p = await house2010(t.app, c, '1', { magilGharpatti: '500' });
    expect(
      (await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '700', paid_divabatti: '20', paid_on: '2030-11-15' })).statusCode,
    ).toBe(201);
    atDate(t.app, '2031-05-10');
    const dry = await recalc(c, '?dryRun=true');
    expect(dry.statusCode).toBe(200);
    expect(dry.json().result).toMatchObject({ taxYear: 2031, dryRun: true, updated: 1, demand: '1276.00' });
    expect(dry.json().result.years).toEqual([{ taxYear: 2031, financialYear: '2031-32', properties: 1, demand: '1276.00' }]);
    expect((await kar(c, p.ownerId)).karupdatedYear).toBe(2030);

    const res = await recalc(c);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ taxYear: 2031, dryRun: false, updated: 1, demand: '1276.00' });
    expect(await kar(c, p.ownerId)).toMatchObject({
      magilGharpatti: '736.00',
      chaluGharpatti: '936.00',
      magilDivabatti: '0.00',
      chaluDivabatti: '20.00',
      magilArogyakar: '20.00',
      chaluArogyakar: '20.00',
      magilPanipatti: '300.00',
      chaluPanipatti: '300.00',
      total: '2332.00',
      karupdatedYear: 2031,
    });
    const again = await recalc(c);
    expect(again.statusCode).toBe(409);
    // The spec's words first, then what they mean.
    expect(again.json()).toMatchObject({ isSuccess: false, result: null });
    expect(again.json().message).toMatch(
      /^सध्याच्या वर्षासाठी कर आधीच अपडेट केला आहे\. \/ Nothing to raise: every kar record already carries the demand of \d{4}-\d{2}\.$/,
    );
    expect((await kar(c, p.ownerId)).total).toBe('2332.00');
    const list = (await injectAs(t.app, c, { method: 'GET', url: '/api/OwnerProperty/KarDetails?pageSize=10' })).json().result;
    expect(list.rolledOver).toBe(true);
  });

  it('raises every missed year, oldest first, from the assessment in force on 1 April of each, and says so', async () => {
    atDate(t.app, '2027-06-01');
    const c = await createCouncil(t.app);
    const p = await house2010(t.app, c, '1');
    // The water tax goes up from 2029: the rates of that year apply to 2029 and 2030, not to 2028.
    atDate(t.app, '2028-07-01');
    expect(
      (await injectAs(t.app, c, { method: 'PUT', url: '/api/TaxRates', payload: { waterTax: '400', applyFrom: 'next' } })).statusCode,
    ).toBe(200);
    // Last rolled over in 2027; the clerk rolls over in February 2031 (tax year 2030-31).
    atDate(t.app, '2031-02-10');
    const res = await recalc(c);
    expect(res.statusCode).toBe(200);
    const r = res.json().result;
    expect(r.years.map((y: { taxYear: number; demand: string }) => [y.taxYear, y.demand])).toEqual([
      [2028, '1276.00'],
      [2029, '1376.00'],
      [2030, '1376.00'],
    ]);
    expect(res.json().message).toContain('2 missed years included');
    expect(await kar(c, p.ownerId)).toMatchObject({
      magilPanipatti: '1000.00',
      chaluPanipatti: '400.00',
      total: '5304.00',
      karupdatedYear: 2030,
    });
    const demands = (await ledger(c, p.ownerId)).entries
      .filter((e: { kind: string; head: string }) => e.kind === 'demand' && e.head === 'panipatti')
      .map((e: { taxYear: number; amount: string; part: string }) => [e.taxYear, e.amount, e.part]);
    expect(demands).toEqual([
      [2027, '300.00', 'current'],
      [2028, '300.00', 'arrears'],
      [2029, '400.00', 'arrears'],
      [2030, '400.00', 'current'],
    ]);
    // The registers of 2030-31 count the years raised late as arrears, as the tax list and the bill
    // do: only 2030-31's own demand is its current demand.
    const n9 = (await injectAs(t.app, c, { method: 'GET', url: '/api/KarImport/namuna9?taxYear=2030&pageNumber=1&pageSize=10' })).json()
      .result;
    expect(n9.items[0].heads.panipatti).toMatchObject({ arrears: '1000.00', current: '400.00', balance: '1400.00' });
    const dcb = (await injectAs(t.app, c, { method: 'GET', url: '/api/KarImport/dcb?taxYear=2030' })).json().result;
    expect(dcb.heads.panipatti).toMatchObject({ openingArrears: '1000.00', currentDemand: '400.00', closing: '1400.00' });
    const row = await kar(c, p.ownerId);
    expect(dcb.total.openingArrears).toBe(fromPaise(TAX_HEADS.reduce((sum, h) => sum + toPaise(row[`magil${h.col}`] as string), 0n)));
  });

  it('says so when there is nothing to raise, records nothing, and raises later records of the same year', async () => {
    atDate(t.app, '2031-04-20');
    const c = await createCouncil(t.app);
    const nothing = await recalc(c);
    expect(nothing.statusCode).toBe(409);
    expect(await t.app.db.taxYearRun.count({ where: { createdByUserId: c.userId } })).toBe(0);
    // A record of last year, imported later this year, is still raised this year.
    atDate(t.app, '2031-03-01');
    const p = await house2010(t.app, c, '1');
    atDate(t.app, '2031-04-25');
    const res = await recalc(c);
    expect(res.statusCode).toBe(200);
    expect((await kar(c, p.ownerId)).karupdatedYear).toBe(2031);
  });

  it('answers 404 for another council’s id and leaves other councils alone; two runs at once raise once', async () => {
    atDate(t.app, '2030-06-01');
    const a = await createCouncil(t.app);
    const b = await createCouncil(t.app);
    const pa = await house2010(t.app, a, '1', { magilGharpatti: '10' });
    atDate(t.app, '2031-06-01');
    expect((await recalc(b, '', a.userId)).statusCode).toBe(404);
    expect((await recalc(b)).statusCode).toBe(409);
    expect((await kar(a, pa.ownerId)).total).toBe('1286.00');
    const codes = (await Promise.all([recalc(a), recalc(a)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect((await kar(a, pa.ownerId)).total).toBe('2562.00');
  });
});

describe('the depreciation update', () => {
  it('assesses the due properties from the next tax year: the billed year and what was paid of it stay (the 15 January case)', async () => {
    atDate(t.app, '2030-06-01');
    const c = await createCouncil(t.app);
    const a = await house2010(t.app, c, '1');
    const b = await registerRcc(t.app, c, '2', { milkatBandhakamYear: 2010 });
    expect((await pay(t.app, c, { karid: a.kar.karId, paid_gharpatti: '936', paid_on: '2030-06-01' })).statusCode).toBe(201);

    // 15 January 2031: still tax year 2030-31; calendar year 2031, the house is 21 years old.
    atDate(t.app, '2031-01-15');
    const status = (await injectAs(t.app, c, { method: 'GET', url: '/api/Properties/ghasara-status' })).json().result;
    expect(status).toMatchObject({ year: 2031, due: 2, doneThisYear: false });
    const due = await injectAs(t.app, c, { method: 'POST', url: '/api/Properties/due', payload: { createdByUserId: c.userId } });
    expect(
      due.json().result.map((r: { MalmattaNo: string; GhasaraDarUpdatedYear: number }) => [r.MalmattaNo, r.GhasaraDarUpdatedYear]),
    ).toEqual([
      ['1', 2030],
      ['2', 2030],
    ]);
    const res = await injectAs(t.app, c, { method: 'POST', url: '/api/Properties/decrease-ghasara' });
    expect(res.statusCode).toBe(200);
    const r = res.json().result;
    expect(r).toMatchObject({ year: 2031, effectiveTaxYear: 2031, updated: 2, changed: 2 });
    expect(res.json().message).toContain('2031-32');
    // 21 years, pucca: 0.70; capital value 60,000 + 6,30,000 = 6,90,000; house tax 828.00.
    expect(r.summary[0]).toEqual({
      PropertyId: a.propertyId,
      MalmattaNo: '1',
      MilkatYear: 2010,
      oldGhasaraRate: '0.80',
      newGhasaraRate: '0.70',
      oldGharpatti: '936.00',
      newGharpatti: '828.00',
      oldTotal: '1276.00',
      newTotal: '1168.00',
    });
    expect(r.summary[1]).toMatchObject({ PropertyId: b.propertyId, MalmattaNo: '2', newGharpatti: '828.00' });
    // The register shows the coming assessment; the billed year is untouched: nothing owed of its
    // house tax, no advance, no ₹108 lost.
    const row = (await injectAs(t.app, c, { method: 'GET', url: `/api/OwnerProperty/GetByMalmatta/1/${c.userId}` })).json().result[0];
    expect(row).toMatchObject({ ghasaraRate: '0.70', gharpatti: '828.00', ghasaraDarUpdatedYear: 2031, assessmentFromYear: 2031 });
    expect(await kar(c, a.ownerId)).toMatchObject({ chaluGharpatti: '0.00', advance: '0.00', total: '340.00', karupdatedYear: 2030 });
    // The public certificate shows the assessment in force now.
    const cert = (await t.app.inject({ method: 'GET', url: `/api/public/property-certificate/1/${c.userId}` })).json().result[0];
    expect(cert).toMatchObject({ ghasaraRate: '0.80', gharpatti: '936.00' });

    const again = await injectAs(t.app, c, { method: 'POST', url: '/api/Properties/decrease-ghasara' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('2032');

    // April 2031: the new year's demand is the new assessment.
    atDate(t.app, '2031-04-02');
    expect((await recalc(c)).statusCode).toBe(200);
    expect(await kar(c, a.ownerId)).toMatchObject({ magilGharpatti: '0.00', chaluGharpatti: '828.00', karupdatedYear: 2031 });
  });

  it('keeps the per-property call of the earlier client, once a year per property, inside the council', async () => {
    atDate(t.app, '2030-06-01');
    const c = await createCouncil(t.app);
    const other = await createCouncil(t.app);
    const a = await house2010(t.app, c, '1');
    atDate(t.app, '2031-01-15');
    const one = (who: TestCouncil, id: number) => injectAs(t.app, who, { method: 'POST', url: `/api/Properties/${id}/decrease-ghasara` });
    expect((await one(other, a.propertyId)).statusCode).toBe(404);
    const res = await one(c, a.propertyId);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      updated: 1,
      effectiveTaxYear: 2031,
      summary: [{ newGhasaraRate: '0.70', newGharpatti: '828.00' }],
    });
    expect((await kar(c, a.ownerId)).chaluGharpatti).toBe('936.00');
    expect((await one(c, a.propertyId)).statusCode).toBe(409);
    // Nothing left due: the all-due call records nothing and says so.
    const all = await injectAs(t.app, c, { method: 'POST', url: '/api/Properties/decrease-ghasara' });
    expect(all.json()).toMatchObject({ isSuccess: true, message: 'अपडेट करण्यासाठी कोणतीही मालमत्ता सापडली नाही.', result: { updated: 0 } });
    expect(
      (await injectAs(t.app, other, { method: 'POST', url: '/api/Properties/due', payload: { createdByUserId: c.userId } })).statusCode,
    ).toBe(404);
    // The earlier client may post no body at all.
    expect((await injectAs(t.app, c, { method: 'POST', url: '/api/Properties/due' })).statusCode).toBe(200);
  });
});
