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

beforeAll(async () => {
  // Two slides: the home shows its slider with dots and the pause button.
  await addSlides(await officeSession(portal), 2);
});

describe.each([375, 1366])('axe-core at %i px', (width) => {
  let visitor: Page;
  let staff: Page;
  // Pages of contexts of their own: axe-core's builder opens frames through the page's context.
  beforeAll(async () => {
    visitor = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
    staff = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
    await loginThroughForm(staff, portal);
  });
  afterAll(async () => {
    await visitor.context().close();
    await staff.context().close();
  });

  it('covers the route table: every public page and staff screen', () => {
    expect(PUBLIC).toEqual(expect.arrayContaining(['/', '/seva', '/yojna-full', '/samiti-full', '/usermalmatta', '/login']));
    expect(STAFF).toEqual(expect.arrayContaining(['/admin', '/birthCertForm', '/addcarouselimages', '/siteProfile']));
  });

  it.each(PUBLIC)('public page %s has no critical or serious violation', async (address) => {
    await visitor.goto(portal.baseUrl + address);
    if (address !== '/login' && address !== '/reg' && address !== '/no-such-page') await hydrated(visitor);
    await settled(visitor);
    expect(await violations(visitor)).toEqual([]);
  });

  it.each(STAFF)('staff screen %s has no critical or serious violation', async (address) => {
    await staff.goto(portal.baseUrl + address);
    await staff.getByRole('main').getByRole('heading').first().waitFor();
    await settled(staff);
    expect(await violations(staff)).toEqual([]);
  });
});
