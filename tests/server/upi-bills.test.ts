// Issue 30, the bill side: the council's UPI id on the site profile; a numbered 9-क bill (per tax
// year, gapless, a new number only when the amount changes) whose PDF carries a UPI QR code that
// decodes to the exact NPCI link for the outstanding total; the same link on the public property
// result after the captcha; nothing of it without a UPI id.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromPaise } from '../../common/money.ts';
import { taxYearLabel } from '../../common/property/tax.ts';
import { billRef, billRefsIn, upiAmount, upiLink } from '../../common/upi.ts';
import { useTestApp, createCouncil, injectAs, injectCall, type TestCouncil } from '../helpers/app.ts';
import { pdfText, withPdfFile } from '../helpers/pdf-read.ts';
import { solvedPow } from '../helpers/pow.ts';
import { pay, propertyWithKar } from '../helpers/tax.ts';
import { setUpi, UPI_ID } from '../helpers/upi.ts';
import { upiBillOf } from '../../server/modules/tax/bills.ts';
import { execFileSync } from 'node:child_process';

const t = useTestApp({ powDifficulty: 100 });

/** Every QR code on the PDF's first page, rasterised as a person's printer would (pdftoppm, 150 dpi). */
const qrCodes = (pdf: Buffer) =>
  withPdfFile(pdf, (file) => {
    const stem = file.replace(/\.pdf$/, '');
    execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', file, stem]);
    return execFileSync('zbarimg', ['--raw', '-q', `${stem}.png`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split('\n');
  });
const bill = async (c: TestCouncil, ownerId: number) => {
  const res = await injectAs(t.app, c, { method: 'GET', url: `/api/KarImport/magani-pdf?ownerId=${ownerId}` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};
const upiOf = (pdf: Buffer) => qrCodes(pdf).find((q) => q.startsWith('upi:'));

describe('UPI settings', () => {
  it('takes a UPI id as name@handle and refuses anything else in Marathi and English', async () => {
    const c = await createCouncil(t.app);
    await expect(setUpi(injectCall(t.app, c), 'gp sonagaon')).rejects.toThrow(/400.*UPI आयडी.*name@handle/);
    await expect(setUpi(injectCall(t.app, c), 'https://pay.example/x')).rejects.toThrow(/400/);
    const saved = await setUpi(injectCall(t.app, c));
    expect(saved).toMatchObject({ upiId: UPI_ID, upiPayeeName: 'Sonagaon Gram Panchayat' });
  });
});

describe('the 9-क bill', () => {
  it('carries a UPI QR that decodes to the exact link for the outstanding total, numbered per tax year', async () => {
    const c = await createCouncil(t.app);
    await setUpi(injectCall(t.app, c));
    const p = await propertyWithKar(t.app, c, '12', { magilGharpatti: '500' });
    const year = p.kar.karupdatedYear as number;
    const pdf = await bill(c, p.ownerId);
    const ref = billRef(year, 1);
    expect(upiOf(pdf)).toBe(
      `upi://pay?pa=gp.sonagaon%40sbi&pn=Sonagaon%20Gram%20Panchayat&am=1776.00&cu=INR&tr=${ref}&tn=${ref}%2012%20${taxYearLabel(year)}`,
    );
    const words = pdfText(pdf);
    expect(words).toContain('UPI ने भरा / Pay by UPI');
    expect(words).toContain(`बिल क्रमांक / Bill No.: ${ref}`);
    // The same amount asked again is the same bill; a payment changes the amount: a new bill, number 2.
    expect(upiOf(await bill(c, p.ownerId))).toContain(`tr=${ref}&`);
    expect((await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '100.50' })).statusCode).toBe(201);
    expect(upiOf(await bill(c, p.ownerId))).toMatch(new RegExp(`am=1675\\.50&cu=INR&tr=${billRef(year, 2)}&`));
    const bills = await t.app.db.demandBill.findMany({ where: { createdByUserId: c.userId }, orderBy: { billNo: 'asc' } });
    expect(bills.map((b) => [b.billNo, b.amount.toFixed(2), b.malmattaNo, b.taxYear])).toEqual([
      [1, '1776.00', '12', year],
      [2, '1675.50', '12', year],
    ]);
  });

  it('has no UPI QR and issues no bill number without a UPI id, or when nothing is due', async () => {
    const c = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '5');
    const plain = await bill(c, p.ownerId);
    expect(upiOf(plain)).toBeUndefined();
    expect(pdfText(plain)).not.toContain('Pay by UPI');
    await setUpi(injectCall(t.app, c));
    expect(
      (
        await pay(t.app, c, {
          karid: p.kar.karId,
          paid_gharpatti: '936',
          paid_divabatti: '20',
          paid_arogyakar: '20',
          paid_panipatti: '300',
        })
      ).statusCode,
    ).toBe(201);
    expect(upiOf(await bill(c, p.ownerId))).toBeUndefined();
    expect(await t.app.db.demandBill.count({ where: { createdByUserId: c.userId } })).toBe(0);
  });
});

describe('the public property result', () => {
  it('gives upi { link, amount, billNo } after the captcha, the same bill the PDF names', async () => {
    const c = await createCouncil(t.app);
    t.config.publicUserId = c.userId;
    await setUpi(injectCall(t.app, c));
    const p = await propertyWithKar(t.app, c, '७/ब', { magilPanipatti: '99.99' });
    const captcha = (await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: '10.9.0.1' })).json().result.captchaId;
    const altcha = encodeURIComponent(await solvedPow(t.app, { remoteAddress: '10.9.0.1' }));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/properties/${encodeURIComponent('7/ब')}?captchaId=${captcha}&captcha=${await t.app.captcha.peek(captcha)}&altcha=${altcha}`,
      remoteAddress: '10.9.0.1',
    });
    expect(res.statusCode).toBe(200);
    const { upi, dues } = res.json().result;
    const year = p.kar.karupdatedYear as number;
    expect(upi).toEqual({
      link: upiLink({
        upiId: UPI_ID,
        payeeName: 'Sonagaon Gram Panchayat',
        amount: 137599n,
        reference: billRef(year, 1),
        note: `${billRef(year, 1)} ७/ब ${taxYearLabel(year)}`,
      }),
      amount: '1375.99',
      billNo: billRef(year, 1),
    });
    expect(dues.total).toBe('1375.99');
    expect(upiOf(await bill(c, p.ownerId))).toBe(upi.link);
  });
});

describe('properties', () => {
  it('the link carries every value exactly (percent-encoded) and the amount with two decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 11n }),
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        fc.integer({ min: 2000, max: 2099 }),
        fc.integer({ min: 1, max: 9_999_999 }),
        (paise, payeeName, note, year, n) => {
          const link = upiLink({ upiId: UPI_ID, payeeName, amount: paise, reference: billRef(year, n), note });
          expect(link.startsWith('upi://pay?')).toBe(true);
          expect(link.slice(10)).not.toMatch(/[ +#]/);
          const q = new URLSearchParams(link.slice(10));
          expect([...q.keys()]).toEqual(['pa', 'pn', 'am', 'cu', 'tr', 'tn']);
          expect(q.get('pa')).toBe(UPI_ID);
          expect(q.get('pn')).toBe(payeeName);
          expect(q.get('tn')).toBe(note.slice(0, 50));
          expect(q.get('am')).toMatch(/^\d+\.\d{2}$/);
          expect(q.get('am')).toBe(fromPaise(paise));
          expect(upiAmount(paise)).toBe(q.get('am'));
          expect(billRefsIn(`UPI/CR/412345678901/${q.get('tr')}/x`)).toEqual([{ taxYear: year, billNo: n }]);
        },
      ),
    );
  });

  it('bill numbers run 1, 2, 3 … per council and tax year, whatever the order of reads and payments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 300 })), { minLength: 1, maxLength: 8 }),
        async (steps) => {
          const c = await createCouncil(t.app);
          await setUpi(injectCall(t.app, c));
          const a = await propertyWithKar(t.app, c, '1', { magilGharpatti: '5000' });
          const b = await propertyWithKar(t.app, c, '2', { magilGharpatti: '5000' });
          const seen: { property: number; billNo: string; amount: string }[] = [];
          for (const [i, step] of steps.entries()) {
            const p = i % 2 ? b : a;
            // 0: read the bill of both at once, three times each; else pay that many rupees first.
            if (step) expect((await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: String(step) })).statusCode).toBe(201);
            // The service the bill PDF and the public page call, six readers at once.
            const reads = await Promise.all(
              [a, b, a, b, a, b].map(async (x) => ({ x, upi: (await upiBillOf(t.app.db, c.userId, x.kar.karId, t.app.today()))! })),
            );
            for (const { x, upi } of reads) seen.push({ property: x.propertyId, billNo: upi.billNo, amount: upi.amount });
          }
          const bills = await t.app.db.demandBill.findMany({ where: { createdByUserId: c.userId }, orderBy: { billNo: 'asc' } });
          expect(bills.map((x) => x.billNo)).toEqual(bills.map((_, i) => i + 1));
          // One bill per property and amount, and every read named the bill of its amount.
          const keyOf = (property: number, amount: string) => `${property}|${amount}`;
          expect(new Set(bills.map((x) => keyOf(x.propertyId, x.amount.toFixed(2)))).size).toBe(bills.length);
          const byKey = new Map(bills.map((x) => [keyOf(x.propertyId, x.amount.toFixed(2)), billRef(x.taxYear, x.billNo)]));
          for (const s of seen) expect(s.billNo).toBe(byKey.get(keyOf(s.property, s.amount)));
        },
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 4) },
    );
  }, 240_000);
});
