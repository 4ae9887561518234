// /api/Site: the office's content as data per council, and the metadata it puts into index.html.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import { BENEFICIARIES, type SiteProfileBody } from '../../server/modules/site/schema.ts';
import { buildTestApp, createCouncil, injectAs, type TestApp, type TestCouncil } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const MARATHI = 'ग्रामसभा दिनांक १५ ऑगस्ट रोजी सकाळी ११ वाजता';
const mine = (c: TestCouncil) => injectAs(t.app, c, { method: 'GET', url: '/api/Site/profile/mine' });
const put = (c: TestCouncil | undefined, payload: object, app: App = t.app) => injectAs(app, c, { method: 'PUT', url: '/api/Site/profile', payload });
const publicOf = async (userId: number) => (await t.app.inject({ method: 'GET', url: `/api/Site/profile?userId=${userId}` })).json().result;

/** A full profile as the edit screen sends it: what it read, with changes. */
async function edited(c: TestCouncil, changes: Partial<SiteProfileBody>, app: App = t.app): Promise<SiteProfileBody> {
  const { createdByUserId: _id, updatedAt: _at, ...body } = (await injectAs(app, c, { method: 'GET', url: '/api/Site/profile/mine' })).json().result;
  return { ...body, ...changes };
}

describe('reading the site profile', () => {
  it('answers the public council\'s profile without a token, seeded with the spec\'s content', async () => {
    await createCouncil(t.app);
    const first = await t.app.db.user.findFirst({ orderBy: { id: 'asc' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/Site/profile' });
    expect(res.statusCode).toBe(200);
    const p = res.json().result;
    expect(p.createdByUserId).toBe(first!.id);
    expect(p.officeName).toBe('ग्रामपंचायत कार्यालय');
    expect(p.stats.map((s: { value: string }) => s.value)).toEqual(['2,500+', '450+', '300+ एकर', '3', '2']);
    expect(p.facilities).toHaveLength(3);
    expect(p.schools).toHaveLength(3);
    expect(p.anganwadis).toHaveLength(2);
    for (const centre of [...p.schools, ...p.anganwadis]) expect(centre).toEqual({ name: expect.any(String), head: expect.any(String), children: expect.any(Number), teachers: expect.any(Number) });
    expect(new Set(p.schemes.map((s: { beneficiary: string }) => s.beneficiary))).toEqual(new Set(BENEFICIARIES));
    expect(p.committees.map((c: { name: string }) => c.name)).toEqual(['ग्राम शिक्षण समिती', 'ग्राम आरोग्य समिती', 'पाणीपुरवठा समिती', 'ग्राम स्वच्छता समिती']);
    for (const c of p.committees) expect(c).toMatchObject({ chairperson: expect.any(String), viceChairperson: expect.any(String), members: expect.any(Array), responsibilities: expect.any(Array) });
    expect(p.services.length).toBeGreaterThan(0);
  });

  it('reads another council\'s public profile by ?userId; an unknown account reads as the defaults', async () => {
    const c = await createCouncil(t.app);
    expect((await publicOf(c.userId)).createdByUserId).toBe(c.userId);
    // Not 404: the public page must not tell which accounts exist (tests/server/security/site-profile.test.ts).
    const unknown = await t.app.inject({ method: 'GET', url: '/api/Site/profile?userId=2000000000' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().result.officeName).toBe('ग्रामपंचायत कार्यालय');
    expect((await t.app.inject({ method: 'GET', url: '/api/Site/profile?userId=abc' })).statusCode).toBe(400);
  });

  it('answers many first reads together without writing a row', async () => {
    const c = await createCouncil(t.app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url: `/api/Site/profile?userId=${c.userId}` })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await t.app.db.siteProfile.count({ where: { createdByUserId: c.userId } })).toBe(0);
  });

  it('creates the row once when many first saves arrive together', async () => {
    const c = await createCouncil(t.app);
    const body = await edited(c, { officeName: 'ग्रामपंचायत कार्यालय वडगाव' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => put(c, body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await t.app.db.siteProfile.count({ where: { createdByUserId: c.userId } })).toBe(1);
  });

  it('gives staff their own profile at /mine, and 401 without a token', async () => {
    const c = await createCouncil(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/Site/profile/mine' })).statusCode).toBe(401);
    const res = await mine(c);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.createdByUserId).toBe(c.userId);
  });
});

describe('editing the site profile', () => {
  it('saves the whole profile for the token\'s council; Marathi and coordinates round-trip exactly', async () => {
    const c = await createCouncil(t.app);
    const body = await edited(c, {
      officeName: `  ग्रामपंचायत कार्यालय, सोनगाव  `,
      block: 'बारामती', district: 'पुणे', districtEnglish: 'Pune',
      postalCode: '413102', phone: '+91 2112 123456', email: 'gp.songaon@example.org',
      latitude: 18.151234, longitude: 74.576543,
      summary: MARATHI,
      schemes: [{ title: MARATHI, description: 'd', badge: 'राज्य शासन', beneficiary: 'Women', details: 'तपशील', eligibility: ['१८ वर्षांवरील महिला'], benefits: ['₹1,500 दरमहा'] }],
    });
    const res = await put(c, body);
    expect(res.statusCode).toBe(200);
    const saved = res.json().result;
    expect(saved).toMatchObject({ ...body, officeName: 'ग्रामपंचायत कार्यालय, सोनगाव', createdByUserId: c.userId });
    expect(await publicOf(c.userId)).toEqual(saved);
    expect(saved.summary).toBe(MARATHI);
    expect(saved.latitude).toBe(18.151234);
  });

  it('keeps unset coordinates null, never 0', async () => {
    const c = await createCouncil(t.app);
    expect((await put(c, await edited(c, { latitude: 18.5, longitude: 74 }))).statusCode).toBe(200);
    const res = await put(c, await edited(c, { latitude: null, longitude: null }));
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ latitude: null, longitude: null });
    expect(await publicOf(c.userId)).toMatchObject({ latitude: null, longitude: null });
  });

  it('refuses a write without a token and only ever changes the token\'s own council', async () => {
    const owner = await createCouncil(t.app);
    const other = await createCouncil(t.app);
    const before = await publicOf(owner.userId);
    expect((await put(undefined, await edited(owner, { officeName: 'x' }))).statusCode).toBe(401);
    // The other council sends the owner's profile back: it lands on its own account.
    const res = await put(other, { ...(await edited(owner, {})), officeName: 'दुसरी ग्रामपंचायत' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.createdByUserId).toBe(other.userId);
    expect(await publicOf(owner.userId)).toEqual(before);
  });

  it('answers 400 naming the field, and changes nothing', async () => {
    const c = await createCouncil(t.app);
    const before = await publicOf(c.userId);
    const good = await edited(c, {});
    const { officeName: _n, ...withoutName } = good;
    const cases: [object, RegExp][] = [
      [withoutName, /^officeName: is required/],
      [{ ...good, officeName: '   ' }, /^officeName: must not be empty/],
      [{ ...good, latitude: 91, longitude: 74 }, /^latitude: /],
      [{ ...good, latitude: 18, longitude: -181 }, /^longitude: /],
      [{ ...good, latitude: 18, longitude: null }, /^longitude: give both/],
      [{ ...good, postalCode: '4131' }, /^postalCode: must be 6 digits/],
      [{ ...good, email: 'not-an-address' }, /^email: /],
      [{ ...good, logoUrl: 'javascript:alert(1)' }, /^logoUrl: /],
      [{ ...good, schemes: [{ ...good.schemes[0], beneficiary: 'Everyone' }] }, /^schemes\.0\.beneficiary: /],
      [{ ...good, schools: [{ ...good.schools[0], children: -1 }] }, /^schools\.0\.children: /],
      [{ ...good, committees: [{ ...good.committees[0], name: ' ' }] }, /^committees\.0\.name: must not be empty/],
      [{ ...good, stats: 'many' }, /^stats(\.0)?: /],
    ];
    for (const [body, message] of cases) {
      const res = await put(c, body);
      expect(res.statusCode, message.source).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await publicOf(c.userId)).toEqual(before);
  });
});

describe('metadata in index.html', () => {
  let dist: string;
  let app: App;
  let council: TestCouncil;
  const template = '<!doctype html><html lang="mr"><head><meta charset="utf-8"><!--app-meta--><title>t</title></head><body></body></html>';
  const NAME = 'ग्रामपंचायत "सोनगाव" <बु.> & वाडी';

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), template);
    council = await createCouncil(t.app);
    // A second app on the same database whose public council is this one, serving a built index.html.
    app = await buildApp({ ...t.config, webDist: dist, publicUserId: council.userId }, t.database, false);
    await app.ready();
    const res = await put(council, await edited(council, {
      officeName: NAME, officeNameEnglish: 'Gram Panchayat Sonagaon', block: 'बारामती', district: 'पुणे',
      address: 'मु. पो. सोनगाव, ता. बारामती', postalCode: '413102', phone: '02112 123456', email: 'gp@example.org',
      latitude: 18.15, longitude: 74.58, logoUrl: '/uploads/site/logo.png',
    }, app), app);
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]);
  const metaContent = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

  it('fills Open Graph, Twitter and JSON-LD from the public council\'s profile, escaped', async () => {
    expect(app.indexTransforms).toHaveLength(1);
    const request = { url: '/yojna-full?x="1"', log: app.log } as unknown as FastifyRequest;
    const html = await app.indexTransforms[0](template, request);
    expect(html).not.toContain('<!--app-meta-->');
    const escaped = 'ग्रामपंचायत &quot;सोनगाव&quot; &lt;बु.&gt; &amp; वाडी';
    expect(metaContent(html, 'og:title')).toBe(escaped);
    expect(metaContent(html, 'og:site_name')).toBe(escaped);
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:url')).toBe('http://portal.test/yojna-full');
    expect(metaContent(html, 'og:description')).toContain('अधिकृत संकेतस्थळ');
    expect(metaContent(html, 'description')).toBe(metaContent(html, 'og:description'));
    expect(metaContent(html, 'og:image')).toMatch(/^http:\/\/portal\.test\/uploads\/site\/og-[0-9a-f]{16}\.png$/);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe(metaContent(html, 'og:image'));

    // Nothing in the JSON-LD can close the script element early.
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1];
    expect(script).not.toMatch(/[<>]/);
    expect(jsonLd(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'GovernmentOrganization',
      name: NAME,
      alternateName: 'Gram Panchayat Sonagaon',
      url: 'http://portal.test/',
      description: expect.stringContaining(NAME),
      logo: 'http://portal.test/uploads/site/logo.png',
      image: metaContent(html, 'og:image'),
      telephone: '02112 123456',
      email: 'gp@example.org',
      address: { '@type': 'PostalAddress', streetAddress: 'मु. पो. सोनगाव, ता. बारामती', addressLocality: 'बारामती, पुणे', postalCode: '413102', addressRegion: 'Maharashtra', addressCountry: 'IN' },
      geo: { '@type': 'GeoCoordinates', latitude: 18.15, longitude: 74.58 },
    });
  });

  it('serves the 1200x630 preview image it names', async () => {
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    const image = await app.inject({ method: 'GET', url: new URL(metaContent(html, 'og:image')!).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('puts the head into the index.html the server sends, and follows a saved change at once', async () => {
    const first = await app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<meta property="og:title" content="ग्रामपंचायत &quot;सोनगाव&quot;');
    expect(jsonLd(first.body).address.postalCode).toBe('413102');
    const res = await put(council, await edited(council, { officeName: 'ग्रामपंचायत नवेगाव', postalCode: '413103' }, app), app);
    expect(res.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/samiti-full' });
    expect(metaContent(after.body, 'og:title')).toBe('ग्रामपंचायत नवेगाव');
    expect(metaContent(after.body, 'og:url')).toBe('http://portal.test/samiti-full');
    expect(jsonLd(after.body).address.postalCode).toBe('413103');
  });
});
