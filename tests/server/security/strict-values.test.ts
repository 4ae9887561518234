// Strict values (issue 13, item 17): decimal integers only, a logo only from https or this site, and
// the account command line answering one clear line when the database is in use.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useTestApp, useCouncil, injectAs } from '../../helpers/app.ts';
import { caseOf } from '../../helpers/certificates.ts';
import { takeLock } from '../../../server/db/lock.ts';

const t = useTestApp();
const c = useCouncil(t);

describe('whole numbers', () => {
  it('refuses hexadecimal, binary and exponent spellings instead of reading them as numbers', async () => {
    const birth = caseOf('birth');
    for (const serialNo of ['0x10', '0b1', '1e3', '+5', '-1', '١٢']) {
      const res = await injectAs(t.app, c, { method: 'POST', url: birth.base, payload: { ...birth.valid(), serialNo } });
      expect(res.statusCode, serialNo).toBe(400);
      expect(res.json().message, serialNo).toBe('serialNo: must be a whole number from 0 to 2147483647');
    }
    const decimal = await injectAs(t.app, c, { method: 'POST', url: birth.base, payload: { ...birth.valid(), birthWeightKg: '0x3' } });
    expect(decimal.json().message).toBe('birthWeightKg: must be a number from 0 to 20');
    const plain = await injectAs(t.app, c, {
      method: 'POST',
      url: birth.base,
      payload: { ...birth.valid(), serialNo: '16', birthWeightKg: '3.25' },
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().result).toMatchObject({ serialNo: 16, birthWeightKg: 3.25 });
  });
});

describe('the office logo', () => {
  const save = async (logoUrl: string) => {
    const {
      createdByUserId: _c,
      updatedAt: _u,
      ...body
    } = (await injectAs(t.app, c, { method: 'GET', url: '/api/Site/profile/mine' })).json().result;
    return injectAs(t.app, c, {
      method: 'PUT',
      url: '/api/Site/profile',
      payload: { ...body, officeName: 'ग्रामपंचायत कार्यालय वडगाव', logoUrl },
    });
  };

  it('refuses another site written as //host, a backslash path and plain http', async () => {
    for (const logoUrl of ['//evil.example/x.png', '/\\evil.example/x.png', 'http://example.org/logo.png']) {
      const res = await save(logoUrl);
      expect(res.statusCode, logoUrl).toBe(400);
      expect(res.json().message).toBe('logoUrl: must start with https://, or be a path on this site starting with a single /');
    }
  });

  it('accepts https and a path on this site', async () => {
    for (const logoUrl of ['https://example.org/logo.png', '/uploads/logo.png'])
      expect((await save(logoUrl)).statusCode, logoUrl).toBe(200);
  });
});

describe('npm run user', () => {
  it('answers one clear line, not a stack trace, when the database is in use', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-cli-'));
    const release = takeLock(dataDir);
    try {
      const root = path.resolve(import.meta.dirname, '../../..');
      const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      const cli = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['server/cli/user.ts', 'list'], { cwd: root, env, encoding: 'utf8' });
      expect(cli.status).toBe(1);
      expect(cli.stderr.trim().split('\n')).toHaveLength(1);
      expect(cli.stderr).toMatch(new RegExp(`^Error: The database in .* is in use by process ${process.pid}`));
    } finally {
      release();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
