// The screens as a clerk and a citizen meet them (issue 29): titles, a missing page, side margins
// on a phone, whole slides.
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, officeSession, setProfile, usePortal } from './helpers.ts';

const { portal, browser, staffPage } = usePortal();
const OFFICE = 'ग्रामपंचायत कार्यालय सोनगाव';

beforeAll(async () => {
  await setProfile(await officeSession(portal), { officeName: OFFICE, block: 'इंदापूर', district: 'पुणे' });
});

describe('screens of issue 29', () => {
  it("titles each page with its name and the office's, after hydration and in the staff app", async () => {
    const page = await browser.newPage();
    await page.goto(portal.baseUrl + '/yojna-full');
    await hydrated(page);
    expect(await page.title()).toBe(`योजना — ${OFFICE}`);
    const missing = await page.goto(portal.baseUrl + '/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'पृष्ठ सापडले नाही' }).isVisible()).toBe(true);
    expect(await page.title()).toBe(`पृष्ठ सापडले नाही — ${OFFICE}`);
    await page.close();

    const { page: staff, errors } = await staffPage({ width: 1366, height: 768 });
    await expect.poll(() => staff.title()).toBe(`डॅशबोर्ड — ${OFFICE}`);
    await staff
      .getByRole('navigation', { name: 'कर्मचारी मेनू' })
      .getByRole('link', { name: /जन्म प्रमाणपत्र/ })
      .click();
    await expect.poll(() => staff.title()).toBe(`जन्म प्रमाणपत्र — ${OFFICE}`);
    expect(errors).toEqual([]);
    await staff.close();
  });

  it('keeps a side margin of at least 16 px on the public pages at 375 px, as the home has', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    for (const path of ['/', '/seva', '/yojna-full', '/samiti-full']) {
      await page.goto(portal.baseUrl + path);
      // The page's heading and every card or section box in the page's main part.
      const boxes = await page
        .locator('main h1, main h2, main .gp-cards > *, main [data-testid="service"], main article')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0));
      expect(boxes.length, path).toBeGreaterThan(0);
      for (const r of boxes) {
        expect(r.left, path).toBeGreaterThanOrEqual(16);
        expect(375 - r.right, path).toBeGreaterThanOrEqual(16);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
    await page.close();
  });
});
