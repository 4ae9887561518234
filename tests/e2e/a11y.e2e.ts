// Accessibility over the whole route table (issue 29, GIGW 3.0 / WCAG 2.1 AA): axe-core's WCAG 2.0
// and 2.1 A and AA rules on every public page and every staff screen at 375 and 1366 px, failing on
// any critical or serious violation. The routes come from the built app (web/dist-server's
// entry-server.js: public/pages.ts and app/staffScreens.tsx), so a screen added to the table is
// checked without touching this file.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSlides, hydrated, loginThroughForm, officeSession, root, usePortal } from './helpers.ts';

const { portal, browser } = usePortal();

const entry = (await import(pathToFileURL(path.join(root, 'web/dist-server/entry-server.js')).href)) as {
  PUBLIC_PATTERNS: string[];
  APP_PATHS: string[];
};

/** A pattern's address: optional parameters left out (the page's own empty state), required ones a placeholder. */
const addressOf = (pattern: string) =>
  pattern
    .split('/')
    .filter((seg) => !(seg.startsWith(':') && seg.endsWith('?')))
    .map((seg) => (seg.startsWith(':') ? 'x' : seg))
    .join('/') || '/';

const PUBLIC = [...entry.PUBLIC_PATTERNS.map(addressOf), '/login', '/reg', '/no-such-page'];
const STAFF = entry.APP_PATHS.filter((p) => p !== '/login' && p !== '/reg');

/** Critical and serious violations of the WCAG 2.0/2.1 A and AA rules on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits until the page has drawn its data: no request in flight and no loading line left. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('status')
    .filter({ hasText: /लोड होत आहे|Loading/ })
    .first()
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
}

/** Opens a public page and waits until it has hydrated (the server-rendered ones) and drawn its data. */
async function openPublic(page: Page, address: string) {
  await page.goto(portal.baseUrl + address);
  if (address !== '/login' && address !== '/reg' && address !== '/no-such-page') await hydrated(page);
  await settled(page);
}

/** Opens a staff screen and waits for its heading and its data. */
async function openStaff(page: Page, address: string) {
  await page.goto(portal.baseUrl + address);
  await page.getByRole('main').getByRole('heading').first().waitFor();
  await settled(page);
}

/** A visitor's page and a logged-in clerk's at this width, for the describe block they are made in.
 *  Pages of contexts of their own: axe-core's builder opens frames through the page's context. */
function pagesAt(width: number) {
  const pages = {} as { visitor: Page; staff: Page };
  beforeAll(async () => {
    pages.visitor = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
    pages.staff = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
    await loginThroughForm(pages.staff, portal);
  });
  afterAll(async () => {
    await pages.visitor.context().close();
    await pages.staff.context().close();
  });
  return pages;
}

beforeAll(async () => {
  // Two slides: the home shows its slider with dots and the pause button.
  await addSlides(await officeSession(portal), 2);
});

describe.each([375, 1366])('axe-core at %i px', (width) => {
  const pages = pagesAt(width);

  it('covers the route table: every public page and staff screen', () => {
    expect(PUBLIC).toEqual(expect.arrayContaining(['/', '/seva', '/yojna-full', '/samiti-full', '/usermalmatta', '/login']));
    expect(STAFF).toEqual(expect.arrayContaining(['/admin', '/birthCertForm', '/addcarouselimages', '/siteProfile']));
  });

  it.each(PUBLIC)('public page %s has no critical or serious violation', async (address) => {
    await openPublic(pages.visitor, address);
    expect(await violations(pages.visitor)).toEqual([]);
  });

  it.each(STAFF)('staff screen %s has no critical or serious violation', async (address) => {
    await openStaff(pages.staff, address);
    expect(await violations(pages.staff)).toEqual([]);
  });
});

/** What sticks out past the viewport's right edge when the page scrolls sideways (WCAG 1.4.10
 *  reflow): the outermost such elements, [] when the page fits. A table or code block that scrolls
 *  inside its own box does not make the page scroll and is not listed. */
async function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const edge = root.clientWidth + 1;
    if (root.scrollWidth <= edge) return [];
    const out = [...document.body.querySelectorAll<HTMLElement>('*')].filter((e) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.right <= edge) return false;
      const parent = e.parentElement?.getBoundingClientRect();
      return !parent || parent.right <= edge;
    });
    const name = (e: HTMLElement) =>
      `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.classList.length ? '.' + [...e.classList].slice(0, 3).join('.') : ''} (${Math.round(e.getBoundingClientRect().right)} px)`;
    return [`scrollWidth ${root.scrollWidth} > ${root.clientWidth}`, ...out.slice(0, 5).map(name)];
  });
}

// 1366 px at 200% zoom lays out as 683 px; 320 px is WCAG 1.4.10's width (1280 px at 400%).
describe.each([683, 320])('reflow at %i px: no sideways scrolling', (width) => {
  const pages = pagesAt(width);

  /** The addresses that scroll sideways on `page`, with what sticks out. */
  async function overflowing(page: Page, addresses: string[], open: (page: Page, address: string) => Promise<unknown>) {
    const found: Record<string, string[]> = {};
    for (const address of addresses) {
      await open(page, address);
      const over = await sideways(page);
      if (over.length) found[address] = over;
    }
    return found;
  }

  it('on every public page', async () => {
    expect(await overflowing(pages.visitor, PUBLIC, openPublic)).toEqual({});
  }, 300_000);

  it('on every staff screen', async () => {
    expect(await overflowing(pages.staff, STAFF, openStaff)).toEqual({});
  }, 300_000);
});
