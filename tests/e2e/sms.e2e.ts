// /smsSend at phone width through the default `log` provider: the balance, the both-required
// message, the confirm modal with the message and its recipients, a wrong password refused with
// the spec's text, the right one sending, and the batch completing in the history.
import { describe, expect, it } from 'vitest';
import { officeSession, screenshot, typeDate, usePortal } from './helpers.ts';
import { rccHouse, tomorrowIso } from '../helpers/tax-seed.ts';

const { portal, staffPage } = usePortal();

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

describe('SMS notices', () => {
  it('sends a gram sabha notice through the log provider and sees the batch complete, at 375 px', async () => {
    // An owner with a mobile number: the notice has a recipient.
    const malmattaNo = `SMS-${Date.now().toString(36)}`;
    const registered = await (
      await officeSession(portal)
    ).call('POST', '/api/GrampanchayatImport/register-owner-property', rccHouse(malmattaNo, 'रमेश गणपत पाटील'));
    expect(registered).toMatchObject({ malmattaNo });

    const { page, errors } = await staffPage({ width: 375, height: 800 });
    await page.goto(`${portal.baseUrl}/smsSend`);
    await poll(() => page.getByTestId('sms-balance').textContent()).toContain('log');

    await page.getByRole('button', { name: 'ग्रामसभा संदेश पाठवा' }).click();
    await poll(() => page.getByTestId('sms-form-error').textContent()).toBe('कृपया तारीख आणि वेळ दोन्ही निवडा.');

    await typeDate(page.getByTestId('sms-date'), tomorrowIso());
    await page.getByTestId('sms-time').fill('11:30');
    await page.getByRole('button', { name: 'ग्रामसभा संदेश पाठवा' }).click();
    await poll(() => page.getByTestId('sms-preview').textContent()).toContain('11:30');
    expect(Number(await page.getByTestId('sms-recipients').textContent())).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'sms-confirm-375');
    await page.getByRole('button', { name: /पुढे/ }).click();

    await page.getByTestId('sms-password').fill('not-my-password-1');
    await page.getByRole('button', { name: /पाठवा \/ Send/ }).click();
    await poll(() => page.getByText('चुकीचा पासवर्ड. कृपया पुन्हा प्रयत्न करा.').count()).toBe(1);
    await page.getByTestId('sms-password').fill(portal.password);
    await page.getByRole('button', { name: /पाठवा \/ Send/ }).click();
    await poll(() => page.getByTestId('sms-banner').textContent()).toContain('ग्रामसभा संदेश यशस्वीरीत्या पाठवला!');

    const batch = page.getByTestId('sms-batch').first();
    await poll(() => batch.getAttribute('data-status')).toBe('done');
    expect(await batch.getByTestId('sms-batch-counts').textContent()).toMatch(/failed 0/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'sms-done-375');
    // The wrong password's 403 is the one failed request the browser logs.
    expect(errors.filter((e) => !/403/.test(e))).toEqual([]);
  });

  it('tells the clerk when someone else saved a template after the editor read it, and reloads it', async () => {
    const office = await officeSession(portal);
    const { page, errors } = await staffPage({ width: 1366, height: 900 });
    await page.goto(`${portal.baseUrl}/smsSend`);
    const editor = page.getByLabel('थकीत कर सूचना — साचा / template');
    await editor.waitFor();
    await editor.fill('मालमत्ता {malmattaNo}: कर {amount} थकीत. (माझा बदल)');
    // Another clerk saves the dues wording meanwhile.
    const other = 'मालमत्ता {malmattaNo}: कर {amount} भरावा. (दुसरा बदल)';
    const saved = await office.call('PUT', '/api/Sms/templates', { kind: 'dues', body: other });
    expect(saved.dues).toBe(other);
    // The second editor's button (gram sabha's comes first).
    await page.getByRole('button', { name: 'जतन करा / Save' }).nth(1).click();
    await poll(() => page.getByTestId('template-stale-dues').textContent()).toContain('दुसऱ्या कोणीतरी जतन केला आहे');
    await screenshot(page, 'sms-template-stale-1366');
    await page.getByTestId('template-stale-dues').getByRole('button', { name: 'पुन्हा लोड करा (Reload)' }).click();
    await poll(() => editor.inputValue()).toBe(other);
    expect(await page.getByTestId('template-stale-dues').count()).toBe(0);
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await page.close();
  });
});
