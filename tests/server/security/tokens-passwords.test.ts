// Tokens and passwords (issue 13, items 12-13): one algorithm, a required expiry and age limit,
// 401 for a malformed subject, logout that ends a token on the server, and password rules.
// On the embedded database the server keeps the accounts it checks tokens against in memory
// (server/modules/users/sessions.ts): every change of an account must still count at once.
import { describe, expect, it } from 'vitest';
import { createSigner } from 'fast-jwt';
import pg from 'pg';
import { useTestApp, createCouncil, injectAs } from '../../helpers/app.ts';
import { checkPassword, randomPassword, setPassword } from '../../../server/modules/users/service.ts';

const t = useTestApp();

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/User/me', headers: { authorization: `Bearer ${token}` } });
const now = () => Math.floor(Date.now() / 1000);

describe('tokens', () => {
  it('refuses a token signed with our secret but another HMAC algorithm', async () => {
    const c = await createCouncil(t.app);
    const hs512 = createSigner({ key: t.config.jwtSecret, algorithm: 'HS512', expiresIn: 60_000 })({
      sub: String(c.userId),
      name: c.username,
      ver: 0,
    });
    const res = await me(hs512);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ isSuccess: false, result: null });
  });

  it('refuses a token without an expiry, or one made to live longer than two hours', async () => {
    const c = await createCouncil(t.app);
    const claims = { sub: String(c.userId), name: c.username, ver: 0 };
    // The signer's clock sets iat; noTimestamp leaves iat out altogether.
    expect((await me(createSigner({ key: t.config.jwtSecret, expiresIn: 3600_000 })(claims))).statusCode).toBe(200);
    const noExp = createSigner({ key: t.config.jwtSecret })(claims);
    expect((await me(noExp)).statusCode).toBe(401);
    const yearLong = createSigner({ key: t.config.jwtSecret, clockTimestamp: (now() - 3 * 3600) * 1000, expiresIn: 365 * 86400_000 })(
      claims,
    );
    expect((await me(yearLong)).statusCode).toBe(401);
    const noIat = createSigner({ key: t.config.jwtSecret, noTimestamp: true })({ ...claims, exp: now() + 3600 });
    expect((await me(noIat)).statusCode).toBe(401);
  });

  it('refuses a token issued in the future beyond a minute of clock skew (its age would count from then)', async () => {
    const c = await createCouncil(t.app);
    // The signer's clock sets iat (with noTimestamp it would drop an iat given in the payload).
    const issuedAt = (iat: number) =>
      createSigner({ key: t.config.jwtSecret, clockTimestamp: iat * 1000, expiresIn: 2 * 3600_000 })({
        sub: String(c.userId),
        name: c.username,
        ver: 0,
      });
    const tomorrow = await me(issuedAt(now() + 86_400));
    expect(tomorrow.statusCode).toBe(401);
    expect(tomorrow.json()).toMatchObject({ isSuccess: false, message: 'The login token is not valid. Please log in again.' });
    expect((await me(issuedAt(now() + 5 * 60))).statusCode).toBe(401);
    // Another server's clock half a minute ahead is fine.
    const skewed = await me(issuedAt(now() + 30));
    expect(skewed.statusCode, skewed.body).toBe(200);
  });

  it('answers 401, not 500, to a token whose subject is not an account number', async () => {
    const sign = createSigner({ key: t.config.jwtSecret, expiresIn: 60_000 });
    for (const sub of ['abc', '1e3', '-1', '0', '99999999999999999999', '']) {
      const res = await me(sign({ sub, name: 'x', ver: 0 }));
      expect(res.statusCode, sub).toBe(401);
      expect(res.json()).toMatchObject({ isSuccess: false, result: null });
    }
    const objectSub = await me(sign({ sub: { id: 1 }, name: 'x', ver: 0 }));
    expect(objectSub.statusCode).toBe(401);
  });

  it('ends the token on the server at logout; a new login works', async () => {
    const c = await createCouncil(t.app);
    expect((await me(c.token)).statusCode).toBe(200);
    const out = await injectAs(t.app, c, { method: 'POST', url: '/api/User/logout' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ isSuccess: true, result: null });
    const after = await me(c.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/no longer valid/);
    const again = await t.app.inject({ method: 'POST', url: '/api/User/login', payload: { username: c.username, password: c.password } });
    expect(again.statusCode).toBe(200);
    expect((await me(again.json().token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/User/logout' })).statusCode).toBe(401);
  });

  it('ends the tokens at once at a password reset (as npm run user -- reset does it)', async () => {
    const c = await createCouncil(t.app);
    expect((await me(c.token)).statusCode).toBe(200);
    await setPassword(t.app.db, c.username, 'Reset-pass-42');
    const after = await me(c.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/no longer valid/);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { username: c.username, password: 'Reset-pass-42' },
    });
    expect(again.statusCode).toBe(200);
    expect((await me(again.json().token)).statusCode).toBe(200);
  });

  it('sees every change of the account at the next request, however it was written', async () => {
    // Through Prisma outside the users service, in a transaction, and in plain SQL.
    const changes: Array<(userId: number) => Promise<unknown>> = [
      (id) => t.app.db.user.update({ where: { id }, data: { tokenVersion: { increment: 1 } } }),
      (id) =>
        t.app.db.$transaction(async (tx) => tx.user.update({ where: { id }, data: { passwordChangedAt: new Date(Date.now() + 5_000) } })),
      (id) => t.database.sql.query('UPDATE "User" SET "tokenVersion" = "tokenVersion" + 1 WHERE id = $1', [id]),
    ];
    for (const change of changes) {
      const c = await createCouncil(t.app);
      expect((await me(c.token)).statusCode).toBe(200);
      await change(c.userId);
      expect((await me(c.token)).statusCode, String(change)).toBe(401);
    }
    // An administrator no longer one: the next request is refused what needs one.
    const admin = await createCouncil(t.app, { isAdmin: true });
    const register = () =>
      injectAs(t.app, admin, {
        method: 'POST',
        url: '/api/User/register',
        payload: {
          username: `x_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
          email: 'a@example.org',
          password: 'Vadgaon-kar-2026',
        },
      });
    expect((await register()).statusCode).toBe(201);
    await t.app.db.user.update({ where: { id: admin.userId }, data: { isAdmin: false } });
    expect((await register()).statusCode).toBe(403);
    // A deleted account.
    const gone = await createCouncil(t.app);
    expect((await me(gone.token)).statusCode).toBe(200);
    await t.app.db.user.delete({ where: { id: gone.userId } });
    expect((await me(gone.token)).statusCode).toBe(401);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'sees a change made by another process (PostgreSQL: the command line while the portal runs)',
    async () => {
      const c = await createCouncil(t.app);
      expect((await me(c.token)).statusCode).toBe(200);
      const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await other.connect();
      try {
        await other.query('UPDATE "User" SET "tokenVersion" = "tokenVersion" + 1 WHERE id = $1', [c.userId]);
      } finally {
        await other.end();
      }
      expect((await me(c.token)).statusCode).toBe(401);
    },
  );
});

describe('passwords', () => {
  const register = async (password: string) => {
    const admin = await createCouncil(t.app, { isAdmin: true });
    return injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/User/register',
      payload: { username: `pw_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, email: 'a@example.org', password },
    });
  };

  it('refuses password1 and other short or common passwords, naming the rule', async () => {
    const short = await register('password1');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('password: must be at least 10 characters long');
    for (const common of ['password123', 'Password123', 'QWERTY12345', '1q2w3e4r5t']) {
      const res = await register(common);
      expect(res.statusCode, common).toBe(400);
      expect(res.json().message, common).toMatch(/^password: is one of the most common passwords/);
    }
    expect((await register('Vadgaon-kar-2026')).statusCode).toBe(201);
  });

  it('refuses a password bcrypt would cut at 72 bytes, with a clear message', async () => {
    const long = await register(`Aa1${'x'.repeat(70)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/^password: is too long: at most 72 bytes/);
    // 24 Devanagari letters are 72 bytes; 25 are too many.
    expect(() => checkPassword(`${'क'.repeat(24)}a1`)).toThrow(/too long/);
    expect(() => checkPassword(`${'क'.repeat(23)}a1`)).not.toThrow();
  });

  it('generates first-start and reset passwords that pass the rules', () => {
    for (let i = 0; i < 500; i++) expect(() => checkPassword(randomPassword())).not.toThrow();
  });
});
