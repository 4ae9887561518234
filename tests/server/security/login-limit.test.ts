// The login limit (issue 13, items 1-3): the client address cannot be forged, an attempt counts when
// it starts, one account is limited across addresses, and a burst of logins cannot starve file reads.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import bcrypt from 'bcrypt';
import { useTestApp, buildTestApp, createCouncil, type TestApp } from '../../helpers/app.ts';
import { loadConfig, parseTrustProxy } from '../../../server/config.ts';
import { tempDir } from '../../helpers/fixture.ts';

const dist = tempDir('gp-dist-');
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="mr"><body></body></html>');
  fs.writeFileSync(path.join(dist, 'assets/app-1.js'), 'console.log(1);'.repeat(100));
});
const t = useTestApp({ webDist: dist });
afterEach(() => {
  vi.restoreAllMocks();
});

const login = (app: TestApp['app'], username: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/User/login', payload: { username, password }, headers });

describe('TRUST_PROXY', () => {
  it('is off by default and takes a hop count or proxy addresses', () => {
    expect(loadConfig({ JWT_SECRET: 'x', DATA_DIR: dist }).trustProxy).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', 'loopback']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
  });

  it('ignores X-Forwarded-For when off: 30 made-up addresses still hit the limit, the right password too', async () => {
    const c = await createCouncil(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 30; i++)
      codes.push((await login(t.app, c.username, 'Wrong-pass1', { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual(Array(20).fill(429));
    const right = await login(t.app, c.username, c.password, { 'x-forwarded-for': '198.51.100.200' });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ isSuccess: false, result: null });
  });

  it('believes X-Forwarded-For from a configured proxy only', async () => {
    const behindProxy = await buildTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const c = await createCouncil(behindProxy.app);
      const headers = { 'x-forwarded-for': '203.0.113.77' };
      for (let i = 0; i < 10; i++) expect((await login(behindProxy.app, c.username, 'Wrong-pass1', headers)).statusCode).toBe(401);
      expect((await login(behindProxy.app, c.username, c.password, headers)).statusCode).toBe(429);
      // Another client of the proxy is not blocked by this one's failures.
      expect((await login(behindProxy.app, c.username, c.password, { 'x-forwarded-for': '198.51.100.9' })).statusCode).toBe(200);
      // A request not coming from the proxy cannot choose its address.
      const direct = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/User/login',
        payload: { username: c.username, password: c.password },
        headers,
        remoteAddress: '192.0.2.50',
      });
      expect(direct.statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('counting attempts', () => {
  it('answers 429 to 60 parallel wrong logins beyond the first 10', async () => {
    const c = await createCouncil(t.app);
    const all = await Promise.all(Array.from({ length: 60 }, () => login(t.app, c.username, 'Wrong-pass1')));
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 401)).toHaveLength(10);
    expect(codes.filter((s) => s === 429)).toHaveLength(50);
    for (const r of all) expect(r.json()).toMatchObject({ isSuccess: false, result: null });
  });

  it('limits one username across many addresses', async () => {
    const proxied = await buildTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const c = await createCouncil(proxied.app);
      const codes: number[] = [];
      // Three wrong passwords from each of 20 addresses: under the per-address limit everywhere.
      for (let i = 0; i < 60; i++)
        codes.push((await login(proxied.app, c.username, 'Wrong-pass1', { 'x-forwarded-for': `203.0.113.${(i % 20) + 1}` })).statusCode);
      expect(codes).toContain(429);
      const blocked = await login(proxied.app, c.username, 'Wrong-pass1', { 'x-forwarded-for': '198.51.100.1' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/Too many failed logins/);
      // Other accounts are not affected.
      const other = await createCouncil(proxied.app);
      expect((await login(proxied.app, other.username, other.password, { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('does not count a successful login against its owner', async () => {
    const c = await createCouncil(t.app);
    for (let i = 0; i < 15; i++) expect((await login(t.app, c.username, c.password)).statusCode).toBe(200);
  });
});

describe('password checks under a burst', () => {
  it('runs at most two bcrypt checks at once and answers 503 envelopes when the queue is full', async () => {
    let running = 0;
    let most = 0;
    const compare = bcrypt.compare.bind(bcrypt) as (a: string, b: string) => Promise<boolean>;
    vi.spyOn(bcrypt, 'compare').mockImplementation((async (a: string, b: string) => {
      most = Math.max(most, ++running);
      try {
        return await compare(a, b);
      } finally {
        running--;
      }
    }) as typeof bcrypt.compare);
    const all = await Promise.all(Array.from({ length: 100 }, (_, i) => login(t.app, `burst_${process.pid}_${i}`, 'Wrong-pass1')));
    expect(most).toBeLessThanOrEqual(2);
    const codes = all.map((r) => r.statusCode);
    expect(codes.every((s) => s === 401 || s === 503)).toBe(true);
    expect(codes).toContain(503);
    const busy = all.find((r) => r.statusCode === 503)!;
    expect(busy.json()).toMatchObject({ isSuccess: false, result: null });
    expect(busy.json().message).toMatch(/busy/i);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('serves a static file while a login burst is still being checked', async () => {
    let started = 0;
    let answered401 = 0;
    let firstStarted!: () => void;
    const someStarted = new Promise<void>((resolve) => {
      firstStarted = resolve;
    });
    const compare = bcrypt.compare.bind(bcrypt) as (a: string, b: string) => Promise<boolean>;
    vi.spyOn(bcrypt, 'compare').mockImplementation((async (a: string, b: string) => {
      if (++started === 2) firstStarted();
      return compare(a, b);
    }) as typeof bcrypt.compare);
    const burst = Array.from({ length: 40 }, (_, i) =>
      login(t.app, `static_${process.pid}_${i}`, 'Wrong-pass1').then((r) => {
        if (r.statusCode === 401) answered401++;
        return r;
      }),
    );
    await someStarted;
    const file = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    const checkedBeforeFile = answered401;
    await Promise.all(burst);
    expect(file.statusCode).toBe(200);
    // The file did not wait behind the burst's password checks.
    expect(checkedBeforeFile).toBeLessThan(answered401 / 2);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it('counts attempts by the address the nearest proxy saw', async () => {
    const oneHop = await buildTestApp({ trustProxy: 1 });
    try {
      const c = await createCouncil(oneHop.app);
      for (let i = 0; i < 10; i++) {
        // The client may write anything left of the proxy's entry; only the proxy's entry counts.
        const res = await login(oneHop.app, c.username, 'Wrong-pass1', { 'x-forwarded-for': `192.0.2.${i}, 198.51.100.7` });
        expect(res.statusCode).toBe(401);
      }
      expect((await login(oneHop.app, c.username, c.password, { 'x-forwarded-for': '192.0.2.99, 198.51.100.7' })).statusCode).toBe(429);
      expect((await login(oneHop.app, c.username, c.password, { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(200);
    } finally {
      await oneHop.close();
    }
  });
});
