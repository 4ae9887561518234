// Signed certificates as a clerk and a citizen meet them (issue 31): the clerk uploads the office's
// DSC on /signingKey, prints a birth certificate, and a citizen checks the file on /verify (genuine,
// Marathi first); the same file with one byte changed is not genuine. Screens at 375 and 1366 px.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hydrated, screenshot, usePortal } from './helpers.ts';
import { apiCaller } from '../helpers/http-api.ts';
import { caseOf, registerCertificate } from '../helpers/certificate-cases.ts';
import { makeDsc } from '../helpers/dsc.ts';

const { portal, browser, staffPage } = usePortal();

describe('a signed certificate checked on /verify', () => {
  it('the clerk uploads a DSC and prints; a citizen verifies the file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-verify-'));
    try {
      const { page, errors } = await staffPage({ width: 1366, height: 900 }, { acceptDownloads: true });
      const token = JSON.parse((await page.evaluate(() => localStorage.getItem('session')))!).token as string;
      const birth = caseOf('birth');
      const saved = await registerCertificate(apiCaller(portal.baseUrl, token), birth, birth.valid());

      // The clerk: the self-issued key first, then the office's DSC.
      await page.goto(portal.baseUrl + '/signingKey');
      await expect.poll(() => page.getByTestId('signing-key').textContent(), { timeout: 30_000 }).toContain('स्वयं-निर्मित / self-issued');
      await screenshot(page, 'signing-key-self-issued-1366');
      const dsc = makeDsc('SUNITA RAMESH PATIL', 'Dsc-pass-1');
      const p12 = path.join(dir, 'office-dsc.p12');
      fs.writeFileSync(p12, dsc.p12);
      await page.getByTestId('signing-key-file').setInputFiles(p12);
      await page.getByLabel('PKCS#12 पासवर्ड (Password)').fill('wrong-password');
      await page.getByRole('button', { name: 'अपलोड करा (Upload)' }).click();
      await expect
        .poll(() => page.getByRole('form', { name: 'DSC अपलोड करा' }).getByRole('alert').textContent(), { timeout: 30_000 })
        .toContain('पासवर्ड चुकीचा आहे');
      await page.getByLabel('PKCS#12 पासवर्ड (Password)').fill(dsc.password);
      await page.getByRole('button', { name: 'अपलोड करा (Upload)' }).click();
      await expect.poll(() => page.getByTestId('signing-key').textContent(), { timeout: 30_000 }).toContain('SUNITA RAMESH PATIL');
      expect(await page.getByTestId('signing-key').textContent()).toContain('DSC / Digital Signature Certificate');
      await screenshot(page, 'signing-key-dsc-1366');

      // The clerk prints the certificate.
      await page.goto(portal.baseUrl + '/birthCertForm');
      const name = String(saved.childFullNameEnglish);
      await page.getByRole('button', { name: /नोंदणी पहा/ }).click();
      const pdfButton = page.getByRole('button', { name: `PDF ${name}` });
      await pdfButton.waitFor({ timeout: 30_000 });
      const downloading = page.waitForEvent('download');
      await pdfButton.click();
      const pdfFile = (await (await downloading).path())!;
      // The refused upload (the wrong password) is the one failed request the browser logs.
      expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);

      // A citizen, not logged in, on a phone.
      const citizen = await browser.newPage({ viewport: { width: 375, height: 800 } });
      await citizen.goto(portal.baseUrl + '/verify');
      await hydrated(citizen);
      expect(await citizen.getByRole('heading', { level: 1 }).textContent()).toBe('PDF तपासणी / Verify a PDF');
      await citizen.getByLabel('PDF फाइल / PDF file').setInputFiles(pdfFile);
      await citizen.getByRole('button', { name: 'तपासा / Verify' }).click();
      const result = citizen.getByTestId('verify-result');
      await expect.poll(() => result.textContent(), { timeout: 30_000 }).toContain('खरी PDF / Genuine');
      const text = (await result.textContent())!;
      expect(text).toContain('SUNITA RAMESH PATIL');
      expect(text).toContain(String(saved.registrationNo));
      expect(text.indexOf('खरी आहे')).toBeLessThan(text.indexOf('is genuine'));
      expect(await citizen.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(citizen, 'verify-genuine-375');

      // One byte changed: not genuine.
      const changed = fs.readFileSync(pdfFile);
      changed[changed.indexOf('/Title') + 8] ^= 1;
      const changedFile = path.join(dir, 'changed.pdf');
      fs.writeFileSync(changedFile, changed);
      await citizen.getByLabel('PDF फाइल / PDF file').setInputFiles(changedFile);
      await citizen.getByRole('button', { name: 'तपासा / Verify' }).click();
      await expect.poll(() => result.textContent(), { timeout: 30_000 }).toContain('खरी नाही / Not genuine');
      expect(await result.textContent()).toContain('ही PDF स्वाक्षरीनंतर बदलली आहे.');
      await screenshot(citizen, 'verify-changed-375');

      // The QR page shows who signs and the record's fingerprint.
      await citizen.goto(`${portal.baseUrl}/birthqr/${String(saved.birthCertificatesId)}`);
      expect(await citizen.getByTestId('cert-signed-by').textContent()).toContain('SUNITA RAMESH PATIL');
      expect(await citizen.getByTestId('cert-fingerprint').textContent()).toMatch(/[0-9a-f]{64}/);
      await citizen.close();
      await page.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
