// The lock that keeps a second process off an embedded (PGlite) database: PGlite has none of its own,
// and two processes writing one data directory lose acknowledged writes.
//
// Taken atomically (exclusive create, so of two portals started at the same moment exactly one gets
// it) before PGlite opens. The file records host, process id and that process's start time; a lock
// counts as stale only when that exact process is gone, so a process id reused by another program
// after a crash does not block the start forever.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';

export interface LockOwner {
  host: string;
  pid: number;
  /** When the process started, as the system tells it (Linux: clock ticks after boot); null where unknown. */
  started: string | null;
}

/** The start time of a running process, or null when it is not running; undefined when this system
 *  cannot tell (no /proc): then a live process id is taken as the owner. */
export function processStart(pid: number): string | null | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
    if (fs.existsSync('/proc/self/stat')) return null;
    try {
      process.kill(pid, 0);
      return undefined;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM' ? undefined : null;
    }
  }
}

function me(): LockOwner {
  return { host: os.hostname(), pid: process.pid, started: processStart(process.pid) ?? null };
}

function parse(text: string): LockOwner | null {
  try {
    const v = JSON.parse(text) as Partial<LockOwner>;
    if (typeof v.host === 'string' && Number.isInteger(v.pid))
      return { host: v.host, pid: v.pid!, started: typeof v.started === 'string' ? v.started : null };
  } catch {
    /* the old format: just a process id */
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? { host: os.hostname(), pid, started: null } : null;
}

/** Whether the process that wrote the lock may still be running. */
function ownerAlive(owner: LockOwner | null): boolean {
  if (!owner) return false; // empty or garbled: a writer that died between create and write
  if (owner.host !== os.hostname()) return true; // another machine's process: we cannot tell
  if (owner.pid === process.pid && owner.started === null) return false; // an earlier run that had our id (containers: pid 1)
  const started = processStart(owner.pid);
  if (started === null) return false;
  if (started === undefined || owner.started === null) return true;
  return started === owner.started;
}

function inUse(dir: string, owner: LockOwner | null, lockFile: string): Error {
  const who = owner ? `process ${owner.pid}${owner.host !== os.hostname() ? ` on ${owner.host}` : ''}` : 'another process';
  return new Error(
    `The database in ${dir} is in use by ${who}. Stop it first (only one portal may open an embedded database); if it is surely not running, delete ${lockFile}.`,
  );
}

/** Moves a stale lock aside, making sure it is still the one judged stale (another starter may
 *  have broken it and taken a fresh lock meanwhile; that one is put back). */
function breakStale(lockFile: string, staleText: string) {
  const aside = `${lockFile}.stale-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(lockFile, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = fs.readFileSync(aside, 'utf8');
  if (moved !== staleText) {
    // A live lock taken just now: put it back (link fails rather than overwrite) and give way.
    try {
      fs.linkSync(aside, lockFile);
    } catch {
      /* a third starter holds it now */
    }
  }
  fs.rmSync(aside, { force: true });
}

/** Takes the lock of `dir` or throws "in use"; answers the function that releases it. */
export function takeLock(dir: string): () => void {
  const lockFile = path.join(dir, 'portal.lock');
  const text = JSON.stringify(me());
  for (let attempt = 0; attempt < 5; attempt++) {
    // The lock appears with its content in one step: written to a file of our own, then linked to
    // the lock's name (a link fails if the name exists), so a racer never reads a lock half made.
    const mine = `${lockFile}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(mine, text, { mode: 0o644, flush: true });
    try {
      fs.linkSync(mine, lockFile);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let held: string;
      try {
        held = fs.readFileSync(lockFile, 'utf8');
      } catch {
        continue;
      } // released meanwhile
      const owner = parse(held);
      if (!held) {
        // Created but not yet filled: a starter that is alive, unless it died right there long ago.
        const stat = fs.statSync(lockFile, { throwIfNoEntry: false });
        if (!stat) continue;
        if (Date.now() - stat.mtimeMs < 10_000) throw inUse(dir, null, lockFile);
      } else if (ownerAlive(owner)) throw inUse(dir, owner, lockFile);
      // Stale: move it aside and try again (the next round sees whoever got there first).
      breakStale(lockFile, held);
      continue;
    } finally {
      fs.rmSync(mine, { force: true });
    }
    return () => {
      try {
        if (fs.readFileSync(lockFile, 'utf8') === text) fs.unlinkSync(lockFile);
      } catch {
        /* gone */
      }
    };
  }
  throw inUse(dir, null, lockFile);
}
