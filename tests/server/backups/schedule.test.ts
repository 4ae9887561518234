// Issue 28: the nightly backup (at BACKUP_TIME India time, one a day across processes, missed days
// made on the next start), what retention keeps, and /api/Backups for an administrator only.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCouncil, injectAs, uniqueUsername, useCouncil, useTestApp } from '../../helpers/app.ts';
import { backupNow, backupWhenFree, runDueBackup, pruneBackups } from '../../../server/modules/backups/schedule.ts';
import { toPrune, type BackupFile } from '../../../server/modules/backups/retention.ts';
import { backupFileName, backupsDir } from '../../../server/modules/backups/format.ts';
import { listBackupFiles } from '../../../server/modules/backups/files.ts';
import { API_SCOPES } from '../../../common/api-scopes.ts';

const operatorName = uniqueUsername('operator');
const t = useTestApp({ adminUsername: operatorName });
const admin = useCouncil(t, { isAdmin: true, username: operatorName });

const IST = (s: string) => new Date(`${s}+05:30`);
/** A year of this run's own: claimed days stay in the BackupRun of a PostgreSQL database a run shares or reuses. */
const YEAR = 2100 + (Date.now() % 5000);
const inYear = (s: string) => IST(s.replace(/^2031/, String(YEAR)));
const schedule = { time: '02:00', keepDays: 7 };
const silent = (msg: string) => {
  if (msg.includes('failed')) console.error(msg);
};

describe('retention', () => {
  const files = fc.uniqueArray(
    fc.integer({ min: 0, max: 120 * 24 * 60 }).map((minutes): BackupFile => ({
      name: `f${minutes}`,
      createdAt: new Date(Date.UTC(2026, 6, 1) + minutes * 60_000),
    })),
    { selector: (f) => f.name, maxLength: 200 },
  );
  const now = new Date(Date.UTC(2026, 6, 1) + 121 * 86_400_000);

  it('keeps the newest file, one a day for the last days and one a week for four weeks before, and deletes only what it was given', () => {
    fc.assert(
      fc.property(files, fc.integer({ min: 1, max: 14 }), (all, keepDays) => {
        const gone = toPrune(all, now, keepDays);
        const goneNames = new Set(gone.map((f) => f.name));
        const kept = all.filter((f) => !goneNames.has(f.name));
        expect(gone.every((g) => all.includes(g))).toBe(true);
        if (all.length) expect(kept.length).toBeGreaterThan(0);
        const newest = [...all].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
        if (newest) expect(goneNames.has(newest.name)).toBe(false);
        expect(kept.length).toBeLessThanOrEqual(keepDays + 4 + 1);
        // Every India day of the window that had a file still has one.
        const day = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10);
        const windowStart = day(new Date(now.getTime() - (keepDays - 1) * 86_400_000));
        for (const f of all.filter((x) => day(x.createdAt) >= windowStart))
          expect(kept.some((k) => day(k.createdAt) === day(f.createdAt))).toBe(true);
      }),
    );
  });

  it('after sixty nights keeps seven daily and four weekly backups', () => {
    const first = IST('2026-09-01T02:00:00').getTime();
    const nights = Array.from({ length: 60 }, (_, i) => ({ name: `n${i}`, createdAt: new Date(first + i * 86_400_000) }));
    const gone = toPrune(nights, new Date(nights[59].createdAt.getTime() + 3_600_000), 7);
    expect(nights.length - gone.length).toBe(11);
  });
});

describe('the nightly backup', () => {
  it('is made once the day reaches BACKUP_TIME, once a day however many processes ask, and on a later start when the night was missed', async () => {
    const { database, config } = t;
    // Not before 02:00 India time.
    expect(await runDueBackup(database, config.dataDir, schedule, inYear('2031-01-10T01:59:00'), silent)).toBe('not-due');
    // Two processes at 02:00 on one database: one makes it.
    const both = await Promise.all([
      runDueBackup(database, config.dataDir, schedule, inYear('2031-01-10T02:00:05'), silent),
      runDueBackup(database, config.dataDir, schedule, inYear('2031-01-10T02:00:07'), silent),
    ]);
    expect(both.sort()).toEqual(['made', 'taken']);
    expect(await runDueBackup(database, config.dataDir, schedule, inYear('2031-01-10T23:00:00'), silent)).toBe('taken');
    // The portal was off on the 11th: it makes the 12th's when it starts at 09:30.
    expect(await runDueBackup(database, config.dataDir, schedule, inYear('2031-01-12T09:30:00'), silent)).toBe('made');
    const runs = await database.sql.query<{ day: string; name: string }>(
      `SELECT to_char("day", 'YYYY-MM-DD') AS day, "name" FROM "BackupRun" WHERE "day" >= '${YEAR}-01-01' AND "day" < '${YEAR + 1}-01-01' AND "finishedAt" IS NOT NULL ORDER BY 1`,
    );
    expect(runs.map((r) => r.day)).toEqual([`${YEAR}-01-10`, `${YEAR}-01-12`]);
    // The files carry the machine's real time; the newest is kept whatever the clock says.
    const files = await listBackupFiles(backupsDir(config.dataDir));
    expect(files.map((f) => f.name)).toContain(runs[1].name);
    expect(files.every((f) => f.kind === 'scheduled' && f.size > 0)).toBe(true);
  });

  it('gives `npm run backup -- --out FILE` a file of its own when the nightly one is under way', async () => {
    const { database, config } = t;
    const out = path.join(config.dataDir, 'usb', 'asked-for.tar.gz');
    const nightly = backupNow({ database, dataDir: config.dataDir, out: `${backupsDir(config.dataDir)}/`, kind: 'scheduled' });
    expect(nightly.busy).toBe(false);
    const asked = await backupWhenFree({ database, dataDir: config.dataDir, out, kind: 'manual' });
    const made = await nightly.result;
    expect(asked.path).toBe(out);
    expect(made.path).not.toBe(out);
    expect(fs.statSync(out).size).toBeGreaterThan(0);
  });

  it('never replaces a backup made in the same second: the later one is named to the millisecond', async () => {
    const { database, config } = t;
    const dir = path.join(config.dataDir, 'same-second');
    fs.mkdirSync(dir, { recursive: true });
    // Every second of the next minute already holds a (stand-in) manual backup.
    const start = Date.now();
    for (let s = 0; s < 60; s++) fs.writeFileSync(path.join(dir, backupFileName(new Date(start + s * 1000), 'manual', false)), 'earlier');
    const made = await backupWhenFree({ database, dataDir: config.dataDir, out: `${dir}/`, kind: 'manual' });
    expect(made.name).toMatch(/^gp-backup-\d{4}-\d{2}-\d{2}T\d{9}Z-manual\.tar\.gz$/);
    const listed = await listBackupFiles(dir);
    expect(listed).toHaveLength(61);
    // Read back with its milliseconds: listed at the time it was made, newest first.
    const mine = listed.find((f) => f.name === made.name);
    expect(mine?.size).toBe(made.size);
    expect(mine?.createdAt).toBe(made.createdAt);
    expect(listed.filter((f) => f.size === 'earlier'.length)).toHaveLength(60);
  });

  it('is off with BACKUP_TIME=off', async () => {
    expect(await runDueBackup(t.database, t.config.dataDir, { time: null, keepDays: 7 }, inYear('2031-02-01T03:00:00'), silent)).toBe(
      'not-due',
    );
  });

  it('prunes the files retention does not keep', async () => {
    const dir = path.join(t.config.dataDir, 'prune-test');
    const dataDir = dir;
    fs.mkdirSync(backupsDir(dataDir), { recursive: true });
    for (let i = 0; i < 40; i++) {
      const at = new Date(IST('2030-01-01T02:00:00').getTime() + i * 86_400_000);
      const stamp = at
        .toISOString()
        .slice(0, 19)
        .replace(/[-:]/g, '')
        .replace(/^(\d{4})(\d{2})(\d{2})/, '$1-$2-$3');
      fs.writeFileSync(path.join(backupsDir(dataDir), `gp-backup-${stamp}Z-scheduled.tar.gz`), 'x');
    }
    fs.writeFileSync(path.join(backupsDir(dataDir), 'notes.txt'), 'kept: not a backup');
    const gone = await pruneBackups(dataDir, new Date(IST('2030-01-01T03:00:00').getTime() + 39 * 86_400_000), 7);
    expect(gone).toHaveLength(40 - 11);
    expect(await listBackupFiles(backupsDir(dataDir))).toHaveLength(11);
    expect(fs.existsSync(path.join(backupsDir(dataDir), 'notes.txt'))).toBe(true);
  });
});

describe('/api/Backups', () => {
  it('makes, lists and downloads a backup for an administrator, and records who took a copy', async () => {
    const made = await injectAs(t.app, admin, { method: 'POST', url: '/api/Backups', payload: {} });
    expect(made.statusCode, made.body).toBe(201);
    const item = made.json().result;
    expect(item).toMatchObject({ kind: 'manual', encrypted: false });
    const list = await injectAs(t.app, admin, { method: 'GET', url: '/api/Backups' });
    expect(list.statusCode, list.body).toBe(200);
    const result = list.json().result;
    expect(result.items.map((i: { name: string }) => i.name)).toContain(item.name);
    expect(result.stale).toBe(false);
    expect(result.disk.totalBytes).toBeGreaterThan(0);
    expect(result.schedule).toEqual({ time: '02:00', keepDays: 7, keepWeeks: 4, encrypted: false });

    const file = await injectAs(t.app, admin, { method: 'GET', url: `/api/Backups/${item.name}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(item.name);
    expect(file.rawPayload.equals(fs.readFileSync(path.join(backupsDir(t.config.dataDir), item.name)))).toBe(true);
    const audit = await injectAs(t.app, admin, { method: 'GET', url: `/api/Audit?entity=Backup&entityId=${item.name}` });
    expect(audit.json().result.items.map((i: { action: string }) => i.action)).toContain('download');
  });

  it("is refused to another council, an administrator too (the file holds every council's records), and to every API token", async () => {
    const name = (await injectAs(t.app, admin, { method: 'POST', url: '/api/Backups', payload: {} })).json().result.name;
    const me = async (who: typeof admin) => (await injectAs(t.app, who, { method: 'GET', url: '/api/User/me' })).json().result;
    expect(await me(admin)).toMatchObject({ isAdmin: true, isOperator: true });
    const others = [await createCouncil(t.app, { isAdmin: false }), await createCouncil(t.app, { isAdmin: true })];
    for (const other of others) expect((await me(other)).isOperator).toBe(false);
    for (const other of others)
      for (const [method, url] of [
        ['GET', '/api/Backups'],
        ['POST', '/api/Backups'],
        ['GET', `/api/Backups/${name}`],
      ] as const) {
        const res = await injectAs(t.app, other, { method, url, payload: method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      }
    const token = (
      await injectAs(t.app, admin, { method: 'POST', url: '/api/ApiTokens', payload: { name: 'b', scopes: [...API_SCOPES] } })
    ).json().result.token;
    const res = await t.app.inject({ method: 'GET', url: '/api/Backups', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
  });

  it('answers a name that is not a backup with 400 or 404, never a file outside the folder', async () => {
    for (const name of ['..%2F..%2Fpgdata%2FPG_VERSION', 'gp-backup-2020-01-01T0000Z-manual.tar.gz', 'x.tar.gz', '%00']) {
      const res = await injectAs(t.app, admin, { method: 'GET', url: `/api/Backups/${name}` });
      expect([400, 404], `${name}: ${res.body}`).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ isSuccess: false, result: null });
    }
  });
});
