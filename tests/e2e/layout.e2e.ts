// Everyday layout on real screens: the staff sidebar on a short office laptop, and the Devanagari
// web font that keeps Marathi readable on a computer without a Devanagari system font.
import { describe, expect, it } from 'vitest';
import { screenshot, usePortal } from './helpers.ts';

const { portal, browser, staffPage } = usePortal();

describe('staff sidebar at 1366×640', () => {
  it('keeps Logout in view on the dark background, and the links scroll inside the sidebar', async () => {
    const { page, errors } = await staffPage({ width: 1366, height: 640 });
    const logout = page.getByRole('button', { name: /Logout/ });
    await expect.poll(() => logout.isVisible()).toBe(true);
    const box = (await logout.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(640);
    // The button's own background is transparent: what shows behind it is the sidebar's dark colour.
    const behind = await logout.evaluate((el) => {
      for (let n: Element | null = el; n; n = n.parentElement) {
        const c = getComputedStyle(n).backgroundColor;
        if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
      }
      return '';
    });
    expect(behind).toBe('rgb(11, 37, 69)');
    // The last link is reachable by scrolling the sidebar's own list, not the page.
    const nav = page.getByRole('navigation', { name: 'कर्मचारी मेनू' });
    const last = nav.getByRole('link').last();
    await last.scrollIntoViewIfNeeded();
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(640);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await screenshot(page, 'admin-1366x640');
    expect(errors).toEqual([]);
  });
});

describe('Devanagari web font', () => {
  it('declares the local fonts first, downloads nothing when one is installed, and serves a working subset', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const fontRequests: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'font' || r.url().endsWith('.woff2')) fontRequests.push(r.url());
    });
    await page.goto(portal.baseUrl + '/');
    await expect.poll(() => page.getByRole('button', { name: 'योजना', exact: true }).isVisible()).toBe(true);
    const faces = await page.evaluate(() => {
      const out: { src: string; range: string; display: string; weight: string }[] = [];
      for (const sheet of Array.from(document.styleSheets)) {
        for (const rule of Array.from(sheet.cssRules)) {
          if (rule instanceof CSSFontFaceRule && rule.style.getPropertyValue('font-family').includes('GP Devanagari'))
            out.push({
              src: rule.style.getPropertyValue('src'),
              range: rule.style.getPropertyValue('unicode-range'),
              display: rule.style.getPropertyValue('font-display'),
              weight: rule.style.getPropertyValue('font-weight'),
            });
        }
      }
      return out;
    });
    expect(faces).toHaveLength(2);
    const woff2Urls: string[] = [];
    for (const face of faces) {
      expect(face.display).toBe('swap');
      expect(face.range.toUpperCase()).toContain('U+900-97F');
      const sources = face.src.split(/,\s*(?=local|url)/);
      expect(sources.slice(0, 5).every((s) => s.startsWith('local('))).toBe(true);
      for (const name of ['Noto Sans Devanagari', 'Mangal', 'Nirmala UI', 'Lohit Devanagari']) expect(face.src).toContain(name);
      const url = /url\("?([^")]+)"?\)/.exec(sources.at(-1)!)![1];
      woff2Urls.push(new URL(url, portal.baseUrl).href);
    }
    // This machine has Noto Sans Devanagari (Debian fonts-noto-core), so the page needs no download.
    expect(fontRequests).toEqual([]);
    // The subset itself: served with a long cache, and a real font that draws Marathi.
    for (const href of woff2Urls) {
      const res = await fetch(href);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect((await res.arrayBuffer()).byteLength).toBeLessThan(60 * 1024);
    }
    const drawsMarathi = await page.evaluate(async (href) => {
      const face = new FontFace('SubsetCheck', `url(${href})`);
      await face.load();
      document.fonts.add(face);
      return document.fonts.check('16px SubsetCheck', 'ग्रामपंचायत कार्यालय');
    }, woff2Urls[0]);
    expect(drawsMarathi).toBe(true);
  });
});
