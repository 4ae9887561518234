// The nightly backup (issue 28): every day at BACKUP_TIME, India time, one backup into
// DATA_DIR/backups, then the old ones pruned (retention.ts). Several processes on one PostgreSQL
// database make one backup between them: the day's row in BackupRun is claimed by exactly one (the
// insert's conflict decides), and a claim left by a process that died is taken over after an hour.
// A portal that was off at 02:00 makes the day's backup when it starts later that day.
import os from 'node:os';
import type { OpenDatabase } from '../../db/open.ts';
import { createBackup, type BackupResult } from './backup.ts';
import { backupsDir } from './format.ts';
import { listBackupFiles } from './files.ts';
import { toPrune } from './retention.ts';
import { claimBackupDay, finishBackupDay } from './sql.ts';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface BackupSchedule {
  /** "HH:MM", India time; null: no scheduled backups (BACKUP_TIME=off). */
  time: string | null;
  keepDays: number;
  passphrase?: string;
}

const IST_MS = 330 * 60_000;
/** How long a claimed day waits before another process may take it over (its maker died). */
const STALE_CLAIM_MS = 60 * 60_000;
const CHECK_EVERY_MS = 60_000;

/** India's date ("2026-11-26") and minutes after midnight of an instant. */
export function indiaClock(now: Date): { day: string; minutes: number } {
  const local = new Date(now.getTime() + IST_MS);
  return { day: local.toISOString().slice(0, 10), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** Deletes the files retention no longer keeps, never `justMade`: names go to the second, and a
 *  backup made in the same second as another (a manual one right after the nightly one) ties with
 *  it, so retention could pick the other as the day's newest. Answers the names deleted. */
export async function pruneBackups(dataDir: string, now: Date, keepDays: number, justMade?: string): Promise<string[]> {
  const dir = backupsDir(dataDir);
  const files = await listBackupFiles(dir);
  const gone = toPrune(
    files.map((f) => ({ name: f.name, createdAt: new Date(f.createdAt) })),
    now,
    keepDays,
  ).filter((f) => f.name !== justMade);
  for (const f of gone) await fs.rm(path.join(dir, f.name), { force: true });
  return gone.map((f) => f.name);
}

/** One backup at a time in this process: a manual one asked for during the nightly one waits for it. */
let running: Promise<BackupResult> | null = null;
export function backupNow(opts: Parameters<typeof createBackup>[0]): { result: Promise<BackupResult>; busy: boolean } {
  if (running) return { result: running, busy: true };
  const p = createBackup(opts).finally(() => {
    running = null;
  });
  running = p;
  return { result: p, busy: false };
}

/** A backup of its own, made after the one running now (if any): for `npm run backup -- --out FILE`,
 *  which must write FILE, not be handed the nightly backup that happened to be under way. */
export async function backupWhenFree(opts: Parameters<typeof createBackup>[0]): Promise<BackupResult> {
  // The loop ends with `running` null and backupNow called in the same turn: no one starts in between.
  while (running) await running.catch(() => {});
  return backupNow(opts).result;
}

/** Makes the day's backup if it is due and no one else has; answers what it did. */
export async function runDueBackup(
  database: OpenDatabase,
  dataDir: string,
  schedule: BackupSchedule,
  now: Date,
  log: (msg: string) => void,
): Promise<'not-due' | 'taken' | 'made' | 'failed'> {
  if (!schedule.time) return 'not-due';
  const [h, m] = schedule.time.split(':').map(Number);
  const { day, minutes } = indiaClock(now);
  if (minutes < h * 60 + m) return 'not-due';
  if (
    !(await claimBackupDay(database.prisma, day, now, os.hostname().slice(0, 255), process.pid, new Date(now.getTime() - STALE_CLAIM_MS)))
  )
    return 'taken';
  try {
    const { result } = backupNow({ database, dataDir, out: `${backupsDir(dataDir)}/`, passphrase: schedule.passphrase, kind: 'scheduled' });
    const made = await result;
    await finishBackupDay(database.prisma, day, new Date(), { name: made.name });
    const pruned = await pruneBackups(dataDir, now, schedule.keepDays, made.name);
    log(`backup ${made.name} made (${(made.size / 1e6).toFixed(1)} MB)${pruned.length ? `; removed ${pruned.join(', ')}` : ''}`);
    return 'made';
  } catch (err) {
    const error = (err as Error).message;
    await finishBackupDay(database.prisma, day, new Date(), { error }).catch(() => {});
    log(`the scheduled backup failed: ${error}`);
    return 'failed';
  }
}

/** Checks every minute whether the day's backup is due; returns a stop function. `now` is the
 *  clock (a test moves it; faketime moves the whole server's). */
export function scheduleBackups(
  database: OpenDatabase,
  dataDir: string,
  schedule: BackupSchedule,
  log: (msg: string) => void,
  now: () => Date = () => new Date(),
): () => void {
  if (!schedule.time) return () => {};
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      await runDueBackup(database, dataDir, schedule, now(), log);
    } catch (err) {
      log(`the backup schedule could not check: ${(err as Error).message}`);
    } finally {
      busy = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
