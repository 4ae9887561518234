// Issue 30 in the browser: the citizen's property result carries a UPI QR code (decoded from a
// screenshot by zbarimg to the exact link) and a "UPI ने भरा / Pay by UPI" link.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, officeSession, screenshot, usePortal, watchErrors } from './helpers.ts';
import { seedTaxedHouse } from '../helpers/tax-seed.ts';
import { setUpi } from '../helpers/upi.ts';

const { portal, browser } = usePortal();
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** The citizen's search on /usermalmatta for a property number, through the captcha (read from the
 *  e2e-only peek route, as a person reads the picture). */
async function searchAsCitizen(page: Page, malmattaNo: string) {
  await page.goto(`${portal.baseUrl}/usermalmatta`);
  await hydrated(page);
  await page.locator('#prop-query').pressSequentially(malmattaNo);
  await page.getByRole('option').first().click();
  const id = await page.getByTestId('captcha-image').getAttribute('data-captcha-id');
  const answer = (await (await fetch(`${portal.baseUrl}/api/test/captcha/${id}`)).json()).result.answer;
  await page.locator('#prop-captcha').fill(answer);
  await page.getByRole('button', { name: 'शोधा (Search)' }).click();
  await page.getByTestId('result-owner').waitFor();
}

/** What zbarimg reads from a screenshot of the element. */
async function decode(page: Page, testId: string): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gp-e2e-upi-')), 'qr.png');
  await page.getByTestId(testId).screenshot({ path: file });
  return execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

describe('UPI on the public property result', () => {
  it('shows a QR code that decodes to the exact UPI link of the outstanding total, and the link itself', async () => {
    const office = await officeSession(portal);
    await setUpi(office.call);
    await seedTaxedHouse(office.call, '३०१', { arrears: { magilGharpatti: '250.50' } });
    for (const width of [375, 1366]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const errors = watchErrors(page);
      await searchAsCitizen(page, '301');
      await poll(() => page.getByTestId('upi-amount').textContent()).toBe('₹1,526.50');
      const href = (await page.getByTestId('upi-link').getAttribute('href'))!;
      expect(href).toMatch(/^upi:\/\/pay\?pa=gp\.sonagaon%40sbi&pn=Sonagaon%20Gram%20Panchayat&am=1526\.50&cu=INR&tr=GP\d{4}B1&tn=/);
      await page.getByTestId('upi-qr').waitFor();
      expect(await decode(page, 'upi-qr')).toBe(href);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `upi-public-result-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 180_000);
});
