// The built web app as the server hands it out: history fallback, caching, compression.
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { useTestApp } from '../helpers/app.ts';
import { tempDir } from '../helpers/fixture.ts';

const dist = tempDir('gp-dist-');
const js = 'console.log("पोर्टल");'.repeat(200);

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="mr"><head><!--app-meta--></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), js);
  fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), zlib.gzipSync(js));
});
const t = useTestApp({ webDist: dist });

describe('serving the web app', () => {
  it('answers every client route, deep links included, with index.html', async () => {
    for (const url of ['/', '/login', '/admin', '/birthqr/3f2c8a9e-1111-4222-8333-444455556666', '/propertyqr/१२/1?x=1']) {
      const res = await t.app.inject({ method: 'GET', url: encodeURI(url) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<html lang="mr">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year, pre-compressed when the browser accepts it', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.body).toBe(js);
  });

  it('answers a missing asset and unknown API paths with a 404, not the app', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-old.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/Nothing/here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ isSuccess: false, result: null });
    // A screen whose path only begins with the letters "api" is the app's.
    const screen = await t.app.inject({ method: 'GET', url: '/apiTokens' });
    expect(screen.statusCode).toBe(200);
    expect(screen.headers['content-type']).toContain('text/html');
  });

  it('compresses larger API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString()).openapi).toMatch(/^3/);
  });
});
