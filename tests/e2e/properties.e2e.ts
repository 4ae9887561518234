// The property register (Namuna 8) as a clerk and a citizen meet it: a property registered through
// the form with the live assessment beside it, corrected in the update modal, transferred (ferfar),
// found by its ferfar number with its ownership history, and its Namuna 8 extract downloaded; the
// rates screen refusing a rate outside its legal band; the Excel import's dry run and import; a
// citizen finding the property on /usermalmatta and opening its certificate on /propertyqr/….
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated, screenshot, settledScreenshot, typeDate, watchErrors, usePortal } from './helpers.ts';

const { portal, browser, staffPage } = usePortal();

/** expect.poll with a ceiling fit for a loaded two-core machine (the default second is not); it
 *  returns as soon as the page is ready. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const thisYear = () => Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));

/** No horizontal scrolling at the page's width. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A clerk's page of this width, downloads allowed. */
const clerkPage = (width: number) => staffPage({ width, height: 900 }, { acceptDownloads: true });

describe('clerk', () => {
  it('registers a property and sees its tax computed as it types', async () => {
    const { page, errors } = await clerkPage(1366);
    await page.goto(portal.baseUrl + '/getAllInfo');
    await poll(() => page.getByText('कोणतीही मालमत्ता आढळली नाही').count()).toBe(1);
    await page.getByRole('tab', { name: /नवीन मालमत्ता नोंदणी/ }).click();

    await field(page, 'malkacheNav').fill('  रमेश पाटील ');
    await field(page, 'bhogwatdarakNav').fill('स्वतः');
    await field(page, 'mobileNo').pressSequentially('98765 43210');
    await field(page, 'malmattaNo').fill('12/अ');
    await field(page, 'gatNo').fill('45');
    await field(page, 'citySurveyNo').fill('102');
    await field(page, 'buildingType').selectOption('rcc');
    await field(page, 'usage').selectOption('residential');
    // The worked example of the domain notes: RCC, 50 m², land ₹1,200, 16 years old (pucca 0.80).
    await field(page, 'milkatBandhakamYear').fill(String(thisYear() - 16));
    await field(page, 'areaSqm').fill('50');
    await field(page, 'landRate').fill('1200');
    await poll(() => page.getByTestId('assessment-total').textContent()).toBe('₹1,276.00');
    expect(await page.getByTestId('assessment-bhandavaliRateRs').textContent()).toBe('₹7,80,000.00');
    expect(await page.getByTestId('assessment-gharpatti').textContent()).toBe('₹936.00');
    expect(await page.getByTestId('assessment-working').textContent()).toContain('घरपट्टी = ₹7,80,000.00 × 1.20 ÷ 1000 = ₹936.00');
    // A year in the future has no assessment, and says why.
    await field(page, 'milkatBandhakamYear').fill(String(thisYear() + 1));
    await poll(() => page.getByTestId('assessment-total').count()).toBe(0);
    await field(page, 'milkatBandhakamYear').fill(String(thisYear() - 16));
    await screenshot(page, 'property-register-form-1366');

    await page.getByRole('button', { name: 'नोंदणी करा (Register)' }).click();
    await poll(() => page.getByTestId('register-success').textContent()).toBe('मालमत्ता यशस्वीरीत्या नोंदवली गेली!');
    // The form is empty again, and the same number (in Devanagari digits) is refused by the server.
    expect(await field(page, 'malmattaNo').inputValue()).toBe('');
    await field(page, 'malkacheNav').fill('दुसरा मालक');
    await field(page, 'bhogwatdarakNav').fill('स्वतः');
    await field(page, 'mobileNo').fill('9876500000');
    await field(page, 'malmattaNo').fill('१२/अ');
    await field(page, 'gatNo').fill('46');
    await field(page, 'citySurveyNo').fill('103');
    await page.getByRole('button', { name: 'नोंदणी करा (Register)' }).click();
    await poll(() => page.getByTestId('register-error').textContent()).toContain('आधीच नोंदलेला आहे');

    await page.getByRole('tab', { name: /विद्यमान मालमत्ता/ }).click();
    await poll(() => page.getByTestId('property-card').count()).toBe(1);
    const card = page.getByTestId('property-card');
    expect(await card.textContent()).toContain('रमेश पाटील');
    expect(await card.getByTestId('card-total').textContent()).toBe('₹1,276.00');
    await screenshot(page, 'property-register-list-1366');
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await page.close();
  });

  it('records a transfer (ferfar) on /receipt8no, finds it by number and sees the ownership history', async () => {
    const { page, errors } = await clerkPage(1366);
    await page.goto(portal.baseUrl + '/receipt8no');
    await page.getByRole('tab', { name: /फेरफार नोंद/ }).click();
    const submit = page.getByRole('button', { name: 'फेरफार नोंदवा (Submit)' });
    expect(await submit.isDisabled()).toBe(true);
    // A required field left blank says so in the spec's words.
    await field(page, 'ferfar_karan').focus();
    await field(page, 'navin_malakache_nav').focus();
    await poll(() => page.getByText('Transfer Reason is required.').count()).toBe(1);

    // The property from the suggestions: its current owner and occupier come with it.
    await field(page, 'malmatta_no').pressSequentially('१२');
    await page.getByRole('option', { name: /12\/अ/ }).click();
    expect(await field(page, 'sadya_malakache_nav').inputValue()).toBe('रमेश पाटील');
    expect(await field(page, 'bhogwatadharak_nav').inputValue()).toBe('स्वतः');
    await field(page, 'ferfar_karan').fill('  खरेदी (Sale) ');
    await field(page, 'navin_malakache_nav').fill(' सीता जाधव ');
    await typeDate(field(page, 'ferfar_date'), '2025-06-01');
    expect(await submit.isDisabled()).toBe(true);
    await field(page, 'reference_no').fill('DEED-77');
    expect(await submit.isDisabled()).toBe(false);
    // The new owner's mobile is optional; typed, it must be a mobile number.
    await field(page, 'navin_malakache_mobile').fill('12345');
    expect(await submit.isDisabled()).toBe(true);
    await field(page, 'navin_malakache_mobile').fill('90000 12345');
    expect(await submit.isDisabled()).toBe(false);
    await settledScreenshot(page, 'property-transfer-form-1366');
    await submit.click();
    await poll(() => page.getByTestId('transfer-success').textContent()).toContain('Property transfer data submitted successfully!');
    expect(await page.getByTestId('transfer-success').textContent()).toContain('फेरफार क्रमांक 1');
    expect(await field(page, 'malmatta_no').inputValue()).toBe('');

    // The same transfer again names an owner who no longer holds the property: the server says so.
    await field(page, 'malmatta_no').fill('12/अ');
    await field(page, 'ferfar_karan').fill('खरेदी');
    await field(page, 'sadya_malakache_nav').fill('रमेश पाटील');
    await field(page, 'bhogwatadharak_nav').fill('स्वतः');
    await field(page, 'navin_malakache_nav').fill('कोणी तरी');
    await typeDate(field(page, 'ferfar_date'), '2025-06-02');
    await field(page, 'reference_no').fill('DEED-78');
    await submit.click();
    await poll(() => page.getByTestId('transfer-error').textContent()).toContain('Error: 409. The current owner of 12/अ is सीता जाधव');

    await page.goto(portal.baseUrl + '/ferfardata');
    await page.getByRole('button', { name: 'शोधा (Search)' }).click();
    expect(await page.getByTestId('ferfar-error').textContent()).toBe('कृपया फेरफार नंबर प्रविष्ट करा');
    await field(page, 'ferfarNumber').fill('2');
    await page.getByRole('button', { name: 'शोधा (Search)' }).click();
    await poll(() => page.getByTestId('ferfar-error').textContent()).toBe('मालमत्ता हस्तांतरण सापडले नाही');
    await field(page, 'ferfarNumber').fill('1');
    await page.getByRole('button', { name: 'शोधा (Search)' }).click();
    const card = page.getByTestId('ferfar-card');
    await poll(() => card.textContent()).toContain('सीता जाधव');
    // Trimmed, and the blank inheritance name went as NO.
    const text = (await card.textContent())!;
    expect(text).toContain('खरेदी (Sale)');
    expect(text).toContain('NO');
    expect(text).toContain('DEED-77');
    await page.getByRole('button', { name: /Ownership history of 12\/अ/ }).click();
    await poll(() => page.getByTestId('history-owner').count()).toBe(2);
    const owners = await page.getByTestId('history-owner').allTextContents();
    expect(owners[0]).toContain('सीता जाधव');
    expect(owners[0]).toContain('सध्याचे मालक');
    expect(owners[0]).toContain('फेरफार क्र. 1');
    expect(owners[1]).toContain('रमेश पाटील');
    expect(owners[1]).toContain('पूर्वीचे मालक');
    await screenshot(page, 'property-ferfar-lookup-1366');
    expect(errors.filter((e) => !/40[49]/.test(e))).toEqual([]);
    await page.close();
  });

  it('downloads the Namuna 8 extract from /receipt8no after the sum captcha, and from the register card', async () => {
    const { page, errors } = await clerkPage(1366);
    await page.goto(portal.baseUrl + '/receipt8no');
    const download = page.getByRole('button', { name: 'Download PDF' });
    // Typed but not chosen from the suggestions.
    await field(page, 'receiptMalmatta').fill('12/अ');
    await download.click();
    await poll(() => page.getByTestId('receipt-error').textContent()).toBe(
      'सूचनांमधून योग्य मालमत्ता क्रमांक निवडा. (Please select a valid Malmatta Number from the suggestions list.)',
    );
    await field(page, 'receiptMalmatta').fill('');
    await field(page, 'receiptMalmatta').pressSequentially('12');
    await page.getByRole('option', { name: /12\/अ/ }).click();
    const sum = async () => {
      const [a, b] = (await page.getByTestId('sum-captcha').textContent())!.match(/\d+/g)!.map(Number);
      return a + b;
    };
    await field(page, 'sumCaptcha').fill(String((await sum()) + 1));
    await download.click();
    await poll(() => page.getByTestId('receipt-error').textContent()).toBe(
      'कॅप्चा चुकीचा आहे, पुन्हा प्रयत्न करा. (Incorrect captcha. Please try again.)',
    );
    expect(await field(page, 'sumCaptcha').inputValue()).toBe('');
    await field(page, 'sumCaptcha').fill(String(await sum()));
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('Number8_12_अ.pdf');
    expect(
      fs
        .readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await poll(() => page.getByTestId('receipt-success').count()).toBe(1);

    await page.goto(portal.baseUrl + '/getAllInfo');
    await poll(() => page.getByTestId('property-card').count()).toBe(1);
    // The card shows the owner the transfer made.
    expect(await page.getByTestId('property-card').textContent()).toContain('सीता जाधव');
    const [fromCard] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'नमुना ८ PDF 12/अ' }).click()]);
    expect(fromCard.suggestedFilename()).toBe('Number8_12_अ.pdf');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('corrects a property in the update modal on a 375 px phone: the tax follows the new area', async () => {
    const { page, errors } = await clerkPage(375);
    await page.goto(portal.baseUrl + '/getAllInfo');
    await poll(() => page.getByTestId('property-card').count()).toBe(1);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'property-register-list-375');

    // Nothing changed: the modal just closes.
    await page.getByRole('button', { name: 'अद्ययावत 12/अ' }).click();
    await page.getByRole('button', { name: 'जतन करा (Save)' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'अद्ययावत 12/अ' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.locator('[name="malkacheNav"]').inputValue()).toBe('सीता जाधव');
    // The mobile typed on the transfer form is the new owner's.
    expect(await dialog.locator('[name="mobileNo"]').inputValue()).toBe('9000012345');
    await dialog.locator('[name="mobileNo"]').fill('9123456789');
    await dialog.locator('[name="areaSqm"]').fill('60');
    // 60 m²: (60 × ₹1,200 + 60 × ₹18,000 × 0.80) × 1.00 = ₹9,36,000; × 1.20 ÷ 1000 = ₹1,123.20; + 20 + 20 + 300.
    await poll(() => dialog.getByTestId('assessment-total').textContent()).toBe('₹1,463.20');
    await settledScreenshot(page, 'property-update-modal-375');
    await dialog.getByRole('button', { name: 'जतन करा (Save)' }).click();
    await poll(() => page.getByTestId('register-notice').textContent()).toContain('अद्ययावत केली');
    await poll(() => page.getByTestId('card-total').textContent()).toBe('₹1,463.20');
    expect(await page.getByTestId('property-card').textContent()).toContain('9123456789');

    await page.getByRole('tab', { name: /नवीन मालमत्ता नोंदणी/ }).click();
    await field(page, 'areaSqm').fill('20');
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'property-register-form-375');
    for (const path of ['/receipt8no', '/ferfardata']) {
      await page.goto(portal.baseUrl + path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
    }
    await page.goto(portal.baseUrl + '/receipt8no');
    await page.getByRole('tab', { name: /फेरफार नोंद/ }).click();
    await field(page, 'malmatta_no').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'property-transfer-form-375');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tells the clerk when someone else saved the property after the modal opened, and reloads it', async () => {
    const first = await clerkPage(1366);
    const second = await clerkPage(1366);
    for (const { page } of [first, second]) {
      await page.goto(portal.baseUrl + '/getAllInfo');
      await poll(() => page.getByTestId('property-card').count()).toBe(1);
      await page.getByRole('button', { name: 'अद्ययावत 12/अ' }).click();
    }
    const mine = first.page.getByRole('dialog');
    const theirs = second.page.getByRole('dialog');
    await mine.locator('[name="gatNo"]').fill('47');
    await theirs.locator('[name="citySurveyNo"]').fill('103');
    await theirs.getByRole('button', { name: 'जतन करा (Save)' }).click();
    await poll(() => second.page.getByTestId('register-notice').textContent()).toContain('अद्ययावत केली');

    await mine.getByRole('button', { name: 'जतन करा (Save)' }).click();
    await poll(() => mine.getByTestId('update-stale').textContent()).toContain('दुसऱ्या कोणीतरी बदलली आहे');
    await settledScreenshot(first.page, 'property-update-stale-1366');
    // Reload: the other clerk's change shows, the version is the new one, and the save goes through.
    await mine.getByRole('button', { name: 'पुन्हा लोड करा (Reload)' }).click();
    await poll(() => mine.locator('[name="citySurveyNo"]').inputValue()).toBe('103');
    expect(await mine.locator('[name="gatNo"]').inputValue()).toBe('45');
    await mine.locator('[name="gatNo"]').fill('47');
    await mine.getByRole('button', { name: 'जतन करा (Save)' }).click();
    await poll(() => first.page.getByTestId('register-notice').textContent()).toContain('अद्ययावत केली');
    expect(first.errors.filter((e) => !e.includes('409'))).toEqual([]);
    expect(second.errors).toEqual([]);
    await first.page.close();
    await second.page.close();
  });
}, 120_000);

describe('rates and import', () => {
  it('shows the server refusing a tax rate outside its legal band, then saves the council’s rates', async () => {
    const { page, errors } = await clerkPage(1366);
    await page.goto(portal.baseUrl + '/taxRates');
    await page.getByTestId('rates-default').waitFor();
    expect(await field(page, 'taxRate.rcc').inputValue()).toBe('1.20');
    await field(page, 'taxRate.rcc').fill('2.50');
    await page.getByRole('button', { name: 'दर जतन करा (Save rates)' }).click();
    await poll(() => page.getByTestId('rates-error').textContent()).toContain('RCC: the tax rate must be from 1.20 to 2.00');
    await settledScreenshot(page, 'property-rates-refused-1366');
    await field(page, 'taxRate.rcc').fill('1.5');
    await field(page, 'waterTax').fill('350');
    await page.getByRole('button', { name: 'दर जतन करा (Save rates)' }).click();
    await poll(() => page.getByTestId('rates-success').count()).toBe(1);
    await page.reload();
    await poll(() => field(page, 'taxRate.rcc').inputValue()).toBe('1.50');
    expect(await field(page, 'waterTax').inputValue()).toBe('350.00');
    expect(await page.getByTestId('rates-default').count()).toBe(0);
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);

    await page.setViewportSize({ width: 375, height: 900 });
    await page.reload();
    await field(page, 'landRate').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'property-rates-375');
    await page.close();
  });

  it('tells the clerk when someone else saved the rates after the screen opened, and reloads them', async () => {
    const first = await clerkPage(1366);
    const second = await clerkPage(1366);
    for (const { page } of [first, second]) {
      await page.goto(portal.baseUrl + '/taxRates');
      await field(page, 'landRate').waitFor();
    }
    await field(second.page, 'waterTax').fill('375');
    await second.page.getByRole('button', { name: 'दर जतन करा (Save rates)' }).click();
    await poll(() => second.page.getByTestId('rates-success').count()).toBe(1);

    await field(first.page, 'landRate').fill('1300');
    await first.page.getByRole('button', { name: 'दर जतन करा (Save rates)' }).click();
    await poll(() => first.page.getByTestId('rates-stale').textContent()).toContain('दुसऱ्या कोणीतरी बदलली आहे');
    await settledScreenshot(first.page, 'property-rates-stale-1366');
    await first.page.getByRole('button', { name: 'पुन्हा लोड करा (Reload)' }).click();
    await poll(() => field(first.page, 'waterTax').inputValue()).toBe('375.00');
    await field(first.page, 'landRate').fill('1300');
    await first.page.getByRole('button', { name: 'दर जतन करा (Save rates)' }).click();
    await poll(() => first.page.getByTestId('rates-success').count()).toBe(1);
    expect(await field(first.page, 'waterTax').inputValue()).toBe('375.00');
    expect(first.errors.filter((e) => !e.includes('409'))).toEqual([]);
    expect(second.errors).toEqual([]);
    await first.page.close();
    await second.page.close();
  });

  it('checks a workbook row by row, imports it only when every row is good, and a second import changes nothing', async () => {
    const { page, errors } = await clerkPage(1366);
    await page.goto(portal.baseUrl + '/propertyImport');
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Template (.xlsx)' }).click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await template.path())!);
    const sheet = wb.worksheets[0];
    const good = [
      ['101', 'अनिल शिंदे', 'स्वतः', '9822000001', '7', '301', 'घर', 'rcc', 'residential', 2015, 40],
      ['१०२/ब', 'सुमन कदम', 'स्वतः', '9822000002', '8', '302', 'दुकान', 'stoneCement', 'commercial', 2000, 25],
    ];
    sheet.addRow(good[0]);
    sheet.addRow(['103', '', 'स्वतः', '9822000003', '9', '303']);
    sheet.addRow(['104', 'राजू माने', 'स्वतः', '9822000004', '10', '304', '', 'rcc', 'residential', 2010, 'पन्नास']);
    sheet.addRow(good[1]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-import-'));
    const badFile = path.join(dir, 'register-bad.xlsx');
    await wb.xlsx.writeFile(badFile);

    await page.locator('input[name="workbook"]').setInputFiles(badFile);
    const dryRun = page.getByRole('button', { name: 'तपासा (Dry run)' });
    const importButton = page.getByRole('button', { name: 'आयात करा (Import)' });
    await dryRun.click();
    await poll(() => page.getByTestId('import-message').textContent()).toBe('2 rows need correcting; nothing was written.');
    const problems = await page.getByTestId('import-problem').allTextContents();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('ओळ 4');
    expect(problems[0]).toContain('malkacheNav');
    expect(problems[1]).toContain('ओळ 5');
    expect(problems[1]).toContain('areaSqm');
    expect(await importButton.isDisabled()).toBe(true);
    await screenshot(page, 'property-import-problems-1366');

    const goodBook = new ExcelJS.Workbook();
    await goodBook.xlsx.readFile((await template.path())!);
    for (const row of good) goodBook.worksheets[0].addRow(row);
    const goodFile = path.join(dir, 'register-good.xlsx');
    await goodBook.xlsx.writeFile(goodFile);
    await page.locator('input[name="workbook"]').setInputFiles(goodFile);
    await dryRun.click();
    await poll(() => page.getByTestId('import-message').textContent()).toBe('All 2 rows are good.');
    await importButton.click();
    await poll(() => page.getByTestId('import-message').textContent()).toBe('2 properties registered, 0 already there.');
    // The same file again: nothing new, so nothing to import.
    await dryRun.click();
    await poll(() => page.getByTestId('import-report').textContent()).toContain('already there 2');
    expect(await importButton.isDisabled()).toBe(true);

    // A file that is not a workbook gets the server's reason.
    const notXlsx = path.join(dir, 'notes.xlsx');
    fs.writeFileSync(notXlsx, 'just text');
    await page.locator('input[name="workbook"]').setInputFiles(notXlsx);
    await dryRun.click();
    await poll(() => page.getByTestId('import-error').textContent()).toContain('must be an Excel workbook (.xlsx)');
    fs.rmSync(dir, { recursive: true, force: true });

    await page.goto(portal.baseUrl + '/getAllInfo');
    await field(page, 'malmattaNoFilter').fill('102');
    await page.getByRole('button', { name: 'शोधा' }).click();
    await poll(() => page.getByTestId('property-card').allTextContents()).toEqual([expect.stringContaining('सुमन कदम')]);
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await page.close();
  });
}, 120_000);

/** The public council (PUBLIC_USER_ID, or the first account): its id is in the certificate links. */
const publicCouncil = async () => (await (await fetch(`${portal.baseUrl}/api/Site/profile`)).json()).result.createdByUserId as number;

/** What a person reads from the captcha image, from the e2e-only route (E2E_CAPTCHA_PEEK=1). */
async function captchaAnswer(page: Page): Promise<string> {
  const id = await page.getByTestId('captcha-image').getAttribute('data-captcha-id');
  const res = await fetch(`${portal.baseUrl}/api/test/captcha/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()).result.answer;
}

describe('citizen', () => {
  it('finds a property on /usermalmatta with the server-checked captcha and opens its certificate', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    const errors = watchErrors(page);
    // The public API calls the page makes: each autocomplete and search carries a solved proof of work.
    const calls: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/public/')) calls.push(new URL(r.url()));
    });
    await page.goto(portal.baseUrl + '/usermalmatta');
    const search = page.getByRole('button', { name: 'शोधा (Search)' });
    const captchaImage = page.getByTestId('captcha-image');
    // The server's HTML has the form and its captcha; it answers once React has taken it over.
    expect(await captchaImage.getAttribute('data-captcha-id')).toMatch(/^[0-9a-f-]{36}$/);
    await hydrated(page);
    await search.click();
    expect(await page.getByTestId('search-error').textContent()).toBe('कृपया सूचीमधून एक मालमत्ता निवडा');

    // By owner name: one Marathi letter is enough.
    await page.getByLabel(/मालकाचे नाव/).check();
    await page.locator('#prop-query').pressSequentially('सु');
    await poll(() => page.getByRole('option').allTextContents()).toEqual(['१०२/ब — सुमन कदम']);
    // By property number, from one character.
    await page
      .getByLabel(/मालमत्ता क्रमांक/)
      .first()
      .check();
    await page.locator('#prop-query').pressSequentially('1');
    await poll(() => page.getByRole('option').count()).toBe(3);
    await page.getByRole('option', { name: /12\/अ/ }).click();
    expect(await page.locator('#prop-query').inputValue()).toBe('12/अ');
    await search.click();
    expect(await page.getByTestId('search-error').textContent()).toBe('कॅप्चा आवश्यक आहे');

    // A wrong answer: the server's words, a new captcha, an empty box.
    const firstId = await captchaImage.getAttribute('data-captcha-id');
    await page.locator('#prop-captcha').fill('AAAAA');
    await search.click();
    await poll(() => page.getByTestId('search-error').textContent()).toBe('चुकीचा कॅप्चा कोड');
    await poll(() => captchaImage.getAttribute('data-captcha-id')).not.toBe(firstId);
    expect(await page.locator('#prop-captcha').inputValue()).toBe('');
    // The refresh button gives another one.
    const secondId = await captchaImage.getAttribute('data-captcha-id');
    await page.getByRole('button', { name: /Refresh captcha/ }).click();
    await poll(() => captchaImage.getAttribute('data-captcha-id')).not.toBe(secondId);
    await captchaImage.waitFor();
    await settledScreenshot(page, 'property-public-search-375');

    await page.locator('#prop-captcha').fill((await captchaAnswer(page)).toLowerCase());
    await search.click();
    await poll(() => page.getByTestId('result-owner').textContent()).toBe('सीता जाधव');
    // The proof of work ran unseen: challenges were fetched, and every suggestion and search sent its own solution.
    expect(calls.some((u) => u.pathname === '/api/public/pow')).toBe(true);
    const searches = calls.filter((u) => u.pathname.startsWith('/api/public/properties/'));
    expect(searches.length).toBeGreaterThanOrEqual(4);
    const solutions = searches.map((u) => u.searchParams.get('altcha'));
    expect(solutions.every((a) => !!a && JSON.parse(atob(a)).solution.counter > 0)).toBe(true);
    expect(new Set(solutions).size).toBe(solutions.length);
    // Outstanding tax first; this property has no tax record yet.
    expect(await page.getByTestId('no-dues').textContent()).toBe('या मालमत्तेसाठी थकीत कर माहिती उपलब्ध नाही');
    expect(await page.getByText('XXXXXX6789').count()).toBe(1);
    await page.getByRole('button', { name: /मालमत्ता तपशील/ }).click();
    const details = (await page.getByTestId('property-details').textContent())!;
    expect(details).toContain('60.00');
    // The rates saved above (RCC 1.50, water ₹375) apply to this tax year, which no demand has billed
    // yet (issue 26: only a billed year keeps its assessment): 936000 × 1.50 ÷ 1000 + 20 + 20 + 375.
    expect(details).toContain('₹1,819.00');
    // Every head the total adds up is listed, water too (issue 29, point 8).
    expect(details).toMatch(/पाणीपट्टी\s*Water\s*₹375\.00/);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'property-public-result-375');

    // The certificate link of the result: the number URL-encoded, slash and all, and signed, as the Namuna 8 QR writes it.
    const council = await publicCouncil();
    await page.getByRole('link', { name: /मालमत्ता कर प्रमाणपत्र/ }).click();
    await page.waitForURL(
      (url) => url.pathname === `/propertyqr/${encodeURIComponent('12/अ')}/${council}` && /^\?s=[\w-]{22}$/.test(url.search),
    );
    await poll(() => page.getByTestId('certificate-total').textContent()).toBe('₹1,819.00');
    const rows = (await page.getByTestId('certificate-rows').textContent())!;
    expect(rows).toContain('सीता जाधव');
    expect(rows).toContain('XXXXXX6789');
    expect(rows).toContain('₹9,36,000.00'); // building (capital) value
    expect(rows).toContain('N/A'); // no description
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'property-certificate-375');
    // Back returns to the search.
    await hydrated(page);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${portal.baseUrl}/usermalmatta`);
    await hydrated(page);

    // By owner name this time; the result's Back resets everything.
    await page.getByLabel(/मालकाचे नाव/).check();
    await page.locator('#prop-query').pressSequentially('सुमन');
    await page.getByRole('option', { name: /सुमन कदम/ }).click();
    await page.locator('#prop-captcha').fill(await captchaAnswer(page));
    await search.click();
    await poll(() => page.getByTestId('result-owner').textContent()).toBe('सुमन कदम');
    await page.getByRole('button', { name: /मागे/ }).click();
    expect(await page.locator('#prop-query').inputValue()).toBe('');
    expect(await page.locator('#prop-captcha').inputValue()).toBe('');
    expect(
      await page
        .getByLabel(/मालमत्ता क्रमांक/)
        .first()
        .isChecked(),
    ).toBe(true);
    await captchaImage.waitFor();
    // The one wrong captcha above is a 400, as it should be.
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await page.close();
  });

  it('shows a refusal for too many requests in Marathi and English, and the captcha sharp on a phone', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, deviceScaleFactor: 2 });
    const message = 'खूप विनंत्या. कृपया 42 सेकंदांनी पुन्हा प्रयत्न करा. / Too many requests from this address. Please try again in 42 seconds.';
    // The server's 429 for the search, as it answers an address over its limit (tests/server/security/public-property-limits.test.ts).
    await page.route(/\/api\/public\/properties\/[^/?]+\?captchaId=/, (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '42' },
        contentType: 'application/json',
        body: JSON.stringify({ isSuccess: false, message, result: null }),
      }),
    );
    await page.goto(portal.baseUrl + '/usermalmatta');
    await hydrated(page);
    await page.locator('#prop-query').pressSequentially('1');
    await page.getByRole('option', { name: /12\/अ/ }).click();
    await page.locator('#prop-captcha').fill('ABCDE');
    await page.getByRole('button', { name: 'शोधा (Search)' }).click();
    await poll(() => page.getByTestId('search-error').textContent()).toBe(message);
    // The picture: a WebP drawn at twice the size it is shown at, with a text for screen readers.
    const image = page.getByTestId('captcha-image');
    expect(await image.getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
    expect(await image.getAttribute('alt')).toContain('Captcha');
    expect(await image.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.getAttribute('width')])).toEqual([400, '200']);
    await settledScreenshot(page, 'property-public-search-375-2x');
    await page.close();
  });

  it('asks for a Western-digit number in Devanagari digits, says what is missing, and prints only the certificate', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const council = await publicCouncil();
    await page.goto(`${portal.baseUrl}/propertyqr/101/${council}`);
    // The server read it for the page, asking in Devanagari digits, and put its answer in the page.
    expect(await page.locator('#gp-data').textContent()).toContain(
      JSON.stringify(`/api/public/property-certificate/${encodeURIComponent('१०१')}/${council}`),
    );
    await poll(() => page.getByTestId('certificate-rows').textContent()).toContain('अनिल शिंदे');
    await screenshot(page, 'property-certificate-1366');

    await page.emulateMedia({ media: 'print' });
    const hidden = await page.evaluate(() =>
      ['.gp-appbar', '.gp-footer', '.prop-actions'].map((s) => getComputedStyle(document.querySelector(s)!).display),
    );
    expect(hidden).toEqual(['none', 'none', 'none']);
    await page.emulateMedia({ media: 'screen' });

    await page.goto(`${portal.baseUrl}/propertyqr/101`);
    await poll(() => page.getByRole('alert').textContent()).toBe('User ID is missing.');
    await page.goto(`${portal.baseUrl}/propertyqr/999/${council}`);
    await poll(() => page.getByRole('alert').textContent()).toBe('मालमत्तेचा दाखला उघडता आला नाही (Error: Network response was not ok)');
    expect(await page.getByTestId('certificate-reason').textContent()).toBe('No property data found.');

    await page.goto(`${portal.baseUrl}/usermalmatta`);
    await page.getByTestId('captcha-image').waitFor();
    await screenshot(page, 'property-public-search-1366');
    await page.close();
  });
}, 120_000);
