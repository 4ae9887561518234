// The Namuna 8 extract: a PDF whose text reads back as the Marathi that went in, with the computed
// columns, the statement that it is not proof of ownership, and a QR code to the public certificate.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp, createCouncil, injectAs } from '../helpers/app.ts';
import { certificateSignature } from '../../server/lib/signed-links.ts';
import { atDate } from '../helpers/tax.ts';
import { pdfText, pdfQr, pdfFacts, withPdfFile } from '../helpers/pdf-read.ts';

const t = useTestApp();

const thisYear = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));

describe('Namuna 8 extract', () => {
  it('prints the register columns, the working, the ownership statement and a QR to the public certificate', async () => {
    const c = await createCouncil(t.app);
    const reg = await injectAs(t.app, c, {
      method: 'POST',
      url: '/api/GrampanchayatImport/register-owner-property',
      payload: {
        malmattaNo: '१२/अ',
        malkacheNav: 'श्री ज्ञानेश्वर कृष्ण क्षीरसागर',
        bhogwatdarakNav: 'स्वतः',
        mobileNo: '9876543210',
        gatNo: '45',
        citySurveyNo: '102',
        malmattaVarnan: 'आर.सी.सी. दुमजली घर',
        buildingType: 'rcc',
        usage: 'residential',
        milkatBandhakamYear: thisYear - 16,
        areaSqm: '50',
        landRate: '1200',
      },
    });
    expect(reg.statusCode).toBe(201);

    const res = await injectAs(t.app, c, {
      method: 'GET',
      url: `/api/GrampanchayatImport/namuna8-pdf?malmattaNo=${encodeURIComponent('12/अ')}&createdByUserId=${c.userId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''Number8_${encodeURIComponent('१२_अ')}.pdf`);
    expect(pdfFacts(res.rawPayload).pageSize).toMatch(/^841\.89 x 595\.28/);
    const raw = pdfText(res.rawPayload);
    for (const words of [
      'नमुना नं. ८ — कर आकारणी नोंदवहीचा उतारा',
      'श्री ज्ञानेश्वर कृष्ण क्षीरसागर',
      'आर.सी.सी. दुमजली घर',
      '१२/अ',
      'भांडवली मूल्य = (50.00 × ₹1,200.00 + 50.00 × ₹18,000.00 × 0.80) × 1.00 = ₹7,80,000.00',
      'घरपट्टी = ₹7,80,000.00 × 1.20 ÷ 1000 = ₹936.00',
      '₹1,276.00',
      'हा उतारा मालमत्तेच्या कर आकारणीचा आहे; तो मालकी हक्काचा पुरावा नाही.',
      'it is not proof of ownership',
    ])
      expect(raw).toContain(words);

    const qr = pdfQr(res.rawPayload);
    // Signed (security issue 25): the printed code opens the certificate without the council's hourly limit.
    expect(qr).toBe(
      `http://portal.test/propertyqr/${encodeURIComponent('१२/अ')}/${c.userId}?s=${certificateSignature(t.config.jwtSecret, c.userId, '१२/अ')}`,
    );
    if (process.env.KEEP_PDF) fs.writeFileSync(process.env.KEEP_PDF, res.rawPayload);
  }, 120_000);

  it('keeps the later changes, the remarks and the foot apart: nothing prints over the date of issue', async () => {
    const c = await createCouncil(t.app);
    atDate(t.app, '2030-06-01');
    const body = {
      malmattaNo: '77',
      malkacheNav: 'मालक ०',
      bhogwatdarakNav: 'स्वतः',
      mobileNo: '9876543210',
      gatNo: '45',
      citySurveyNo: '102',
      roadLane: 'मारुती मंदिर रस्ता',
      buildingType: 'rcc',
      usage: 'residential',
      milkatBandhakamYear: 2010,
      areaSqm: '50',
      landRate: '1200',
      vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: 'क्षेत्रफळ मोजणीनुसार दुरुस्त',
    };
    const reg = await injectAs(t.app, c, { method: 'POST', url: '/api/GrampanchayatImport/register-owner-property', payload: body });
    expect(reg.statusCode, reg.body).toBe(201);
    // Eight transfers: more than the space beside the working holds.
    for (let i = 0; i < 8; i++) {
      const res = await injectAs(t.app, c, {
        method: 'POST',
        url: '/api/PropertyTransfer/add',
        payload: {
          malmatta_no: '77',
          ferfar_karan: 'खरेदीखत',
          sadya_malakache_nav: `मालक ${'०१२३४५६७८'[i]}`,
          bhogwatadharak_nav: 'स्वतः',
          navin_malakache_nav: `मालक ${'१२३४५६७८९'[i]}`,
          varasache_nav: '',
          ferfar_date: '2030-06-01',
          reference_no: `दस्त ${i}`,
          note: '',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Billed this year, so a larger area takes effect from 2031-32: listed under the changes.
    expect(
      (await injectAs(t.app, c, { method: 'POST', url: '/api/KarImport/kar-details/add', payload: { malmattaNo: '77' } })).statusCode,
    ).toBe(201);
    const bigger = await injectAs(t.app, c, {
      method: 'PUT',
      url: '/api/OwnerProperty/UpdateProperty',
      payload: { propertyId: reg.json().result.propertyId, areaSqm: '80' },
    });
    expect(bigger.statusCode, bigger.body).toBe(200);
    const res = await injectAs(t.app, c, { method: 'GET', url: '/api/GrampanchayatImport/namuna8-pdf?malmattaNo=77' });
    expect(res.statusCode).toBe(200);
    if (process.env.KEEP_PDF) fs.writeFileSync(process.env.KEEP_PDF, res.rawPayload);
    const raw = pdfText(res.rawPayload);
    for (const words of [
      'मारुती मंदिर रस्ता',
      'अपिलाचे निकाल व नंतरचे फेरफार',
      // The change from next year first; the transfers that do not fit beside the working are counted.
      '8 more in the register',
      'शेरा / Remarks',
      '01/06/2030',
      '₹1,276.00', // the assessment in force this year (50 sq m) …
      'New assessment from 2031-32: total tax ₹1,847.60', // … and the one from next year (80 sq m)
    ])
      expect(raw).toContain(words);
    expect(raw).not.toMatch(/[\uFFFD→]/); // no character the font lacks
    expect(pdfFacts(res.rawPayload).pages).toBe(1);
    // No word's box overlaps another's (pdftotext's word boxes, in points).
    const boxes = [
      ...withPdfFile(res.rawPayload, (file) => execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' })).matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map((m) => ({ x0: +m[1], y0: +m[2], x1: +m[3], y1: +m[4], word: m[5] }));
    expect(boxes.length).toBeGreaterThan(60);
    const overlaps = [];
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        if (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 1 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 1)
          overlaps.push(`${a.word} × ${b.word}`);
    expect(overlaps).toEqual([]);
  }, 120_000);

  it('answers 404 for another council’s property or id', async () => {
    const a = await createCouncil(t.app);
    const b = await createCouncil(t.app);
    await injectAs(t.app, a, {
      method: 'POST',
      url: '/api/GrampanchayatImport/register-owner-property',
      payload: {
        malmattaNo: '5',
        malkacheNav: 'x',
        bhogwatdarakNav: 'y',
        mobileNo: '9876543210',
        gatNo: '1',
        citySurveyNo: '1',
      },
    });
    expect((await injectAs(t.app, b, { method: 'GET', url: '/api/GrampanchayatImport/namuna8-pdf?malmattaNo=5' })).statusCode).toBe(404);
    expect(
      (await injectAs(t.app, b, { method: 'GET', url: `/api/GrampanchayatImport/namuna8-pdf?malmattaNo=5&createdByUserId=${a.userId}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await injectAs(t.app, a, { method: 'GET', url: `/api/GrampanchayatImport/namuna8-pdf?malmattaNo=5&createdByUserId=${b.userId}` }))
        .statusCode,
    ).toBe(404);
    expect((await injectAs(t.app, a, { method: 'GET', url: '/api/GrampanchayatImport/namuna8-pdf?malmattaNo=5' })).statusCode).toBe(200);
  });
});
