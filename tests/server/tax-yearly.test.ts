// The once-a-year jobs: the rollover (unpaid current becomes arrears, the new current demand comes
// from the assessment; a second run in the tax year is refused with the spec's message) and the
// depreciation update (every due property to the factor for its age, its tax and current demand
// with it; once per calendar year), each scoped to the council of the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxYearOf } from '../../common/property/tax.ts';
import { buildTestApp, createCouncil, injectAs, type TestApp, type TestCouncil } from '../helpers/app.ts';
import { pay, propertyWithKar, registerRcc, thisYear, todayIso } from '../helpers/tax.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const taxYear = taxYearOf(new Date(`${todayIso()}T00:00:00Z`));
const recalc = (c: TestCouncil, userId = c.userId) =>
  injectAs(t.app, c, { method: 'POST', url: `/api/KarImport/recalc-by-user/${userId}` });
const kar = (c: TestCouncil, ownerId: number) =>
  injectAs(t.app, c, { method: 'GET', url: `/api/KarImport/details-by-owner?ownerId=${ownerId}` }).then((r) => r.json().result[0]);
/** Makes a kar record look as if it was raised in the last tax year. */
const lastYearsRecord = (karId: number) => t.app.db.karDetail.update({ where: { karId }, data: { karupdatedYear: taxYear - 1 } });

describe('the yearly rollover', () => {
  it('moves unpaid current tax to arrears and raises the new demand from the assessment (the worked example), once a year', async () => {
    const c = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '1', { magilGharpatti: '500' });
    const fresh = await propertyWithKar(t.app, c, '2');
    await lastYearsRecord(p.kar.karId);
    expect((await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '700', paid_divabatti: '20' })).statusCode).toBe(201);

    const res = await recalc(c);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ taxYear, updated: 1 });
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
      karupdatedYear: taxYear,
    });
    // A record started this tax year already carries this year's demand.
    expect((await kar(c, fresh.ownerId)).total).toBe('1276.00');
    // The paid part of the new year's demand starts again from nothing: the full ₹936 is due after an assessment change too.
    const row = await t.app.db.karDetail.findUniqueOrThrow({ where: { karId: p.kar.karId } });
    expect(row.paidChaluGharpatti.toFixed(2)).toBe('0.00');

    const again = await recalc(c);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ isSuccess: false, message: 'सध्याच्या वर्षासाठी कर आधीच अपडेट केला आहे.', result: null });
    expect((await kar(c, p.ownerId)).total).toBe('2332.00');
    const list = (await injectAs(t.app, c, { method: 'GET', url: '/api/OwnerProperty/KarDetails?pageSize=10' })).json().result;
    expect(list.rolledOver).toBe(true);
  });

  it('answers 404 for another council’s id and leaves other councils alone', async () => {
    const a = await createCouncil(t.app);
    const b = await createCouncil(t.app);
    const pa = await propertyWithKar(t.app, a, '1', { magilGharpatti: '10' });
    await lastYearsRecord(pa.kar.karId);
    expect((await recalc(b, a.userId)).statusCode).toBe(404);
    expect((await recalc(b)).json().result.updated).toBe(0);
    expect((await kar(a, pa.ownerId)).total).toBe('1286.00');
    expect((await recalc(a)).json().result.updated).toBe(1);
  });

  it('runs once when two requests come together', async () => {
    const c = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '1');
    await lastYearsRecord(p.kar.karId);
    const codes = (await Promise.all([recalc(c), recalc(c)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect((await kar(c, p.ownerId)).total).toBe('2552.00');
  });
});

describe('the depreciation update', () => {
  /** The RCC house of the worked example built 21 years ago, last assessed last year (age 20, factor 0.80, ₹936). */
  async function assessedLastYear(c: TestCouncil, malmattaNo: string, withKar: boolean) {
    const p = await registerRcc(t.app, c, malmattaNo, { milkatBandhakamYear: thisYear - 21 });
    await t.app.db.property.update({ where: { propertyId: p.propertyId }, data: { ghasaraDarUpdatedYear: thisYear - 1 } });
    const upd = await injectAs(t.app, c, {
      method: 'PUT',
      url: '/api/OwnerProperty/UpdateProperty',
      payload: { propertyId: p.propertyId, areaSqm: '50' },
    });
    expect(upd.json().result).toMatchObject({ ghasaraRate: '0.80', gharpatti: '936.00' });
    if (withKar) await injectAs(t.app, c, { method: 'POST', url: '/api/KarImport/kar-details/add', payload: { malmattaNo } });
    return p;
  }

  it('lists the due properties, moves them all to the factor for their age in one call, the current demand with them, once a year', async () => {
    const c = await createCouncil(t.app);
    const a = await assessedLastYear(c, '1', true);
    const b = await assessedLastYear(c, '2', false);
    const notDue = await registerRcc(t.app, c, '3');
    const karA = await kar(c, a.ownerId);
    await pay(t.app, c, { karid: karA.karId, paid_gharpatti: '100' });

    const status = (await injectAs(t.app, c, { method: 'GET', url: '/api/Properties/ghasara-status' })).json().result;
    expect(status).toMatchObject({ year: thisYear, due: 2, doneThisYear: false });
    const due = await injectAs(t.app, c, { method: 'POST', url: '/api/Properties/due', payload: { createdByUserId: c.userId } });
    expect(due.statusCode).toBe(200);
    expect(due.json().result).toEqual([
      { PropertyId: a.propertyId, MalmattaNo: '1', GhasaraRate: '0.80', MilkatYear: thisYear - 21, GhasaraDarUpdatedYear: thisYear - 1 },
      { PropertyId: b.propertyId, MalmattaNo: '2', GhasaraRate: '0.80', MilkatYear: thisYear - 21, GhasaraDarUpdatedYear: thisYear - 1 },
    ]);

    const res = await injectAs(t.app, c, { method: 'POST', url: '/api/Properties/decrease-ghasara' });
    expect(res.statusCode).toBe(200);
    const r = res.json().result;
    expect(r).toMatchObject({ year: thisYear, updated: 2, changed: 2 });
    // 21 years, pucca: 0.70; capital value 60,000 + 6,30,000 = 6,90,000; house tax 828.00.
    expect(r.summary[0]).toEqual({
      PropertyId: a.propertyId,
      MalmattaNo: '1',
      MilkatYear: thisYear - 21,
      oldGhasaraRate: '0.80',
      newGhasaraRate: '0.70',
      oldGharpatti: '936.00',
      newGharpatti: '828.00',
      oldTotal: '1276.00',
      newTotal: '1168.00',
    });
    const row = (await injectAs(t.app, c, { method: 'GET', url: `/api/OwnerProperty/GetByMalmatta/1/${c.userId}` })).json().result[0];
    expect(row).toMatchObject({ ghasaraRate: '0.70', bhandavaliRateRs: '690000.00', gharpatti: '828.00', ghasaraDarUpdatedYear: thisYear });
    // Current demand: 828 less the 100 already paid of it.
    expect(await kar(c, a.ownerId)).toMatchObject({ chaluGharpatti: '728.00', total: '1068.00' });
    expect((await t.app.db.property.findUniqueOrThrow({ where: { propertyId: notDue.propertyId } })).ghasaraRate.toFixed(2)).toBe('0.80');

    const again = await injectAs(t.app, c, { method: 'POST', url: '/api/Properties/decrease-ghasara' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(`${thisYear + 1}`);
    expect((await injectAs(t.app, c, { method: 'POST', url: '/api/Properties/due', payload: {} })).json()).toMatchObject({
      result: [],
      message: 'अपडेट करण्यासाठी कोणतीही मालमत्ता सापडली नाही.',
    });
    expect((await injectAs(t.app, c, { method: 'GET', url: '/api/Properties/ghasara-status' })).json().result).toMatchObject({
      due: 0,
      doneThisYear: true,
    });
  });

  it('keeps the per-property call of the earlier client, once a year per property, inside the council', async () => {
    const c = await createCouncil(t.app);
    const other = await createCouncil(t.app);
    const a = await assessedLastYear(c, '1', true);
    const one = (who: TestCouncil, id: number) => injectAs(t.app, who, { method: 'POST', url: `/api/Properties/${id}/decrease-ghasara` });
    expect((await one(other, a.propertyId)).statusCode).toBe(404);
    const res = await one(c, a.propertyId);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ updated: 1, summary: [{ newGhasaraRate: '0.70', newGharpatti: '828.00' }] });
    expect((await kar(c, a.ownerId)).chaluGharpatti).toBe('828.00');
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
