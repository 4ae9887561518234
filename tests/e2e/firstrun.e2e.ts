// A new panchayat's first run (issue 14): a fresh portal shows citizens no placeholder words; the
// first login opens the setup; leaving it for later, the dashboard names what is missing and warns
// that QR codes point at this computer; the setup finished, the public pages carry the office's name.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { screenshot, watchErrors, usePortal } from './helpers.ts';
import { PLACEHOLDERS } from '../helpers/village.ts';

const { portal, browser } = usePortal();

async function publicHome(page: Page) {
  await page.goto(portal.baseUrl + '/');
  // The profile has arrived once the schemes (seeded for every council) are drawn.
  await expect.poll(() => page.getByTestId('scheme-card').count()).toBeGreaterThan(0);
  return page.locator('body').innerText();
}

const OFFICE = {
  officeName: 'ग्रामपंचायत कार्यालय पिंपळगाव',
  officeNameEnglish: 'Gram Panchayat Office Pimpalgaon',
  block: 'निफाड',
  blockEnglish: 'Niphad',
  district: 'नाशिक',
  districtEnglish: 'Nashik',
  address: 'ग्रामपंचायत कार्यालय, मु. पो. पिंपळगाव, ता. निफाड',
  postalCode: '422209',
  phone: '02550 250123',
  email: 'gp.pimpalgaon@gmail.com',
};

describe('first run of a new portal', () => {
  it('shows citizens no placeholder words before the office has entered anything', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    const text = await publicHome(page);
    for (const word of PLACEHOLDERS) expect(text, word).not.toContain(word);
    expect(await page.getByTestId('office-title').textContent()).toBe('ग्रामपंचायत कार्यालय');
    // No contact column in the footer while there is no contact to show.
    expect(await page.locator('footer').getByRole('heading', { name: 'संपर्क' }).count()).toBe(0);
    await screenshot(page, 'firstrun-home-fresh-1280');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens the setup on the first login; the dashboard names what is missing until the setup writes the profile', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByLabel('Username').fill(portal.username);
    await page.getByLabel('Password').fill(portal.password);
    await page.getByRole('button', { name: 'लॉगिन (Login)' }).click();
    await page.waitForURL(`${portal.baseUrl}/setup`);
    await page.getByRole('heading', { level: 1, name: /पहिली मांडणी/ }).waitFor();
    // The e2e portal's PUBLIC_BASE_URL is 127.0.0.1: QR codes would not open on a phone.
    const warning = page.getByTestId('public-address-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('PUBLIC_BASE_URL=');
    expect(await warning.textContent()).toContain(portal.baseUrl);
    await screenshot(page, 'firstrun-setup-1280');

    // Later: the dashboard lists what is missing, with the warning, and does not reopen the setup.
    await page.getByRole('link', { name: 'नंतर करा (Later)' }).click();
    await page.waitForURL(`${portal.baseUrl}/admin`);
    const missing = page.getByTestId('setup-missing');
    await missing.waitFor();
    // The dashboard opens at its top, not where the long setup form was scrolled to.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const label of ['कार्यालयाचे नाव (गावाच्या नावासह)', 'तालुका', 'जिल्हा', 'पिन कोड'])
      expect(await missing.textContent()).toContain(label);
    expect(await page.getByTestId('public-address-warning').isVisible()).toBe(true);
    await screenshot(page, 'firstrun-dashboard-missing-1280');
    await page.reload();
    await missing.waitFor();
    expect(page.url()).toBe(`${portal.baseUrl}/admin`);

    // Finish it from the dashboard's link.
    await missing.getByRole('link', { name: 'माहिती पूर्ण करा' }).click();
    await page.waitForURL(`${portal.baseUrl}/setup`);
    await page.getByRole('button', { name: 'जतन करा (Save)' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'कार्यालयाचे नाव भरा' }).isVisible()).toBe(true);
    for (const [name, value] of Object.entries(OFFICE)) await page.locator(`#setup-${name}`).fill(value);
    const logo = await sharp({ create: { width: 600, height: 600, channels: 4, background: { r: 230, g: 120, b: 20, alpha: 1 } } })
      .png()
      .toBuffer();
    await page.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await expect
      .poll(() => page.getByTestId('logo-preview').getAttribute('src'), { timeout: 10_000 })
      .toMatch(/\/uploads\/site\/logo-[0-9a-f]{16}\.png$/);
    await page.locator('#setup-postalCode').fill('4222');
    await page.getByRole('button', { name: 'जतन करा (Save)' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'postalCode: must be 6 digits' }).isVisible()).toBe(true);
    await page.locator('#setup-postalCode').fill(OFFICE.postalCode);
    await page.getByRole('button', { name: 'जतन करा (Save)' }).click();
    await page.waitForURL(`${portal.baseUrl}/admin`);
    await page.getByRole('heading', { level: 1, name: 'डॅशबोर्ड' }).waitFor();
    expect(await page.getByTestId('public-address-warning').isVisible()).toBe(true);
    expect(await page.getByTestId('setup-missing').count()).toBe(0);
    // The rest of the profile (schemes, committees, services) is kept as it was.
    const saved = await (await fetch(`${portal.baseUrl}/api/Site/profile`)).json();
    expect(saved.result).toMatchObject({ ...OFFICE, logoUrl: expect.stringMatching(/^\/uploads\/site\/logo-[0-9a-f]{16}\.png$/) });
    expect(saved.result.schemes.length).toBeGreaterThan(0);
    // The browser logs the two refused saves (400) itself; nothing else went wrong.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await page.close();
  });

  it("then shows the office's own name, place and contacts on the public pages", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    const text = await publicHome(page);
    await expect.poll(() => page.getByTestId('office-title').textContent()).toBe(OFFICE.officeName);
    // The uploaded logo beside it, loaded.
    const logo = page.locator('.gp-brand img');
    expect(await logo.getAttribute('src')).toMatch(/^\/uploads\/site\/logo-[0-9a-f]{16}\.png$/);
    await expect
      .poll(() => logo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth === 256), { timeout: 10_000 })
      .toBe(true);
    expect(text).toContain('ता. निफाड, जि. नाशिक');
    expect(text).toContain(`${OFFICE.officeName} — आपले स्वागत आहे`);
    const footer = page.locator('footer');
    expect(await footer.innerText()).toContain(`${OFFICE.address} - ${OFFICE.postalCode}`);
    expect(await footer.getByRole('link', { name: OFFICE.email }).getAttribute('href')).toBe(`mailto:${OFFICE.email}`);
    for (const word of PLACEHOLDERS) expect(text, word).not.toContain(word);
    await screenshot(page, 'firstrun-home-named-1280');
    expect(errors).toEqual([]);
    await page.close();
  });
});
