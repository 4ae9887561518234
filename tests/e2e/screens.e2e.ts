// The screens as a clerk and a citizen meet them (issue 29): titles, a missing page, side margins
// on a phone, whole slides.
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, loginThroughForm, officeSession, setProfile, shownDate, typeDate, usePortal, type Office } from './helpers.ts';

const { portal, browser, staffPage } = usePortal();
const OFFICE = 'ग्रामपंचायत कार्यालय सोनगाव';

let office: Office;
beforeAll(async () => {
  office = await officeSession(portal);
  await setProfile(office, { officeName: OFFICE, block: 'इंदापूर', district: 'पुणे' });
});

/** A 1600×600 banner, green with a red strip at its left edge and a blue one at its right. */
const banner = () =>
  sharp({ create: { width: 1600, height: 600, channels: 3, background: { r: 40, g: 140, b: 60 } } })
    .composite([
      { input: { create: { width: 60, height: 600, channels: 3, background: { r: 230, g: 20, b: 20 } } }, left: 0, top: 0 },
      { input: { create: { width: 60, height: 600, channels: 3, background: { r: 20, g: 20, b: 230 } } }, left: 1540, top: 0 },
    ])
    .png()
    .toBuffer();

async function uploadSlide(png: Buffer, caption: string) {
  const form = new FormData();
  form.append('ImageFile', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'banner.png');
  form.append('BlogContent', caption);
  form.append('CreatedByUserId', String(office.councilId));
  await office.call('POST', '/api/Corosal', form);
}

/** The colour at (x, y) of an element's screenshot, as [r, g, b]. */
async function pixelAt(page: Page, selector: string, at: (w: number, h: number) => [number, number]) {
  const png = await page.locator(selector).first().screenshot();
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const [x, y] = at(info.width, info.height);
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
}

const activeDot = (page: Page) =>
  page.locator('.slick-dots li').evaluateAll((lis) => lis.findIndex((li) => li.classList.contains('slick-active')));
/** Resolves after `ms` of real time: here to see that nothing moves, not to wait for something. */
const quiet = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('screens of issue 29', () => {
  it("titles each page with its name and the office's, after hydration and in the staff app", async () => {
    const page = await browser.newPage();
    await page.goto(portal.baseUrl + '/yojna-full');
    await hydrated(page);
    expect(await page.title()).toBe(`योजना — ${OFFICE}`);
    const missing = await page.goto(portal.baseUrl + '/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'पृष्ठ सापडले नाही' }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe(`पृष्ठ सापडले नाही — ${OFFICE}`);
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

  it('shows a 1600×600 slide whole, its left and right edges on screen, at 375 and 1366 px', async () => {
    await uploadSlide(await banner(), 'पूर्ण फोटो');
    for (const width of [375, 1366]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(portal.baseUrl + '/');
      const picture = page.locator('.gp-slide__picture').first();
      await expect.poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      expect(await picture.evaluate((el) => getComputedStyle(el).objectFit)).toBe('contain');
      // The blurred copy behind, once the picture has loaded.
      await page.locator('.gp-slide__backdrop').first().waitFor();
      const mid = (w: number, h: number, x: number): [number, number] => [x, Math.floor(h / 2)];
      const [left, right] = [
        await pixelAt(page, '.gp-slide', (w, h) => mid(w, h, 2)),
        await pixelAt(page, '.gp-slide', (w, h) => mid(w, h, w - 3)),
      ];
      expect(left[0], `left edge at ${width}: ${left}`).toBeGreaterThan(150);
      expect(left[2], `left edge at ${width}: ${left}`).toBeLessThan(100);
      expect(right[2], `right edge at ${width}: ${right}`).toBeGreaterThan(150);
      expect(right[0], `right edge at ${width}: ${right}`).toBeLessThan(100);
      await page.screenshot({ path: `test-results/screens/slide-whole-${width}.png` });
      await page.close();
    }
  });

  it('stops the slides on focus, by its pause button, and does not start them under reduced motion', async () => {
    await uploadSlide(await banner(), 'दुसरा फोटो');
    const reduced = await browser.newContext({ viewport: { width: 1366, height: 800 }, reducedMotion: 'reduce' });
    const still = await reduced.newPage();
    await still.goto(portal.baseUrl + '/');
    await hydrated(still);
    await expect.poll(() => still.locator('.slick-dots li').count()).toBe(2);
    expect(await still.getByRole('button', { name: /स्लाइड पुन्हा सुरू करा/ }).isVisible()).toBe(true);
    await quiet(5500);
    expect(await activeDot(still)).toBe(0);
    await reduced.close();

    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    await page.goto(portal.baseUrl + '/');
    await hydrated(page);
    await expect.poll(() => activeDot(page), { timeout: 15_000 }).toBe(1);
    // A dot with keyboard focus holds the slide.
    await page.locator('.slick-dots button').first().focus();
    const held = await activeDot(page);
    await quiet(5500);
    expect(await activeDot(page)).toBe(held);
    // The pause button stops it after focus has left.
    await page.getByRole('button', { name: /स्लाइड थांबवा/ }).click();
    await page.locator('body').focus();
    await page.mouse.move(0, 790);
    const paused = await activeDot(page);
    await quiet(5500);
    expect(await activeDot(page)).toBe(paused);
    expect(await page.getByRole('button', { name: /स्लाइड पुन्हा सुरू करा/ }).isVisible()).toBe(true);
    await page.close();
  });

  it('offers a skip link as the first stop of the keyboard, to the page and to the staff screen', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    await page.goto(portal.baseUrl + '/seva');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: /मुख्य मजकुराकडे जा/ });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.close();

    const { page: staff } = await staffPage({ width: 1366, height: 800 });
    // A screen opened afresh (after the login form, the keyboard would go on from where its button was).
    await staff.goto(portal.baseUrl + '/birthCertForm');
    await staff.getByRole('main').getByRole('heading').first().waitFor();
    await staff.keyboard.press('Tab');
    expect(await staff.getByRole('link', { name: /मुख्य मजकुराकडे जा/ }).evaluate((el) => el === document.activeElement)).toBe(true);
    await staff.keyboard.press('Enter');
    await expect.poll(() => staff.evaluate(() => document.activeElement?.id)).toBe('main');
    await staff.close();
  });

  it('never lets the sticky Cancel/Submit bar cover the focused field of a certificate form, and suggests the serial number', async () => {
    const { page, errors } = await staffPage({ width: 1366, height: 768 });
    await page.goto(portal.baseUrl + '/birthCertForm');
    await page.getByRole('button', { name: /नवीन नोंदणी/ }).click();
    // Both numbers are suggested: the अनुक्रमांक too (the office's first: 1).
    await expect.poll(() => page.locator('[name="serialNo"]').inputValue()).toBe('1');
    await page.locator('[name="serialNo"]').focus();
    const bar = page.getByTestId('form-actions');
    let checked = 0;
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const state = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const actions = document.querySelector('[data-testid="form-actions"]')!;
        if (!el || actions.contains(el)) return null;
        const box = (el.closest('.MuiFormControl-root') ?? el).getBoundingClientRect();
        return { name: el.getAttribute('name') ?? el.tagName, bottom: box.bottom, top: box.top };
      });
      if (!state) break;
      const barTop = (await bar.boundingBox())!.y;
      expect(state.bottom, `${state.name} under the bar`).toBeLessThanOrEqual(barTop);
      expect(state.top, `${state.name} above the screen`).toBeGreaterThanOrEqual(0);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a clear focus ring on the form fields and, at 3:1 or more, in the dark sidebar', async () => {
    const { page, errors } = await staffPage({ width: 1366, height: 768 });
    await page.goto(portal.baseUrl + '/birthCertForm');
    await page.getByRole('button', { name: /नवीन नोंदणी/ }).click();
    // The fields the issue found without a visible change on focus, reached by the keyboard.
    for (const name of ['birthPlaceMarathi', 'fatherReligion', 'deliveryLocation']) {
      const el = page.locator(`[name="${name}"]`);
      await el.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const ring = await el.evaluate((input) => {
        const frame = input.closest('.MuiInputBase-root') ?? input;
        const s = getComputedStyle(frame);
        return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), colour: s.outlineColor };
      });
      expect(ring, name).toEqual({ style: 'solid', width: 2, colour: 'rgb(13, 71, 161)' });
    }
    // The sidebar: a focused link has an amber ring on the dark blue.
    await page.goto(portal.baseUrl + '/admin');
    await page.getByRole('main').getByRole('heading').first().waitFor();
    // Past the skip link, the keyboard reaches the first sidebar link.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const link = page.getByRole('navigation', { name: 'कर्मचारी मेनू' }).getByRole('link').first();
    expect(await link.evaluate((a) => a === document.activeElement)).toBe(true);
    const ring = await link.evaluate((a) => {
      const s = getComputedStyle(a);
      return { style: s.outlineStyle, colour: s.outlineColor };
    });
    expect(ring).toEqual({ style: 'solid', colour: 'rgb(255, 202, 40)' });
    const luminance = ([r, g, b]: number[]) => {
      const c = [r, g, b].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const ratio = (luminance([255, 202, 40]) + 0.05) / (luminance([11, 37, 69]) + 0.05);
    expect(ratio).toBeGreaterThanOrEqual(3);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows and takes the birth form's dates as dd/mm/yyyy in an en-US browser, sends yyyy-mm-dd, and says why 31/02 is refused", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await loginThroughForm(page, portal);
    await page.goto(portal.baseUrl + '/birthCertForm');
    await page.getByRole('button', { name: /नवीन नोंदणी/ }).click();
    const group = (box: Locator) => box.locator('xpath=ancestor::*[@role="group"][1]');
    const birth = page.locator('[name="birthDate"]');
    // Empty, the box shows the order it takes.
    expect(await shownDate(birth)).toBe('dd/mm/yyyy');
    expect(await page.getByTestId('birthDate-gb').textContent()).toBe('दिवस/महिना/वर्ष (dd/mm/yyyy)');

    // An impossible date: said on the field, Marathi first, once the clerk leaves it.
    await typeDate(birth, '2024-02-31');
    expect(await shownDate(birth)).toBe('31/02/2024');
    await page.keyboard.press('Tab');
    await expect.poll(() => group(birth).getAttribute('aria-invalid')).toBe('true');
    const hint = page.getByTestId('birthDate-gb');
    expect(await hint.textContent()).toMatch(/^असा दिनांक नाही: दिवस\/महिना\/वर्ष लिहा \(Not a valid date: dd\/mm\/yyyy\)$/);
    expect((await group(birth).getAttribute('aria-describedby'))?.split(' ')).toContain(await hint.getAttribute('id'));
    await group(birth).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/date-box-not-a-date-1366.png' });

    await typeDate(birth, '2020-08-15');
    expect(await shownDate(birth)).toBe('15/08/2020');
    await page.keyboard.press('Tab');
    await expect.poll(() => group(birth).getAttribute('aria-invalid')).toBe('false');
    // The date in words follows the typed date.
    expect(await page.locator('[name="birthDateWords"]').inputValue()).toBe('पंधरा ऑगस्ट दोन हजार वीस');
    const reg = page.locator('[name="registrationDate"]');
    await typeDate(reg, '2020-08-20');
    const fill = (name: string, v: string) => page.locator(`[name="${name}"]`).fill(v);
    await fill('registrationNo', 'B-2020/815');
    await fill('childFullNameMarathi', 'सई पाटील');
    await fill('childFullNameEnglish', 'Sai Datefield');
    await page.locator('[name="gender"]').selectOption('Female');
    await fill('birthPlaceMarathi', 'पिंपळगाव');
    await fill('birthPlaceEnglish', 'Pimpalgaon');
    await fill('fatherFullNameMarathi', 'राम पाटील');
    await fill('fatherFullNameEnglish', 'Ram Patil');
    await fill('motherFullNameMarathi', 'सीता पाटील');
    await fill('motherFullNameEnglish', 'Sita Patil');
    await page.locator('[name="fatherOccupation"]').selectOption('farming');
    await page.locator('[name="motherOccupation"]').selectOption('housewife');
    await page.getByRole('button', { name: 'सादर करा (Submit)' }).click();
    await expect.poll(() => page.getByTestId('certificate-success').textContent()).toBe('यशस्वीरीत्या नोंदवले! (Recorded successfully)');
    const list = await office.call('GET', '/api/BirthCertificate/paged?pageNumber=1&pageSize=10&nameFilter=Datefield');
    expect(list.items).toHaveLength(1);
    expect(String(list.items[0].birthDate).slice(0, 10)).toBe('2020-08-15');
    expect(String(list.items[0].registrationDate).slice(0, 10)).toBe('2020-08-20');
    expect(errors).toEqual([]);
    await page.close();
  });
});
