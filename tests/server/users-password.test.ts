// Changing a password (issue 25, 5): on the screen (PUT /api/User/password) and with `npm run user --
// reset`. A change ends every login token of the account; API tokens, which are programs' keys,
// keep working unless the staff choose to revoke them too, and both ways say how many there are.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp, createCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';
import { root } from '../../server/config.ts';
import { openDatabase } from '../../server/db/open.ts';
import { createAccount } from '../../server/modules/users/service.ts';
import { createToken } from '../../server/modules/apiTokens/service.ts';

const t = useTestApp();

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/User/me', headers: { authorization: `Bearer ${token}` } });
const change = (c: TestCouncil, body: Record<string, unknown>) =>
  injectAs(t.app, c, { method: 'PUT', url: '/api/User/password', payload: body });
async function apiToken(c: TestCouncil) {
  const res = await injectAs(t.app, c, {
    method: 'POST',
    url: '/api/ApiTokens',
    payload: { name: 'dashboard', scopes: ['certificates:read'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result.token as string;
}
const tokenWorks = async (secret: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/BirthCertificate/paged', headers: { authorization: `Bearer ${secret}` } })).statusCode ===
  200;

describe('PUT /api/User/password', () => {
  it('ends every login token of the account and answers a new one; API tokens keep working by default', async () => {
    const c = await createCouncil(t.app);
    const secret = await apiToken(c);
    const res = await change(c, { currentPassword: c.password, newPassword: 'New-village-pass7' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      isSuccess: true,
      message: 'पासवर्ड बदलला. / Password changed.',
      result: { userId: c.userId, revokedApiTokens: 0 },
    });
    expect((await me(c.token)).statusCode).toBe(401);
    expect((await me(res.json().result.token)).statusCode).toBe(200);
    expect(await tokenWorks(secret)).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { username: c.username, password: 'New-village-pass7' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('revokes the council’s API tokens too when asked, and says how many', async () => {
    const c = await createCouncil(t.app);
    const secrets = [await apiToken(c), await apiToken(c)];
    const other = await createCouncil(t.app);
    const othersSecret = await apiToken(other);
    const res = await change(c, { currentPassword: c.password, newPassword: 'New-village-pass8', revokeApiTokens: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.revokedApiTokens).toBe(2);
    expect(res.json().message).toBe('पासवर्ड बदलला; 2 API टोकन रद्द केले. / Password changed; 2 API tokens revoked.');
    for (const s of secrets) expect(await tokenWorks(s)).toBe(false);
    expect(await tokenWorks(othersSecret)).toBe(true);
  });

  it('refuses a wrong current password with 403, keeps the session, changes nothing', async () => {
    const c = await createCouncil(t.app);
    const secret = await apiToken(c);
    const res = await change(c, { currentPassword: 'Wrong-pass-2026', newPassword: 'New-village-pass9', revokeApiTokens: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      isSuccess: false,
      message: 'सध्याचा पासवर्ड चुकीचा आहे. / The current password is wrong.',
      result: null,
    });
    expect((await me(c.token)).statusCode).toBe(200);
    expect(await tokenWorks(secret)).toBe(true);
  });

  it('refuses a weak or unchanged new password naming the field, and an API token', async () => {
    const c = await createCouncil(t.app);
    const weak = await change(c, { currentPassword: c.password, newPassword: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/^password: /);
    const same = await change(c, { currentPassword: c.password, newPassword: c.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('newPassword: must differ from the current password');
    const secret = await apiToken(c);
    const byToken = await t.app.inject({
      method: 'PUT',
      url: '/api/User/password',
      headers: { authorization: `Bearer ${secret}` },
      payload: { currentPassword: c.password, newPassword: 'New-village-pass10' },
    });
    expect(byToken.statusCode).toBe(403);
  });
});

describe('npm run user -- reset', () => {
  it('says how many API tokens still work, and revokes them with --revoke-api-tokens', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-reset-'));
    const env = { ...process.env, DATA_DIR: dataDir, JWT_SECRET: 'cli-test', LOG_LEVEL: 'error' };
    const name = `reset_${process.pid}_${Date.now().toString(36)}`;
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
    let councilId: number;
    try {
      councilId = (await createAccount(database.prisma, { username: name, password: 'Reset-pass-2026' })).id;
      await createToken(database.prisma, councilId, { name: 'a', scopes: ['certificates:read'] });
      await createToken(database.prisma, councilId, { name: 'b', scopes: ['certificates:read'] });
    } finally {
      await database.close();
    }
    const cli = (...args: string[]) =>
      spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['server/cli/user.ts', 'reset', name, ...args], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
    try {
      const kept = cli('--password', 'Reset-pass-2027');
      expect(kept.status, kept.stderr).toBe(0);
      expect(kept.stdout).toMatch(/2 API token\(s\) of this council still work/);
      const revoked = cli('--password', 'Reset-pass-2028', '--revoke-api-tokens');
      expect(revoked.status, revoked.stderr).toBe(0);
      expect(revoked.stdout).toMatch(/Revoked 2 API token\(s\)\./);
      const again = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
      try {
        expect(await again.prisma.apiToken.count({ where: { createdByUserId: councilId, revokedAt: null } })).toBe(0);
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
