// Background jobs that must run once across every portal process on one database (sweeps of the
// shared limits, of SMS claims a dead process left): each run holds the job's advisory lock for its
// transaction, and a process that finds it held skips that run. (The nightly backup has a row per
// day instead, backups/schedule.ts: it must run once a day, not merely one at a time.)
import type { Db } from '../../db/open.ts';
import type { Tx } from '../../db/transaction.ts';
import { sweepLimits, tryJobLock } from './sql.ts';

/** Runs `fn` in a transaction holding the job's advisory lock: false (and `fn` not run) when
 *  another process holds it. */
export async function runAlone(db: Db, job: string, fn: (tx: Tx) => Promise<unknown>): Promise<boolean> {
  return db.$transaction(async (tx) => {
    if (!(await tryJobLock(tx, job))) return false;
    await fn(tx);
    return true;
  });
}

const SWEEP_EVERY_MS = 5 * 60_000;

/** A job for scheduleSweeps: its lock's name and its work, in the lock's transaction. */
export interface Sweep {
  name: string;
  run: (tx: Tx) => Promise<unknown>;
}

/** The shared limits' expired keys. */
export const limitSweep: Sweep = { name: 'rate-limit-sweep', run: (tx) => sweepLimits(tx) };

/** The sweeps, every five minutes, each by one process at a time; answers the stop function. */
export function scheduleSweeps(db: Db, sweeps: Sweep[], log: (msg: string) => void): () => void {
  const sweep = async () => {
    for (const s of sweeps)
      await runAlone(db, s.name, s.run).catch((err) => log(`the background sweep ${s.name} failed: ${(err as Error).message}`));
  };
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
