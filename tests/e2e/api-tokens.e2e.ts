// /apiTokens: make a token on the screen (name, a scope, a last day), see its secret once and use
// it against the API, see it listed, revoke it with the confirmation, and see the API refuse it.
import { describe, expect, it } from 'vitest';
import { screenshot, typeDate, usePortal } from './helpers.ts';

const { portal, staffPage } = usePortal();

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const nextYear = () => `${new Date().getUTCFullYear() + 1}-03-31`;

describe('API tokens screen', () => {
  it('creates a token, shows the secret once, lists it and revokes it', async () => {
    const { page, errors } = await staffPage({ width: 1280, height: 900 });
    await page
      .getByRole('link', { name: /API टोकन/ })
      .first()
      .click();
    await page.waitForURL(`${portal.baseUrl}/apiTokens`);
    await page.getByRole('heading', { level: 1, name: /API टोकन/ }).waitFor();

    // Nothing chosen: the screen says what is missing.
    await page.getByTestId('token-name').fill('जिल्हा डॅशबोर्ड');
    await page.getByRole('button', { name: 'टोकन तयार करा (Create token)' }).click();
    await poll(() => page.getByRole('alert').textContent()).toContain('Choose at least one scope');

    await page.getByRole('checkbox', { name: /प्रमाणपत्रे पाहणे/ }).check();
    await typeDate(page.getByRole('group', { name: /शेवटचा दिवस/ }), nextYear());
    await page.getByRole('button', { name: 'टोकन तयार करा (Create token)' }).click();
    const secretBox = page.getByTestId('token-secret-box');
    await secretBox.waitFor();
    expect(await secretBox.textContent()).toContain('हे पुन्हा दिसणार नाही');
    const secret = (await page.getByTestId('token-secret').textContent())!.trim();
    expect(secret).toMatch(/^gpp_[A-Za-z0-9_-]{43}$/);
    const rows = page.getByTestId('token-row');
    await poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('certificates:read');
    expect(await rows.first().textContent()).toContain(`31/03/${new Date().getUTCFullYear() + 1}`);
    expect(await rows.first().textContent()).not.toContain(secret);
    await screenshot(page, 'api-tokens-created');

    // The secret works against the API.
    const list = (token: string) =>
      fetch(`${portal.baseUrl}/api/BirthCertificate/paged?pageNumber=1&pageSize=5`, { headers: { authorization: `Bearer ${token}` } });
    const before = await list(secret);
    expect(before.status).toBe(200);
    expect(before.headers.get('ratelimit-limit')).toBe('120');

    // Once dismissed, the secret is gone from the screen; the list shows the use.
    await page.getByRole('button', { name: 'झाले (Done)' }).click();
    await secretBox.waitFor({ state: 'detached' });
    await page.reload();
    await poll(() => rows.first().textContent()).toContain('127.0.0.1');

    await rows.first().getByRole('button', { name: 'रद्द करा (Revoke)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshot(page, 'api-tokens-revoke');
    await dialog.getByRole('button', { name: 'रद्द करा (Revoke)' }).click();
    await poll(() => rows.first().getByTestId('token-status').textContent()).toBe('रद्द (Revoked)');
    expect(await rows.first().getByRole('button', { name: 'रद्द करा (Revoke)' }).count()).toBe(0);

    const after = await list(secret);
    expect(after.status).toBe(401);
    // On a phone the list scrolls sideways inside its box; the page itself does not.
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'api-tokens-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
  });
});
