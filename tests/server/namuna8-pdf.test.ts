// The Namuna 8 extract: a PDF whose text reads back as the Marathi that went in, with the computed
// columns, the statement that it is not proof of ownership, and a QR code to the public certificate.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createCouncil, injectAs, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-n8-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

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
    const file = path.join(dir, 'n8.pdf');
    fs.writeFileSync(file, res.rawPayload);

    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+841\.89 x 595\.28/);
    const raw = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
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

    execFileSync('pdftoppm', ['-r', '110', '-png', '-singlefile', file, path.join(dir, 'n8')]);
    const qr = execFileSync('zbarimg', ['-q', '--raw', path.join(dir, 'n8.png')], { encoding: 'utf8' }).trim();
    expect(qr).toBe(`http://portal.test/propertyqr/${encodeURIComponent('१२/अ')}/${c.userId}`);
    if (process.env.KEEP_PDF) fs.copyFileSync(file, process.env.KEEP_PDF);
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
