import { describe, expect, it } from 'vitest';
import { createSigner } from 'fast-jwt';
import { useTestApp, createCouncil, injectAs } from '../helpers/app.ts';
import { createAccount } from '../../server/modules/users/service.ts';

const t = useTestApp();

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/User/login', payload: payload as object, headers });

describe('POST /api/User/login', () => {
  it('answers the envelope and the top-level fields with a token that opens staff routes', async () => {
    const c = await createCouncil(t.app);
    const res = await login({ username: c.username, password: c.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.isSuccess).toBe(true);
    expect(body.result).toEqual({ userName: c.username, userId: c.userId, token: body.token });
    expect(body).toMatchObject({ userName: c.username, userId: c.userId });
    const me = await t.app.inject({ method: 'GET', url: '/api/User/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().result.userId).toBe(c.userId);
  });

  it('issues a token that expires two hours after login', async () => {
    const c = await createCouncil(t.app);
    const [, payload] = c.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(2 * 60 * 60);
  });

  it('refuses a wrong password and an unknown user with the same 401 message', async () => {
    const c = await createCouncil(t.app);
    const wrong = await login({ username: c.username, password: 'Wrong-pass1' });
    const unknown = await login({ username: 'nobody_here', password: 'Wrong-pass1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ isSuccess: false, message: 'Wrong username or password.', result: null });
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('answers 400 naming the field for empty, missing and malformed input', async () => {
    const empty = await login({ username: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Username and password are required.');
    const missing = await login({ username: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ isSuccess: false, result: null });
    expect(missing.json().message).toContain('password');
    const wrongType = await login({ username: 'x', password: { nested: true } });
    expect(wrongType.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ isSuccess: false, message: 'The request body is not valid JSON.', result: null });
  });

  it('limits failed logins per address and username to 10 a minute with a 429 envelope', async () => {
    const c = await createCouncil(t.app);
    for (let i = 0; i < 10; i++) expect((await login({ username: c.username, password: 'Wrong-pass1' })).statusCode).toBe(401);
    const blocked = await login({ username: c.username, password: c.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().isSuccess).toBe(false);
    expect(blocked.json().message).toMatch(/Too many failed logins/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not blocked by this one's failures (tests/server/security/login-limit.test.ts: behind a proxy).
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { username: c.username, password: c.password },
      remoteAddress: '198.51.100.9',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('refuses a missing, forged, expired or malformed token with 401', async () => {
    const c = await createCouncil(t.app);
    const none = await t.app.inject({ method: 'GET', url: '/api/User/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ isSuccess: false, result: null });

    const forged = createSigner({ key: 'not-the-server-secret', expiresIn: 60_000 })({ sub: String(c.userId), name: c.username });
    expect(
      (await injectAs(t.app, undefined, { method: 'GET', url: '/api/User/me', headers: { authorization: `Bearer ${forged}` } })).statusCode,
    ).toBe(401);

    const past = Math.floor(Date.now() / 1000) - 3 * 3600;
    const expired = createSigner({ key: t.config.jwtSecret })({
      sub: String(c.userId),
      name: c.username,
      ver: 0,
      iat: past,
      exp: past + 7200,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/User/me', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/);

    expect((await t.app.inject({ method: 'GET', url: '/api/User/me', headers: { authorization: 'Bearer abc.def' } })).statusCode).toBe(401);
  });

  it('stops accepting tokens issued before a password reset', async () => {
    const c = await createCouncil(t.app);
    await new Promise((r) => setTimeout(r, 1100));
    await t.app.db.user.update({ where: { id: c.userId }, data: { passwordChangedAt: new Date() } });
    expect((await injectAs(t.app, c, { method: 'GET', url: '/api/User/me' })).statusCode).toBe(401);
  });
});

describe('POST /api/User/register', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    username: `new_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    email: 'office@example.org',
    password: 'Council-pass9',
    ...over,
  });

  it('creates an account only for an administrator', async () => {
    const admin = await createCouncil(t.app, { isAdmin: true });
    const staff = await createCouncil(t.app);
    const anon = await t.app.inject({ method: 'POST', url: '/api/User/register', payload: body() });
    expect(anon.statusCode).toBe(401);
    const notAdmin = await injectAs(t.app, staff, { method: 'POST', url: '/api/User/register', payload: body() });
    expect(notAdmin.statusCode).toBe(403);
    const b = body();
    const created = await injectAs(t.app, admin, { method: 'POST', url: '/api/User/register', payload: b });
    expect(created.statusCode).toBe(201);
    expect(created.json().result).toMatchObject({ userName: b.username, isAdmin: false });
    const loginNew = await login({ username: b.username, password: b.password });
    expect(loginNew.statusCode).toBe(200);
  });

  it('explains weak passwords, bad names and duplicates', async () => {
    const admin = await createCouncil(t.app, { isAdmin: true });
    const weak = await injectAs(t.app, admin, { method: 'POST', url: '/api/User/register', payload: body({ password: 'short1' }) });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('password: must be at least 10 characters long');
    const noDigit = await injectAs(t.app, admin, { method: 'POST', url: '/api/User/register', payload: body({ password: 'onlyletters' }) });
    expect(noDigit.json().message).toMatch(/^password: must contain/);
    const badName = await injectAs(t.app, admin, { method: 'POST', url: '/api/User/register', payload: body({ username: 'a b' }) });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().message).toMatch(/^username:/);
    const b = body();
    expect((await injectAs(t.app, admin, { method: 'POST', url: '/api/User/register', payload: b })).statusCode).toBe(201);
    const dup = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/User/register',
      payload: { ...b, username: b.username.toUpperCase() },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/already taken/);
  });

  it('stores a bcrypt hash, never the password', async () => {
    const user = await createAccount(t.app.db, { username: `hash_${Date.now().toString(36)}`, password: 'Plain-text9' });
    expect(user.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(user.passwordHash).not.toContain('Plain-text9');
  });
});
