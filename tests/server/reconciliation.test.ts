// Issue 30, the statement side: three Indian bank layouts (SBI-like and HDFC-like CSV, ICICI-like
// XLSX) read and matched by bill number or by property number with the exact amount; applied as
// online Namuna 10 receipts with the bank reference (exact, partial, over-payment as advance);
// imported again, nothing changes; a bounced receipt's credit is not taken again; an unmatched credit
// waits until a clerk assigns it; another council sees and assigns none of it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { XLSX } from '../../server/lib/schema.ts';
import { upiBillOf } from '../../server/modules/tax/bills.ts';
import { createCouncil, injectAs, injectCall, useTestApp, type TestCouncil } from '../helpers/app.ts';
import { multipart } from '../helpers/multipart.ts';
import { pdfText } from '../helpers/pdf-read.ts';
import { statementFixture } from '../helpers/statements.ts';
import { propertyWithKar } from '../helpers/tax.ts';
import { setUpi } from '../helpers/upi.ts';

const t = useTestApp();

const upload = (c: TestCouncil, file: Buffer, name: string, query = '?dryRun=false') => {
  const m = multipart([{ name: 'file', value: file, filename: name, contentType: name.endsWith('.xlsx') ? XLSX : 'text/csv' }]);
  return injectAs(t.app, c, { method: 'POST', url: `/api/Reconciliation/statement${query}`, payload: m.payload, headers: m.headers });
};
const karOf = async (c: TestCouncil, malmattaNo: string) =>
  t.app.db.karDetail.findFirstOrThrow({ where: { createdByUserId: c.userId, malmattaNo }, select: { total: true, advance: true } });
const dueOf = async (c: TestCouncil, malmattaNo: string) => {
  const k = await karOf(c, malmattaNo);
  return [k.total.toFixed(2), k.advance.toFixed(2)];
};
const unmatchedOf = async (c: TestCouncil) =>
  (await injectAs(t.app, c, { method: 'GET', url: '/api/Reconciliation/unmatched?pageSize=10' })).json().result;

/** A council with UPI and five taxed houses: 101 (₹500 arrears: ₹1,776 due), 102, 103/A, 104, 105
 *  (₹1,276 each); bills 1–4 issued for 101, 102, 104 and 105 (103/A has none: matched by number). */
async function village() {
  const c = await createCouncil(t.app);
  await setUpi(injectCall(t.app, c));
  const houses = [];
  for (const [no, arrears] of [
    ['101', { magilGharpatti: '500' }],
    ['102', {}],
    ['103/A', {}],
    ['104', {}],
    ['105', {}],
  ] as const)
    houses.push(await propertyWithKar(t.app, c, no, arrears));
  for (const h of [houses[0], houses[1], houses[3], houses[4]]) await upiBillOf(t.app.db, c.userId, h.kar.karId, t.app.today());
  const year = houses[0].kar.karupdatedYear as number;
  return {
    c,
    year,
    files: {
      sbi: await statementFixture('sbi.csv', year),
      hdfc: await statementFixture('hdfc.csv', year),
      icici: await statementFixture('icici.xlsx', year),
    },
  };
}

describe('reading a statement (dry run)', () => {
  it('matches the three layouts by bill number, or property number with the exact amount, and writes nothing', async () => {
    const { c, year, files } = await village();
    const sbi = (await upload(c, files.sbi, 'sbi.csv', '')).json();
    expect(sbi.message).toContain('3 credits: 2 matched, 0 already taken, 1 unmatched');
    expect(sbi.result.matched).toEqual([
      { row: 8, billNo: `GP${year}B1`, malmattaNo: '101', amount: '1776.00', bankReference: '412345678901', action: 'pay' },
      { row: 10, billNo: `GP${year}B2`, malmattaNo: '102', amount: '500.00', bankReference: '412345678902', action: 'pay' },
    ]);
    expect(sbi.result.unmatched).toEqual([
      {
        row: 11,
        date: '2026-11-09',
        narration: 'BY TRANSFER-NEFT*BKID0001234*N312263372845*DONATION FOR SCHOOL--',
        amount: '250.00',
        bankReference: 'N312263372845',
      },
    ]);
    expect(sbi.result.totals).toEqual({
      credits: 3,
      matched: 2,
      already: 0,
      unmatched: 1,
      amountMatched: '2276.00',
      amountUnmatched: '250.00',
    });

    const hdfc = (await upload(c, files.hdfc, 'hdfc.csv', '?dryRun=true')).json().result;
    expect(hdfc.matched).toEqual([
      { row: 2, billNo: '', malmattaNo: '103/A', amount: '1276.00', bankReference: '0000412345678903', action: 'pay' },
      { row: 3, billNo: `GP${year}B3`, malmattaNo: '104', amount: '1500.00', bankReference: '0000412345678904', action: 'advance' },
    ]);
    // A property number with another amount is not enough.
    expect(hdfc.unmatched.map((u: { row: number; amount: string }) => [u.row, u.amount])).toEqual([[4, '100.00']]);

    const icici = (await upload(c, files.icici, 'icici.xlsx', '')).json().result;
    expect(icici.matched).toEqual([
      { row: 5, billNo: `GP${year}B4`, malmattaNo: '105', amount: '600.00', bankReference: '412345678906', action: 'pay' },
    ]);
    expect(icici.unmatched).toEqual([
      {
        row: 6,
        date: '2026-11-19',
        narration: 'UPI/412345678907/NO NOTE/somebody@paytm/Paytm Payments',
        amount: '1000.50',
        bankReference: '412345678907',
      },
    ]);
    expect(await t.app.db.payment.count({ where: { createdByUserId: c.userId } })).toBe(0);
    expect(await t.app.db.bankCredit.count({ where: { createdByUserId: c.userId } })).toBe(0);
  });

  it('takes the columns given by name or number, and says what is wrong with a file it cannot read', async () => {
    const { c, files } = await village();
    const byName = encodeURIComponent(
      JSON.stringify({ date: 'Value Dt', narration: 'Narration', reference: 'Chq./Ref.No.', credit: 'Deposit Amt.' }),
    );
    const named = (await upload(c, files.hdfc, 'hdfc.csv', `?columns=${byName}`)).json().result;
    expect(named.totals).toMatchObject({ credits: 3, matched: 2, unmatched: 1 });
    const byNumber = encodeURIComponent(JSON.stringify({ date: 1, narration: 2, reference: 3, credit: 6 }));
    expect((await upload(c, files.hdfc, 'hdfc.csv', `?columns=${byNumber}`)).json().result.totals).toMatchObject({ matched: 2 });

    const noHeader = await upload(c, Buffer.from('a,b,c\n1,2,3\n'), 'x.csv', '');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toContain('name the columns');
    const wrongColumn = await upload(
      c,
      files.hdfc,
      'hdfc.csv',
      `?columns=${encodeURIComponent('{"date":"Posted","narration":"Narration","credit":"Deposit Amt."}')}`,
    );
    expect(wrongColumn.statusCode).toBe(400);
    expect((await upload(c, files.hdfc, 'hdfc.csv', '?columns=nope')).json().message).toContain('columns must be JSON');
    expect((await upload(c, Buffer.from([0x50, 0x4b, 3, 4, 0, 0]), 'x.xlsx', '')).json().message).toContain('workbook could not be read');
    const badDate = await upload(c, Buffer.from('Date,Narration,Deposit Amt.\n31/02/26,UPI-X,10.00\n'), 'x.csv', '');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toContain('Line 2');
    expect((await injectAs(t.app, c, { method: 'POST', url: '/api/Reconciliation/statement', payload: {} })).statusCode).toBe(400);
  });
});

describe('applying a statement', () => {
  it('makes online receipts with the bank reference: exact, partial, over-payment as advance; again, nothing changes', async () => {
    const { c, files } = await village();
    const first = await upload(c, files.sbi, 'sbi.csv');
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toContain('2 receipts made, 1 credits unmatched');
    expect((await upload(c, files.hdfc, 'hdfc.csv')).json().result.matched.map((m: { action: string }) => m.action)).toEqual([
      'pay',
      'advance',
    ]);
    expect((await upload(c, files.icici, 'icici.xlsx')).json().result.totals).toMatchObject({ matched: 1, unmatched: 1 });

    expect(await dueOf(c, '101')).toEqual(['0.00', '0.00']); // exact
    expect(await dueOf(c, '102')).toEqual(['776.00', '0.00']); // partial: the rest stays due
    expect(await dueOf(c, '103/A')).toEqual(['0.00', '0.00']);
    expect(await dueOf(c, '104')).toEqual(['0.00', '224.00']); // ₹1,500 for ₹1,276: ₹224 held
    expect(await dueOf(c, '105')).toEqual(['676.00', '0.00']);
    const payments = await t.app.db.payment.findMany({ where: { createdByUserId: c.userId }, orderBy: { receiptNo: 'asc' } });
    expect(
      payments.map((p) => [
        p.receiptNo,
        p.malmattaNo,
        p.paidMethod,
        p.amountTotal.toFixed(2),
        p.bankReference,
        p.paidOn.toISOString().slice(0, 10),
      ]),
    ).toEqual([
      [1, '101', 'online', '1776.00', '412345678901', '2026-11-05'],
      [2, '102', 'online', '500.00', '412345678902', '2026-11-07'],
      [3, '103/A', 'online', '1276.00', '0000412345678903', '2026-11-12'],
      [4, '104', 'online', '1500.00', '0000412345678904', '2026-11-13'],
      [5, '105', 'online', '600.00', '412345678906', '2026-11-18'],
    ]);
    // Each payer is sent the receipt's public link (the log provider keeps the message).
    const sms = await t.app.db.smsMessage.findMany({ where: { createdByUserId: c.userId }, orderBy: { id: 'asc' } });
    expect(sms.map((m) => m.mobile)).toEqual(Array(5).fill('9876543210'));
    expect(sms[0].text).toBe(
      `ग्रामपंचायत: मालमत्ता 101 साठी ₹1,776.00 कर भरणा मिळाला. पावती: ${t.app.config.publicBaseUrl}/receiptqr/${payments[0].receiptId}`,
    );
    expect((await t.app.db.smsBatch.findFirstOrThrow({ where: { id: sms[0].batchId } })).kind).toBe('receipt');
    // The receipt names the bank's reference.
    const receipt = await injectAs(t.app, c, { method: 'GET', url: `/api/KarImport/receipt-pdf/${payments[3].paymentId}` });
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain('0000412345678904');
    expect(text).toContain('आगाऊ जमा');

    for (const [file, name] of [
      [files.sbi, 'sbi.csv'],
      [files.hdfc, 'hdfc.csv'],
      [files.icici, 'icici.xlsx'],
    ] as const) {
      const again = (await upload(c, file, name)).json().result;
      expect(again.matched.every((m: { action: string }) => m.action === 'already')).toBe(true);
      expect(again.totals.matched).toBe(0);
    }
    expect(await t.app.db.payment.count({ where: { createdByUserId: c.userId } })).toBe(5);
    const waiting = await unmatchedOf(c);
    expect(waiting.totalItems).toBe(3);
    expect(waiting.items.map((u: { bankReference: string }) => u.bankReference)).toEqual([
      'N312263372845',
      '0000412345678905',
      '412345678907',
    ]);
  });

  it('does not take a bounced (cancelled) receipt’s credit again', async () => {
    const { c, files } = await village();
    await upload(c, files.sbi, 'sbi.csv');
    const paid = await t.app.db.payment.findFirstOrThrow({ where: { createdByUserId: c.userId, bankReference: '412345678901' } });
    const reversed = await injectAs(t.app, c, {
      method: 'POST',
      url: `/api/KarImport/payment/${paid.paymentId}/reverse`,
      payload: { reason: 'UPI परतावा / UPI credit reversed by the bank' },
    });
    expect(reversed.statusCode).toBe(200);
    expect(await dueOf(c, '101')).toEqual(['1776.00', '0.00']);
    const again = (await upload(c, files.sbi, 'sbi.csv')).json().result;
    expect(again.matched.find((m: { bankReference: string }) => m.bankReference === '412345678901').action).toBe('already');
    expect(await dueOf(c, '101')).toEqual(['1776.00', '0.00']);
    expect(await t.app.db.payment.count({ where: { createdByUserId: c.userId } })).toBe(2);
  });

  it('lets a clerk assign an unmatched credit once; another council neither sees nor assigns it', async () => {
    const { c, files } = await village();
    const other = await createCouncil(t.app);
    await upload(c, files.sbi, 'sbi.csv');
    // The other council's import matches none of this council's bills.
    const theirs = (await upload(other, files.sbi, 'sbi.csv', '')).json().result;
    expect(theirs.totals).toMatchObject({ matched: 0, already: 0, unmatched: 3 });
    expect((await unmatchedOf(other)).totalItems).toBe(0);
    const match = (who: TestCouncil, malmattaNo = '102') =>
      injectAs(t.app, who, { method: 'POST', url: '/api/Reconciliation/match', payload: { bankReference: 'N312263372845', malmattaNo } });
    expect((await match(other)).statusCode).toBe(404);
    expect((await match(c, '999')).statusCode).toBe(400);
    expect(
      (
        await injectAs(t.app, c, {
          method: 'POST',
          url: '/api/Reconciliation/match',
          payload: { bankReference: 'N312263372845', malmattaNo: '102', extra: 1 },
        })
      ).statusCode,
    ).toBe(400);

    const [one, two] = await Promise.all([match(c), match(c)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    const won = [one, two].find((r) => r.statusCode === 201)!.json().result;
    expect(won.matched).toEqual({
      row: 11,
      billNo: '',
      malmattaNo: '102',
      amount: '250.00',
      bankReference: 'N312263372845',
      action: 'pay',
    });
    expect(won.receiptNo).toBe(3); // the lost one gave its number back
    expect((await t.app.db.smsMessage.findMany({ where: { createdByUserId: c.userId } })).map((m) => m.text.slice(-36))).toContain(
      (await t.app.db.payment.findFirstOrThrow({ where: { paymentId: won.paymentId } })).receiptId,
    );
    expect(await dueOf(c, '102')).toEqual(['526.00', '0.00']);
    expect((await unmatchedOf(c)).totalItems).toBe(0);
    // Imported again, the assigned credit is taken, not waiting.
    expect((await upload(c, files.sbi, 'sbi.csv', '')).json().result.totals).toMatchObject({ already: 3, unmatched: 0 });
  });

  it('keeps the books whole whatever the credits: receipts sum to the credits, dues and advance follow, once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 150_000 }), { minLength: 1, maxLength: 6 }), async (amounts) => {
        const c = await createCouncil(t.app);
        await setUpi(injectCall(t.app, c));
        const house = await propertyWithKar(t.app, c, '7');
        const bill = (await upiBillOf(t.app.db, c.userId, house.kar.karId, t.app.today()))!.billNo;
        const csv = [
          'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
          ...amounts.map(
            (p, i) => `0${i + 1}/11/26,UPI-X-x@ybl-${600000000000 + i}-${bill},${600000000000 + i},,,${(p / 100).toFixed(2)},0`,
          ),
        ].join('\n');
        for (const round of [1, 2]) {
          const res = (await upload(c, Buffer.from(csv), 'p.csv')).json().result;
          expect(res.totals.matched).toBe(round === 1 ? amounts.length : 0);
        }
        const paid = amounts.reduce((a, b) => a + b, 0);
        const payments = await t.app.db.payment.findMany({ where: { createdByUserId: c.userId } });
        expect(payments.reduce((s, p) => s + Math.round(Number(p.amountTotal) * 100), 0)).toBe(paid);
        const due = 127_600;
        expect(await dueOf(c, '7')).toEqual([(Math.max(0, due - paid) / 100).toFixed(2), (Math.max(0, paid - due) / 100).toFixed(2)]);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 4) },
    );
  }, 240_000);
});
