// Issue 28 on the property screen: its History panel reads GET /api/Audit?entity=Property&entityId=…,
// which holds the property's own rows and those of its parts (owners, payments, corrections). A
// payment is one row with its receipt number and amount, however many ledger entries it wrote; a
// repeated request (the same Idempotency-Key) adds none, a refused one none; the rollover is one row
// for the whole council with its counts.
import { describe, expect, it } from 'vitest';
import { useTestApp, useCouncil, createCouncil, injectAs, type TestCouncil } from '../../helpers/app.ts';
import { atDate, house2010, pay, propertyWithKar } from '../../helpers/tax.ts';

const t = useTestApp();
const c = useCouncil(t);

interface Item {
  entity: string;
  entityId: string | null;
  recordEntity: string | null;
  recordId: string | null;
  action: string;
  actor: { userId: number | null; userName: string | null };
  changes: Record<string, { old: unknown; new: unknown }> | null;
}

async function history(council: TestCouncil, query: string): Promise<Item[]> {
  const res = await injectAs(t.app, council, { method: 'GET', url: `/api/Audit?${query}&pageSize=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.items;
}
const ofProperty = (propertyId: number, council = c) => history(council, `entity=Property&entityId=${propertyId}`);
const payments = async (propertyId: number) => (await ofProperty(propertyId)).filter((i) => i.entity === 'Payment');

describe('the audit trail of a property', () => {
  it("shows an owner's name change under the property, old → new, with the clerk's name", async () => {
    const p = await propertyWithKar(t.app, c, 'AU-1');
    const res = await injectAs(t.app, c, {
      method: 'PUT',
      url: `/api/OwnerProperty/UpdateOwner/${p.ownerId}`,
      payload: { malkacheNav: 'सीता राम पाटील' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await ofProperty(p.propertyId)).filter((i) => i.entity === 'Owner');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entityId: String(p.ownerId),
      recordEntity: 'Property',
      recordId: String(p.propertyId),
      action: 'update',
      actor: { userId: c.userId, userName: c.username },
      changes: { malkacheNav: { old: 'श्री ज्ञानेश्वर कृष्ण क्षीरसागर', new: 'सीता राम पाटील' } },
    });
    // Only what changed: the occupier and mobile number were not sent.
    expect(Object.keys(rows[0].changes!)).toEqual(['malkacheNav']);
  });

  it('records a payment and its reversal, each one row with the receipt number and amount', async () => {
    const p = await propertyWithKar(t.app, c, 'AU-2', { magilGharpatti: '300' });
    const paid = await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '250', paid_divabatti: '10' });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paid.json().result.payment;
    const receiptNo = `${payment.financialYear}/${payment.receiptNo}`;
    const [taken] = await payments(p.propertyId);
    expect(taken).toMatchObject({
      entityId: String(payment.paymentId),
      recordId: String(p.propertyId),
      action: 'create',
      changes: {
        receiptNo: { old: null, new: receiptNo },
        amountTotal: { old: null, new: '260.00' },
        paidMethod: { old: null, new: 'cash' },
        allocation: { old: null, new: 'arrears-first' },
        'paid.gharpatti': { old: null, new: '250.00' },
      },
    });

    const reversed = await injectAs(t.app, c, {
      method: 'POST',
      url: `/api/KarImport/payment/${payment.paymentId}/reverse`,
      payload: { reason: 'धनादेश परत आला' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const rows = await payments(p.propertyId);
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'reverse']);
    expect(rows.find((r) => r.action === 'reverse')).toMatchObject({
      entityId: String(payment.paymentId),
      changes: {
        receiptNo: { new: receiptNo },
        amountTotal: { new: '260.00' },
        cancelReason: { new: 'धनादेश परत आला' },
      },
    });
  });

  it('leaves one row for a double-clicked payment (the same Idempotency-Key)', async () => {
    const p = await propertyWithKar(t.app, c, 'AU-3', { magilGharpatti: '300' });
    const body = { karid: p.kar.karId, paid_gharpatti: '100' };
    const both = await Promise.all([pay(t.app, c, body, 'au-3-click'), pay(t.app, c, body, 'au-3-click')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const again = await pay(t.app, c, body, 'au-3-click');
    expect(again.statusCode).toBe(200);
    const rows = await payments(p.propertyId);
    expect(rows).toHaveLength(1);
    expect(rows[0].entityId).toBe(String(both[0].json().result.payment.paymentId));
  });

  it('leaves no row for a refused payment (more than due: 400; a reused key: 409)', async () => {
    const p = await propertyWithKar(t.app, c, 'AU-4', { magilGharpatti: '100' });
    expect((await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '999999' })).statusCode).toBe(400);
    expect((await payments(p.propertyId)).length).toBe(0);
    expect((await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '10' }, 'au-4-key')).statusCode).toBe(201);
    const reused = await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '20' }, 'au-4-key');
    expect(reused.statusCode, reused.body).toBe(409);
    expect((await payments(p.propertyId)).length).toBe(1);
  });

  it('records a change of rates as one row with each rate old → new and the assessments it wrote', async () => {
    const council = await createCouncil(t.app);
    await propertyWithKar(t.app, council, 'AU-5');
    const res = await injectAs(t.app, council, {
      method: 'PUT',
      url: '/api/TaxRates',
      payload: { waterTax: '400', taxRate: { rcc: '1.40' }, applyFrom: 'next' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await history(council, 'entity=TaxRateSetting');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entityId: String(res.json().result.effectiveTaxYear),
      action: 'update',
      changes: { waterTax: { new: '400.00' }, 'taxRate.rcc': { new: '1.40' }, assessments: { old: null, new: 1 } },
    });
    expect(rows[0].changes!.waterTax.old).not.toBe('400.00');
  });

  it('records the rollover as one row of the council with its counts and demand', async () => {
    const real = t.app.today;
    try {
      atDate(t.app, '2030-11-15');
      const council = await createCouncil(t.app);
      const one = await house2010(t.app, council, '1');
      await house2010(t.app, council, '2');
      atDate(t.app, '2031-05-10');
      const res = await injectAs(t.app, council, { method: 'POST', url: `/api/KarImport/recalc-by-user/${council.userId}` });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await history(council, 'entity=TaxYearRun');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        entityId: '2031',
        action: 'recalculate',
        actor: { userId: council.userId, userName: council.username },
        changes: {
          kind: { new: 'rollover' },
          years: { new: '2031-32' },
          properties: { new: 2 },
          demand: { new: res.json().result.demand },
        },
      });
      // One row for the council's run, none per property: the property's history has no rollover row.
      expect((await ofProperty(one.propertyId, council)).filter((i) => i.action === 'recalculate')).toEqual([]);
      // A second run has nothing to raise: 409, and no row.
      expect((await injectAs(t.app, council, { method: 'POST', url: `/api/KarImport/recalc-by-user/${council.userId}` })).statusCode).toBe(
        409,
      );
      expect(await history(council, 'entity=TaxYearRun')).toHaveLength(1);
    } finally {
      t.app.today = real;
    }
  });
});
