// The tax demand (Namuna 9) and payments: the current demand is the assessment, arrears are entered
// once, a payment takes arrears first and never more than is due, receipt numbers run without gaps
// under concurrent payments, a retried payment is taken once, bad input writes nothing, and every
// route stays inside the council of the token.
import { describe, expect, it } from 'vitest';
import { taxYearOf } from '../../common/property/tax.ts';
import { useTestApp, createCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';
import { pay, propertyWithKar, registerRcc, todayIso } from '../helpers/tax.ts';

const t = useTestApp();

const taxYear = taxYearOf(new Date(`${todayIso()}T00:00:00Z`));
const details = (c: TestCouncil, ownerId: number) =>
  injectAs(t.app, c, { method: 'GET', url: `/api/KarImport/details-by-owner?ownerId=${ownerId}` });
const history = (c: TestCouncil, ownerId: number) =>
  injectAs(t.app, c, { method: 'GET', url: `/api/KarImport/payment-history?ownerId=${ownerId}` });
const counts = async (c: TestCouncil) => ({
  payments: await t.app.db.payment.count({ where: { createdByUserId: c.userId } }),
  lines: await t.app.db.paymentLine.count({ where: { payment: { createdByUserId: c.userId } } }),
  counter: (await t.app.db.counter.findMany({ where: { createdByUserId: c.userId, name: 'receipt' } })).map((r) => r.value),
});

describe('kar details', () => {
  it('takes the arrears as entered and the current demand from the assessment, ignoring typed current amounts', async () => {
    const c = await createCouncil(t.app);
    const p = await registerRcc(t.app, c, '१२/अ');
    const res = await injectAs(t.app, c, {
      method: 'POST',
      url: '/api/KarImport/kar-details/add',
      payload: {
        malmattaNo: '12/अ',
        malkacheNav: 'someone else',
        magilGharpatti: '500',
        magilDivabatti: 10,
        magilArogyakar: '',
        magilPanipatti: '150.50',
        chaluGharpatti: '99999',
        chaluPanipatti: 1,
        createdByUserId: 999999,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().result).toMatchObject({
      karid: res.json().result.karId,
      propertyId: p.propertyId,
      malmattaNo: '१२/अ',
      malkacheNav: 'श्री ज्ञानेश्वर कृष्ण क्षीरसागर',
      magilGharpatti: '500.00',
      chaluGharpatti: '936.00',
      totalGharpatti: '1436.00',
      magilDivabatti: '10.00',
      chaluDivabatti: '20.00',
      totalDivabatti: '30.00',
      magilArogyakar: '0.00',
      chaluArogyakar: '20.00',
      totalArogyakar: '20.00',
      magilPanipatti: '150.50',
      chaluPanipatti: '300.00',
      totalPanipatti: '450.50',
      total: '1936.50',
      rowTotal: '1936.50',
      karupdatedYear: taxYear,
    });
    const read = await details(c, p.ownerId);
    expect(read.statusCode).toBe(200);
    expect(read.json().result).toEqual([res.json().result]);

    const again = await injectAs(t.app, c, {
      method: 'POST',
      url: '/api/KarImport/kar-details/add',
      payload: { malmattaNo: '१२/अ', magilGharpatti: '1' },
    });
    expect(again.statusCode).toBe(409);
    expect(await t.app.db.karDetail.count({ where: { createdByUserId: c.userId } })).toBe(1);
  });

  it('refuses an unknown property, a negative or malformed arrear, naming the field, and writes nothing', async () => {
    const c = await createCouncil(t.app);
    await registerRcc(t.app, c, '3');
    const add = (payload: object) => injectAs(t.app, c, { method: 'POST', url: '/api/KarImport/kar-details/add', payload });
    const cases: [object, string][] = [
      [{ malmattaNo: '4' }, 'Property 4 is not in this council'],
      [{ malmattaNo: '3', magilGharpatti: '-5' }, 'magilGharpatti: must not be negative'],
      [{ malmattaNo: '3', magilDivabatti: '1.005' }, 'magilDivabatti: must be an amount'],
      [{ malmattaNo: '3', magilPanipatti: 'abc' }, 'magilPanipatti: must be an amount'],
      [{}, 'malmattaNo'],
    ];
    for (const [payload, message] of cases) {
      const res = await add(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ isSuccess: false, result: null });
      expect(res.json().message).toContain(message);
    }
    expect(await t.app.db.karDetail.count({ where: { createdByUserId: c.userId } })).toBe(0);
  });

  it('answers an empty list with the spec’s message for an owner without kar details', async () => {
    const c = await createCouncil(t.app);
    const p = await registerRcc(t.app, c, '9');
    const res = await details(c, p.ownerId);
    expect(res.json()).toMatchObject({ isSuccess: true, message: 'No kar details found for this owner', result: [] });
  });

  it('keeps the billed year’s demand when the assessment changes: the new one is in force from the next tax year', async () => {
    const c = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '21', { magilGharpatti: '500' });
    expect((await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '700' })).statusCode).toBe(201);
    // 100 m²: (100 × 1200 + 100 × 18000 × 0.80) × 1.00 = 15,60,000; × 1.20 ÷ 1000 = 1872.00; 1,076 sq ft: light and health 25.
    const upd = await injectAs(t.app, c, {
      method: 'PUT',
      url: '/api/OwnerProperty/UpdateProperty',
      payload: { propertyId: p.propertyId, areaSqm: '100' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().result).toMatchObject({ gharpatti: '1872.00', assessmentFromYear: taxYear + 1 });
    expect(upd.json().message).toContain(`${taxYear + 1}`);
    // This year's bill is as it was raised: ₹936 less the ₹200 paid of it.
    expect((await details(c, p.ownerId)).json().result[0]).toMatchObject({
      magilGharpatti: '0.00',
      chaluGharpatti: '736.00',
      total: '1076.00',
    });
  });

  it('applies a change to the billed year only under an order, by correction entries that keep what was paid', async () => {
    const c = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '22', { magilGharpatti: '500' });
    expect((await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '700' })).statusCode).toBe(201);
    const change = (extra: object) =>
      injectAs(t.app, c, {
        method: 'PUT',
        url: '/api/OwnerProperty/UpdateProperty',
        payload: { propertyId: p.propertyId, areaSqm: '100', applyFrom: 'current', ...extra },
      });
    const unordered = await change({});
    expect(unordered.statusCode).toBe(400);
    expect(unordered.json().message).toContain('(orderReference)');
    expect((await details(c, p.ownerId)).json().result[0].chaluGharpatti).toBe('736.00');
    const ordered = await change({ orderReference: 'मा. गटविकास अधिकारी आदेश 17/2026' });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().result).toMatchObject({ gharpatti: '1872.00', assessmentFromYear: taxYear });
    expect((await details(c, p.ownerId)).json().result[0]).toMatchObject({
      magilGharpatti: '0.00',
      chaluGharpatti: '1672.00',
      chaluDivabatti: '25.00',
      chaluArogyakar: '25.00',
      chaluPanipatti: '300.00',
      total: '2022.00',
    });
    const ledger = (await injectAs(t.app, c, { method: 'GET', url: `/api/KarImport/ledger?ownerId=${p.ownerId}` })).json().result;
    const corrections = ledger.entries.filter((e: { kind: string }) => e.kind === 'correction');
    expect(corrections.map((e: { head: string; amount: string; reference: string }) => [e.head, e.amount, e.reference])).toEqual([
      ['gharpatti', '936.00', 'मा. गटविकास अधिकारी आदेश 17/2026'],
      ['divabatti', '5.00', 'मा. गटविकास अधिकारी आदेश 17/2026'],
      ['arogyakar', '5.00', 'मा. गटविकास अधिकारी आदेश 17/2026'],
    ]);
  });

  it('never touches tax when only the description, a remark or the owner’s name changes', async () => {
    const c = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '23');
    const before = (await details(c, p.ownerId)).json().result[0];
    const upd = await injectAs(t.app, c, {
      method: 'PUT',
      url: '/api/OwnerProperty/UpdateProperty',
      payload: {
        propertyId: p.propertyId,
        malmattaVarnan: 'दुमजली घर',
        vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: 'शेरा',
        applyFrom: 'current',
      },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().message).toBe('Property updated');
    const owner = await injectAs(t.app, c, {
      method: 'PUT',
      url: '/api/OwnerProperty/UpdateOwner',
      payload: { ownerId: p.ownerId, malkacheNav: 'नवीन नाव' },
    });
    expect(owner.statusCode).toBe(200);
    const after = (await details(c, p.ownerId)).json().result[0];
    expect({ ...after, malkacheNav: before.malkacheNav }).toEqual(before);
    const ledger = (await injectAs(t.app, c, { method: 'GET', url: `/api/KarImport/ledger?ownerId=${p.ownerId}` })).json().result;
    expect(ledger.entries.every((e: { kind: string }) => e.kind === 'demand')).toBe(true);
  });
});

describe('a payment', () => {
  it('takes arrears first within a head, numbers the receipt and keeps the history (the worked example)', async () => {
    const c = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '1', { magilGharpatti: '500' });
    const res = await pay(t.app, c, {
      karid: p.kar.karId,
      paid_gharpatti: '700',
      paid_panipatti: 100.5,
      paid_method: 'cheque',
      cheque_no: ' 123456 ',
      bank_name: 'बँक ऑफ महाराष्ट्र',
      note: ' चेक क्र. 123 ',
      createdByUserId: c.userId,
    });
    expect(res.statusCode).toBe(201);
    const { payment, kar, repeated } = res.json().result;
    expect(res.json().message).toBe('पेमेंट यशस्वीरीत्या पूर्ण झाले!');
    expect(repeated).toBe(false);
    expect(payment).toMatchObject({
      receiptNo: 1,
      receiptYear: taxYear,
      bookNo: 1,
      malmattaNo: '1',
      payerName: 'श्री ज्ञानेश्वर कृष्ण क्षीरसागर',
      paidOn: todayIso(),
      paidMethod: 'cheque',
      chequeNo: '123456',
      bankName: 'बँक ऑफ महाराष्ट्र',
      allocation: 'arrears-first',
      cancelledAt: null,
      note: 'चेक क्र. 123',
      amountTotal: '800.50',
      lines: [
        { category: 'gharpatti', fromArrears: '500.00', fromCurrent: '200.00', amountPaid: '700.00' },
        { category: 'panipatti', fromArrears: '0.00', fromCurrent: '100.50', amountPaid: '100.50' },
      ],
    });
    expect(payment.receiptId).toMatch(/^[0-9a-f-]{36}$/);
    expect(kar).toMatchObject({ magilGharpatti: '0.00', chaluGharpatti: '736.00', chaluPanipatti: '199.50', total: '975.50' });

    const second = await pay(t.app, c, { karid: p.kar.karId, paid_divabatti: '20' });
    expect(second.json().result.payment.receiptNo).toBe(2);

    const rows = (await history(c, p.ownerId)).json().result;
    expect(
      rows.map((r: { receiptNo: number; category: string; amountPaid: string; paidMethod: string }) => [
        r.receiptNo,
        r.category,
        r.amountPaid,
        r.paidMethod,
      ]),
    ).toEqual([
      [2, 'divabatti', '20.00', 'cash'],
      [1, 'gharpatti', '700.00', 'cheque'],
      [1, 'panipatti', '100.50', 'cheque'],
    ]);
  });

  it('may pay exactly what is due, and refuses ₹1 more per head (the worked example: ₹1,437 of ₹1,436)', async () => {
    const c = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '2', { magilGharpatti: '500' });
    const over = await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '1437' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain('paid_gharpatti');
    expect(over.json().message).toContain('₹1436.00');
    const exact = await pay(t.app, c, {
      karid: p.kar.karId,
      paid_gharpatti: '1436.00',
      paid_divabatti: '20',
      paid_arogyakar: '20',
      paid_panipatti: '300',
    });
    expect(exact.statusCode).toBe(201);
    expect(exact.json().result.payment.receiptNo).toBe(1);
    expect(exact.json().result.kar.total).toBe('0.00');
    expect((await pay(t.app, c, { karid: p.kar.karId, paid_arogyakar: '0.01' })).statusCode).toBe(400);
  });

  it('refuses bad input with a 4xx naming the field, and writes nothing', async () => {
    const c = await createCouncil(t.app);
    const other = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '5', { magilGharpatti: '100' });
    const bare = await registerRcc(t.app, c, '6');
    const theirs = await propertyWithKar(t.app, other, '5');
    const tomorrow = new Date(Date.parse(`${todayIso()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const karid = p.kar.karId;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ karid, paid_gharpatti: '-1' }, 400, 'paid_gharpatti: must not be negative'],
      [{ karid, paid_gharpatti: 0, paid_divabatti: '', paid_arogyakar: null }, 400, 'कृपया किमान एक कर प्रकारासाठी रक्कम टाका'],
      [{ karid, paid_gharpatti: '10', paid_on: '' }, 400, 'कृपया पेमेंटची तारीख निवडा'],
      [{ karid, paid_gharpatti: '10', paid_on: null }, 400, 'कृपया पेमेंटची तारीख निवडा'],
      [{ karid, paid_gharpatti: '10', paid_on: tomorrow }, 400, 'paid_on must not be in the future'],
      [{ karid, paid_gharpatti: '10', paid_on: '2026-02-30' }, 400, 'paid_on'],
      [{ karid, paid_gharpatti: '10', paid_method: 'bitcoin' }, 400, 'paid_method: must be one of cash, cheque, online, dd'],
      [{ karid, paid_gharpatti: 0.1 + 0.2 }, 400, 'paid_gharpatti: must be an amount'],
      [{ karid, paid_gharpatti: '10.001' }, 400, 'paid_gharpatti: must be an amount'],
      [{ karid, paid_divabatti: '21' }, 400, 'paid_divabatti'],
      [{ karid: 'abc', paid_gharpatti: '10' }, 400, 'karid'],
      [{ karid: theirs.kar.karId, paid_gharpatti: '10' }, 404, 'No kar details'],
      [{ karid: 999999999, paid_gharpatti: '10' }, 404, 'No kar details'],
    ];
    for (const [body, status, message] of cases) {
      const res = await pay(t.app, c, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ isSuccess: false, result: null });
      expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
    // A property without kar details has no karid to pay; its owner's details list is empty.
    expect((await details(c, bare.ownerId)).json().result).toEqual([]);
    expect(await counts(c)).toEqual({ payments: 0, lines: 0, counter: [] });
    expect((await details(c, p.ownerId)).json().result[0].total).toBe(p.kar.total);
    expect(await t.app.db.karDetail.findUnique({ where: { karId: theirs.kar.karId }, select: { total: true } })).toMatchObject({
      total: expect.anything(),
    });
    expect((await t.app.db.karDetail.findUniqueOrThrow({ where: { karId: theirs.kar.karId } })).total.toFixed(2)).toBe('1276.00');
  });

  it('takes a repeated request with the same Idempotency-Key once and answers the first payment', async () => {
    const c = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '11');
    const body = { karid: p.kar.karId, paid_gharpatti: '100' };
    const first = await pay(t.app, c, body, 'key-abc-1');
    const again = await pay(t.app, c, body, 'key-abc-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().result.repeated).toBe(true);
    expect(again.json().result.payment).toEqual(first.json().result.payment);
    // Double clicks: both at once, five times (on PostgreSQL the second waits for the row lock, then
    // its write meets the unique key; that path answered 500 before it was caught).
    for (let i = 2; i <= 6; i++) {
      const [a, b] = await Promise.all([pay(t.app, c, body, `key-abc-${i}`), pay(t.app, c, body, `key-abc-${i}`)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      expect(a.json().result.payment.paymentId).toBe(b.json().result.payment.paymentId);
    }
    expect((await counts(c)).payments).toBe(6);
    expect((await details(c, p.ownerId)).json().result[0].chaluGharpatti).toBe('336.00');
    // The same key for another payment is refused rather than silently answered.
    const reused = await pay(t.app, c, { ...body, paid_gharpatti: '5' }, 'key-abc-1');
    expect(reused.statusCode).toBe(409);
    expect((await counts(c)).payments).toBe(6);
  });

  it('50 concurrent payments on one property never pay more than is due and leave receipt numbers without gaps', async () => {
    const c = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '50', { magilGharpatti: '500' });
    // ₹1,436 of house tax due; 50 × ₹30 = ₹1,500: 47 fit (₹1,410), 3 must be refused.
    const results = await Promise.all(Array.from({ length: 50 }, () => pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '30' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(47);
    expect(codes.filter((s) => s === 400)).toHaveLength(3);
    const numbers = results
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json().result.payment.receiptNo as number)
      .sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    const kar = (await details(c, p.ownerId)).json().result[0];
    expect(kar).toMatchObject({ magilGharpatti: '0.00', chaluGharpatti: '26.00', total: '366.00' });
    expect((await counts(c)).counter).toEqual([47]);
  }, 120_000);
});

describe('the public receipt check', () => {
  it('shows only the receipt number, date, amount and property number, by an unguessable id', async () => {
    const c = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '१५');
    const { payment } = (await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '123.45' })).json().result;
    const res = await t.app.inject({ method: 'GET', url: `/api/public/receipt/${payment.receiptId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({
      cancelled: false,
      receiptNo: 1,
      financialYear: payment.financialYear,
      paidOn: todayIso(),
      amountTotal: '123.45',
      malmattaNo: '१५',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/public/receipt/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/receipt/${payment.paymentId}` })).statusCode).toBe(400);
  });
});

describe('scoping', () => {
  it('answers 404 to another council’s token for owners, history and payments', async () => {
    const a = await createCouncil(t.app);
    const b = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, a, '77', { magilGharpatti: '10' });
    expect((await details(b, p.ownerId)).statusCode).toBe(404);
    expect((await history(b, p.ownerId)).statusCode).toBe(404);
    expect((await pay(t.app, b, { karid: p.kar.karId, paid_gharpatti: '1' })).statusCode).toBe(404);
    expect(
      (await injectAs(t.app, b, { method: 'POST', url: '/api/KarImport/kar-details/add', payload: { malmattaNo: '77' } })).statusCode,
    ).toBe(400);
    expect(
      (await injectAs(t.app, undefined, { method: 'GET', url: `/api/KarImport/details-by-owner?ownerId=${p.ownerId}` })).statusCode,
    ).toBe(401);
    expect((await details(a, p.ownerId)).json().result[0].total).toBe('1286.00');
  });
});

describe('the collection view', () => {
  it('gives this tax year’s demand and collection per head and the collections of each month', async () => {
    const c = await createCouncil(t.app);
    const other = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '1', { magilGharpatti: '500' });
    await propertyWithKar(t.app, c, '2');
    await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '700', paid_divabatti: '20' });
    const res = await injectAs(t.app, c, { method: 'GET', url: '/api/KarImport/collection-summary' });
    expect(res.statusCode).toBe(200);
    const r = res.json().result;
    expect(r.taxYear).toBe(taxYear);
    expect(r.heads).toEqual([
      { category: 'gharpatti', demand: '2372.00', collected: '700.00', outstanding: '1672.00' },
      { category: 'divabatti', demand: '40.00', collected: '20.00', outstanding: '20.00' },
      { category: 'arogyakar', demand: '40.00', collected: '0.00', outstanding: '40.00' },
      { category: 'panipatti', demand: '600.00', collected: '0.00', outstanding: '600.00' },
    ]);
    expect(r.months).toHaveLength(12);
    expect(r.months[0].month).toBe(`${taxYear}-04`);
    expect(r.months[11].month).toBe(`${taxYear + 1}-03`);
    expect(r.months.find((m: { month: string }) => m.month === todayIso().slice(0, 7)).amount).toBe('720.00');
    const theirs = (await injectAs(t.app, other, { method: 'GET', url: '/api/KarImport/collection-summary' })).json().result;
    expect(theirs.heads.every((h: { demand: string }) => h.demand === '0.00')).toBe(true);
  });
});

describe('the API document', () => {
  it('lists every tax path of the spec with its schemas', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/KarImport/details-by-owner',
        '/api/KarImport/kar-details/add',
        '/api/KarImport/payment-history',
        '/api/KarImport/apply-payment-simple',
        '/api/KarImport/receipt-pdf/{paymentId}',
        '/api/KarImport/magani-pdf',
        '/api/OwnerProperty/KarDetails/Sorted',
        '/api/OwnerProperty/KarDetails',
        '/api/OwnerProperty/KarDetails/excel',
        '/api/KarImport/recalc-by-user/{userId}',
        '/api/Properties/due',
        '/api/Properties/decrease-ghasara',
        '/api/Properties/{id}/decrease-ghasara',
        '/api/public/receipt/{receiptId}',
      ]),
    );
    const pay = spec.paths['/api/KarImport/apply-payment-simple'].post;
    expect(pay.requestBody.content['application/json'].schema.properties).toHaveProperty('paid_gharpatti');
    expect(pay.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
  });
});
