// The first README command as a newcomer meets it: the real server process on an embedded
// database in a fresh DATA_DIR. Always PGlite here (even when DATABASE_URL is set for the rest),
// so both database paths stay tested in CI.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-start-'));
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function env(extra: Record<string, string> = {}) {
  const e: Record<string, string> = { ...process.env as Record<string, string>, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
  delete e.DATABASE_URL;
  return e;
}

function start(port: number, extra: Record<string, string> = {}) {
  const child = spawn(tsx, ['server/main.ts'], { cwd: root, env: env({ PORT: String(port), ...extra }) });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, output: () => out, exited };
}

async function waitHealthy(port: number, output: () => string) {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res.json();
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`portal did not start:\n${output()}`);
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
  it('migrates, creates the first account, keeps data across restarts and refuses a second process', async () => {
    const port = await freePort();
    const first = start(port, { ADMIN_USERNAME: 'sevak', ADMIN_PASSWORD: 'Start-pass1' });
    const health = await waitHealthy(port, first.output);
    expect(health.result).toMatchObject({ database: 'up', databaseKind: 'pglite' });
    expect(first.output()).toContain('applied migration');
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);

    const login = await fetch(`http://127.0.0.1:${port}/api/User/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'sevak', password: 'Start-pass1' }),
    });
    expect(login.status).toBe(200);
    const { token } = await login.json();

    // A second portal on the same directory must not open it (PGlite has no lock of its own).
    const second = start(await freePort());
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/in use by process/);

    await stop(first.child);

    // The CLI adds an account to the same database while the portal is stopped.
    const cli = spawnSync(tsx, ['server/cli/user.ts', 'add', 'clerk2', '--password', 'Clerk-pass2'], { cwd: root, env: env(), encoding: 'utf8' });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/Created account "clerk2"/);

    // Restart: no migration re-run, the account and the secret survive (the old token still works).
    const again = start(port);
    await waitHealthy(port, again.output);
    expect(again.output()).not.toContain('applied migration');
    expect(again.output()).not.toContain('First staff account created');
    const me = await fetch(`http://127.0.0.1:${port}/api/User/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const clerk = await fetch(`http://127.0.0.1:${port}/api/User/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'clerk2', password: 'Clerk-pass2' }),
    });
    expect(clerk.status).toBe(200);
    await stop(again.child);
  }, 120_000);

  it('prints a generated password once when ADMIN_PASSWORD is not set', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-start2-'));
    const port = await freePort();
    const child = spawn(tsx, ['server/main.ts'], { cwd: root, env: { ...env({ PORT: String(port) }), DATA_DIR: dir } });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    await waitHealthy(port, () => out);
    const password = /password: (\S+)/.exec(out)?.[1];
    expect(password).toBeTruthy();
    const login = await fetch(`http://127.0.0.1:${port}/api/User/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    await stop(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
