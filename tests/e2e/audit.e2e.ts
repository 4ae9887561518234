// The audit trail as a clerk meets it (issue 28): a change of an owner's name on the property screen
// shows in that property's History panel (old → new, the clerk's name); a news item's edit in its
// own; the /audit screen filters by kind of record and action, as a table at 1366 px and as cards on
// a 375 px phone without sideways scrolling; the dashboard's backup card makes a backup and
// downloads it for a pen drive.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { caseOf, registerCertificate } from '../helpers/certificate-cases.ts';
import { officeSession, screenshot, settledScreenshot, typeDate, usePortal } from './helpers.ts';

const { portal, staffPage } = usePortal();

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
/** What sticks out past the page's right edge (nothing, when there is no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => `${el.tagName}.${String(el.className).slice(0, 50)}`)
          .slice(0, 5),
  );

/** Opens the History panel inside `scope` by keyboard (the accordion's button takes Enter). */
async function openHistory(scope: ReturnType<Page['locator']>) {
  const button = scope.getByRole('button', { name: /इतिहास/ });
  expect(await button.getAttribute('aria-expanded')).toBe('false');
  await button.focus();
  await button.press('Enter');
  await poll(() => button.getAttribute('aria-expanded')).toBe('true');
  return scope.getByRole('region', { name: /इतिहास/ });
}

describe('history', () => {
  it("shows a clerk's change of an owner's name in the property's History panel", async () => {
    const office = await officeSession(portal);
    await office.call('POST', '/api/GrampanchayatImport/register-owner-property', {
      malmattaNo: '7/ब',
      malkacheNav: 'रमेश पाटील',
      bhogwatdarakNav: 'स्वतः',
      mobileNo: '9812345670',
      gatNo: '45',
      citySurveyNo: '102',
      buildingType: 'rcc',
      usage: 'residential',
      milkatBandhakamYear: 2010,
      areaSqm: '50',
      landRate: '1200',
    });
    for (const width of [1366, 375]) {
      const { page, errors } = await staffPage({ width, height: 900 });
      await page.goto(portal.baseUrl + '/getAllInfo');
      await poll(() => page.getByTestId('property-card').count()).toBe(1);
      await page.getByRole('button', { name: 'अद्ययावत 7/ब' }).click();
      const dialog = page.getByRole('dialog');
      const before = width === 1366 ? 'रमेश पाटील' : 'रमेश गणपत पाटील';
      const after = width === 1366 ? 'रमेश गणपत पाटील' : 'रमेश ग. पाटील';
      await dialog.locator('[name="malkacheNav"]').fill(after);
      await dialog.getByRole('button', { name: 'जतन करा (Save)' }).click();
      await poll(() => page.getByRole('dialog').count()).toBe(0);

      await page.getByRole('button', { name: 'अद्ययावत 7/ब' }).click();
      const history = await openHistory(page.getByRole('dialog'));
      const entry = history.getByTestId('history-entry').first();
      await poll(() => entry.getByTestId('audit-changes').textContent()).toContain(
        `मालकाचे नाव: पूर्वी / before ${before} → नंतर / after ${after}`,
      );
      expect(await entry.getByTestId('audit-actor').textContent()).toBe(portal.username);
      expect(await entry.getByTestId('audit-action').textContent()).toContain('बदल / update');
      await history.scrollIntoViewIfNeeded();
      await settledScreenshot(page, `audit-property-history-${width}`);
      expect(await overflow(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 120_000);

  it("shows a news item's edits in its History panel, collapsed until opened", async () => {
    const office = await officeSession(portal);
    await office.call('POST', '/api/Blog', {
      blogTitle: 'ग्रामसभा',
      blogContent: 'ग्रामसभा सोमवारी.',
      eventDate: '2026-01-26',
      createdByUserId: office.councilId,
    });
    const { page, errors } = await staffPage({ width: 1366, height: 900 });
    await page.goto(portal.baseUrl + '/dashnews');
    await page.getByRole('button', { name: 'Edit News' }).click();
    const row = page.getByTestId('admin-news').first();
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByLabel('Title (शीर्षक)').fill('विशेष ग्रामसभा');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByRole('button', { name: 'Edit' }).click();
    // Collapsed, the panel has read nothing.
    let reads = 0;
    page.on('request', (r) => void (r.url().includes('/api/Audit') && reads++));
    await row.getByTestId('history-panel').waitFor();
    expect(reads).toBe(0);
    const history = await openHistory(row);
    await poll(() => history.getByTestId('history-entry').count()).toBe(2);
    expect(reads).toBe(1);
    const [update, create] = await history.getByTestId('history-entry').allTextContents();
    expect(update).toContain('बदल / update');
    expect(update).toContain('शीर्षक: पूर्वी / before ग्रामसभा → नंतर / after विशेष ग्रामसभा');
    expect(create).toContain('नवीन नोंद / create');
    await settledScreenshot(page, 'audit-news-history-1366');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has a collapsed History panel on a certificate, the site profile and the tax rates, fitting a 375 px phone', async () => {
    const office = await officeSession(portal);
    const birth = caseOf('birth');
    await registerCertificate(office.call, birth, birth.valid({ en: 'Asha Jadhav', mr: 'आशा जाधव' }));
    const { page, errors } = await staffPage({ width: 375, height: 900 });
    await page.goto(portal.baseUrl + '/birthCertForm');
    await page.getByRole('button', { name: /नोंदणी पहा/ }).click();
    await page.getByRole('button', { name: 'Update Asha Jadhav' }).click();
    let history = await openHistory(page.locator('form'));
    await poll(() => history.getByTestId('history-entry').count()).toBe(1);
    expect(await history.getByTestId('history-entry').textContent()).toContain('नवीन नोंद / create');
    await history.scrollIntoViewIfNeeded();
    await settledScreenshot(page, 'audit-certificate-history-375');
    expect(await overflow(page)).toEqual([]);

    for (const path of ['/siteProfile', '/taxRates']) {
      await page.goto(portal.baseUrl + path);
      history = await openHistory(page.locator('body'));
      await history
        .getByText(/No entries yet|बदल \/ update|नवीन नोंद/)
        .first()
        .waitFor();
      await history.scrollIntoViewIfNeeded();
      await settledScreenshot(page, `audit${path.replace('/', '-')}-history-375`);
      expect(await overflow(page)).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('audit screen', () => {
  for (const width of [1366, 375]) {
    it(`filters the trail by record and action at ${width} px`, async () => {
      const { page, errors } = await staffPage({ width, height: 900 });
      // From the sidebar on a desktop; a phone's sidebar is a drawer, so it goes by address.
      if (width === 1366) await page.getByRole('link', { name: /लेखापरीक्षण नोंदी/ }).click();
      else await page.goto(portal.baseUrl + '/audit');
      await page.waitForURL(/\/audit$/);
      const rows = page.getByTestId('audit-row');
      await poll(() => rows.count()).toBeGreaterThan(2);
      expect(await overflow(page)).toEqual([]);
      await screenshot(page, `audit-trail-${width}`);

      // The record's kind, by keyboard: the select opens on Enter and its options are Marathi first.
      const entity = page.getByRole('combobox', { name: /नोंदीचा प्रकार/ });
      await entity.focus();
      await entity.press('Enter');
      await page.getByRole('option', { name: 'बातमी / News item' }).click();
      await page.getByRole('button', { name: 'शोधा (Search)' }).click();
      await page.waitForURL(/entity=BlogPost/);
      await poll(async () => (await rows.allTextContents()).every((t) => t.includes('बातमी / News item'))).toBe(true);
      expect(await rows.count()).toBeGreaterThan(0);

      await page.getByRole('button', { name: 'सर्व दाखवा (Clear)' }).click();
      const action = page.getByRole('combobox', { name: /कृती/ });
      await action.click();
      await page.getByRole('option', { name: 'लॉगिन / login', exact: true }).click();
      await typeDate(page.locator('[name="from"]'), '2020-01-01');
      await page.getByRole('button', { name: 'शोधा (Search)' }).click();
      await page.waitForURL(/action=login/);
      await poll(async () => {
        const texts = await rows.getByTestId('audit-action').allTextContents();
        return texts.length > 0 && texts.every((t) => t.startsWith('लॉगिन / login'));
      }).toBe(true);
      expect(await overflow(page)).toEqual([]);
      await screenshot(page, `audit-trail-filtered-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe('backups', () => {
  it('makes a backup from the dashboard and downloads it for a pen drive', async () => {
    // The test portals make no nightly backup (helpers.ts): one made through the API first.
    const office = await officeSession(portal);
    const newest = async () => (await office.call('GET', '/api/Backups')).items[0]?.name as string | undefined;
    await office.call('POST', '/api/Backups', {});
    const before = await newest();
    expect(before).toBeTruthy();
    const { page, errors } = await staffPage({ width: 1366, height: 900 }, { acceptDownloads: true });
    const card = page.getByTestId('backup-card');
    await poll(() => card.getByTestId('backup-last').textContent()).toContain('हाताने / manual');
    await card.getByRole('button', { name: 'आता बॅकअप घ्या / Back up now' }).click();
    // A new file (retention keeps one a day, so the earlier one of today may go).
    await poll(newest).not.toBe(before);
    await poll(() => card.getByTestId('backup-last').textContent()).toContain('हाताने / manual');
    expect(await card.getByTestId('backup-last').textContent()).toMatch(/\d+(\.\d)? MB/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'डाउनलोड करा (पेन ड्राइव्हसाठी) / Download for a pen drive' }).click(),
    ]);
    const file = await download.path();
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    await screenshot(page, 'audit-backup-card-1366');
    const phone = await staffPage({ width: 375, height: 900 });
    await phone.page.getByTestId('backup-card').waitFor();
    expect(await overflow(phone.page)).toEqual([]);
    await screenshot(phone.page, 'audit-backup-card-375');
    expect([...errors, ...phone.errors]).toEqual([]);
    await phone.page.close();
    await page.close();
  });
});
