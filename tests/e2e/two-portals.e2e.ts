// Two real portal processes on one PostgreSQL database (issue 32), as a district runs them behind
// nginx: the server test (tests/server/cluster.test.ts) builds its two apps in one Node process,
// where something kept in a module (not in the database) would be shared and pass unseen; here
// each is its own `node` process with its own memory. A token made by one works on the other and a
// logout on one ends it on both at once; an image uploaded through one is served by the other;
// failed logins from one address are counted across both. PostgreSQL only: the embedded database
// belongs to one process.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './helpers.ts';
import { staffLogin } from '../helpers/http-api.ts';

describe.skipIf(!process.env.DATABASE_URL)('two portal processes on one PostgreSQL database', () => {
  let a: Portal;
  let b: Portal;
  beforeAll(async () => {
    // One after the other: the first start migrates. TRUST_PROXY: the limit test sends the
    // visitor's address as nginx would, so it counts an address of its own, not the test machine's.
    a = await startPortal({ env: { TRUST_PROXY: '1' } });
    b = await startPortal({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  const me = (portal: Portal, token: string) => fetch(`${portal.baseUrl}/api/User/me`, { headers: { authorization: `Bearer ${token}` } });

  it('takes on one a token made by the other, and a logout on one ends it on both at once', async () => {
    const session = await staffLogin(a.baseUrl, a.username, a.password);
    expect((await me(b, session.token)).status).toBe(200);
    const out = await fetch(`${a.baseUrl}/api/User/logout`, { method: 'POST', headers: { authorization: `Bearer ${session.token}` } });
    expect(out.status).toBe(200);
    // At once: no wait for a cache on the other process to expire.
    const after = await me(b, session.token);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { message: string }).message).toMatch(/no longer valid/);
    expect((await me(a, session.token)).status).toBe(401);
  });

  it('serves from one an image uploaded through the other', async () => {
    const session = await staffLogin(a.baseUrl, a.username, a.password);
    // A colour of this run's own: the file's name is its content's hash.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: process.pid % 256, g: 90, b: 17 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('LogoFile', new Blob([png], { type: 'image/png' }), 'logo.png');
    const { logoUrl } = (await session.call('POST', '/api/Site/logo', form)) as { logoUrl: string };
    const served = await fetch(b.baseUrl + logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 40, 30]);
  });

  it('counts failed logins from one address across both: the eleventh is refused on either', async () => {
    const address = `10.33.${process.pid % 250}.${1 + (Date.now() % 250)}`;
    const attempt = (portal: Portal) =>
      fetch(`${portal.baseUrl}/api/User/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ username: a.username, password: 'wrong-password-1' }),
      }).then((r) => r.status);
    // Ten at once, five on each process.
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => attempt([a, b][i % 2])))).toEqual(Array(10).fill(401));
    expect(await attempt(a)).toBe(429);
    expect(await attempt(b)).toBe(429);
    // The account itself is not locked for another address.
    const other = await fetch(`${b.baseUrl}/api/User/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.34.0.1' },
      body: JSON.stringify({ username: a.username, password: a.password }),
    });
    expect(other.status).toBe(200);
  });
});
