// The backup schedule's raw SQL: the day's claim in BackupRun (schedule.ts says why a row per day).
// tests/server/raw-sql.test.ts runs each statement on both databases.
import type { DbOrTx } from '../../db/transaction.ts';

/** Claims `day` for this process: true when this insert (or the takeover of a claim older than
 *  `staleBefore`, whose maker died) made the row; false when another made or is making the backup. */
export async function claimBackupDay(db: DbOrTx, day: string, now: Date, host: string, pid: number, staleBefore: Date): Promise<boolean> {
  const rows = await db.$queryRawUnsafe<unknown[]>(
    `INSERT INTO "BackupRun" ("day", "startedAt", "host", "pid") VALUES ($1::date, $2::timestamp, $3, $4)
     ON CONFLICT ("day") DO UPDATE SET "startedAt" = EXCLUDED."startedAt", "host" = EXCLUDED."host", "pid" = EXCLUDED."pid", "error" = NULL
       WHERE "BackupRun"."finishedAt" IS NULL AND "BackupRun"."startedAt" < $5::timestamp
     RETURNING "day"`,
    day,
    now,
    host,
    pid,
    staleBefore,
  );
  return rows.length === 1;
}

/** The day's backup made (its file's name), or failed (finishedAt stays empty: taken over later). */
export async function finishBackupDay(db: DbOrTx, day: string, at: Date, result: { name?: string; error?: string }): Promise<void> {
  await db.$executeRawUnsafe(
    `UPDATE "BackupRun" SET "finishedAt" = $2::timestamp, "name" = $3, "error" = $4 WHERE "day" = $1::date`,
    day,
    result.error ? null : at,
    result.name ?? null,
    result.error?.slice(0, 2000) ?? null,
  );
}
