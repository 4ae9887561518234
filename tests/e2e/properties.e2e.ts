// The property register (Namuna 8) as a clerk and a citizen meet it: a property registered through
// the form with the live assessment beside it, corrected in the update modal, transferred (ferfar),
// found by its ferfar number with its ownership history, and its Namuna 8 extract downloaded; the
// rates screen refusing a rate outside its legal band; the Excel import's dry run and import; a
// citizen finding the property on /usermalmatta and opening its certificate on /propertyqr/….
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginThroughForm, screenshot, startPortal, watchErrors, type Portal } from './helpers.ts';

let portal: Portal;
let browser: Browser;
beforeAll(async () => { portal = await startPortal(); browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); await portal?.stop(); });

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const thisYear = () => Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));

/** No horizontal scrolling at the page's width. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function staffPage(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, acceptDownloads: true });
  const errors = watchErrors(page);
  await loginThroughForm(page, portal);
  return { page, errors };
}

describe('clerk', () => {
  it('registers a property and sees its tax computed as it types', async () => {
    const { page, errors } = await staffPage(1366);
    await page.goto(portal.baseUrl + '/getAllInfo');
    await expect.poll(() => page.getByText('कोणतीही मालमत्ता आढळली नाही').count()).toBe(1);
    await page.getByRole('tab', { name: /नवीन मालमत्ता नोंदणी/ }).click();

    await field(page, 'malkacheNav').fill('  रमेश पाटील ');
    await field(page, 'bhogwatdarakNav').fill('स्वतः');
    await field(page, 'mobileNo').pressSequentially('98765 43210');
    await field(page, 'malmattaNo').fill('12/अ');
    await field(page, 'gatNo').fill('45');
    await field(page, 'citySurveyNo').fill('102');
    await field(page, 'buildingType').selectOption('rcc');
    await field(page, 'usage').selectOption('residential');
    // The worked example of the domain notes: RCC, 50 m², land ₹1,200, 16 years old (pucca 0.80).
    await field(page, 'milkatBandhakamYear').fill(String(thisYear() - 16));
    await field(page, 'areaSqm').fill('50');
    await field(page, 'landRate').fill('1200');
    await expect.poll(() => page.getByTestId('assessment-total').textContent()).toBe('₹1,276.00');
    expect(await page.getByTestId('assessment-bhandavaliRateRs').textContent()).toBe('₹7,80,000.00');
    expect(await page.getByTestId('assessment-gharpatti').textContent()).toBe('₹936.00');
    expect(await page.getByTestId('assessment-working').textContent()).toContain('घरपट्टी = ₹7,80,000.00 × 1.20 ÷ 1000 = ₹936.00');
    // A year in the future has no assessment, and says why.
    await field(page, 'milkatBandhakamYear').fill(String(thisYear() + 1));
    await expect.poll(() => page.getByTestId('assessment-total').count()).toBe(0);
    await field(page, 'milkatBandhakamYear').fill(String(thisYear() - 16));
    await screenshot(page, 'property-register-form-1366');

    await page.getByRole('button', { name: 'नोंदणी करा (Register)' }).click();
    await expect.poll(() => page.getByTestId('register-success').textContent()).toBe('मलमत्ता यशस्वीपणे नोंदवली गेली!');
    // The form is empty again, and the same number (in Devanagari digits) is refused by the server.
    expect(await field(page, 'malmattaNo').inputValue()).toBe('');
    await field(page, 'malkacheNav').fill('दुसरा मालक');
    await field(page, 'bhogwatdarakNav').fill('स्वतः');
    await field(page, 'mobileNo').fill('9876500000');
    await field(page, 'malmattaNo').fill('१२/अ');
    await field(page, 'gatNo').fill('46');
    await field(page, 'citySurveyNo').fill('103');
    await page.getByRole('button', { name: 'नोंदणी करा (Register)' }).click();
    await expect.poll(() => page.getByTestId('register-error').textContent()).toContain('आधीच नोंदलेला आहे');

    await page.getByRole('tab', { name: /विद्यमान मालमत्ता/ }).click();
    await expect.poll(() => page.getByTestId('property-card').count()).toBe(1);
    const card = page.getByTestId('property-card');
    expect(await card.textContent()).toContain('रमेश पाटील');
    expect(await card.getByTestId('card-total').textContent()).toBe('₹1,276.00');
    await screenshot(page, 'property-register-list-1366');
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await page.close();
  });
}, 120_000);
