// Starts the real portal (built web app + API) for browser tests, and Chromium to drive it.
// Without DATABASE_URL the portal runs on a fresh embedded database with a known admin; with it,
// a fresh administrator account is added through the CLI first (the database may hold others).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { staffLogin } from '../helpers/http-api.ts';
import { unreachableDatabase } from '../helpers/app.ts';
import { fixture } from '../helpers/fixture.ts';
import { waitForPortal } from '../helpers/portal-ready.ts';
import { loadConfig } from '../../server/config.ts';
import { buildApp } from '../../server/app.ts';
import { CHROMIUM_PATH, CHROMIUM_FLAGS } from '../helpers/chromium.ts';
import { freePort } from '../helpers/free-port.ts';

export const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
export const screensDir = path.join(root, 'test-results/screens');

export interface Portal {
  baseUrl: string;
  username: string;
  password: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** `env`: more of the server's environment (a test moving its clock preloads libfaketime with it). */
export async function startPortal(opts: { env?: Record<string, string> } = {}): Promise<Portal> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-e2e-'));
  const port = await freePort();
  const password = 'Admin@12345';
  let username = 'admin';
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    E2E_CAPTCHA_PEEK: '1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    // No nightly backup: test portals on one PostgreSQL database would race for the day's (one makes
    // it, into its own folder), and a backup starting under a test changes what its screens show.
    // The schedule is tested with its own clock (tests/server/backups/schedule.test.ts).
    BACKUP_TIME: 'off',
  };
  // Only the server gets them: the account CLI below runs on the real clock.
  const serverEnv = opts.env ?? {};
  if (process.env.DATABASE_URL) {
    username = `e2e_${process.pid}_${Date.now().toString(36)}`;
    const cli = spawnSync(tsx, ['server/cli/user.ts', 'add', username, '--admin', '--password', password], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    if (cli.status !== 0) throw new Error(`could not add the e2e account: ${cli.stderr}`);
    // The public pages show this council's content.
    env.PUBLIC_USER_ID = /userId (\d+)/.exec(cli.stdout)![1];
    // And it is the portal's operator (the backups are the operator's alone).
    env.ADMIN_USERNAME = username;
  } else {
    env.ADMIN_USERNAME = username;
    env.ADMIN_PASSWORD = password;
  }
  const child: ChildProcess = spawn(tsx, ['server/main.ts'], {
    cwd: root,
    env: { ...env, ...serverEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  // A first start creates or migrates the database: on a machine busy with other work that takes
  // over a minute, so up to 110 s (the hook itself may take 120 s).
  await waitForPortal(baseUrl, child, { timeoutMs: 110_000, output: () => out });
  return {
    baseUrl,
    username,
    password,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const done = new Promise((r) => child.on('exit', r));
        child.kill('SIGTERM');
        await done;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The portal as a visitor meets it while its database server is down: the real build and API,
 *  in this process, on a database that refuses every connection (tests/helpers/app.ts). */
export async function startPortalWithoutDatabase(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-e2e-down-'));
  const database = await unreachableDatabase();
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: crypto.randomBytes(32).toString('hex') });
  const app = await buildApp({ ...config, webDist: path.join(root, 'web/dist'), sms: { ...config.sms, worker: false } }, database, false);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl,
    async stop() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/** The file's portal (startPortal) and Chromium (launchBrowser): started before its tests, stopped
 *  after them, with `staffPage` for a page logged in to it. `const { portal, browser, staffPage } =
 *  usePortal()` at a file's top. */
export function usePortal() {
  const portal = fixture('the portal', startPortal, (p) => p.stop());
  const browser = fixture('the browser', launchBrowser, (b) => b.close());
  /** A page of this size logged in as the portal's office (loginThroughForm), collecting its errors (watchErrors). */
  async function staffPage(viewport: { width: number; height: number }, options: { acceptDownloads?: boolean } = {}) {
    const page = await browser.newPage({ viewport, ...options });
    const errors = watchErrors(page);
    await loginThroughForm(page, portal);
    return { page, errors };
  }
  return { portal, browser, staffPage };
}

/** A server-rendered public page reads at once; its buttons answer once React has hydrated it
 *  (after the first paint, web/src/public/entry-client.tsx). Wait for that before clicking. */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Collects console errors and CSP violations so a test can insist there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** What the staff app told the clerk in its snackbar and asked in its confirmation dialog
 *  (web/src/components/feedback/FeedbackProvider.tsx), in order, as the clerk saw them: each notice
 *  is read and closed, each question answered `answer.confirm` (yes unless changed). Call before the
 *  page's first navigation. */
export async function watchFeedback(page: Page): Promise<{ seen: string[]; answer: { confirm: boolean } }> {
  const seen: string[] = [];
  const answer = { confirm: true };
  await page.exposeBinding('__feedbackSeen', (_source, kind: 'note' | 'confirm', text: string) => {
    seen.push(text);
    return kind === 'confirm' ? answer.confirm : true;
  });
  await page.addInitScript(() => {
    const read = (kind: string, text: string) =>
      (window as unknown as { __feedbackSeen: (kind: string, text: string) => Promise<boolean> }).__feedbackSeen(kind, text);
    const done = new WeakSet<Element>();
    const look = async () => {
      for (const note of document.querySelectorAll('.MuiSnackbar-root .MuiAlert-root')) {
        if (done.has(note)) continue;
        done.add(note);
        // Said once closed and gone, as an alert() returned once accepted: the next step sees the page without it.
        const text = note.querySelector('.MuiAlert-message')?.textContent ?? '';
        note.querySelector<HTMLButtonElement>('.MuiAlert-action button')?.click();
        while (note.isConnected) await new Promise((r) => setTimeout(r, 20));
        await read('note', text);
      }
      for (const title of document.querySelectorAll('#feedback-confirm-title')) {
        if (done.has(title)) continue;
        done.add(title);
        const yes = await read('confirm', title.textContent ?? '');
        const buttons = title.closest('[role="dialog"]')?.querySelectorAll<HTMLButtonElement>('.MuiDialogActions-root button');
        buttons?.[yes ? buttons.length - 1 : 0]?.click();
      }
    };
    new MutationObserver(() => void look()).observe(document, { childList: true, subtree: true });
  });
  return { seen, answer };
}

/** Types a date into a staff date box (web/src/components/form/DateField.tsx: day, month and year
 *  sections, dd/mm/yyyy) as a clerk does, its digits day first: '2020-08-15' goes in as 15082020.
 *  `box` is anything of the field: its hidden input (`[name=…]`), its label's target or the group.
 *  A date already there is cleared first. */
export async function typeDate(box: Locator, iso: string) {
  const [y, m, d] = iso.split('-');
  const group = box.locator('xpath=ancestor-or-self::*[@role="group"][1]').first();
  await group.locator('[role="spinbutton"]').first().click();
  const keyboard = box.page().keyboard;
  await keyboard.press('ControlOrMeta+a');
  await keyboard.press('Backspace');
  await keyboard.type(d + m + y);
}

/** Every text the element with data-testid `testId` takes from now on, each change as the DOM made
 *  it (a frame a screenshot or a read would miss included). Read the list with `.texts()`. */
export async function recordTexts(page: Page, testId: string): Promise<{ texts: () => Promise<string[]> }> {
  await page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`)!;
    const seen: string[] = [el.textContent ?? ''];
    new MutationObserver(() => {
      const now = el.textContent ?? '';
      if (now !== seen[seen.length - 1]) seen.push(now);
    }).observe(el, { subtree: true, childList: true, characterData: true });
    (window as unknown as Record<string, string[]>)[`__texts_${id}`] = seen;
  }, testId);
  return { texts: () => page.evaluate((id) => (window as unknown as Record<string, string[]>)[`__texts_${id}`], testId) };
}

/** What a staff date box shows: dd/mm/yyyy, or its empty sections' "dd/mm/yyyy". */
export async function shownDate(box: Locator): Promise<string> {
  const group = box.locator('xpath=ancestor-or-self::*[@role="group"][1]').first();
  return (await group.locator('.MuiPickersSectionList-root').textContent())?.replace(/[\u200b\u200e\u200f\u2066-\u2069]/g, '') ?? '';
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true });
}

/** Waits until no finite transition runs (a dialog fading in, an accordion opening), then takes the screenshot. */
export async function settledScreenshot(page: Page, name: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

/** Logs in through the login form and waits for the dashboard. While the office has not finished
 *  the first-run setup, a login opens it first; this leaves it for later, as an office may. */
export async function loginThroughForm(page: Page, portal: Portal) {
  await page.goto(`${portal.baseUrl}/login`);
  await page.getByLabel('Username').fill(portal.username);
  await page.getByLabel('Password').fill(portal.password);
  await page.getByRole('button', { name: 'लॉगिन (Login)' }).click();
  // The dashboard shows its heading only once it has decided not to open the setup.
  const dashboard = page.getByRole('heading', { level: 1, name: 'डॅशबोर्ड' });
  const later = page.getByRole('link', { name: 'नंतर करा (Later)' });
  await dashboard.or(later).first().waitFor();
  if (await later.isVisible()) {
    await later.click();
    await dashboard.waitFor();
  }
  await page.waitForURL(`${portal.baseUrl}/admin`);
}

/** The portal's administrator logged in through the API, for seeding what a test shows: its token,
 *  its council's id, and `call` for the API. */
export const officeSession = (portal: Portal) => staffLogin(portal.baseUrl, portal.username, portal.password);
export type Office = Awaited<ReturnType<typeof officeSession>>;

/** The office's site profile as a PUT takes it back. */
async function profileOf(office: Office) {
  const { createdByUserId: _c, updatedAt: _u, version: _v, ...profile } = await office.call('GET', '/api/Site/profile/mine');
  return profile;
}

/** Saves these fields into the office's site profile (header, home page), the rest as it was. */
export async function setProfile(office: Office, fields: Record<string, unknown>) {
  await office.call('PUT', '/api/Site/profile', { ...(await profileOf(office)), ...fields });
}

/** Runs `run` with the fields `change` answers for the profile saved into it, then puts the profile back as it was. */
export async function withProfile(
  office: Office,
  change: (profile: Record<string, unknown>) => Record<string, unknown>,
  run: () => Promise<void>,
) {
  const profile = await profileOf(office);
  try {
    await office.call('PUT', '/api/Site/profile', { ...profile, ...change(profile) });
    await run();
  } finally {
    await office.call('PUT', '/api/Site/profile', profile);
  }
}

const COLOURS = [
  { r: 46, g: 125, b: 50 },
  { r: 21, g: 101, b: 192 },
  { r: 239, g: 108, b: 0 },
];
/** A plain-coloured PNG (green, blue, orange by `i`), a home page slide. */
export const slidePng = (i: number, width = 1200, height = 675) =>
  sharp({ create: { width, height, channels: 3, background: COLOURS[i % COLOURS.length] } })
    .png()
    .toBuffer();

/** Uploads slides through the API, one caption each: 'स्लाइड 1', 'स्लाइड 2', … */
export async function addSlides(office: Office, count: number, from = 1) {
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.append('ImageFile', new Blob([new Uint8Array(await slidePng(from + i))], { type: 'image/png' }), `slide${from + i}.png`);
    form.append('BlogContent', `स्लाइड ${from + i}`);
    form.append('CreatedByUserId', String(office.councilId));
    await office.call('POST', '/api/Corosal', form);
  }
}
