// The Namuna 10 receipt and the Namuna 9-क demand bill: the text reads back as it went in (Marathi
// included), amounts in words, and the receipt's QR code opens the public receipt check.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp, createCouncil, injectAs } from '../helpers/app.ts';
import { pay, propertyWithKar } from '../helpers/tax.ts';
import { certificateSignature } from '../../server/lib/signed-links.ts';
import { pdfText, pdfQr } from '../helpers/pdf-read.ts';

const t = useTestApp();

function readBack(name: string, pdf: Buffer) {
  if (process.env.KEEP_PDF) fs.writeFileSync(path.join(process.env.KEEP_PDF, `${name}.pdf`), pdf);
  return { raw: pdfText(pdf), qr: pdfQr(pdf) };
}

describe('tax documents', () => {
  it('prints the Namuna 10 receipt with each head, the amount in words and a QR to the public receipt check', async () => {
    const c = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '१२/अ', { magilGharpatti: '500' });
    const paid = await pay(t.app, c, {
      karid: p.kar.karId,
      paid_gharpatti: '700',
      paid_panipatti: '100.50',
      paid_method: 'cheque',
      cheque_no: '456789',
      bank_name: 'जिल्हा मध्यवर्ती सहकारी बँक',
      note: 'धनादेश क्र. ४५६',
    });
    const { payment } = paid.json().result;
    const res = await injectAs(t.app, c, { method: 'GET', url: `/api/KarImport/receipt-pdf/${payment.paymentId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Receipt_${payment.financialYear}_1.pdf`);
    const { raw, qr } = readBack('receipt', res.rawPayload);
    for (const words of [
      'नमुना नं. १० — कर वसुली पावती',
      'नियम ३२(५)',
      'श्री ज्ञानेश्वर कृष्ण क्षीरसागर',
      '१२/अ',
      `1 (${payment.financialYear})`,
      'घरपट्टी / House tax',
      '₹500.00',
      '₹200.00',
      '₹700.00',
      'सामान्य पाणीपट्टी / General water tax',
      '₹100.50',
      '₹800.50',
      'अक्षरी रक्कम: आठशे रुपये पन्नास पैसे',
      'In words: Eight Hundred Rupees and Fifty Paise Only',
      'धनादेश / Cheque',
      'धनादेश / ड्राफ्ट क्रमांक',
      '456789',
      'जिल्हा मध्यवर्ती सहकारी बँक',
      'धनादेश क्र. ४५६',
    ])
      expect(raw).toContain(words);
    expect(qr).toBe(`http://portal.test/receiptqr/${payment.receiptId}`);
    const check = await t.app.inject({ method: 'GET', url: new URL(qr).pathname.replace('/receiptqr/', '/api/public/receipt/') });
    expect(check.json().result).toMatchObject({ receiptNo: 1, amountTotal: '800.50', malmattaNo: '१२/अ' });
  }, 120_000);

  it('prints the Namuna 9-क demand bill with arrears, current and total per head, the total in words and the last payments', async () => {
    const c = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, c, '७', { magilGharpatti: '500', magilPanipatti: '150' });
    await pay(t.app, c, { karid: p.kar.karId, paid_gharpatti: '250' });
    const res = await injectAs(t.app, c, {
      method: 'GET',
      url: `/api/KarImport/magani-pdf?ownerId=${p.ownerId}&createdByUserId=${c.userId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`Kar_Magani_${encodeURIComponent('७')}.pdf`);
    const { raw, qr } = readBack('magani', res.rawPayload);
    // House: arrears 500 - 250 = 250, this year's demand 936; water: 150 + 300; light 20, health 20: ₹1,676.00.
    for (const words of [
      'नमुना नं. ९-क — कर मागणी बिल',
      'चालू वर्षाची मागणी',
      "This year's demand",
      'घरपट्टी / House tax',
      '₹250.00',
      '₹936.00',
      '₹1,186.00',
      '₹450.00',
      'एकूण / Total',
      '₹400.00',
      '₹1,276.00',
      '₹1,676.00',
      'देय रक्कम / Amount due',
      'अक्षरी रक्कम: एक हजार सहाशे शहात्तर रुपये',
      'In words: One Thousand Six Hundred Seventy-Six Rupees Only',
      'मागील भरणा / Last payments',
    ])
      expect(raw).toContain(words);
    // Signed (security issue 25): the printed code opens the certificate without the council's hourly limit.
    expect(qr).toBe(
      `http://portal.test/propertyqr/${encodeURIComponent('७')}/${c.userId}?s=${certificateSignature(t.config.jwtSecret, c.userId, '७')}`,
    );
  }, 120_000);

  it('answers 404 for another council’s payment, owner or council id', async () => {
    const a = await createCouncil(t.app);
    const b = await createCouncil(t.app);
    const p = await propertyWithKar(t.app, a, '8');
    const { payment } = (await pay(t.app, a, { karid: p.kar.karId, paid_gharpatti: '1' })).json().result;
    expect((await injectAs(t.app, b, { method: 'GET', url: `/api/KarImport/receipt-pdf/${payment.paymentId}` })).statusCode).toBe(404);
    expect((await injectAs(t.app, b, { method: 'GET', url: `/api/KarImport/magani-pdf?ownerId=${p.ownerId}` })).statusCode).toBe(404);
    expect(
      (await injectAs(t.app, a, { method: 'GET', url: `/api/KarImport/magani-pdf?ownerId=${p.ownerId}&createdByUserId=${b.userId}` }))
        .statusCode,
    ).toBe(404);
  });
});
