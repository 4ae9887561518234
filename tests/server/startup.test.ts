// The first README command as a newcomer meets it: `npm start` (scripts/start.mjs: build what
// changed, then the compiled server under plain Node) on an embedded database in a fresh DATA_DIR,
// and restarts as a deployed server does them (`npm run start:prod`). Always PGlite here (even
// when DATABASE_URL is set for the rest), so both database paths stay tested in CI.
// What `npm start` would build first is built by the tests' global setup (nothing when dist/ is
// current), so every test below can also run the compiled server directly, as `npm run start:prod` does.
// Every wait is on the portal's own signal ("Portal ready" on stdout, or its exit), never on a
// fixed budget: a loaded machine makes it slower, not red.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-start-'));
const children: ChildProcess[] = [];
const SLOW = 600_000; // only a ceiling for a stuck run; the waits themselves end on the portal's signal

function env(extra: Record<string, string> = {}) {
  const e: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
  delete e.DATABASE_URL;
  return e;
}

/** Runs a Node script of the repository; `ready` settles when the portal says it listens, or fails when it exits first. */
function run(script: string, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, [script], { cwd: root, env: env(extra) });
  children.push(child);
  let stdout = '';
  let stderr = '';
  const closed = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      stdout += d;
      if (stdout.includes('Portal ready at')) resolve();
    });
    child.stderr.on('data', (d) => (stderr += d));
    void closed.then((code) => reject(new Error(`the portal exited with ${code} before it was ready:\n${stdout}\n${stderr}`)));
  });
  ready.catch(() => {}); // awaited by the tests that expect a start; the others read `closed`
  return { child, ready, closed, stdout: () => stdout, stderr: () => stderr };
}

async function health(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(res.status).toBe(200);
  return res.json();
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await done;
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('starting the portal on an embedded database', () => {
  it(
    'migrates, creates the first account, keeps data across restarts and refuses a second process',
    async () => {
      const port = await freePort();
      const first = run('scripts/start.mjs', { PORT: String(port), ADMIN_USERNAME: 'sevak', ADMIN_PASSWORD: 'Start-pass1' });
      await first.ready;
      expect((await health(port)).result).toMatchObject({ database: 'up', databaseKind: 'pglite' });
      expect(first.stdout()).toContain('applied migration');
      expect(first.stdout()).not.toContain('Building');
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);

      const login = await fetch(`http://127.0.0.1:${port}/api/User/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'sevak', password: 'Start-pass1' }),
      });
      expect(login.status).toBe(200);
      const { token } = await login.json();

      // A second portal on the same directory must not open it (PGlite has no lock of its own).
      const second = run('dist/server/main.js', { PORT: String(await freePort()) });
      expect(await second.closed).toBe(1);
      expect(second.stderr()).toMatch(/^Portal not started: could not open the database: .*in use by process \d+/);

      await stop(first.child);

      // The CLI adds an account to the same database while the portal is stopped.
      const cli = spawnSync(tsx, ['server/cli/user.ts', 'add', 'clerk2', '--password', 'Clerk-pass2'], {
        cwd: root,
        env: env(),
        encoding: 'utf8',
      });
      expect(cli.status, cli.stderr).toBe(0);
      expect(cli.stdout).toMatch(/Created account "clerk2"/);

      // Restart as a deployed server: no migration re-run, the account and the secret survive.
      const again = run('dist/server/main.js', { PORT: String(port) });
      await again.ready;
      await health(port);
      expect(again.stdout()).not.toContain('applied migration');
      expect(again.stdout()).not.toContain('First staff account created');
      const me = await fetch(`http://127.0.0.1:${port}/api/User/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      const clerk = await fetch(`http://127.0.0.1:${port}/api/User/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'clerk2', password: 'Clerk-pass2' }),
      });
      expect(clerk.status).toBe(200);
      await stop(again.child);
    },
    SLOW,
  );

  it(
    'prints a generated password once when ADMIN_PASSWORD is not set',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-start2-'));
      const port = await freePort();
      const portal = run('dist/server/main.js', { PORT: String(port), DATA_DIR: dir });
      await portal.ready;
      const password = /password: (\S+)/.exec(portal.stdout())?.[1];
      expect(password).toBeTruthy();
      const login = await fetch(`http://127.0.0.1:${port}/api/User/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(login.status).toBe(200);
      await stop(portal.child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    SLOW,
  );

  it.each([
    [{ ADMIN_USERNAME: 'gram sevak' }, 'wrong setting: ADMIN_USERNAME "gram sevak" is refused: use 3 to 64 letters'],
    [{ ADMIN_PASSWORD: 'short' }, 'wrong setting: ADMIN_PASSWORD is refused: it must be at least 10 characters long'],
    [{ PORT: 'eighty' }, 'wrong setting: PORT must be a port number, got "eighty"'],
  ])(
    'stops on a wrong setting with one line on stderr and exit code 1 (%o)',
    async (setting, line) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-start3-'));
      const portal = run('dist/server/main.js', { PORT: String(await freePort()), DATA_DIR: dir, ...setting });
      expect(await portal.closed).toBe(1);
      const lines = portal.stderr().split('\n').filter(Boolean);
      expect(lines).toHaveLength(1); // no stack trace
      expect(lines[0]).toMatch(/^Portal not started: /);
      expect(lines[0]).toContain(line);
      expect(portal.stdout()).toBe('');
      expect(fs.existsSync(path.join(dir, 'pgdata'))).toBe(false); // refused before the database was touched
      fs.rmSync(dir, { recursive: true, force: true });
    },
    SLOW,
  );
});
