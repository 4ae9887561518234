// The public pages with JavaScript turned off (issue 12): the server renders them, so the home page
// and a certificate's QR page read correctly without any script; with JavaScript on, hydration adds
// nothing that was missing and changes nothing that was there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, startPortal, watchErrors, type Portal } from './helpers.ts';

let portal: Portal;
let browser: Browser;
let token = '';
let councilId = 0;
let residenceId = '';

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(portal.baseUrl + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
  return json.result;
}

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const login = await (
    await fetch(`${portal.baseUrl}/api/User/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: portal.username, password: portal.password }),
    })
  ).json();
  token = login.result.token;
  councilId = login.result.userId;
  const { createdByUserId: _c, updatedAt: _u, ...profile } = await call('GET', '/api/Site/profile/mine');
  await call('PUT', '/api/Site/profile', {
    ...profile,
    officeName: 'ग्रामपंचायत कार्यालय सोनगाव',
    block: 'इंदापूर',
    district: 'पुणे',
    stats: [{ key: 'population', label: 'लोकसंख्या', value: '2,500+' }],
  });
  for (const [i, colour] of [
    { r: 46, g: 125, b: 50 },
    { r: 21, g: 101, b: 192 },
  ].entries()) {
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('ImageFile', new Blob([new Uint8Array(png)], { type: 'image/png' }), `slide${i + 1}.png`);
    form.append('BlogContent', `स्लाइड ${i + 1}`);
    form.append('CreatedByUserId', String(councilId));
    await call('POST', '/api/Corosal', form);
  }
  await call('POST', '/api/Blog', {
    blogTitle: 'विशेष ग्रामसभा',
    blogContent: 'सकाळी ११ वाजता ग्रामपंचायत कार्यालयात.',
    eventDate: '2026-08-15',
    createdByUserId: councilId,
  });
  const saved = await call('POST', '/api/ResidenceCertificate', {
    registrationNumber: 'R-2025/101',
    registrationDate: '2025-02-10',
    applicantNameEnglish: 'Shreya Sunil Kulkarni',
    applicantNameMarathi: 'श्रेया सुनील कुलकर्णी',
    applicantAadhaar: '678901234567',
    applicantAge: 24,
    applicantMobile: '9876501234',
    guardianNameMarathi: 'सुनील कुलकर्णी',
    guardianNameEnglish: 'Sunil Kulkarni',
  });
  residenceId = saved.residentialCertificatesIdCertId;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
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
    expect(await page.getByTestId('news-item').locator('h4').allTextContents()).toEqual(['विशेष ग्रामसभा']);
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
    expect(text).toContain('Shreya Sunil Kulkarni');
    expect(text).toContain('XXXX XXXX 4567');
    expect(text).not.toContain('678901234567');
    expect(text).toContain('10/02/2025');
    expect(text).not.toContain('Loading certificate...');
    await screenshot(page, 'nojs-residence-qr-375');
    await context.close();
  });
});

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
});
