// The app shell as a person meets it: home, login, dashboard, reload, logout, guard, phone drawer.
import { describe, expect, it } from 'vitest';
import { hydrated, loginThroughForm, screenshot, watchErrors, usePortal } from './helpers.ts';

const { portal, browser, staffPage } = usePortal();

describe('app shell', () => {
  it('logs in, stays logged in on reload, and logs out through the Marathi dialog', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(portal.baseUrl + '/');
    expect(await page.locator('html').getAttribute('lang')).toBe('mr');
    await expect.poll(() => page.getByRole('button', { name: 'योजना', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'home-1280');

    await loginThroughForm(page, portal);
    await expect.poll(() => page.getByRole('heading', { name: 'डॅशबोर्ड' }).isVisible()).toBe(true);
    const session = JSON.parse((await page.evaluate(() => localStorage.getItem('session')))!);
    expect(session).toMatchObject({ username: portal.username });
    expect(session.expiry - Date.now()).toBeGreaterThan(119 * 60 * 1000);
    expect(session.expiry - Date.now()).toBeLessThanOrEqual(120 * 60 * 1000);
    await screenshot(page, 'admin-1280');

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'डॅशबोर्ड' }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${portal.baseUrl}/admin`);

    // Header logout from a public page: dialog, cancel keeps the session, confirm ends it.
    await page.goto(portal.baseUrl + '/');
    await page.getByRole('button', { name: 'LOGOUT' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('लॉगआउट पुष्टीकरण').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('तुम्हाला खरोखर लॉगआउट करायचे आहे का?').isVisible()).toBe(true);
    await screenshot(page, 'logout-dialog');
    await page.getByRole('button', { name: 'रद्द करा' }).click();
    expect(await page.evaluate(() => localStorage.getItem('session'))).not.toBeNull();
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('session')))!).token as string;
    const meWith = () => fetch(`${portal.baseUrl}/api/User/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    expect(await meWith()).toBe(200);
    await page.getByRole('button', { name: 'LOGOUT' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'लॉगआउट' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'LOGIN' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
    // The logout ended the token on the server too (issue 13): a copy of it no longer works.
    await expect.poll(meWith).toBe(401);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the staff screens of one table: sidebar links, dashboard cards, each screen in the staff layout', async () => {
    const { page, errors } = await staffPage({ width: 1280, height: 800 });
    const nav = page.getByRole('navigation', { name: 'कर्मचारी मेनू' });
    await expect.poll(() => nav.getByRole('link').count()).toBe(22);
    expect(await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/admin',
      // The clerk's daily work first: the four certificate screens (issue 29).
      '/birthCertForm',
      '/deathCertForm',
      '/residentialCertForm',
      '/marriageCertForm',
      '/updateGhasara',
      '/getAllInfo',
      '/addcarouselimages',
      '/ferfardata',
      '/dashnews',
      '/karUpdate',
      '/namuna9',
      '/dcb',
      '/reconciliation',
      '/smsSend',
      '/taxRates',
      '/propertyImport',
      '/siteProfile',
      '/apiTokens',
      '/signingKey',
      '/audit',
      '/password',
    ]);
    await expect.poll(() => nav.getByRole('link', { name: 'डेटा एन्ट्री (घसारा) Data entry work' }).isVisible()).toBe(true);
    // The screen cards, below the certificate counts (which link to the certificate screens too) and
    // the first-run setup notice (which links to the setup).
    const cards = page.locator('main a:not(#certificate-counts a):not(#setup-notice a)');
    await expect
      .poll(() => cards.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      .toEqual([
        '/birthCertForm',
        '/deathCertForm',
        '/residentialCertForm',
        '/marriageCertForm',
        '/receipt8no',
        '/karMagni',
        '/siteProfile',
      ]);
    expect(await cards.nth(4).textContent()).toBe('नमुना ८नवीन नोंदणी — मालमत्ता नोंदवही (Form 8, new registration)');

    // Every screen of the table is built now: each opens inside the staff layout, the sidebar beside it.
    for (const path of ['/smsSend', '/karMagni', '/ferfardata']) {
      await page.goto(portal.baseUrl + path);
      await expect.poll(() => page.getByRole('main').getByRole('heading').first().isVisible()).toBe(true);
      expect(await page.getByTestId('coming-soon').count()).toBe(0);
      expect(await nav.isVisible()).toBe(true);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends a guarded route to /login, replacing the history entry', async () => {
    const page = await browser.newPage();
    await page.goto(portal.baseUrl + '/');
    await page.goto(portal.baseUrl + '/birthCertForm');
    await page.waitForURL(`${portal.baseUrl}/login`);
    await page.goBack();
    // /birthCertForm was replaced, so going back lands on the home page.
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('shows the server message for a wrong password and the required message for empty fields', async () => {
    const page = await browser.newPage();
    await page.goto(portal.baseUrl + '/login');
    await page.getByRole('button', { name: 'लॉगिन (Login)' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('कृपया वापरकर्ता नाव आणि पासवर्ड भरा. / Username and password are required.');
    // The message is tied to the empty fields.
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Username').getAttribute('aria-describedby')).toBe('login-error');
    await page.getByLabel('Username').fill(portal.username);
    await page.getByLabel('Password').fill('Wrong-password1');
    await page.getByRole('button', { name: 'लॉगिन (Login)' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('चुकीचे वापरकर्ता नाव किंवा पासवर्ड. / Wrong username or password.');
    expect(await page.getByLabel('Password').getAttribute('aria-describedby')).toBe('login-error');
    await page.close();
  });

  it('ends the session on the dashboard logout and after expiry', async () => {
    const page = await browser.newPage();
    await loginThroughForm(page, portal);
    await page.getByRole('button', { name: /Logout/ }).click();
    await page.waitForURL(`${portal.baseUrl}/login`);
    await loginThroughForm(page, portal);
    // An expired entry counts as logged out within the one-second poll.
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('session')!);
      localStorage.setItem('session', JSON.stringify({ ...s, expiry: Date.now() - 1 }));
    });
    await page.waitForURL(`${portal.baseUrl}/login`, { timeout: 5000 });
    await page.close();
  });

  it('opens deep links and shows a 404 page for unknown routes', async () => {
    const page = await browser.newPage();
    await page.goto(portal.baseUrl + '/birthqr/abc');
    await expect.poll(() => page.getByRole('heading', { name: /Birth Certificate|जन्म/ }).isVisible()).toBe(true);
    await page.goto(portal.baseUrl + '/no-such-page');
    await expect.poll(() => page.getByText('पृष्ठ सापडले नाही').isVisible()).toBe(true);
    await page.close();
  });

  it('on a 375 px phone the menu is a drawer with the five items', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    const errors = watchErrors(page);
    await page.goto(portal.baseUrl + '/');
    await hydrated(page);
    expect(await page.getByRole('button', { name: 'योजना', exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'मेनू उघडा' }).click();
    const drawer = page.getByRole('navigation', { name: 'मेनू' });
    for (const item of ['मुख्यपृष्ठ', 'ग्रामपंचायत', 'योजना', 'समिती', 'मालमत्ता तपशील']) {
      await expect.poll(() => drawer.getByText(item, { exact: true }).isVisible()).toBe(true);
    }
    // Measured once its slide-in has ended: during the transform the box read 280.0000305 once.
    const side = page.locator('dialog.gp-modal--side');
    await side.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    expect(await side.evaluate((el) => el.getBoundingClientRect().width)).toBe(280);
    await screenshot(page, 'drawer-375');
    await drawer.getByText('मालमत्ता तपशील').click();
    await page.waitForURL(`${portal.baseUrl}/usermalmatta`);
    // No horizontal scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await loginThroughForm(page, portal);
    await expect.poll(() => page.getByRole('heading', { name: 'डॅशबोर्ड' }).isVisible()).toBe(true);
    await screenshot(page, 'admin-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
    await page.close();
  });
});
