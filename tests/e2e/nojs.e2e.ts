// The public pages with JavaScript turned off (issue 12): the server renders them, so the home page,
// a certificate's QR page, a property's tax certificate and a receipt's check (or the server's
// reason for an unknown one) read correctly without any script, and the property search shows its
// form with its captcha; with JavaScript on, hydration adds nothing that was missing and changes
// nothing that was there. While the database is down a page says so without a script, and with one
// it comes back by itself once the database answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addSlides,
  hydrated,
  officeSession,
  screenshot,
  setProfile,
  startPortalWithoutDatabase,
  watchErrors,
  usePortal,
} from './helpers.ts';
import { seedTaxedHouse } from '../helpers/tax-seed.ts';
import { caseOf, registerCertificate } from '../helpers/certificate-cases.ts';

let councilId = 0;
const residence = caseOf('residence');
const residenceBody = residence.valid();
let residenceId = '';
let receiptId = '';

const { portal, browser } = usePortal();
beforeAll(async () => {
  const office = await officeSession(portal);
  councilId = office.councilId;
  await setProfile(office, {
    officeName: 'ग्रामपंचायत कार्यालय सोनगाव',
    block: 'इंदापूर',
    district: 'पुणे',
    stats: [{ key: 'population', label: 'लोकसंख्या', value: '2,500+' }],
  });
  await addSlides(office, 2);
  await office.call('POST', '/api/Blog', {
    blogTitle: 'विशेष ग्रामसभा',
    blogContent: 'सकाळी ११ वाजता ग्रामपंचायत कार्यालयात.',
    eventDate: '2026-08-15',
    createdByUserId: councilId,
  });
  const saved = await registerCertificate(office.call, residence, residenceBody);
  residenceId = String(saved[residence.idField]);
  // A house with its tax record and one payment: its certificate and its receipt's check.
  const { payment } = await seedTaxedHouse(office.call, '१०१', { payment: { paid_gharpatti: '700' } });
  receiptId = payment!.receiptId;
});

describe('with JavaScript off', () => {
  it('reads the home page: office, welcome, first slide, village information, news, schemes', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(portal.baseUrl + '/');
    expect(await page.getByTestId('office-title').textContent()).toBe('ग्रामपंचायत कार्यालय सोनगाव');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('ग्रामपंचायत कार्यालय सोनगाव — आपले स्वागत आहे');
    expect(await page.getByText('ता. इंदापूर, जि. पुणे').first().isVisible()).toBe(true);
    // The first slide is on screen, loaded, with its caption; no loading message stays behind.
    const first = page.locator('.slick-slide:not(.slick-cloned) img').first();
    await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await first.isVisible()).toBe(true);
    expect(await page.getByText('स्लाइड 1').first().isVisible()).toBe(true);
    expect(await page.getByText('Loading image...').count()).toBe(0);
    expect(await page.getByText('Loading Carousel...').count()).toBe(0);
    expect(await page.locator('.slick-dots li').count()).toBe(2);
    expect(await page.getByTestId('stat').count()).toBe(1);
    expect(await page.getByText('2,500+').isVisible()).toBe(true);
    // The news is a read of its own, after the profile's.
    await expect.poll(() => page.getByTestId('news-item').locator('h4').allTextContents()).toEqual(['विशेष ग्रामसभा']);
    expect(await page.getByTestId('scheme-card').count()).toBe(10);
    expect(await page.getByTestId('committee').count()).toBe(4);
    // Styled without a script: the header bar has its colour and the page no sideways scrolling.
    expect(await page.locator('.gp-welcome').evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // All of it from the server's HTML: no script ran (Chromium may still fetch the module preload).
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    await screenshot(page, 'nojs-home-360');
    await context.close();
  });

  it("reads a certificate's QR page", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/residenceqr/${residenceId}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Residential Certificate');
    const text = await page.locator('.cert-card').innerText();
    const aadhaar = String(residenceBody.applicantAadhaar);
    expect(text).toContain(String(residenceBody.applicantNameEnglish));
    expect(text).toContain(`XXXX XXXX ${aadhaar.slice(-4)}`);
    expect(text).not.toContain(aadhaar);
    expect(text).toContain(String(residenceBody.registrationDate).split('-').reverse().join('/'));
    expect(text).not.toContain('Loading certificate...');
    await screenshot(page, 'nojs-residence-qr-375');
    // An unknown id: the server's reason, not a loading message no script will replace.
    await page.goto(`${portal.baseUrl}/birthqr/no-such-id`);
    const unknown = await page.locator('.cert-card').innerText();
    expect(unknown).toContain('Error: Network response was not ok');
    expect(unknown).toContain('No birth certificate with this id.');
    expect(unknown).not.toContain('Loading');
    await context.close();
  });

  it("reads a property's tax certificate, and says so when there is none", async () => {
    const page = await noScript(360);
    await page.goto(`${portal.baseUrl}/propertyqr/101/${councilId}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('मालमत्ता कर प्रमाणपत्र');
    const rows = (await page.getByTestId('certificate-rows').innerText())!;
    expect(rows).toContain('सुनीता रमेश पाटील');
    expect(rows).toContain('XXXXXX3210');
    expect(await page.getByTestId('certificate-total').textContent()).toBe('₹1,276.00');
    expect(await page.getByText('Loading property certificate...').count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'nojs-property-certificate-360');

    await page.goto(`${portal.baseUrl}/propertyqr/999/${councilId}`);
    expect(await page.getByRole('alert').textContent()).toBe('मालमत्तेचा दाखला उघडता आला नाही (Error: Network response was not ok)');
    expect(await page.getByTestId('certificate-reason').textContent()).toBe('No property data found.');
    await screenshot(page, 'nojs-property-certificate-unknown-360');
    await page.goto(`${portal.baseUrl}/propertyqr/101`);
    expect(await page.getByRole('alert').textContent()).toBe('User ID is missing.');
    await page.context().close();
  });

  it("reads a receipt's check, and says so for an unknown receipt", async () => {
    const page = await noScript(360);
    await page.goto(`${portal.baseUrl}/receiptqr/${receiptId}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('कर पावती तपासणी / Tax receipt check');
    const check = await page.getByTestId('receipt-check').innerText();
    expect(check).toContain('ही पावती ग्रामपंचायतीच्या नोंदीत आहे.');
    expect(check).toContain('₹700.00');
    expect(check).toContain('१०१');
    expect(await page.getByText('Loading…').count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'nojs-receipt-check-360');

    await page.goto(`${portal.baseUrl}/receiptqr/00000000-0000-4000-8000-000000000000`);
    expect(await page.getByText('ही पावती सापडली नाही. / No such receipt.').isVisible()).toBe(true);
    expect(await page.getByTestId('receipt-check').count()).toBe(0);
    expect(await page.getByText('Loading…').count()).toBe(0);
    await page.context().close();
  });

  it('shows the property search form with its captcha', async () => {
    const page = await noScript(360);
    await page.goto(`${portal.baseUrl}/usermalmatta`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('मालमत्ता शोध');
    expect(
      await page
        .getByLabel(/मालमत्ता क्रमांक/)
        .first()
        .isChecked(),
    ).toBe(true);
    expect(await page.locator('#prop-query').isVisible()).toBe(true);
    expect(await page.locator('#prop-captcha').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'शोधा (Search)' }).isVisible()).toBe(true);
    const captcha = page.getByTestId('captcha-image');
    expect(await captcha.getAttribute('data-captcha-id')).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => captcha.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    await screenshot(page, 'nojs-property-search-360');
    await page.context().close();
  });
});

describe('while the database is down', () => {
  let down: Awaited<ReturnType<typeof startPortalWithoutDatabase>>;
  beforeAll(async () => {
    down = await startPortalWithoutDatabase();
  });
  afterAll(async () => {
    await down?.stop();
  });

  it('says so without JavaScript, Marathi first, instead of a loading line that never ends', async () => {
    const page = await noScript(360);
    const res = await page.goto(`${down.baseUrl}/propertyqr/101/${councilId}`);
    expect(res!.status()).toBe(503);
    const notice = page.getByRole('alert');
    expect(await notice.isVisible()).toBe(true);
    const text = await notice.innerText();
    expect(text).toContain('हे पान आत्ता उघडता आले नाही. कृपया थोड्या वेळाने पुन्हा प्रयत्न करा.');
    expect(text).toContain('This page could not be loaded right now. Please try again in a little while.');
    expect(text.indexOf('हे पान')).toBeLessThan(text.indexOf('This page'));
    expect(await page.getByText('लोड होत आहे…').isVisible()).toBe(false);
    // The link asks for the same page again.
    const again = page.getByRole('link', { name: 'पुन्हा प्रयत्न करा / Try again' });
    expect(await again.getAttribute('href')).toBe(`/propertyqr/101/${councilId}`);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'nojs-unavailable-360');
    await page.context().close();
  });

  it('with JavaScript, the page that notice came in shows the page once the database answers again', async () => {
    // The notice page as the server sent it during the outage; its scripts and reads reach the
    // portal whose database answers (the outage is over by the time they run).
    const during = await fetch(`${down.baseUrl}/`);
    expect(during.status).toBe(503);
    const body = await during.text();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.route(`${portal.baseUrl}/`, (route) =>
      route.fulfill({
        status: 503,
        body,
        headers: {
          'content-type': during.headers.get('content-type')!,
          'content-security-policy': during.headers.get('content-security-policy')!,
        },
      }),
    );
    await page.goto(portal.baseUrl + '/');
    await expect.poll(() => page.getByTestId('office-title').first().textContent(), { timeout: 20_000 }).toBe('ग्रामपंचायत कार्यालय सोनगाव');
    expect(await page.getByTestId('page-unavailable').count()).toBe(0);
    // The news is a read of its own, after the profile's.
    await expect.poll(() => page.getByTestId('news-item').locator('h4').allTextContents()).toEqual(['विशेष ग्रामसभा']);
    await page.close();
  });
});

/** A page in a browser context with JavaScript off, at this width. */
async function noScript(width: number): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
  return context.newPage();
}
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('with JavaScript on', () => {
  it('hydrates the same page without errors, then the slider runs', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(portal.baseUrl + '/');
    const before = await page.getByRole('heading', { level: 1 }).textContent();
    // Hydrated: the menu button scrolls (a handler is attached), and the dots move by themselves.
    const active = () => page.locator('.slick-dots li').evaluateAll((lis) => lis.findIndex((li) => li.classList.contains('slick-active')));
    await page.mouse.move(5, 790);
    await expect.poll(active, { timeout: 8000 }).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hydrates the property search, a property certificate and a receipt check without errors', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    const captchaReads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/captcha')) captchaReads.push(r.url());
    });
    for (const [path, name, text] of [
      ['/usermalmatta', 'property-search', 'मालमत्ता शोध'],
      [`/propertyqr/101/${councilId}`, 'property-certificate', '₹1,276.00'],
      [`/receiptqr/${receiptId}`, 'receipt-check', '₹700.00'],
    ]) {
      await page.goto(portal.baseUrl + path);
      await hydrated(page);
      expect(await page.locator('main').innerText(), path).toContain(text);
      await screenshot(page, `ssr-${name}-1280`);
    }
    // The search kept the server's captcha: the browser asked for none of its own.
    expect(captchaReads).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
