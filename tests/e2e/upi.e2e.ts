// Issue 30 in the browser: the citizen's property result carries a UPI QR code (decoded from a
// screenshot by zbarimg to the exact link) and a "UPI ने भरा / Pay by UPI" link; the clerk imports
// the bank statement on /reconciliation, applies it, assigns the credit that named no property by
// hand, and the citizen's page then shows nothing due.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, officeSession, screenshot, usePortal, watchErrors } from './helpers.ts';
import { seedTaxedHouse } from '../helpers/tax-seed.ts';
import { setUpi } from '../helpers/upi.ts';

const { portal, browser, staffPage } = usePortal();
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

describe('the bank statement on /reconciliation', () => {
  it('the clerk checks and applies a statement, matches one credit by hand, and the citizen then owes nothing', async () => {
    const office = await officeSession(portal);
    await seedTaxedHouse(office.call, '४०१', { owner: 'गणेश कांबळे' });
    // The citizen's bill: its number is what the UPI payment names.
    const citizen = await browser.newPage({ viewport: { width: 375, height: 900 } });
    await searchAsCitizen(citizen, '401');
    await poll(() => citizen.getByTestId('upi-amount').textContent()).toBe('₹1,276.00');
    const billNo = new URLSearchParams((await citizen.getByTestId('upi-link').getAttribute('href'))!.split('?')[1]).get('tr')!;
    await citizen.close();

    const statement = [
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      `12/11/26,UPI-GANESH KAMBLE-ganesh@ybl-SBIN0001234-412345670001-${billNo},0000412345670001,12/11/26,,1000.00,1000.00`,
      '13/11/26,NEFT CR-SBIN0001234-GANESH KAMBLE-TAX BALANCE,N3171234567,13/11/26,,276.00,1276.00',
    ].join('\n');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gp-e2e-statement-')), 'hdfc-november.csv');
    fs.writeFileSync(file, statement);

    for (const width of [1366]) {
      const { page, errors } = await staffPage({ width, height: 900 });
      await page.goto(`${portal.baseUrl}/reconciliation`);
      await page.getByRole('heading', { level: 1, name: /बँक जमा जुळवणी/ }).waitFor();
      // The screen is in the sidebar.
      expect(await page.getByRole('link', { name: /बँक जमा जुळवणी/ }).count()).toBeGreaterThan(0);
      await page.locator('input[name="statement"]').setInputFiles(file);
      await poll(() => page.getByTestId('statement-file').textContent()).toBe('hdfc-november.csv');
      await page.getByRole('button', { name: /Check \(dry run\)/ }).click();
      await poll(() => page.getByTestId('matched-row').count()).toBe(1);
      expect(await page.getByTestId('matched-row').textContent()).toContain('भरणा / Pay');
      expect(await page.getByTestId('unmatched-table').textContent()).toContain('N3171234567');
      await screenshot(page, `reconciliation-dry-run-${width}`);
      await page.getByRole('button', { name: /Apply/ }).click();
      await poll(() => page.getByTestId('statement-message').textContent()).toContain('1 receipts made');
      expect(await page.getByRole('button', { name: /Apply/ }).isDisabled()).toBe(true);

      // The credit that named no property, assigned by hand.
      const row = page.getByTestId('unmatched-row').filter({ hasText: 'N3171234567' });
      await poll(() => row.count()).toBe(1);
      await row.getByLabel('मालमत्ता / Property').pressSequentially('401');
      await page.getByRole('option', { name: /४०१ — गणेश कांबळे/ }).click();
      await row.getByRole('button', { name: /Match/ }).click();
      await poll(() => page.getByTestId('match-note').textContent()).toContain('पावती क्र.');
      await poll(() => page.getByTestId('unmatched-row').filter({ hasText: 'N3171234567' }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `reconciliation-matched-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    }

    // The screen on a phone.
    const phone = await staffPage({ width: 375, height: 800 });
    await phone.page.goto(`${portal.baseUrl}/reconciliation`);
    await phone.page.getByTestId('no-unmatched').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(phone.page, 'reconciliation-375');
    expect(phone.errors).toEqual([]);
    await phone.page.close();

    const after = await browser.newPage({ viewport: { width: 375, height: 900 } });
    await searchAsCitizen(after, '401');
    await poll(() => after.getByTestId('dues-total').textContent()).toBe('₹0.00');
    expect(await after.getByTestId('upi-pay').count()).toBe(0);
    await after.close();
  }, 240_000);
});
