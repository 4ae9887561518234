// RateLimit headers on every /api answer, and the limits behind them (issue 15): per API token
// (API_TOKEN_RATE_LIMIT) and per address for everything else (API_ADDRESS_RATE_LIMIT).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, useCouncil, injectAs } from '../../helpers/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { buildApp, type App } from '../../../server/app.ts';

const TOKEN_LIMIT = 4;
const ADDRESS_LIMIT = 6;

const limits = (res: { headers: Record<string, unknown> }) => ({
  limit: Number(res.headers['ratelimit-limit']),
  remaining: Number(res.headers['ratelimit-remaining']),
  reset: Number(res.headers['ratelimit-reset']),
  policy: res.headers['ratelimit-policy'],
});

const t = useTestApp({ apiTokenRateLimit: TOKEN_LIMIT, addressRateLimit: ADDRESS_LIMIT });
// Logging in is a request from 127.0.0.1 like any other; the tests below use addresses of their own.
const council = useCouncil(t, { prefix: 'rl' });

describe('per address', () => {
  it('sends RateLimit headers counting down, then 429 with Retry-After and the envelope', async () => {
    const remoteAddress = '10.20.0.1';
    const seen: number[] = [];
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress });
      expect(res.statusCode).toBe(200);
      const l = limits(res);
      expect(l.limit).toBe(ADDRESS_LIMIT);
      expect(l.policy).toBe(`${ADDRESS_LIMIT};w=60`);
      expect(l.reset).toBeGreaterThanOrEqual(1);
      expect(l.reset).toBeLessThanOrEqual(60);
      seen.push(l.remaining);
    }
    expect(seen).toEqual([5, 4, 3, 2, 1, 0]);
    const over = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limits(over).remaining).toBe(0);
    expect(over.json()).toMatchObject({ isSuccess: false, result: null });
    expect(over.json().message).toMatch(/^Too many requests from this address: at most 6 a minute\. Please wait \d+ seconds/);
    // Another address has its own bucket.
    const other = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.20.0.2' });
    expect(other.statusCode).toBe(200);
    expect(limits(other).remaining).toBe(ADDRESS_LIMIT - 1);
  });

  it('counts staff logins (JWT) by address too, and sends the headers on errors', async () => {
    const remoteAddress = '10.20.0.3';
    const res = await injectAs(t.app, council, { method: 'GET', url: '/api/User/me', remoteAddress });
    expect(res.statusCode).toBe(200);
    expect(limits(res).remaining).toBe(ADDRESS_LIMIT - 1);
    const missing = await t.app.inject({ method: 'GET', url: '/api/NoSuchThing', remoteAddress });
    expect(missing.statusCode).toBe(404);
    expect(limits(missing).remaining).toBe(ADDRESS_LIMIT - 2);
  });

  it('leaves the web pages and files outside /api alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', remoteAddress: '10.20.0.4' });
    expect(res.headers['ratelimit-limit']).toBeUndefined();
  });
});

describe('server-rendered pages', () => {
  // The real build (web/dist, web/dist-server), which the tests' global setup makes; this council
  // is the home's.
  let web: App;
  beforeAll(async () => {
    const webDist = path.resolve(import.meta.dirname, '../../../web/dist');
    web = await buildApp({ ...t.config, webDist, publicUserId: council.userId }, t.database, false);
    await web.ready();
  });
  afterAll(() => web?.close());
  const pageData = (html: string) =>
    JSON.parse(/<script type="application\/json" id="gp-data">(.*?)<\/script>/s.exec(html)![1]) as Record<string, unknown>;

  it('count as one request of their visitor, whatever the number of API reads they make', async () => {
    const remoteAddress = '10.20.0.5';
    const page = await web.inject({ method: 'GET', url: '/', remoteAddress });
    expect(page.statusCode).toBe(200);
    const reads = Object.keys(pageData(page.body)).filter((k) => k.startsWith('/api/'));
    expect(reads.length).toBeGreaterThanOrEqual(3); // the profile, the slides and the news
    const next = await web.inject({ method: 'GET', url: '/api/health', remoteAddress });
    expect(limits(next).remaining).toBe(ADDRESS_LIMIT - 2);
  });

  it('counts a request that names the page-read header without the portal’s secret', async () => {
    const remoteAddress = '10.20.0.6';
    const [name, secret] = Object.entries(web.rateLimit.pageReadHeaders)[0];
    for (const guess of ['1', secret.slice(1), `${secret} `])
      await web.inject({ method: 'GET', url: '/api/health', remoteAddress, headers: { [name]: guess } });
    const next = await web.inject({ method: 'GET', url: '/api/health', remoteAddress });
    expect(limits(next).remaining).toBe(ADDRESS_LIMIT - 4);
  });

  it('reads nothing for a visitor over the limit: every read of the page is refused', async () => {
    const remoteAddress = '10.20.0.7';
    for (let i = 0; i < ADDRESS_LIMIT; i++) await web.inject({ method: 'GET', url: '/api/health', remoteAddress });
    const page = await web.inject({ method: 'GET', url: '/', remoteAddress });
    const data = pageData(page.body);
    expect(Object.keys(data).filter((k) => k.startsWith('/api/'))).toEqual([]);
    expect(Object.values(data)).toContainEqual(expect.objectContaining({ status: 429 }));
  });
});

describe('per API token', () => {
  it("describes the token's bucket, not the address's, and answers 429 once it is used up", async () => {
    const made = await injectAs(t.app, council, {
      method: 'POST',
      url: '/api/ApiTokens',
      payload: { name: 'busy', scopes: ['certificates:read'] },
      remoteAddress: '10.30.0.1',
    });
    const { token } = made.json().result;
    const headers = { authorization: `Bearer ${token}` };
    const seen: number[] = [];
    // Spread over addresses: the token's bucket counts wherever it comes from.
    for (let i = 0; i < TOKEN_LIMIT; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/BirthCertificate/paged', headers, remoteAddress: `10.30.1.${i}` });
      expect(res.statusCode).toBe(200);
      expect(limits(res).limit).toBe(TOKEN_LIMIT);
      seen.push(limits(res).remaining);
    }
    expect(seen).toEqual([3, 2, 1, 0]);
    const over = await t.app.inject({ method: 'GET', url: '/api/BirthCertificate/paged', headers, remoteAddress: '10.30.2.1' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(over.json().message).toMatch(
      /^Too many requests with this API token: at most 4 a minute\. Please wait \d+ seconds and try again\.$/,
    );
    // The staff login from the same address is not held back by the token.
    const staff = await injectAs(t.app, council, { method: 'GET', url: '/api/BirthCertificate/paged', remoteAddress: '10.30.2.1' });
    expect(staff.statusCode).toBe(200);
  });

  it('counts a wrong token against the address, so guessing is limited like any request', async () => {
    const remoteAddress = '10.40.0.1';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/BirthCertificate/paged',
      headers: { authorization: `Bearer gpp_${'x'.repeat(43)}` },
      remoteAddress,
    });
    expect(res.statusCode).toBe(401);
    expect(limits(res)).toMatchObject({ limit: ADDRESS_LIMIT, remaining: ADDRESS_LIMIT - 1 });
  });
});

describe('configuration', () => {
  it('defaults to 120 a minute per token and a per-address figure no bench or browser test reaches', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/gp-rl-config', JWT_SECRET: 'x' });
    expect(config.apiTokenRateLimit).toBe(120);
    expect(config.addressRateLimit).toBe(1_000_000);
  });
  it('refuses a limit that is not a whole number above 0', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/gp-rl-config', JWT_SECRET: 'x', API_TOKEN_RATE_LIMIT: '0' })).toThrow(/API_TOKEN_RATE_LIMIT/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/gp-rl-config', JWT_SECRET: 'x', API_ADDRESS_RATE_LIMIT: 'lots' })).toThrow(
      /API_ADDRESS_RATE_LIMIT/,
    );
  });
});
