// The public pages rendered on the server (issue 12): GET / answers the page's HTML with the office
// name, the welcome heading, the slides and news already in it, the first slide preloaded with its
// phone size, and the reads inlined as JSON for hydration; a QR page carries its certificate; staff
// addresses stay the browser app. Uses the real build (web/dist, web/dist-server), made if missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import { buildTestApp, createCouncil, injectAs, type TestApp, type TestCouncil } from '../helpers/app.ts';
import { multipart } from '../helpers/multipart.ts';
import { caseOf, createValid } from '../helpers/certificates.ts';

const root = path.resolve(import.meta.dirname, '../..');
const webDist = path.join(root, 'web/dist');
let t: TestApp;
let app: App;
let council: TestCouncil;
const NAME = 'ग्रामपंचायत कार्यालय सोनगाव <बु.>';

beforeAll(async () => {
  if (!fs.existsSync(path.join(root, 'web/dist-server/entry-server.js')) || !fs.existsSync(path.join(webDist, 'public.html'))) {
    const built = spawnSync(process.execPath, ['scripts/build.mjs', 'web'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('could not build the web app');
  }
  t = await buildTestApp();
  council = await createCouncil(t.app);
  // An app on the same database whose public council is this one, serving the real build.
  app = await buildApp({ ...t.config, webDist, publicUserId: council.userId }, t.database, false);
  await app.ready();
  const mine = (await injectAs(app, council, { method: 'GET', url: '/api/Site/profile/mine' })).json().result;
  const { createdByUserId: _c, updatedAt: _u, version: _v, ...profile } = mine;
  const saved = await injectAs(app, council, {
    method: 'PUT',
    url: '/api/Site/profile',
    payload: { ...profile, officeName: NAME, block: 'इंदापूर', district: 'पुणे' },
  });
  expect(saved.statusCode).toBe(200);
  const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 40, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
  for (const caption of ['पहिली स्लाइड', 'दुसरी स्लाइड']) {
    const { payload, headers } = multipart([
      { name: 'ImageFile', value: jpeg, filename: 'slide.jpg', contentType: 'image/jpeg' },
      { name: 'BlogContent', value: caption },
    ]);
    expect((await injectAs(app, council, { method: 'POST', url: '/api/Corosal', payload, headers })).statusCode).toBe(201);
  }
  const news = await injectAs(app, council, {
    method: 'POST',
    url: '/api/Blog',
    payload: { blogTitle: 'विशेष ग्रामसभा', blogContent: 'सकाळी ११ वाजता.', eventDate: '2026-08-15', createdByUserId: council.userId },
  });
  expect(news.statusCode).toBe(201);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** The JSON the page carries for hydration. */
const pageData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="gp-data">(.*?)<\/script>/s.exec(html)![1]) as Record<string, unknown>;

describe('server-side rendering of the public pages', () => {
  it('answers / with the office name, the welcome heading, slides and news in the first HTML', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    const escaped = 'ग्रामपंचायत कार्यालय सोनगाव &lt;बु.&gt;';
    expect(html).toContain(`<span class="gp-brand__title" data-testid="office-title">${escaped}</span>`);
    expect(html).toMatch(new RegExp(`<h1>${escaped}(<!-- -->)? — आपले स्वागत आहे</h1>`));
    expect(html).toContain('ता. इंदापूर, जि. पुणे');
    // Both slides with their captions (the slider is in the HTML, dots included), and the news.
    expect(html).toContain('data-testid="carousel-slider"');
    expect(html).toContain('पहिली स्लाइड');
    expect(html).toContain('दुसरी स्लाइड');
    expect(html).toContain('विशेष ग्रामसभा');
    expect(html).not.toContain('Loading Carousel...');
    // The markup is never broken by the office's own text: the name is escaped in the JSON too.
    expect(html.split('<बु.>').length).toBe(1);
  });

  it('preloads the first slide with its sizes made by sharp, at high priority', async () => {
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    const slides = (await app.inject({ method: 'GET', url: `/api/Corosal/by-user/${council.userId}` })).json().result;
    const first = slides[0];
    expect(first.imagePathSmall).toMatch(/-800\.webp$/);
    const link = /<link rel="preload" as="image"[^>]*>/.exec(html)![0];
    expect(link).toContain(`href="${first.imagePath}"`);
    expect(link).toContain(`imagesrcset="${first.imagePathSmall} 800w, ${first.imagePath} 1600w"`);
    expect(link).toContain('imagesizes="100vw"');
    expect(link).toContain('fetchpriority="high"');
    // In the head, before any script or stylesheet.
    expect(html.indexOf(link)).toBeLessThan(html.indexOf('<script'));
    expect(html.indexOf(link)).toBeLessThan(html.indexOf('</head>'));
  });

  it('inlines the reads for hydration and the styles, and loads the scripts after the first paint', async () => {
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    const data = pageData(html);
    expect(Object.keys(data).sort()).toEqual(
      ['/api/Blog/by-user/', '/api/Corosal/by-user/', '/api/Site/profile'].map((p) => (p.endsWith('/') ? p + council.userId : p)).sort(),
    );
    expect((data['/api/Site/profile'] as { officeName: string }).officeName).toBe(NAME);
    expect(html).toMatch(/<style>(?:(?!<\/style>)[\s\S])*\.gp-appbar/);
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/public-[\w-]+\.js"><\/script>/);
    // The page's styles are in it; its scripts come after the first paint (no preload competes with the slide).
    expect(html).not.toMatch(/<link rel="modulepreload"[^>]*react-dom/);
    // No MUI, emotion or router on the public page: its scripts are the public entry's.
    expect(html).not.toMatch(/assets\/index-[\w-]+\.js/);
  });

  it('renders the services, schemes and committees pages and a certificate QR page with its record', async () => {
    for (const [url, text] of [
      ['/seva-full', 'ग्रामपंचायत सेवा'],
      ['/yojna-full', 'शासकीय योजना'],
      ['/samiti-full', 'ग्राम समित्या'],
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(text);
      expect(res.body, url).toContain(NAME.replace('<', '&lt;').replace('>', '&gt;'));
    }
    const c = caseOf('birth');
    const created = await createValid(app, council, c);
    const id = String(created[c.idField]);
    const res = await app.inject({ method: 'GET', url: `/birthqr/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Birth Certificate');
    expect(res.body).not.toContain('Loading certificate...');
    expect(res.body).toContain('cert-rows');
    // An unknown id: the page still opens, and reads (and reports) in the browser.
    const unknown = await app.inject({ method: 'GET', url: '/birthqr/no-such-id' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('Birth Certificate');
  });

  it('leaves staff and login addresses to the browser app', async () => {
    for (const url of ['/login', '/admin', '/usermalmatta']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('id="gp-data"');
      expect(res.body, url).toMatch(/assets\/index-[\w-]+\.js/);
    }
  });
});
