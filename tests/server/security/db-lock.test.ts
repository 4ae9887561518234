// The embedded database's lock (issue 13, item 5): taken atomically, so of portals started at the
// same moment exactly one opens the directory; a stale lock is broken only when its exact process
// (host, id and start time) is gone, and of several starters breaking it exactly one wins.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processStart, takeLock } from '../../../server/db/lock.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const freshDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-lock-'));
  dirs.push(d);
  return d;
};

interface Starter {
  child: ChildProcessWithoutNullStreams;
  line: (prefix: string) => Promise<string>;
  closed: Promise<void>;
}

function starter(dir: string): Starter {
  const child = spawn(tsx, ['tests/helpers/lock-child.ts', dir], { cwd: root });
  let out = '';
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (d) => {
    out += d;
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const line = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = out.split('\n').find((l) => l.startsWith(prefix) || (prefix === 'RESULT' && /^(LOCKED|REFUSED)/.test(l)));
        if (found) resolve(found);
        else if (child.exitCode !== null) reject(new Error(`lock child exited: ${out}`));
        else waiters.push(check);
      };
      check();
    });
  return { child, line, closed };
}

/** Starts `n` processes, lets them all reach the starting line, then lets them try at once. */
async function race(dir: string, n: number): Promise<string[]> {
  const starters = Array.from({ length: n }, () => starter(dir));
  try {
    await Promise.all(starters.map((s) => s.line('READY')));
    for (const s of starters) s.child.stdin.write('go\n');
    return await Promise.all(starters.map((s) => s.line('RESULT')));
  } finally {
    for (const s of starters) s.child.stdin.end();
    await Promise.all(starters.map((s) => s.closed));
  }
}

const lockFile = (dir: string) => path.join(dir, 'portal.lock');

describe('the embedded database lock', () => {
  it('lets exactly one of eight portals started at the same moment take it', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = freshDir();
      const results = await race(dir, 8);
      expect(
        results.filter((r) => r === 'LOCKED'),
        results.join('\n'),
      ).toHaveLength(1);
      expect(results.filter((r) => r.startsWith('REFUSED'))).toHaveLength(7);
      expect(results.find((r) => r.startsWith('REFUSED'))).toMatch(/in use by process \d+/);
      // Released when its holder stops.
      expect(fs.existsSync(lockFile(dir))).toBe(false);
    }
  }, 600_000);

  it('records host, process id and start time, and refuses while that process runs', () => {
    const dir = freshDir();
    const release = takeLock(dir);
    const recorded = JSON.parse(fs.readFileSync(lockFile(dir), 'utf8'));
    expect(recorded).toEqual({ host: os.hostname(), pid: process.pid, started: processStart(process.pid) });
    expect(() => takeLock(dir)).toThrow(/in use by process \d+/);
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('breaks a lock whose process id now belongs to another program', async () => {
    const dir = freshDir();
    // This test process is alive, but it is not the process that wrote the lock (another start time).
    fs.writeFileSync(lockFile(dir), JSON.stringify({ host: os.hostname(), pid: process.pid, started: '1' }));
    const [result] = await race(dir, 1);
    expect(result).toBe('LOCKED');
  });

  it('refuses a lock whose exact process still runs', async () => {
    const dir = freshDir();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ host: os.hostname(), pid: process.pid, started: processStart(process.pid) }));
    const [result] = await race(dir, 1);
    expect(result).toMatch(new RegExp(`^REFUSED .*in use by process ${process.pid}`));
  });

  it('lets exactly one of eight starters break a stale lock', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = freshDir();
      const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
      fs.writeFileSync(lockFile(dir), JSON.stringify({ host: os.hostname(), pid: Number(dead.stdout.trim()), started: '1' }));
      const results = await race(dir, 8);
      expect(
        results.filter((r) => r === 'LOCKED'),
        results.join('\n'),
      ).toHaveLength(1);
      expect(fs.readdirSync(dir).filter((f) => f !== 'portal.lock')).toEqual([]);
    }
  }, 600_000);
});
