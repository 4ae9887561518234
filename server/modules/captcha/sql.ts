// The raw SQL of the public search's captchas and proof of work, shared by every portal process on
// one database (issue 32). Each check is one statement, so two processes answering the same captcha,
// or replaying the same solved challenge, cannot both succeed.
import type { DbOrTx } from '../../db/transaction.ts';

/** Keeps a new captcha's answer until `expiresAt`. */
export const rememberCaptcha = (db: DbOrTx, id: string, answer: string, expiresAt: Date) =>
  db.$executeRawUnsafe(`INSERT INTO "OpenCaptcha" ("id", "answer", "expiresAt") VALUES ($1::uuid, $2, $3)`, id, answer, expiresAt);

/** Uses the captcha up and answers what it was, if it was open: the row goes with the read. */
export async function takeCaptcha(db: DbOrTx, id: string) {
  const rows = await db.$queryRawUnsafe<{ answer: string; expiresAt: Date }[]>(
    `DELETE FROM "OpenCaptcha" WHERE "id" = $1::uuid RETURNING "answer", "expiresAt"`,
    id,
  );
  return rows[0];
}

/** An open captcha's answer, leaving it open (for tests: as a person reads it from the picture). */
export async function peekCaptcha(db: DbOrTx, id: string) {
  const rows = await db.$queryRawUnsafe<{ answer: string }[]>(`SELECT "answer" FROM "OpenCaptcha" WHERE "id" = $1::uuid`, id);
  return rows[0]?.answer;
}

/** Marks a solved challenge's nonce spent until its challenge expires: true when it was not spent yet. */
export async function spendNonce(db: DbOrTx, nonce: string, expiresAt: Date) {
  const rows = await db.$queryRawUnsafe<unknown[]>(
    `INSERT INTO "SpentPow" ("nonce", "expiresAt") VALUES ($1, $2) ON CONFLICT ("nonce") DO NOTHING RETURNING 1`,
    nonce,
    expiresAt,
  );
  return rows.length === 1;
}

/** Drops the captchas and the spent nonces whose time has passed. */
export const sweepCaptchas = async (db: DbOrTx) =>
  (await db.$executeRawUnsafe(`DELETE FROM "OpenCaptcha" WHERE "expiresAt" < now()`)) +
  (await db.$executeRawUnsafe(`DELETE FROM "SpentPow" WHERE "expiresAt" < now()`));
