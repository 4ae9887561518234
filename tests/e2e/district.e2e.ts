// A district account in the browser (issue 32): its login lands on /district, its sidebar has that
// screen and Logout only, any council screen's address sends it back there, and the table of its
// councils sorts by a column. The operator seeds two councils (one and three properties) and the district.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginThroughForm, officeSession, screenshot, screensDir, usePortal, watchErrors } from './helpers.ts';
import { staffLogin } from '../helpers/http-api.ts';
import { rccHouse } from '../helpers/tax-seed.ts';

const { portal, browser } = usePortal();
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
/** Where the lead looks at the screens of this work. */
const shots = path.resolve(import.meta.dirname, '../../../notes/shots');

/** Two councils of a district and its account: the first with one property, the second with three. */
async function seedDistrict() {
  const operator = await officeSession(portal);
  const stamp = `${process.pid}_${Date.now().toString(36)}`;
  const password = 'District-pass-2026';
  const councils = [];
  for (const [i, houses] of [1, 3].entries()) {
    const username = `e2e_dc${i}_${stamp}`;
    await operator.call('POST', '/api/User/register', { username, email: `${username}@example.org`, password });
    const council = await staffLogin(portal.baseUrl, username, password);
    for (let h = 1; h <= houses; h++)
      await council.call('POST', '/api/GrampanchayatImport/register-owner-property', rccHouse(`${i + 1}/${h}`, 'गीता मोरे'));
    councils.push({ username, councilId: council.councilId });
  }
  const { districtId } = await operator.call('POST', '/api/Districts', { name: 'सातारा', councilIds: councils.map((c) => c.councilId) });
  const username = `e2e_zp_${stamp}`;
  await operator.call('POST', '/api/User/register', { username, email: `${username}@example.org`, password, role: 'district', districtId });
  return { username, password, councils };
}

describe('a district account', () => {
  it('lands on /district, sees no council screen, and sorts its councils', async () => {
    const seeded = await seedDistrict();
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors = watchErrors(page);
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByLabel('Username').fill(seeded.username);
    await page.getByLabel('Password').fill(seeded.password);
    await page.getByRole('button', { name: 'लॉगिन (Login)' }).click();
    await page.waitForURL(`${portal.baseUrl}/district`);
    const table = page.getByTestId('district-table');
    await table.waitFor();

    // The sidebar: the district screen and Logout, no council link.
    const nav = page.getByRole('navigation', { name: 'कर्मचारी मेनू' });
    const links = await nav.getByRole('link').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(links).toEqual(['/district']);
    await page.getByRole('button', { name: /Logout/ }).waitFor();
    expect(await page.getByRole('link', { name: /डॅशबोर्ड/ }).count()).toBe(0);

    // Sorted by council name at first; by properties, most first (a number column's first click), then fewest first.
    const rows = page.getByTestId('district-row');
    await poll(() => rows.count()).toBe(2);
    const properties = () => rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[0].textContent));
    const header = page.getByRole('button', { name: /मालमत्ता/ });
    await header.click();
    await poll(properties).toEqual(['3', '1']);
    await header.click();
    await poll(properties).toEqual(['1', '3']);
    expect(await page.getByTestId('district-total-properties').textContent()).toBe('4');
    await screenshot(page, 'district-1366');

    // A council screen's address, typed or from an old bookmark: back to /district.
    for (const to of ['/admin', '/birthCertForm', '/password']) {
      await page.goto(`${portal.baseUrl}${to}`);
      await page.waitForURL(`${portal.baseUrl}/district`);
      await table.waitFor();
    }
    // And /login, while logged in, leads there too.
    await page.goto(`${portal.baseUrl}/login`);
    await page.waitForURL(`${portal.baseUrl}/district`);

    // On a phone: the drawer holds the same one link; the page does not scroll sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await table.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'district-375');
    await page.getByRole('button', { name: 'मेनू उघडा' }).click();
    const drawerLinks = page.getByRole('navigation', { name: 'कर्मचारी मेनू' }).getByRole('link');
    await poll(() => drawerLinks.count()).toBe(1);
    await screenshot(page, 'district-375-menu');
    await page.getByRole('button', { name: /Logout/ }).click();
    await page.waitForURL(`${portal.baseUrl}/login`);
    expect(errors).toEqual([]);
    for (const name of ['district-1366', 'district-375', 'district-375-menu']) {
      fs.mkdirSync(shots, { recursive: true });
      fs.copyFileSync(path.join(screensDir, `${name}.png`), path.join(shots, `${name}.png`));
    }
    await page.close();
  });

  it('keeps a council account on its own screens', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await loginThroughForm(page, portal);
    const nav = page.getByRole('navigation', { name: 'कर्मचारी मेनू' });
    expect(await nav.getByRole('link').count()).toBeGreaterThan(10);
    expect(await nav.getByRole('link', { name: /जिल्हा आढावा/ }).count()).toBe(0);
    await page.close();
  });
});
