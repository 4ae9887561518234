// The tax books in a browser (issue 26): a clerk, with the server's clock moved two and a half
// years on, raises the missed tax years (the rollover's confirmation lists them oldest first, with
// the properties and the demand), takes a cheque, cancels it with a reason, remits an amount under a
// resolution, and prints the 9-क bill, the cancelled receipt and Namuna 9; the Namuna 9 and DCB
// screens show the same figures as the API. The server runs under libfaketime reading its time from
// a file (FAKETIME_TIMESTAMP_FILE, re-read on every call), so the test moves the clock by writing it;
// the browser's clock is set to the same instant (the payment date and the session read it).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, loginThroughForm, screenshot, startPortal, watchErrors, type Portal } from './helpers.ts';
import { apiCaller, type ApiCall } from '../helpers/http-api.ts';
import { seedTaxedHouse } from '../helpers/tax-seed.ts';
import { formatRupees } from '../../common/money.ts';

/** libfaketime of Debian's faketime package, wherever the architecture puts it. */
function faketimeLibrary(): string {
  for (const dir of fs.readdirSync('/usr/lib')) {
    const lib = path.join('/usr/lib', dir, 'faketime/libfaketime.so.1');
    if (fs.existsSync(lib)) return lib;
  }
  throw new Error('libfaketime not found: apt-get install faketime');
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-e2e-ledger-'));
const clockFile = path.join(work, 'faketime');
/** Tax year 2030-31, then 2033-34: 2031-32 and 2032-33 were never raised. */
const BEFORE = '2030-11-20 11:00:00';
const AFTER = '2033-05-10 11:00:00';
const shots = '/tmp/shots-web';

let portal: Portal;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** Moves the server's clock (UTC) and every browser context's to `when`. */
async function setClock(when: string) {
  fs.writeFileSync(clockFile, `@${when}\n`);
  for (const c of contexts) await c.clock.setFixedTime(new Date(`${when.replace(' ', 'T')}Z`));
}

beforeAll(async () => {
  fs.writeFileSync(clockFile, `@${BEFORE}\n`);
  portal = await startPortal({
    env: {
      LD_PRELOAD: faketimeLibrary(),
      FAKETIME_TIMESTAMP_FILE: clockFile,
      FAKETIME_NO_CACHE: '1',
      // Timers and timeouts keep the real pace; only the date moves.
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
      TZ: 'UTC',
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

async function staffPage(width: number): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 780 : 900 }, acceptDownloads: true });
  contexts.push(context);
  await context.clock.setFixedTime(new Date(`${fs.readFileSync(clockFile, 'utf8').trim().slice(1).replace(' ', 'T')}Z`));
  const page = await context.newPage();
  const errors = watchErrors(page);
  await loginThroughForm(page, portal);
  return { page, errors };
}

const tokenOf = async (page: Page) => JSON.parse((await page.evaluate(() => localStorage.getItem('session')))!).token as string;

/** Both in the test's folder and in /tmp/shots-web, where a person looks at them. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400); // transitions and the chart's animation end
  await screenshot(page, name);
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** Saves a download, returns its path and the text of its PDF (pdftotext -raw) when it is one. */
async function saved(download: import('playwright-core').Download) {
  const file = path.join(work, download.suggestedFilename());
  await download.saveAs(file);
  fs.mkdirSync(shots, { recursive: true });
  fs.copyFileSync(file, path.join(shots, download.suggestedFilename()));
  if (!file.endsWith('.pdf')) return { file, text: '' };
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, path.join(shots, path.basename(file, '.pdf'))]);
  return { file, text: execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }) };
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const snackbar = (page: Page) => page.locator('.MuiSnackbar-root');

describe('the tax books in the browser', () => {
  let call: ApiCall;
  let councilId: number;
  let owner101: number;

  it('raises the missed years after a confirmation that lists them, oldest first, with the demand', async () => {
    // Registered in 2030-31, with arrears from the old register.
    const first = await staffPage(1280);
    call = apiCaller(portal.baseUrl, await tokenOf(first.page));
    const house = await seedTaxedHouse(call, '१०१', { arrears: { magilGharpatti: '500' } });
    owner101 = house.property.ownerId;
    await seedTaxedHouse(call, '१०२', { owner: 'रमेश गणपत जाधव' });
    expect(house.kar.karupdatedYear).toBe(2030);
    await first.page.context().close();
    contexts.length = 0;

    await setClock(AFTER);
    // A phone first: it sees the same confirmation and cancels it; nothing is raised.
    const phone = await staffPage(360);
    const { page, errors } = await staffPage(1280);
    const token = await tokenOf(page);
    call = apiCaller(portal.baseUrl, token);
    councilId = JSON.parse((await page.evaluate(() => localStorage.getItem('session')))!).userId as number;
    const plan = await call('POST', `/api/KarImport/recalc-by-user/${councilId}?dryRun=true`);
    expect(plan.years.map((y: { financialYear: string }) => y.financialYear)).toEqual(['2031-32', '2032-33', '2033-34']);

    await phone.page.goto(`${portal.baseUrl}/karUpdate`);
    const phoneUpdate = phone.page.getByRole('button', { name: /Update current and previous tax/ });
    await expect.poll(() => phoneUpdate.isEnabled(), { timeout: 15_000 }).toBe(true);
    await phoneUpdate.click();
    const phoneDialog = phone.page.getByRole('dialog');
    await expect.poll(() => phoneDialog.getByTestId('rollover-demand').textContent()).toBe(formatRupees(plan.demand));
    expect(await fitsWidth(phone.page)).toBe(true);
    await shot(phone.page, 'ledger-rollover-confirm-360');
    await phoneDialog.getByRole('button', { name: 'रद्द करा / Cancel' }).click();
    await expect.poll(() => phoneDialog.count()).toBe(0);
    expect((await call('POST', `/api/KarImport/recalc-by-user/${councilId}?dryRun=true`)).years).toHaveLength(3);

    await page.goto(`${portal.baseUrl}/karUpdate`);
    const update = page.getByRole('button', { name: /Update current and previous tax/ });
    await expect.poll(() => update.isEnabled()).toBe(true);
    await update.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('rollover-plan').textContent()).toContain('2 मागील वर्षे राहिली होती');
    expect(await dialog.getByRole('heading').textContent()).toContain('2031-32, 2032-33, 2033-34');
    const rows = await dialog.getByTestId('rollover-plan').locator('tbody tr').allTextContents();
    expect(rows.map((r) => r.slice(0, 7))).toEqual(['2031-32', '2032-33', '2033-34']);
    expect(rows.every((r) => r.includes('2'))).toBe(true);
    expect(await dialog.getByTestId('rollover-demand').textContent()).toBe(formatRupees(plan.demand));
    expect(await dialog.getByTestId('rollover-plan').textContent()).toContain(`${plan.updated} मालमत्तांची`);
    await shot(page, 'ledger-rollover-confirm-1280');
    await dialog.getByRole('button', { name: 'मागणी करा / Raise demand' }).click();
    await expect.poll(() => snackbar(page).textContent()).toContain(`2 मालमत्तांची ${formatRupees(plan.demand)} मागणी केली`);
    expect(await snackbar(page).textContent()).toContain('(2 मागील वर्षे राहिली होती)');
    await expect.poll(() => update.isEnabled()).toBe(false);
    expect((await call('GET', `/api/KarImport/details-by-owner?ownerId=${owner101}`))[0].karupdatedYear).toBe(2033);

    // Asked again through the API: nothing to raise (409), and the year is not used up twice.
    const again = await fetch(`${portal.baseUrl}/api/KarImport/recalc-by-user/${councilId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.status).toBe(409);
    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  }, 240_000);

  it('takes a cheque, cancels it with a reason, remits under a resolution and prints the bill', async () => {
    const { page, errors } = await staffPage(1280);
    call = apiCaller(portal.baseUrl, await tokenOf(page));
    const karOf = async () => (await call('GET', `/api/KarImport/details-by-owner?ownerId=${owner101}`))[0];
    const start = await karOf();

    await page.goto(`${portal.baseUrl}/karMagni`);
    await page.getByLabel('मालमत्ता क्रमांक / Property No.').fill('101');
    await page.getByRole('option', { name: /१०१ — सुनीता रमेश पाटील/ }).click();
    await expect.poll(() => page.getByTestId('kar-total').textContent()).toBe(formatRupees(start.total));

    // A cheque: its number is required, and goes on the receipt with the bank.
    await page.getByLabel('भरणा प्रकार / Method').click();
    await page.getByRole('option', { name: 'धनादेश / Cheque' }).click();
    await page.locator('[name="paid_gharpatti"]').fill('1000');
    await page.getByRole('button', { name: 'कर भरा / Pay' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('धनादेश / ड्राफ्ट क्रमांक टाका');
    await page.getByLabel(/धनादेश क्रमांक/).fill('004512');
    await page.getByLabel('बँकेचे नाव / Bank').fill('बँक ऑफ महाराष्ट्र');
    expect(await page.getByRole('radio', { name: /Arrears first/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'कर भरा / Pay' }).click();
    const status = page.getByRole('status').filter({ hasText: 'पावती क्र.' });
    await expect.poll(() => status.textContent()).toContain('पावती क्र. 1 (2033-34), ₹1,000.00');
    const paid = await karOf();
    expect(paid.total).toBe((Number(start.total) - 1000).toFixed(2));
    await expect.poll(() => page.getByTestId('kar-total').textContent()).toBe(formatRupees(paid.total));
    // Arrears first: the oldest year's house tax is paid before this year's.
    expect(paid.chaluGharpatti).toBe(start.chaluGharpatti);

    await page.getByRole('button', { name: /भरणा इतिहास दाखवा/ }).click();
    const receipt = page.getByTestId('receipt-2033-34/1');
    await expect.poll(() => receipt.textContent()).toContain('₹1,000.00');
    expect(await receipt.textContent()).toContain('क्र. 004512');
    expect(await receipt.textContent()).toContain('वैध / Valid');
    await expect.poll(() => page.getByTestId('ledger-total').textContent()).toBe(formatRupees(paid.total));

    // The cheque bounces: the reason is required, the receipt stays numbered but cancelled.
    await page.getByRole('button', { name: 'पावती 2033-34/1 रद्द करा / Reverse' }).click();
    const reverse = page.getByRole('dialog');
    expect(await reverse.textContent()).toContain('₹1,000.00');
    expect(await reverse.textContent()).toContain('पावती क्रमांक वापरलेलाच राहील');
    await reverse.getByRole('button', { name: 'पावती रद्द करा / Cancel receipt' }).click();
    await expect.poll(() => reverse.textContent()).toContain('कारण आवश्यक आहे');
    await reverse.getByLabel(/रद्द करण्याचे कारण/).fill('धनादेश न वटता परत आला');
    await shot(page, 'ledger-reverse-1280');
    await reverse.getByRole('button', { name: 'पावती रद्द करा / Cancel receipt' }).click();
    await expect.poll(() => snackbar(page).textContent()).toContain('पावती 2033-34/1 रद्द केली');
    await expect.poll(() => receipt.textContent()).toContain('रद्द / Cancelled');
    expect(await receipt.getByTestId('cancel-reason').textContent()).toBe('धनादेश न वटता परत आला');
    await expect.poll(() => page.getByTestId('kar-total').textContent()).toBe(formatRupees(start.total));
    expect((await karOf()).total).toBe(start.total);
    expect(await page.getByRole('button', { name: 'पावती 2033-34/1 रद्द करा / Reverse' }).count()).toBe(0);

    const [receiptPdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'पावती 2033-34/1 PDF' }).click(),
    ]);
    const printedReceipt = await saved(receiptPdf);
    expect(printedReceipt.text).toContain('नमुना नं. १० — कर वसुली पावती');
    expect(printedReceipt.text).toContain('रद्द पावती — धनादेश न वटता परत आला');
    expect(printedReceipt.text).toContain('004512');
    expect(printedReceipt.text).toContain('बँक ऑफ महाराष्ट्र');

    // A remission of ₹100 of this year's house tax under the panchayat's resolution.
    await page.getByRole('button', { name: /माफी \/ दुरुस्ती/ }).click();
    const adjust = page.getByRole('dialog');
    expect(await adjust.getByLabel('कर वर्ष / Tax year').textContent()).toContain('2033-34');
    await adjust.getByRole('button', { name: 'माफी नोंदवा / Record remission' }).click();
    await expect.poll(() => adjust.getByText('आवश्यक / Required').count()).toBe(2);
    await adjust.getByLabel(/रक्कम ₹/).fill('100');
    await adjust.getByLabel(/ठराव क्रमांक/).fill('ठराव क्र. १२/२०३३');
    await adjust.getByLabel(/कारण/).fill('पुरात घराचे नुकसान / flood damage');
    await shot(page, 'ledger-remission-1280');
    await adjust.getByRole('button', { name: 'माफी नोंदवा / Record remission' }).click();
    await expect.poll(() => snackbar(page).textContent()).toContain('माफी नोंदवली / Remission recorded');
    const remitted = await karOf();
    expect(remitted.total).toBe((Number(start.total) - 100).toFixed(2));
    await expect.poll(() => page.getByTestId('kar-total').textContent()).toBe(formatRupees(remitted.total));
    await expect.poll(() => page.getByTestId('ledger-entries').textContent()).toContain('ठराव क्र. १२/२०३३');
    const ledger = await call('GET', `/api/KarImport/ledger?ownerId=${owner101}`);
    expect(await page.getByTestId('ledger-entries').locator('tbody tr').count()).toBe(ledger.entries.length);
    expect(await page.getByTestId('ledger-advance').textContent()).toBe(formatRupees(ledger.balance.advance));
    await shot(page, 'ledger-karmagni-1280');

    // The 9-क bill: this year's demand, the remission and what is owed.
    const [bill] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /मागणी बिल \(नमुना ९-क\)/ }).click()]);
    const printedBill = await saved(bill);
    expect(printedBill.text).toContain('नमुना नं. ९-क — कर मागणी बिल');
    expect(printedBill.text).toContain('सुनीता रमेश पाटील');
    expect(printedBill.text).toContain('2033-34');
    expect(printedBill.text).toContain('₹100.00');
    expect(printedBill.text).toContain(formatRupees(remitted.total));
    expect(errors).toEqual([]);
  }, 240_000);

  it('shows Namuna 9 and the DCB with the figures of the books, and prints Namuna 9', async () => {
    const { page, errors } = await staffPage(1280);
    call = apiCaller(portal.baseUrl, await tokenOf(page));
    const n9 = await call('GET', '/api/KarImport/namuna9?taxYear=2033&pageNumber=1&pageSize=25');
    const dcb = await call('GET', '/api/KarImport/dcb?taxYear=2033');
    const list = await call('GET', `/api/OwnerProperty/KarDetails?userId=${councilId}&pageNumber=1&pageSize=10`);
    // The registers agree with each other and with the tax list.
    expect(n9.totals.total.balance).toBe(dcb.total.closing);
    expect(dcb.total.closing).toBe(list.totals.total);
    expect(dcb.total.remitted).toBe('100.00');

    await page.goto(`${portal.baseUrl}/namuna9`);
    await expect.poll(() => page.getByTestId('n9-total-balance').textContent()).toBe(formatRupees(n9.totals.total.balance));
    for (const k of ['arrears', 'current', 'demand', 'collectedArrears', 'collectedCurrent', 'remitted'])
      expect(await page.getByTestId(`n9-total-${k}`).textContent()).toBe(formatRupees(n9.totals.total[k]));
    expect(await page.getByTestId('n9-count').textContent()).toContain('2');
    const table = await page.getByTestId('namuna9').textContent();
    expect(table).toContain('2033-34/1 (रद्द)');
    expect(table).toContain('माफी ठराव ठराव क्र. १२/२०३३');
    expect(table).toContain('रमेश गणपत जाधव');
    await shot(page, 'ledger-namuna9-1280');

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe('Namuna9_2033-34.pdf');
    const printed = await saved(pdf);
    expect(printed.text).toContain('नमुना नं. ९ — कर मागणी नोंदवही, कर वर्ष 2033-34');
    expect(printed.text).toContain('सुनीता रमेश पाटील');
    expect(printed.text).toContain('रमेश गणपत जाधव');
    expect(printed.text).toContain('सूट ठराव / Remission res. ठराव क्र. १२/२०३३');
    const [excel] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel' }).click()]);
    expect(excel.suggestedFilename()).toBe('namuna9-2033-34.xlsx');

    await page.goto(`${portal.baseUrl}/dcb`);
    await expect.poll(() => page.getByTestId('dcb-total-closing').textContent()).toBe(formatRupees(dcb.total.closing));
    for (const k of ['openingArrears', 'currentDemand', 'collectedArrears', 'collectedCurrent', 'remitted'])
      expect(await page.getByTestId(`dcb-total-${k}`).textContent()).toBe(formatRupees(dcb.total[k]));
    expect(await page.getByTestId('dcb-gharpatti-remitted').textContent()).toBe('₹100.00');
    await expect.poll(() => page.getByTestId('collection-chart').locator('svg').count()).toBeGreaterThan(0);
    await shot(page, 'ledger-dcb-1280');

    // An earlier year from the picker.
    const earlier = await call('GET', '/api/KarImport/dcb?taxYear=2032');
    await page.getByLabel('कर वर्ष / Tax year').click();
    await page.getByRole('option', { name: '2032-33' }).click();
    await expect.poll(() => page.getByTestId('dcb-total-closing').textContent()).toBe(formatRupees(earlier.total.closing));
    expect(await page.getByTestId('dcb-total-currentDemand').textContent()).toBe(formatRupees(earlier.total.currentDemand));
    expect(errors).toEqual([]);
  }, 240_000);

  it('fits a 360 px phone: the payment screen with its books, Namuna 9 and the DCB', async () => {
    const { page, errors } = await staffPage(360);
    await page.goto(`${portal.baseUrl}/karMagni`);
    await page.getByLabel('मालमत्ता क्रमांक / Property No.').fill('101');
    await page.getByRole('option', { name: /१०१/ }).click();
    await page.getByTestId('kar-total').waitFor();
    await page.getByRole('button', { name: /भरणा इतिहास दाखवा/ }).click();
    await page.getByTestId('ledger-entries').waitFor();
    await page.getByLabel('भरणा प्रकार / Method').click();
    await page.getByRole('option', { name: 'धनादेश / Cheque' }).click();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'ledger-karmagni-360');
    await page.getByRole('button', { name: /माफी \/ दुरुस्ती/ }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/रक्कम ₹/)
      .waitFor();
    await shot(page, 'ledger-remission-360');
    await page.getByRole('button', { name: 'रद्द करा / Cancel' }).click();

    for (const [path, ready, name] of [
      ['/namuna9', 'n9-total-balance', 'ledger-namuna9-360'],
      ['/dcb', 'dcb-total-closing', 'ledger-dcb-360'],
    ] as const) {
      await page.goto(`${portal.baseUrl}${path}`);
      await page.getByTestId(ready).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, name);
    }
    expect(errors).toEqual([]);
  }, 240_000);

  it('asks from when a rate change or a property change applies once the year is billed, and previews a revision', async () => {
    const { page, errors } = await staffPage(1280);
    call = apiCaller(portal.baseUrl, await tokenOf(page));
    const karOf = async () => (await call('GET', `/api/KarImport/details-by-owner?ownerId=${owner101}`))[0];
    const before = await karOf();

    // Water tax ₹300 → ₹350 for this billed year, under an order: the bills get corrections.
    await page.goto(`${portal.baseUrl}/taxRates`);
    await page.locator('[name="waterTax"]').fill('350');
    await page.getByRole('button', { name: 'दर जतन करा (Save rates)' }).click();
    const when = page.getByRole('dialog');
    await when.getByRole('radio', { name: /चालू कर वर्ष 2033-34 ला लागू/ }).check();
    await when.getByRole('button', { name: 'दर जतन करा / Save rates' }).click();
    await expect.poll(() => when.getByText('आवश्यक / Required').count()).toBe(1);
    await when.getByLabel(/आदेश \/ ठराव क्रमांक/).fill('आदेश क्र. ७/२०३३');
    await shot(page, 'ledger-rates-when-1280');
    await when.getByRole('button', { name: 'दर जतन करा / Save rates' }).click();
    await expect.poll(() => page.getByTestId('rates-success').textContent()).toContain('कर दर 2033-34 पासून लागू');
    expect(await page.getByTestId('rates-success').textContent()).toContain('2 मालमत्तांच्या चालू मागणीत दुरुस्ती');
    const corrected = await karOf();
    expect(corrected.chaluPanipatti).toBe((Number(before.chaluPanipatti) + 50).toFixed(2));
    const ledger = await call('GET', `/api/KarImport/ledger?ownerId=${owner101}`);
    expect(
      ledger.entries.some((e: { kind: string; reference: string }) => e.kind === 'correction' && e.reference === 'आदेश क्र. ७/२०३३'),
    ).toBe(true);

    // The land rate from next year (the default): this year's bill stays.
    await page.locator('[name="landRate"]').fill('1300');
    await page.getByRole('button', { name: 'दर जतन करा (Save rates)' }).click();
    expect(await when.getByRole('radio', { name: /पुढील कर वर्ष 2034-35 पासून/ }).isChecked()).toBe(true);
    await when.getByRole('button', { name: 'दर जतन करा / Save rates' }).click();
    await expect.poll(() => page.getByTestId('rates-success').textContent()).toContain('कर दर 2034-35 पासून लागू');
    await expect.poll(() => page.getByTestId('rates-from').count()).toBe(1);
    expect((await karOf()).total).toBe(corrected.total);

    // The general revision from 2034-35: the preview first, then applied after a confirmation.
    const plan = await call('POST', '/api/TaxRates/revision', { effectiveTaxYear: 2034, dryRun: true });
    await page.getByRole('button', { name: 'पूर्वावलोकन / Preview' }).click();
    await expect.poll(() => page.getByTestId('revision-new').textContent()).toBe(formatRupees(plan.newTotal));
    expect(await page.getByTestId('revision-old').textContent()).toBe(formatRupees(plan.oldTotal));
    expect(await page.getByTestId('revision-preview').locator('tbody tr').count()).toBe(plan.lines.length);
    await shot(page, 'ledger-revision-1280');
    await page.getByRole('button', { name: 'लागू करा / Apply' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'लागू करा / Apply' }).click();
    await expect.poll(() => snackbar(page).textContent()).toContain('फेरआकारणी 2034-35 पासून लागू');

    // A property's area changed, applied to this year under an order: a correction on its bill.
    const phone = await staffPage(360);
    await phone.page.goto(`${portal.baseUrl}/getAllInfo`);
    await phone.page.getByRole('button', { name: 'अद्ययावत १०१' }).click();
    const dialog = phone.page.getByRole('dialog');
    await dialog.locator('[name="areaSqm"]').fill('55');
    const ask = dialog.getByTestId('assessment-when');
    await ask.getByRole('radio', { name: /चालू कर वर्ष 2033-34 ला लागू/ }).check();
    await dialog.getByRole('button', { name: 'जतन करा (Save)' }).click();
    await expect.poll(() => dialog.getByTestId('update-error').textContent()).toContain('आदेश / ठराव क्रमांक टाका');
    await ask.getByLabel(/Order or resolution No/).fill('आदेश क्र. ९/२०३३');
    expect(await fitsWidth(phone.page)).toBe(true);
    await shot(phone.page, 'ledger-update-when-360');
    await dialog.getByRole('button', { name: 'जतन करा (Save)' }).click();
    await expect.poll(() => phone.page.getByTestId('register-notice').textContent()).toContain('अद्ययावत केली');
    const after = await call('GET', `/api/KarImport/ledger?ownerId=${owner101}`);
    expect(
      after.entries.some((e: { kind: string; reference: string }) => e.kind === 'correction' && e.reference === 'आदेश क्र. ९/२०३३'),
    ).toBe(true);
    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  }, 240_000);
});
