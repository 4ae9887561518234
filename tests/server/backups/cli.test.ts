// The backup and restore commands as an operator runs them on the embedded database: `npm run
// backup` while the portal runs (the portal holds the database, so the command asks it through its
// control socket), then, the portal stopped, `npm run restore` into a new data folder; and a backup
// made at an older migration level, which the restore brings to this portal's level after loading.
// Always PGlite here (even when DATABASE_URL is set for the rest). Every wait is on the portal's own
// signal ("Portal ready" on stdout, or its exit), never on a fixed sleep.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open.ts';
import { applyMigrations, listMigrations } from '../../../server/db/migrate.ts';
import { createBackup } from '../../../server/modules/backups/backup.ts';
import { restoreBackup } from '../../../server/modules/backups/restore.ts';
import { freePort } from '../../helpers/free-port.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-backup-cli-'));
const children: ChildProcess[] = [];
const SLOW = 600_000; // only a ceiling for a stuck run; the waits themselves end on a process's signal

function env(dataDir: string, extra: Record<string, string> = {}) {
  const e: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
  delete e.DATABASE_URL;
  delete e.BACKUP_PASSPHRASE;
  return e;
}

/** A TypeScript entry point of the repository under tsx; settles with its exit code and output. */
function run(args: string[], dataDir: string, extra: Record<string, string> = {}) {
  const child = spawn(tsx, args, { cwd: root, env: env(dataDir, extra) });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const closed = new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => stdout.includes('Portal ready at') && resolve());
    void closed.then((r) => reject(new Error(`exited with ${r.code} before it was ready:\n${r.stdout}\n${r.stderr}`)));
  });
  ready.catch(() => {}); // awaited only for the portal
  return { child, ready, closed };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A row of "User" in the embedded database of `dataDir`, opened after the commands are done with it. */
async function userIn(dataDir: string, username: string) {
  const database = await openDatabase({ dataDir, migrate: false });
  try {
    return (await database.sql.query<{ username: string }>(`SELECT username FROM "User" WHERE username = $1`, [username]))[0];
  } finally {
    await database.close();
  }
}

it(
  'backs up through the running portal, and the file restores into a new data folder with the restore command',
  async () => {
    const dataDir = path.join(scratch, 'running');
    const file = path.join(scratch, 'out', 'made-by-cli.tar.gz');
    const portal = run(['server/main.ts'], dataDir, {
      PORT: String(await freePort()),
      ADMIN_USERNAME: 'sevak',
      ADMIN_PASSWORD: 'Start-pass1',
    });
    await portal.ready;
    expect(fs.existsSync(path.join(dataDir, 'control.sock'))).toBe(true);

    const backup = await run(['server/cli/backup.ts', '--out', file], dataDir).closed;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/Backup written by the running portal: .*made-by-cli\.tar\.gz/);
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    const stopped = portal.closed;
    portal.child.kill('SIGTERM');
    await stopped;

    const restoredDir = path.join(scratch, 'restored');
    const restore = await run(['server/cli/restore.ts', file], restoredDir).closed;
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/Restored [\d,]+ rows/);
    expect(await userIn(restoredDir, 'sevak')).toEqual({ username: 'sevak' });
  },
  SLOW,
);

it(
  "restores a backup of an older migration level and applies this portal's later migrations after the rows",
  async () => {
    const names = listMigrations().map((m) => m.name);
    const latest = names[names.length - 1];
    const olderDir = path.join(scratch, 'older');
    const older = await openDatabase({ dataDir: olderDir, migrate: false });
    let file: string;
    try {
      await applyMigrations(older.sql, () => {}, latest);
      await older.sql.exec(
        `INSERT INTO "User" ("username", "usernameKey", "passwordHash", "updatedAt") VALUES ('purana', 'purana', 'x', now())`,
      );
      const b = await createBackup({ database: older, dataDir: olderDir, out: `${path.join(scratch, 'older-backups')}/`, kind: 'manual' });
      expect(b.manifest.migration).toBe(names[names.length - 2]);
      file = b.path;
    } finally {
      await older.close();
    }

    const restoredDir = path.join(scratch, 'from-older');
    const r = await restoreBackup({ file, dataDir: restoredDir });
    expect(r.migrated).toEqual([latest]);
    expect(await userIn(restoredDir, 'purana')).toEqual({ username: 'purana' });
    const database = await openDatabase({ dataDir: restoredDir, migrate: false });
    try {
      const [{ name }] = await database.sql.query<{ name: string }>(
        `SELECT max(migration_name) AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`,
      );
      expect(name).toBe(latest);
    } finally {
      await database.close();
    }
  },
  SLOW,
);
