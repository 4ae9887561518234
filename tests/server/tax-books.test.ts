// The tax books through the API (issue 26): every rupee an entry. Remissions by resolution and
// corrections by order; money paid above a lowered demand held as an advance and set against the
// next demand; a bounced cheque reversed (its receipt cancelled, its number kept, the dues back); a
// property's ledger; Namuna 9 and the DCB of a year agreeing with each other and with the tax list;
// and rates that change from a tax year, never the bill already raised.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fromPaise, toPaise } from '../../common/money.ts';
import { TAX_HEADS } from '../../common/property/tax.ts';
import { useTestApp, createCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';
import { atDate, pay, registerRcc, house2010 } from '../helpers/tax.ts';
import { pdfText, pdfFacts } from '../helpers/pdf-read.ts';

const t = useTestApp();

const get = (c: TestCouncil, url: string) => injectAs(t.app, c, { method: 'GET', url });
const post = (c: TestCouncil, url: string, payload: object) => injectAs(t.app, c, { method: 'POST', url, payload });
const kar = async (c: TestCouncil, ownerId: number) =>
  (await get(c, `/api/KarImport/details-by-owner?ownerId=${ownerId}`)).json().result[0];
const ledger = async (c: TestCouncil, ownerId: number) => (await get(c, `/api/KarImport/ledger?ownerId=${ownerId}`)).json().result;
const adjust = (c: TestCouncil, body: object) => post(c, '/api/KarImport/adjustment', body);

describe('remissions and corrections', () => {
  it('remits by resolution what is owed, refusing more, or without the resolution number and reason', async () => {
    atDate(t.app, '2030-08-01');
    const c = await createCouncil(t.app);
    const p = await house2010(t.app, c, '1', { magilGharpatti: '500' });
    const base = { ownerId: p.ownerId, head: 'gharpatti', taxYear: 2029, kind: 'remission' };
    const over = await adjust(c, { ...base, amount: '500.01', reason: 'दुष्काळ', orderReference: 'ठराव 12/2030' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain('₹500.00');
    expect((await adjust(c, { ...base, amount: '100', reason: 'दुष्काळ' })).statusCode).toBe(400);
    expect((await adjust(c, { ...base, amount: '100', reason: '', orderReference: 'ठराव 12/2030' })).statusCode).toBe(400);
    expect((await adjust(c, { ...base, taxYear: 2031, amount: '1', reason: 'x', orderReference: 'y' })).statusCode).toBe(400);
    const ok = await adjust(c, { ...base, amount: '200', reason: 'दुष्काळ', orderReference: 'ठराव 12/2030' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toContain('Remission recorded');
    expect(ok.json().result).toMatchObject({ magilGharpatti: '300.00', chaluGharpatti: '936.00', total: '1576.00' });
    const entry = (await ledger(c, p.ownerId)).entries.at(-1);
    expect(entry).toMatchObject({
      kind: 'remission',
      head: 'gharpatti',
      taxYear: 2029,
      part: 'arrears',
      amount: '-200.00',
      reference: 'ठराव 12/2030',
      reason: 'माफी: दुष्काळ / Remission: दुष्काळ',
    });
    expect(entry.byUser).toBe(c.username);
    // Another council's owner is not found, and nothing of theirs moves.
    const other = await createCouncil(t.app);
    expect((await adjust(other, { ...base, amount: '1', reason: 'x', orderReference: 'y' })).statusCode).toBe(404);
  });

  it('keeps money paid above a lowered demand as an advance, printed and set against the next demand', async () => {
    atDate(t.app, '2030-08-01');
    const c = await createCouncil(t.app);
    const p = await house2010(t.app, c, '1');
    const paid = await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '936', paid_on: '2030-08-01' });
    expect(paid.statusCode).toBe(201);
    const lowered = await adjust(c, {
      ownerId: p.ownerId,
      head: 'gharpatti',
      taxYear: 2030,
      amount: '-108',
      kind: 'correction',
      reason: 'घसारा चालू वर्षाला',
      orderReference: 'आदेश 9/2031',
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json().result).toMatchObject({ chaluGharpatti: '0.00', advance: '108.00', total: '340.00' });
    const moved = (await ledger(c, p.ownerId)).entries
      .slice(-3)
      .map((e: { kind: string; head: string | null; amount: string }) => [e.kind, e.head, e.amount]);
    expect(moved).toEqual([
      ['correction', 'gharpatti', '-108.00'],
      ['collection', 'gharpatti', '108.00'],
      ['advance', null, '108.00'],
    ]);
    // The receipt says what of it is held; the bill says the advance.
    const pdf = await get(c, `/api/KarImport/receipt-pdf/${paid.json().result.payment.paymentId}`);
    expect(pdfText(pdf.rawPayload)).toContain('₹108.00 of this receipt is held as advance');
    const bill = await get(c, `/api/KarImport/magani-pdf?ownerId=${p.ownerId}`);
    expect(pdfText(bill.rawPayload)).toContain('आगाऊ जमा / Advance held: ₹108.00');
    // The next demand takes it first: 2031's house tax 936 less 108.
    atDate(t.app, '2031-04-05');
    expect((await post(c, `/api/KarImport/recalc-by-user/${c.userId}`, {})).statusCode).toBe(200);
    expect(await kar(c, p.ownerId)).toMatchObject({ chaluGharpatti: '828.00', advance: '0.00', magilDivabatti: '20.00' });
  });
});

describe('a bounced cheque', () => {
  it('cancels the receipt with its reason, keeps its number used and puts the dues back', async () => {
    atDate(t.app, '2030-09-01');
    const c = await createCouncil(t.app);
    const p = await house2010(t.app, c, '1', { magilGharpatti: '500' });
    const cheque = await pay(t.app, c, {
      karid: p.kar.karId,
      paid_gharpatti: '700',
      paid_method: 'cheque',
      cheque_no: '000123',
      bank_name: 'बँक ऑफ महाराष्ट्र',
      paid_on: '2030-09-01',
    });
    expect(cheque.statusCode).toBe(201);
    const { payment } = cheque.json().result;
    const before = await kar(c, p.ownerId);
    expect(before).toMatchObject({ magilGharpatti: '0.00', chaluGharpatti: '736.00' });
    expect((await post(c, `/api/KarImport/payment/${payment.paymentId}/reverse`, { reason: '' })).statusCode).toBe(400);
    const other = await createCouncil(t.app);
    expect((await post(other, `/api/KarImport/payment/${payment.paymentId}/reverse`, { reason: 'x' })).statusCode).toBe(404);
    const reversed = await post(c, `/api/KarImport/payment/${payment.paymentId}/reverse`, { reason: 'धनादेश न वटता परत आला' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().result.payment).toMatchObject({ receiptNo: 1, cancelReason: 'धनादेश न वटता परत आला' });
    expect(reversed.json().result.payment.cancelledAt).not.toBeNull();
    expect(reversed.json().result.kar).toMatchObject({ magilGharpatti: '500.00', chaluGharpatti: '936.00', total: '1776.00' });
    expect((await post(c, `/api/KarImport/payment/${payment.paymentId}/reverse`, { reason: 'again' })).statusCode).toBe(409);
    // The number stays used: the next receipt is 2; the public check says the cancelled one is cancelled.
    const next = await pay(t.app, c, { karid: p.kar.karId, paid_divabatti: '20', paid_on: '2030-09-01' });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().result.payment.receiptNo).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/receipt/${payment.receiptId}` })).json().result).toMatchObject({
      receiptNo: 1,
      cancelled: true,
    });
    const history = (await get(c, `/api/KarImport/payment-history?ownerId=${p.ownerId}`)).json().result;
    expect(history.find((h: { receiptNo: number }) => h.receiptNo === 1)).toMatchObject({
      cancelled: true,
      cancelReason: 'धनादेश न वटता परत आला',
      chequeNo: '000123',
    });
    const receipt = pdfText((await get(c, `/api/KarImport/receipt-pdf/${payment.paymentId}`)).rawPayload);
    expect(receipt).toContain('रद्द पावती — धनादेश न वटता परत आला');
    expect(receipt).toContain('000123');
    const kinds = (await ledger(c, p.ownerId)).entries.map((e: { kind: string; amount: string }) => `${e.kind} ${e.amount}`);
    expect(kinds).toContain('reversal 500.00');
    expect(kinds).toContain('reversal 200.00');
  });

  it('pays the current year first when the clerk asks, and refuses an unknown allocation or a cheque without its number', async () => {
    atDate(t.app, '2030-09-01');
    const c = await createCouncil(t.app);
    const p = await house2010(t.app, c, '1', { magilGharpatti: '500' });
    const first = await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '1000', allocation: 'current-first', paid_on: '2030-09-01' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().result.payment).toMatchObject({
      allocation: 'current-first',
      lines: [{ fromArrears: '64.00', fromCurrent: '936.00' }],
    });
    expect((await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '1', allocation: 'newest', paid_on: '2030-09-01' })).statusCode).toBe(
      400,
    );
    const noNumber = await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '1', paid_method: 'dd', paid_on: '2030-09-01' });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().message).toContain('cheque or demand draft number');
  });
});

describe('the registers of a tax year', () => {
  it('keep Namuna 9, the DCB and the tax list in agreement, and print and export them', async () => {
    atDate(t.app, '2030-05-01');
    const c = await createCouncil(t.app);
    const a = await house2010(t.app, c, '1', { magilGharpatti: '500', magilPanipatti: '150' });
    const b = await house2010(t.app, c, '2');
    await registerRcc(t.app, c, '3'); // no kar record: not in the register of demand
    expect((await pay(t.app, c, { karid: a.kar.karId, paid_gharpatti: '700', paid_on: '2030-05-01' })).statusCode).toBe(201);
    expect(
      (
        await adjust(c, {
          ownerId: b.ownerId,
          head: 'panipatti',
          taxYear: 2030,
          amount: '100',
          kind: 'remission',
          reason: 'गळती',
          orderReference: 'ठराव 3/2030',
        })
      ).statusCode,
    ).toBe(200);

    const dcb = (await get(c, '/api/KarImport/dcb?taxYear=2030')).json().result;
    // Opening arrears 650 (the old register's, booked at the end of 2029-30); demand 2 × 1276; collected 500 + 200; remitted 100.
    expect(dcb.total).toEqual({
      openingArrears: '650.00',
      currentDemand: '2552.00',
      collectedArrears: '500.00',
      collectedCurrent: '200.00',
      remitted: '100.00',
      closing: '2402.00',
    });
    expect(dcb.heads.gharpatti).toMatchObject({
      openingArrears: '500.00',
      currentDemand: '1872.00',
      collectedArrears: '500.00',
      closing: '1672.00',
    });
    for (const h of [...TAX_HEADS.map((x) => dcb.heads[x.key]), dcb.total]) {
      const [o, d, ca, cc, r, close] = [
        h.openingArrears,
        h.currentDemand,
        h.collectedArrears,
        h.collectedCurrent,
        h.remitted,
        h.closing,
      ].map(toPaise);
      expect(o + d - ca - cc - r).toBe(close);
    }
    const n9 = (await get(c, '/api/KarImport/namuna9?taxYear=2030&pageNumber=1&pageSize=1')).json().result;
    expect(n9).toMatchObject({ taxYear: 2030, financialYear: '2030-31', totalCount: 2, totalPages: 2 });
    expect(n9.totals.total).toMatchObject({ arrears: '650.00', current: '2552.00', demand: '3202.00', balance: '2402.00' });
    expect(n9.items[0]).toMatchObject({
      serial: 1,
      malmattaNo: '1',
      receipts: [{ receiptNo: '2030-31/1', amount: '700.00', cancelled: false }],
    });
    expect(n9.items[0].heads.gharpatti).toEqual({
      arrears: '500.00',
      current: '936.00',
      demand: '1436.00',
      collectedArrears: '500.00',
      collectedCurrent: '200.00',
      remitted: '0.00',
      balance: '736.00',
    });
    const page2 = (await get(c, '/api/KarImport/namuna9?taxYear=2030&pageNumber=2&pageSize=1')).json().result;
    expect(page2.items[0]).toMatchObject({ serial: 2, malmattaNo: '2', remissions: ['ठराव 3/2030'] });
    const list = (await get(c, '/api/OwnerProperty/KarDetails?pageNumber=1&pageSize=10')).json().result;
    expect(list.totals.total).toBe(dcb.total.closing);
    expect(fromPaise(toPaise(n9.totals.total.balance))).toBe(list.totals.total);

    const pdf = await get(c, '/api/KarImport/namuna9-pdf?taxYear=2030');
    expect(pdf.statusCode).toBe(200);
    expect(pdfFacts(pdf.rawPayload).pageSize).toMatch(/^841\.89 x 595\.28/);
    const raw = pdfText(pdf.rawPayload);
    for (const words of [
      'नमुना नं. ९ — कर मागणी नोंदवही, कर वर्ष 2030-31',
      'पानाची बेरीज / Page total',
      'गावाची एकूण बेरीज / Village total',
      '₹2,402.00',
      'ठराव 3/2030',
    ])
      expect(raw).toContain(words);

    const xlsx = await get(c, '/api/KarImport/namuna9/excel?taxYear=2030');
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(2).value).toBe('मालमत्ता क्रमांक');
    const last = ws.getRow(ws.rowCount);
    expect(last.getCell(3).value).toBe('एकूण / Total');
    expect((last.getCell(11).value as { result: number }).result).toBe(2402);
  });

  it('answer only the council of the token', async () => {
    const a = await createCouncil(t.app);
    const b = await createCouncil(t.app);
    atDate(t.app, '2030-05-01');
    const p = await house2010(t.app, a, '1');
    expect((await get(b, `/api/KarImport/ledger?ownerId=${p.ownerId}`)).statusCode).toBe(404);
    expect((await get(b, '/api/KarImport/dcb?taxYear=2030')).json().result.total.currentDemand).toBe('0.00');
    expect((await get(b, '/api/KarImport/namuna9?taxYear=2030')).json().result.totalCount).toBe(0);
  });
});

describe('rates that change from a tax year', () => {
  it('leave the bill already raised as it is (the RCC 1.20 → 1.50 case) and apply from the next year', async () => {
    atDate(t.app, '2030-07-01');
    const c = await createCouncil(t.app);
    const p = await house2010(t.app, c, '101');
    const put = await injectAs(t.app, c, { method: 'PUT', url: '/api/TaxRates', payload: { taxRate: { rcc: '1.50' } } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().result).toMatchObject({
      effectiveTaxYear: 2031,
      currentTaxYear: 2030,
      billed: true,
      inForce: { effectiveTaxYear: 0 },
    });
    expect(put.json().message).toContain('2031-32');
    // A later edit of the description alone changes nothing of the tax.
    await injectAs(t.app, c, {
      method: 'PUT',
      url: '/api/OwnerProperty/UpdateProperty',
      payload: { propertyId: p.propertyId, malmattaVarnan: 'घर' },
    });
    expect(await kar(c, p.ownerId)).toMatchObject({ chaluGharpatti: '936.00', total: '1276.00' });
    // An identical property registered now is billed at this year's rates, and the new rate from the next.
    const twin = await house2010(t.app, c, '102');
    expect(await kar(c, twin.ownerId)).toMatchObject({ chaluGharpatti: '936.00' });
    atDate(t.app, '2031-04-03');
    expect((await post(c, `/api/KarImport/recalc-by-user/${c.userId}`, {})).statusCode).toBe(200);
    expect(await kar(c, p.ownerId)).toMatchObject({ chaluGharpatti: '1170.00' });
    expect(await kar(c, twin.ownerId)).toMatchObject({ chaluGharpatti: '1170.00' });
  });

  it('apply to the billed year only under an order, by corrections on every billed property', async () => {
    atDate(t.app, '2030-07-01');
    const c = await createCouncil(t.app);
    const p = await house2010(t.app, c, '101');
    const refused = await injectAs(t.app, c, {
      method: 'PUT',
      url: '/api/TaxRates',
      payload: { taxRate: { rcc: '1.50' }, applyFrom: 'current' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await kar(c, p.ownerId)).toMatchObject({ chaluGharpatti: '936.00' });
    const ordered = await injectAs(t.app, c, {
      method: 'PUT',
      url: '/api/TaxRates',
      payload: { taxRate: { rcc: '1.50' }, applyFrom: 'current', orderReference: 'ठराव 7/2030' },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(await kar(c, p.ownerId)).toMatchObject({ chaluGharpatti: '1170.00' });
    const bill = pdfText((await get(c, `/api/KarImport/magani-pdf?ownerId=${p.ownerId}`)).rawPayload);
    expect(bill).toContain('ठराव 7/2030');
    expect(bill).toContain('+₹234.00');
  });

  it('revise every assessment from a tax year: a dry run lists old → new, applying it records the revision', async () => {
    atDate(t.app, '2030-07-01');
    const c = await createCouncil(t.app);
    await house2010(t.app, c, '1');
    await house2010(t.app, c, '2');
    const dry = await post(c, '/api/TaxRates/revision', { effectiveTaxYear: 2031, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    // Age 21 in 2031: 0.70, ₹828 house tax; total 1168 each.
    expect(dry.json().result).toMatchObject({
      effectiveTaxYear: 2031,
      dryRun: true,
      properties: 2,
      changed: 2,
      oldTotal: '2552.00',
      newTotal: '2336.00',
    });
    expect(await t.app.db.propertyAssessment.count({ where: { createdByUserId: c.userId, reason: 'revision' } })).toBe(0);
    const applied = await post(c, '/api/TaxRates/revision', { effectiveTaxYear: 2031, dryRun: false });
    expect(applied.statusCode).toBe(200);
    expect(
      await t.app.db.propertyAssessment.count({ where: { createdByUserId: c.userId, reason: 'revision', effectiveTaxYear: 2031 } }),
    ).toBe(2);
    expect(
      await t.app.db.taxYearRun.findUnique({
        where: { createdByUserId_kind_year: { createdByUserId: c.userId, kind: 'revision', year: 2031 } },
      }),
    ).not.toBeNull();
    expect((await post(c, '/api/TaxRates/revision', { effectiveTaxYear: 2029, dryRun: true })).statusCode).toBe(400);
  });
});

describe('the bulk seed of the benches', () => {
  it('keeps books as the server keeps them: kar records, ledger, DCB and list agree, and the year rolls over', async () => {
    const { seedTaxedInBulk } = await import('../helpers/tax-seed.ts');
    const { taxYearOf } = await import('../../common/property/tax.ts');
    const { todayInIndia } = await import('../../common/dates.ts');
    atDate(t.app, todayInIndia().toISOString().slice(0, 10));
    const c = await createCouncil(t.app);
    await seedTaxedInBulk(t.database, c.userId, 60, { years: 3 });
    const last = taxYearOf(todayInIndia()) - 1;
    const list = (await get(c, '/api/OwnerProperty/KarDetails?pageNumber=1&pageSize=100')).json().result;
    expect(list.totalItems).toBe(60);
    const dcb = (await get(c, `/api/KarImport/dcb?taxYear=${last}`)).json().result;
    expect(dcb.total.closing).toBe(list.totals.total);
    expect(toPaise(dcb.total.collectedCurrent)).toBeGreaterThan(0n);
    const owners = await t.database.sql.query<{ ownerId: number; malmattaNo: string }>(
      `SELECT "ownerId", "malmattaNo" FROM "Owner" WHERE "createdByUserId" = $1 ORDER BY "ownerId" LIMIT 12`,
      [c.userId],
    );
    for (const o of owners) {
      const row = list.items.find((r: { malmattaNo: string }) => r.malmattaNo === o.malmattaNo);
      const { balance } = (await get(c, `/api/KarImport/ledger?ownerId=${o.ownerId}`)).json().result;
      expect(balance.total, `property ${o.malmattaNo}`).toBe(row.total);
    }
    // The rollover raises this year's demand over the seeded books.
    expect((await post(c, `/api/KarImport/recalc-by-user/${c.userId}`, {})).statusCode).toBe(200);
    const after = (await get(c, '/api/OwnerProperty/KarDetails?pageNumber=1&pageSize=100')).json().result;
    expect(toPaise(after.totals.total)).toBe(toPaise(list.totals.total) + 60n * 1276_00n);
  });
});
