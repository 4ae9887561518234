// The raw SQL of several portal processes on one PostgreSQL database (issue 32): request limits
// counted in one UNLOGGED table, their sweep, and the advisory lock that lets one process
// at a time run a cluster-wide job. tests/server/raw-sql.test.ts runs each statement on both databases.
import { plainReaderOf } from '../../db/open.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';

/** The statement's time at the columns' precision (milliseconds), so a window ends exactly its length later. */
const NOW = `now()::timestamptz(3)`;
/** A window's length, from milliseconds. */
const WINDOW = `make_interval(secs => $3::double precision / 1000)`;
const LIVE_HITS = `ARRAY(SELECT h FROM unnest(r."hits") h WHERE h > ${NOW} - ${WINDOW} ORDER BY h)`;

/** A count's rows through the plain-SQL pool beside Prisma when there is one: every /api request
 *  counts a limit, and Prisma's own work on the statement cost more CPU than the statement
 *  (bench/request-cost.ts); Prisma otherwise (a transaction's client). */
async function countRows<T>(db: DbOrTx, sql: string, params: unknown[]): Promise<T[]> {
  const plain = plainReaderOf(db);
  return plain ? plain<T>(sql, params) : db.$queryRawUnsafe<T[]>(sql, ...params);
}

/** A sliding window's take: the row's hits within the window, plus this one unless they already
 *  fill it. One statement (the upsert locks the row), so two processes never both take the last place. */
export async function takeSliding(db: DbOrTx, key: string, limit: number, windowMs: number) {
  const rows = await countRows<{ refused: boolean; retrySeconds: number }>(
    db,
    `INSERT INTO "RateLimit" AS r ("key", "count", "hits", "refused", "expiresAt")
       VALUES ($1, 1, ARRAY[${NOW}], false, ${NOW} + ${WINDOW})
     ON CONFLICT ("key") DO UPDATE SET
       "refused" = cardinality(${LIVE_HITS}) >= $2,
       "hits" = ${LIVE_HITS} || CASE WHEN cardinality(${LIVE_HITS}) >= $2 THEN '{}'::timestamptz[] ELSE ARRAY[${NOW}] END,
       "expiresAt" = ${NOW} + ${WINDOW}
     RETURNING "refused", GREATEST(1, ceil(extract(epoch FROM (r."hits"[1] + ${WINDOW} - ${NOW}))))::int AS "retrySeconds"`,
    [key, limit, windowMs],
  );
  return rows[0];
}

/** Gives back the key's newest hit (an attempt that turned out fine). */
export const releaseSliding = (db: DbOrTx, key: string) =>
  db.$executeRawUnsafe(`UPDATE "RateLimit" SET "hits" = "hits"[1:cardinality("hits") - 1] WHERE "key" = $1`, key);

/** Forgets the key. */
export const clearLimit = (db: DbOrTx, key: string) => db.$executeRawUnsafe(`DELETE FROM "RateLimit" WHERE "key" = $1`, key);

/** A fixed window's hit, counted from the key's first request; a refused request is not counted. */
export async function hitFixed(db: DbOrTx, key: string, limit: number, windowMs: number) {
  const rows = await countRows<{ count: number; refused: boolean; resetSeconds: number }>(
    db,
    `INSERT INTO "RateLimit" AS r ("key", "count", "refused", "expiresAt") VALUES ($1, 1, false, ${NOW} + ${WINDOW})
     ON CONFLICT ("key") DO UPDATE SET
       "count" = CASE WHEN r."expiresAt" <= ${NOW} THEN 1 WHEN r."count" < $2 THEN r."count" + 1 ELSE r."count" END,
       "refused" = r."expiresAt" > ${NOW} AND r."count" >= $2,
       "expiresAt" = CASE WHEN r."expiresAt" <= ${NOW} THEN ${NOW} + ${WINDOW} ELSE r."expiresAt" END
     RETURNING "count", "refused", GREATEST(1, ceil(extract(epoch FROM (r."expiresAt" - ${NOW}))))::int AS "resetSeconds"`,
    [key, limit, windowMs],
  );
  return rows[0];
}

/** Drops the keys whose window has passed. */
export const sweepLimits = (db: DbOrTx) => db.$executeRawUnsafe(`DELETE FROM "RateLimit" WHERE "expiresAt" < now()`);

/** The job's advisory lock for the rest of the transaction, if no other process holds it: true when taken. */
export async function tryJobLock(tx: Tx, job: string): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<{ taken: boolean }[]>(`SELECT pg_try_advisory_xact_lock(hashtext('gp-job:' || $1)) AS taken`, job);
  return rows[0].taken;
}
