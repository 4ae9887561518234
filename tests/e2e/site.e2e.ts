// The public website as a visitor meets it (carousel, village information, schemes, committees,
// news) and the staff screens behind it (home page photos, news, site profile).
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  addSlides as addSlidesAs,
  hydrated,
  loginThroughForm,
  officeSession,
  screenshot,
  screensDir,
  setProfile,
  shownDate,
  slidePng,
  typeDate,
  watchErrors,
  watchFeedback,
  type Office,
  usePortal,
  withProfile,
} from './helpers.ts';
import { staffLogin } from '../helpers/http-api.ts';
import { VILLAGE } from '../helpers/village.ts';

let office: Office;
let councilId = 0;
const call = (method: string, path: string, body?: unknown) => office.call(method, path, body);

const { portal, browser, staffPage } = usePortal();
beforeAll(async () => {
  office = await officeSession(portal);
  councilId = office.councilId;
  // The office has entered its village: a new portal shows none of this (firstrun.e2e.ts).
  await setProfile(office, VILLAGE);
});

/** What is on the screen (a modal, once it has faded in), rather than the whole page. */
async function screenshotView(page: Page, name: string) {
  fs.mkdirSync(screensDir, { recursive: true });
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(screensDir, `${name}.png`) });
}

const png = slidePng;
const addSlides = (count: number, from = 1) => addSlidesAs(office, count, from);
const listSlides = () => call('GET', `/api/Corosal/by-user/${councilId}`) as Promise<{ corosalId: number }[]>;
async function clearSlides() {
  for (const s of await listSlides()) await call('DELETE', `/api/Corosal/${s.corosalId}`);
}

/** Opens / and waits for the site profile's content (the stats grid). `waitUntil`: 'commit' when
 *  the test holds the slide images, which are in the server's HTML (the load event waits for them). */
async function home(page: Page, waitUntil: 'load' | 'commit' = 'load') {
  await page.goto(portal.baseUrl + '/', { waitUntil });
  await expect.poll(() => page.getByRole('heading', { name: 'ग्रामपंचायत माहिती' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByTestId('stat').count()).toBe(5);
  await hydrated(page);
}

/** A new council account (registered by the office, an administrator), logged in. */
async function otherCouncil(prefix: string) {
  const username = `${prefix}-${Date.now()}`;
  const password = 'Other-council-2026';
  await call('POST', '/api/User/register', { username, email: `${username}@example.org`, password });
  return { username, password, session: await staffLogin(portal.baseUrl, username, password) };
}

/** The server renders / with the public council's slides and news in it (issue 12): a visitor's
 *  browser reads neither. A clerk of another council sees their own (spec 6), which the browser
 *  reads after the page has loaded: this logs the page in as such a clerk (an empty council). */
let otherSession: Record<string, unknown> | undefined;
async function asOtherCouncil(page: Page) {
  if (!otherSession) {
    const { username, session } = await otherCouncil('gp-reader');
    otherSession = {
      username,
      createdByUser_Id: session.councilId,
      userId: session.councilId,
      token: session.token,
      expiry: Date.now() + 3600_000,
    };
  }
  await page.addInitScript((s) => localStorage.setItem('session', JSON.stringify(s)), otherSession);
}

/** Times (ms) at which the active dot of the slider changes, `count` changes. */
function dotChanges(page: Page, count: number) {
  return page.evaluate(
    (n) =>
      new Promise<number[]>((resolve) => {
        const dots = document.querySelector('.slick-dots')!;
        const active = () => Array.from(dots.children).findIndex((li) => li.classList.contains('slick-active'));
        let last = active();
        const times: number[] = [];
        const observer = new MutationObserver(() => {
          const now = active();
          if (now === last) return;
          last = now;
          times.push(performance.now());
          if (times.length >= n) {
            observer.disconnect();
            resolve(times);
          }
        });
        observer.observe(dots, { subtree: true, attributes: true, attributeFilter: ['class'] });
      }),
    count,
  );
}
const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]);
const activeDot = (page: Page) =>
  page.locator('.slick-dots li').evaluateAll((lis) => lis.findIndex((li) => li.classList.contains('slick-active')));

describe('home page carousel', () => {
  it('shows Loading Carousel... while reading and the empty message with no slides, at 1280 px', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    // A visitor's first HTML already says so: the server read the (empty) list.
    const first = await (await fetch(portal.baseUrl + '/')).text();
    expect(first).toContain('No carousel images available');
    expect(first).not.toContain('Loading Carousel...');
    // A clerk's own slides are read in the browser.
    await asOtherCouncil(page);
    await page.route('**/api/Corosal/by-user/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(portal.baseUrl + '/');
    // The clerk's session is the browser's: the page reads their slides once it is live.
    await hydrated(page);
    await expect.poll(() => page.getByText('Loading Carousel...').isVisible()).toBe(true);
    release();
    await expect.poll(() => page.getByText('No carousel images available').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'ग्रामपंचायत माहिती' }).isVisible()).toBe(true);
    await screenshot(page, 'site-home-empty-1280');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the empty message when the read fails', async () => {
    const page = await browser.newPage();
    await asOtherCouncil(page);
    await page.route('**/api/Corosal/by-user/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"isSuccess":false,"message":"down","result":null}' }),
    );
    await page.goto(portal.baseUrl + '/');
    await expect.poll(() => page.getByText('No carousel images available').isVisible()).toBe(true);
    await page.close();
  });

  it('shows one slide as a static image with its caption, the first image fetched first', async () => {
    await addSlides(1);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await home(page);
    const slide = page.getByTestId('slide');
    await expect.poll(() => slide.count()).toBe(1);
    expect(await page.locator('.slick-slider').count()).toBe(0);
    await expect.poll(() => page.getByTestId('slide-caption').textContent()).toBe('स्लाइड 1');
    const img = slide.locator('img');
    expect(await img.getAttribute('fetchpriority')).toBe('high');
    expect(await img.getAttribute('loading')).toBe('eager');
    expect(await img.getAttribute('srcset')).toMatch(/-800\.webp 800w, .*\.webp 1600w/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await page.getByText('Loading image...').count()).toBe(0);
    // A 1280 px screen takes the 1600 px file, not the phone one.
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).not.toMatch(/-800\.webp$/);
    await screenshot(page, 'site-home-one-slide-1280');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows Loading image... until the image arrives and Image not available when it fails', async () => {
    const page = await browser.newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/uploads/carousel/**', async (route) => {
      await held;
      await route.abort();
    });
    await home(page, 'commit');
    await expect.poll(() => page.getByText('Loading image...').isVisible()).toBe(true);
    release();
    await expect.poll(() => page.getByText('Image not available').isVisible()).toBe(true);
    await page.close();
  });

  it('turns three slides into an autoplaying slider with dots and no arrows that pauses on hover', async () => {
    await addSlides(2, 2);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await home(page);
    await expect.poll(() => page.locator('.slick-dots li').count()).toBe(3);
    expect(await page.locator('.slick-arrow').count()).toBe(0);
    // In upload order, newest last; every slide has its caption, and the phone version is in each srcset.
    await expect
      .poll(() => page.locator('.slick-slide:not(.slick-cloned) [data-testid=slide-caption]').allTextContents())
      .toEqual(['स्लाइड 1', 'स्लाइड 2', 'स्लाइड 3']);
    await page.mouse.move(5, 790);
    const times = await dotChanges(page, 3);
    for (const gap of gaps(times)) {
      expect(gap).toBeGreaterThan(3600);
      expect(gap).toBeLessThan(4600);
    }
    await screenshot(page, 'site-home-three-slides-1280');

    // Hovered: it stays; left: it moves on.
    await page.getByTestId('carousel-slider').hover();
    const before = await activeDot(page);
    await page.waitForTimeout(5000);
    expect(await activeDot(page)).toBe(before);
    await page.mouse.move(5, 790);
    await expect.poll(() => activeDot(page), { timeout: 6000 }).not.toBe(before);

    // Swipe: dragging the slide to the left shows the next one (once a running slide change is over).
    const box = (await page.getByTestId('carousel-slider').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.waitForTimeout(1200);
    const now = await activeDot(page);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => activeDot(page), { timeout: 3000 }).toBe((now + 1) % 3);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('uses 3000 ms autoplay and the phone images on a 375 px screen', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await home(page);
    await expect.poll(() => page.locator('.slick-dots li').count()).toBe(3);
    const first = page.locator('.slick-slide:not(.slick-cloned) img').first();
    await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/-800\.webp$/);
    const times = await dotChanges(page, 3);
    for (const gap of gaps(times)) {
      expect(gap).toBeGreaterThan(2600);
      expect(gap).toBeLessThan(3600);
    }
    await page.close();
  });

  it('changes slide on a finger swipe on a touch phone', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    await home(page);
    await expect.poll(() => page.locator('.slick-dots li').count()).toBe(3);
    // Right after an automatic change, so no slide change is running and the next is 3 s away.
    await dotChanges(page, 1);
    await page.waitForTimeout(700);
    const now = await activeDot(page);
    const box = (await page.getByTestId('carousel-slider').boundingBox())!;
    const y = box.y + box.height / 2;
    const touch = await page.context().newCDPSession(page);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 300, y }] });
    for (let x = 270; x >= 60; x -= 30) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => activeDot(page), { timeout: 1500 }).toBe((now + 1) % 3);
    await page.close();
  });
});

describe('village information, schemes and committees', () => {
  it('shows the stats and opens the schools and anganwadi lists, closing by button, overlay and Escape', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await home(page);
    for (const text of ['2,500+', 'लोकसंख्या', '450+', '300+ एकर', 'अंगणवाडी केंद्रे', 'प्राथमिक आरोग्य केंद्र – 24/7 सेवा', '100% विद्युतीकरण']) {
      expect(await page.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
    }
    const schools = page.getByTestId('stat').filter({ hasText: 'शाळा' });
    await schools.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('गावातील शाळा').isVisible()).toBe(true);
    expect(await dialog.getByTestId('centre').count()).toBe(3);
    const first = await dialog.getByTestId('centre').first().textContent();
    expect(first).toContain('जिल्हा परिषद प्राथमिक शाळा');
    expect(first).toContain('मुख्याध्यापक: श्री. सुनील पाटील');
    expect(first).toContain('विद्यार्थी संख्या: 160');
    expect(first).toContain('शिक्षक संख्या: 6');
    await screenshotView(page, 'site-schools-modal-1280');
    await dialog.getByRole('button', { name: 'बंद करा' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByTestId('stat').filter({ hasText: 'अंगणवाडी' }).click();
    await expect.poll(() => dialog.getByText('अंगणवाडी केंद्रे').isVisible()).toBe(true);
    expect(await dialog.getByTestId('centre').count()).toBe(2);
    await page.mouse.click(10, 400); // the overlay
    await expect.poll(() => dialog.count()).toBe(0);

    await schools.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('filters the schemes by beneficiary and shows the details in a modal closed with Escape', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await home(page);
    const cards = page.getByTestId('scheme-card');
    await expect.poll(() => cards.count()).toBe(10);
    const filter = page.getByLabel('लाभार्थी प्रकार');
    expect(await filter.locator('option').allTextContents()).toEqual([
      'सर्व',
      'शेतकरी',
      'विद्यार्थी',
      'महिला',
      'ज्येष्ठ नागरिक',
      'सर्वसाधारण',
      'व्यावसायिक',
    ]);
    await filter.selectOption('Farmer');
    await expect.poll(() => cards.count()).toBe(2);
    for (const text of await cards.allTextContents()) expect(text).toContain('शेतकरी');
    await filter.selectOption('Senior');
    await expect.poll(() => cards.count()).toBe(1);

    await cards.first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('श्रावणबाळ सेवा राज्य निवृत्तीवेतन योजना').isVisible()).toBe(true);
    // The home page carries the cards only: the dialog reads eligibility and benefits when it opens.
    for (const heading of ['तपशील', 'पात्रता', 'लाभ'])
      await expect.poll(() => dialog.getByRole('heading', { name: heading, exact: true }).count()).toBe(1);
    expect(await dialog.getByText('वय 65 वर्षे किंवा अधिक').isVisible()).toBe(true);
    // 'Apply' and 'download form' do nothing: the modal stays, no navigation.
    await dialog.getByRole('button', { name: 'अर्ज करा' }).click();
    await dialog.getByRole('button', { name: 'फॉर्म डाउनलोड करा' }).click();
    expect(await dialog.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshotView(page, 'site-scheme-modal-1280');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await filter.selectOption('All');
    await expect.poll(() => cards.count()).toBe(10);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says no scheme was found when a category has none', async () => {
    await withProfile(
      office,
      (body) => ({ schemes: (body.schemes as { beneficiary: string }[]).filter((s) => s.beneficiary !== 'Business') }),
      async () => {
        const page = await browser.newPage();
        await home(page);
        await page.getByLabel('लाभार्थी प्रकार').selectOption('Business');
        await expect.poll(() => page.getByText('कोणतीही योजना आढळली नाही').isVisible()).toBe(true);
        expect(await page.getByTestId('scheme-card').count()).toBe(0);
        await page.close();
      },
    );
  });

  it('shows the four committees with their office bearers, members and responsibilities', async () => {
    const page = await browser.newPage();
    await home(page);
    const committees = page.locator('#samiti').getByTestId('committee');
    await expect.poll(() => committees.count()).toBe(4);
    expect(await committees.locator('h3').allTextContents()).toEqual([
      'ग्राम शिक्षण समिती',
      'ग्राम आरोग्य समिती',
      'पाणीपुरवठा समिती',
      'ग्राम स्वच्छता समिती',
    ]);
    const health = await committees.nth(1).textContent();
    for (const part of ['अध्यक्ष', 'सरपंच', 'उपाध्यक्ष', 'महिला ग्रामपंचायत सदस्य', 'सदस्य', 'आशा स्वयंसेविका', 'जबाबदाऱ्या', 'कुपोषण निर्मूलन'])
      expect(health).toContain(part);
    await page.close();
  });

  it('opens the services, schemes and committees pages', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    for (const path of ['/seva-full', '/seva']) {
      await page.goto(portal.baseUrl + path);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'ग्रामपंचायत सेवा' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('service').count()).toBe(8);
    }
    await screenshot(page, 'site-services-1280');
    await page.goto(portal.baseUrl + '/yojna-full');
    await expect.poll(() => page.getByTestId('scheme-card').count()).toBe(10);
    await hydrated(page);
    await page.getByLabel('लाभार्थी प्रकार').selectOption('Women');
    await expect.poll(() => page.getByTestId('scheme-card').count()).toBe(2);
    await page.goto(portal.baseUrl + '/samiti-full');
    await expect.poll(() => page.getByTestId('committee').count()).toBe(4);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("footer: the quick links open the pages they name, an icon only for the office's own social address, no newsletter box", async () => {
    await withProfile(
      office,
      () => ({ facebookUrl: 'https://www.facebook.com/gp.sonagaon', twitterUrl: '', instagramUrl: '' }),
      async () => {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await home(page);
        const footer = page.locator('footer');
        // Nothing in the footer points nowhere.
        expect(await footer.locator('a[href="#"]').count()).toBe(0);
        expect(await footer.locator('input, form').count()).toBe(0);
        const facebook = footer.getByRole('link', { name: 'फेसबुक (Facebook)' });
        expect(await facebook.getAttribute('href')).toBe('https://www.facebook.com/gp.sonagaon');
        expect(await footer.getByRole('link', { name: /Instagram|Twitter/ }).count()).toBe(0);
        await footer.getByRole('link', { name: 'संपर्क' }).click();
        await expect.poll(() => page.evaluate(() => location.hash)).toBe('#contact');
        await footer.getByRole('link', { name: 'योजना' }).click();
        await page.waitForURL('**/yojna-full');
        await expect.poll(() => page.getByTestId('scheme-card').count()).toBe(10);
        await page.locator('footer').getByRole('link', { name: 'समित्या' }).click();
        await page.waitForURL('**/samiti-full');
        await expect.poll(() => page.getByTestId('committee').count()).toBe(4);
        await page.close();
      },
    );
  });
});

describe('latest news', () => {
  it('says there is no news when there are no posts, and when the read fails; never invented items', async () => {
    const page = await browser.newPage();
    await home(page);
    const empty = page.getByTestId('news-empty');
    await expect.poll(() => empty.textContent()).toBe('अद्याप कोणतीही बातमी नाही.');
    expect(await page.getByTestId('news-item').count()).toBe(0);
    await asOtherCouncil(page);
    await page.route('**/api/Blog/by-user/**', (route) => route.abort());
    await page.reload();
    await hydrated(page);
    await expect.poll(() => empty.textContent()).toBe('बातम्या सध्या उपलब्ध नाहीत.');
    expect(await page.getByTestId('news-item').count()).toBe(0);
    await page.close();
  });

  it('shows the posts newest first with mr-IN dates', async () => {
    const older = await call('POST', '/api/Blog', {
      blogTitle: 'पाणीपट्टी भरण्याची शेवटची तारीख',
      blogContent: 'ग्रामस्थांनी थकीत पाणीपट्टी भरावी.',
      eventDate: '2026-01-26',
      createdByUserId: councilId,
    });
    const newer = await call('POST', '/api/Blog', {
      blogTitle: 'विशेष ग्रामसभा',
      blogContent: 'दिनांक १५ ऑगस्ट रोजी सकाळी ११ वाजता.',
      eventDate: '2026-08-15',
      createdByUserId: councilId,
    });
    try {
      const page = await browser.newPage();
      const errors = watchErrors(page);
      await home(page);
      const items = page.getByTestId('news-item');
      await expect.poll(() => items.count()).toBe(2);
      expect(await page.getByTestId('news-empty').count()).toBe(0);
      expect(await items.locator('h4').allTextContents()).toEqual(['विशेष ग्रामसभा', 'पाणीपट्टी भरण्याची शेवटची तारीख']);
      const expected = await page.evaluate(
        (iso) => new Date(iso).toLocaleDateString('mr-IN', { day: 'numeric', month: 'long', year: 'numeric' }),
        newer.eventDate,
      );
      expect(await items.first().getByTestId('news-date').textContent()).toBe(expected);
      expect(expected).toMatch(/ऑगस्ट/);
      expect(expected).toMatch(/[०-९]/);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await call('DELETE', `/api/Blog/${older.blogId}`);
      await call('DELETE', `/api/Blog/${newer.blogId}`);
    }
  });
});

describe('home page for a logged-in clerk', () => {
  it("shows the clerk's own council's news; visitors see the public council's", async () => {
    const { username, password, session: other } = await otherCouncil('gp-other');
    const news = await other.call('POST', '/api/Blog', {
      blogTitle: 'दुसऱ्या ग्रामपंचायतीची सभा',
      blogContent: 'फक्त या कार्यालयाची बातमी.',
      eventDate: '2026-10-02',
      createdByUserId: other.councilId,
    });
    expect(news).toMatchObject({ blogTitle: 'दुसऱ्या ग्रामपंचायतीची सभा', createdByUserId: other.councilId });

    const page = await browser.newPage();
    await home(page);
    await expect.poll(() => page.getByTestId('news-empty').isVisible()).toBe(true);
    expect(await page.getByText('दुसऱ्या ग्रामपंचायतीची सभा').count()).toBe(0);

    await loginThroughForm(page, { ...portal, username, password });
    await home(page);
    await expect.poll(() => page.getByTestId('news-item').locator('h4').allTextContents()).toEqual(['दुसऱ्या ग्रामपंचायतीची सभा']);
    await page.close();
  });
});

describe('staff screens', () => {
  it('carousel admin: refuses an incomplete upload, uploads two images with previews, deletes one after confirmation', async () => {
    await clearSlides();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    const { seen, answer } = await watchFeedback(page);
    await loginThroughForm(page, portal);
    await page.getByRole('link', { name: /मुख्यपृष्ठ फोटो/ }).click();
    await page.waitForURL(`${portal.baseUrl}/addcarouselimages`);

    const upload = page.getByRole('button', { name: 'अपलोड करा (Upload)' });
    // The upload screen says which shape of picture fits best.
    expect(await page.getByTestId('slide-shape-hint').textContent()).toContain('1600 × 600');
    await upload.click();
    await expect.poll(() => seen).toEqual(['कृपया मजकूर लिहा आणि फोटो निवडा. (complete all fields!)']);
    await page.getByLabel(/Blog Content/).fill('ग्रामपंचायत इमारत');
    await upload.click();
    await expect.poll(() => seen.length).toBe(2);
    expect(seen[1]).toContain('(complete all fields!)');

    await page.getByTestId('carousel-files').setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: await png(0, 800, 450) },
      { name: 'two.png', mimeType: 'image/png', buffer: await png(1, 800, 450) },
    ]);
    await expect.poll(() => page.getByTestId('preview').count()).toBe(2);
    await screenshot(page, 'site-carousel-admin-add-1280');
    await upload.click();
    await expect.poll(() => seen.length, { timeout: 15_000 }).toBe(3);
    // A message on the page (the snackbar), not an alert().
    expect(seen[2]).toBe('अपलोड यशस्वी! 2 फोटो मुख्यपृष्ठावर जोडले. (Uploaded)');
    await expect.poll(() => page.getByTestId('preview').count()).toBe(0);
    expect((await listSlides()).length).toBe(2);

    await page.getByRole('button', { name: 'Edit Images' }).click();
    const tiles = page.getByTestId('admin-slide');
    await expect.poll(() => tiles.count()).toBe(2);
    await screenshot(page, 'site-carousel-admin-edit-1280');
    answer.confirm = false;
    await tiles.first().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => seen.length).toBe(4);
    expect(seen[3]).toBe('हा फोटो हटवायचा आहे का? (really want to delete?)');
    expect(await tiles.count()).toBe(2);
    answer.confirm = true;
    await tiles.first().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => tiles.count()).toBe(1);
    expect(seen[4]).toBe('हा फोटो हटवायचा आहे का? (really want to delete?)');
    expect((await listSlides()).length).toBe(1);

    // The home page shows the one left, as a static slide.
    await page.goto(portal.baseUrl + '/');
    await expect.poll(() => page.getByTestId('slide-caption').textContent()).toBe('ग्रामपंचायत इमारत');

    await page.goto(portal.baseUrl + '/addcarouselimages');
    await page.getByRole('button', { name: 'Back to Admin' }).click();
    await page.waitForURL(`${portal.baseUrl}/admin`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('carousel admin: moves slides up and down, saving the order the home page then shows', async () => {
    await clearSlides();
    await addSlides(3);
    const { page, errors } = await staffPage({ width: 1280, height: 800 });
    await page.goto(portal.baseUrl + '/addcarouselimages');
    await page.getByRole('button', { name: 'Edit Images' }).click();
    const tiles = page.getByTestId('admin-slide');
    const captions = () => tiles.locator('p').allTextContents();
    const saved = async () => ((await listSlides()) as unknown as { blogContent: string }[]).map((x) => x.blogContent);
    await expect.poll(captions).toEqual(['1. स्लाइड 1', '2. स्लाइड 2', '3. स्लाइड 3']);
    expect(await page.getByRole('button', { name: /फोटो 1 वर हलवा/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /फोटो 3 खाली हलवा/ }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: /फोटो 3 वर हलवा/ }).click();
    await expect.poll(() => page.getByText('क्रम जतन केला! (Order saved)').isVisible()).toBe(true);
    await expect.poll(captions).toEqual(['1. स्लाइड 1', '2. स्लाइड 3', '3. स्लाइड 2']);
    expect(await saved()).toEqual(['स्लाइड 1', 'स्लाइड 3', 'स्लाइड 2']);
    await page.getByRole('button', { name: /फोटो 1 खाली हलवा/ }).click();
    await expect.poll(captions).toEqual(['1. स्लाइड 3', '2. स्लाइड 1', '3. स्लाइड 2']);
    await expect.poll(saved).toEqual(['स्लाइड 3', 'स्लाइड 1', 'स्लाइड 2']);
    await screenshot(page, 'site-carousel-admin-order-1280');
    // The list is read again after the save, and a reload shows the saved order.
    await page.reload();
    await page.getByRole('button', { name: 'Edit Images' }).click();
    await expect.poll(captions).toEqual(['1. स्लाइड 3', '2. स्लाइड 1', '3. स्लाइड 2']);

    await page.goto(portal.baseUrl + '/');
    await expect
      .poll(() => page.locator('.slick-slide:not(.slick-cloned) [data-testid=slide-caption]').allTextContents())
      .toEqual(['स्लाइड 3', 'स्लाइड 1', 'स्लाइड 2']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('news admin: create switches to edit mode, then edit and delete with confirmation', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    const { seen } = await watchFeedback(page);
    await loginThroughForm(page, portal);
    await page.goto(portal.baseUrl + '/dashnews');
    await page.getByRole('button', { name: 'Save News' }).click();
    await expect.poll(() => seen).toEqual(['कृपया सर्व माहिती भरा! (complete all fields!)']);
    // Blank after trimming counts as missing.
    await page.getByLabel(/Title/).fill('   ');
    await page.getByLabel(/Content/).fill('मजकूर');
    const eventDate = page.getByRole('group', { name: /Event Date/ });
    const hint = page.getByTestId('news-date-gb');
    // While the year goes in digit by digit the box says nothing against it (a half-typed date is
    // said once the clerk leaves the box).
    await eventDate.locator('[role="spinbutton"]').first().click();
    await page.keyboard.type('02102');
    await expect.poll(() => shownDate(eventDate)).toBe('02/10/0002');
    await expect.poll(() => hint.textContent()).toBe('दिवस/महिना/वर्ष (dd/mm/yyyy)');
    await typeDate(eventDate, '2026-10-02');
    // The same date box as the certificate forms: dd/mm/yyyy whatever the browser's locale.
    expect(await shownDate(eventDate)).toBe('02/10/2026');
    expect(await hint.textContent()).toBe('दिवस/महिना/वर्ष (dd/mm/yyyy)');
    await page.getByRole('button', { name: 'Save News' }).click();
    await expect.poll(() => seen.length).toBe(2);

    await page.getByLabel(/Title/).fill('स्वच्छता अभियान २०२६');
    await page.getByLabel(/Content/).fill('गांधी जयंतीनिमित्त सकाळी ८ वाजता.');
    await page.getByRole('button', { name: 'Save News' }).click();
    await expect.poll(() => page.getByText('बातमी जतन केली!').isVisible()).toBe(true);
    // Edit mode now: the list with Refresh List.
    expect(await page.getByRole('button', { name: 'Refresh List' }).isVisible()).toBe(true);
    const rows = page.getByTestId('admin-news');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('स्वच्छता अभियान २०२६');
    await screenshot(page, 'site-news-admin-edit-1280');

    await rows.first().getByRole('button', { name: 'Edit' }).click();
    await rows.first().getByLabel(/Title/).fill('स्वच्छता अभियान (बदल)');
    await rows.first().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('बातमी अद्ययावत केली!').isVisible()).toBe(true);
    // The save invalidated the list: it was read again before the message showed.
    expect(await rows.first().textContent()).toContain('स्वच्छता अभियान (बदल)');
    const [post] = await call('GET', `/api/Blog/by-user/${councilId}`);
    expect(post).toMatchObject({ blogTitle: 'स्वच्छता अभियान (बदल)', blogContent: 'गांधी जयंतीनिमित्त सकाळी ८ वाजता.' });
    expect(post.eventDate.slice(0, 10)).toBe('2026-10-02');

    await page.getByRole('button', { name: 'Refresh List' }).click();
    await expect.poll(() => rows.first().textContent()).toContain('स्वच्छता अभियान (बदल)');
    await rows.first().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('बातमी हटवली!').isVisible()).toBe(true);
    expect(seen.at(-1)).toBe('ही बातमी हटवायची आहे का? (really want to delete?)');
    await expect.poll(() => rows.count()).toBe(0);
    expect(await call('GET', `/api/Blog/by-user/${councilId}`)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('site profile: the server message for a blank name, then a new name shows in the header', async () => {
    const { page, errors } = await staffPage({ width: 1280, height: 800 });
    await page
      .getByRole('link', { name: /संकेतस्थळ माहिती/ })
      .first()
      .click();
    await page.waitForURL(`${portal.baseUrl}/siteProfile`);
    const name = page.getByLabel(/कार्यालयाचे नाव/);
    await expect.poll(() => name.inputValue()).toBe('ग्रामपंचायत कार्यालय सोनगाव');
    await screenshot(page, 'site-profile-admin-1280');

    await name.fill('   ');
    await page.getByRole('button', { name: /जतन करा/ }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('officeName: must not be empty');

    await name.fill('ग्रामपंचायत कार्यालय, सोनगाव');
    await page.getByLabel('तालुका (Taluka, Marathi)').fill('बारामती');
    // A list editor: add a facility line and a service row.
    const facilities = page.getByLabel('सुविधा', { exact: true });
    await facilities.fill(`${await facilities.inputValue()}\nसार्वजनिक वाचनालय\n`);
    await page.getByRole('button', { name: 'सेवा जोडा' }).click();
    const serviceRows = page.getByTestId('row-सेवा');
    await serviceRows.last().getByLabel('सेवा (title)').fill('पाणी जोडणी अर्ज');
    await page.getByRole('button', { name: /जतन करा/ }).click();
    await expect.poll(() => page.getByText(/माहिती जतन केली/).isVisible()).toBe(true);
    const saved = await call('GET', '/api/Site/profile/mine');
    expect(saved.officeName).toBe('ग्रामपंचायत कार्यालय, सोनगाव');
    expect(saved.facilities.at(-1)).toBe('सार्वजनिक वाचनालय');
    expect(saved.services.at(-1)).toEqual({ title: 'पाणी जोडणी अर्ज', description: '' });

    await page.goto(portal.baseUrl + '/');
    await expect.poll(() => page.getByTestId('office-title').textContent()).toBe('ग्रामपंचायत कार्यालय, सोनगाव');
    await expect.poll(() => page.getByText('ता. बारामती, जि. पुणे').first().isVisible()).toBe(true);
    await page.goto(portal.baseUrl + '/seva-full');
    await expect.poll(() => page.getByText('पाणी जोडणी अर्ज').isVisible()).toBe(true);
    // The browser logs the refused save (400) itself; nothing else went wrong.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await page.close();
  });
});

describe('on a 375 px phone', () => {
  it('breaks a long office e-mail address in the footer rather than widen a 360 px page', async () => {
    await withProfile(
      office,
      () => ({ email: 'grampanchayat.sonagaon.indapur@example.org', phone: '02111-234567' }),
      async () => {
        const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
        await home(page);
        await expect.poll(() => page.getByText('grampanchayat.sonagaon.indapur@example.org').last().isVisible()).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await page.close();
      },
    );
  });

  it('has no horizontal scrolling on the public pages', async () => {
    await clearSlides();
    await addSlides(3);
    for (const [i, title] of ['ग्रामसभा', 'स्वच्छता अभियान', 'मोफत आरोग्य तपासणी शिबिर'].entries()) {
      await call('POST', '/api/Blog', {
        blogTitle: title,
        blogContent: 'सर्व ग्रामस्थांनी उपस्थित राहावे.',
        eventDate: `2026-0${i + 1}-15`,
        createdByUserId: councilId,
      });
    }
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    const errors = watchErrors(page);
    await home(page);
    await expect.poll(() => page.locator('.slick-dots li').count()).toBe(3);
    await expect.poll(() => page.getByTestId('news-item').count()).toBe(3);
    await screenshot(page, 'site-home-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The menu scrolls to the schemes.
    await page.getByRole('button', { name: 'मेनू उघडा' }).click();
    await page.getByRole('navigation', { name: 'मेनू' }).getByText('योजना').click();
    await expect
      .poll(() => page.evaluate(() => Math.abs(document.getElementById('yojana')!.getBoundingClientRect().top - 100) <= 2), {
        timeout: 3000,
      })
      .toBe(true);
    await page.getByTestId('scheme-card').first().click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await screenshotView(page, 'site-scheme-modal-375');
    await page.keyboard.press('Escape');
    for (const path of ['/seva-full', '/yojna-full', '/samiti-full']) {
      await page.goto(portal.baseUrl + path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    await screenshot(page, 'site-committees-375');
    await loginThroughForm(page, portal);
    for (const [path, ready] of [
      ['/addcarouselimages', 'Upload'],
      ['/dashnews', 'Save News'],
      ['/siteProfile', 'जतन करा (Save)'],
    ]) {
      await page.goto(portal.baseUrl + path);
      await expect.poll(() => page.getByRole('button', { name: ready }).isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    await screenshot(page, 'site-profile-admin-375');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('what the home page loads', () => {
  // A name in the query library's code that minifying keeps (an option name).
  const QUERY_LIBRARY = 'refetchOnWindowFocus';

  it("leaves the staff screens' data library off the home page, even with slides and news", async () => {
    await clearSlides();
    await addSlides(3);
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    const scripts: { url: string; body: string }[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      scripts.push({ url: res.url(), body: await res.text().catch(() => '') });
    });
    await home(page);
    await expect.poll(() => page.locator('.slick-dots li').count()).toBe(3);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.body.includes(QUERY_LIBRARY)).map((s) => s.url)).toEqual([]);

    // The staff screens do load it (so the name above still finds it).
    await loginThroughForm(page, portal);
    await expect.poll(() => scripts.some((s) => s.body.includes(QUERY_LIBRARY))).toBe(true);
    await page.close();
  });
});
