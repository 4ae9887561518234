// The SMS area's raw SQL: the dues notice's recipients, and the outbox worker's statements (claim
// with FOR UPDATE SKIP LOCKED, hand over, record the answers, settle after a crash). Each is run by
// one exported function taking the client first; tests/server/raw-sql.test.ts runs every one against
// the migrated schema on both databases.
import type { DbOrTx } from '../../db/transaction.ts';
import type { SmsKind } from './gateways.ts';

/** A message the worker claimed. */
export interface ClaimedRow {
  id: number;
  mobile: string;
  kind: SmsKind;
  text: string;
  variables: string[];
  attempts: number;
}

/** What the gateway answered for one message, as the worker records it. */
export interface OutcomeRow {
  id: number;
  status: 'sent' | 'queued' | 'failed';
  providerId: string;
  error: string;
  retryInSeconds: number;
}

const CLAIM_SQL = `UPDATE "SmsMessage" m SET "status" = 'sending', "claimedAt" = now(), "handedAt" = NULL, "attempts" = m."attempts" + 1, "updatedAt" = now()
  FROM "SmsBatch" b
  WHERE m."batchId" = b."id" AND m."id" IN (
    SELECT "id" FROM "SmsMessage" WHERE "status" = 'queued' AND "nextAttemptAt" <= now() AND ($2::int[] IS NULL OR "createdByUserId" = ANY($2::int[]))
    ORDER BY "id" LIMIT $1 FOR UPDATE SKIP LOCKED)
  RETURNING m."id", m."mobile", b."kind", m."text", m."variables", m."attempts"`;

/** The answers of a few messages in one statement (on the embedded database every statement queues on one connection). */
const RECORD_SQL = `UPDATE "SmsMessage" m SET "status" = o."status", "providerId" = o."providerId", "error" = o."error", "updatedAt" = now(),
    "sentAt" = CASE WHEN o."status" = 'sent' THEN now() ELSE m."sentAt" END,
    "nextAttemptAt" = CASE WHEN o."status" = 'queued' THEN now() + make_interval(secs => o."retryInSeconds") ELSE m."nextAttemptAt" END
  FROM jsonb_to_recordset($1::jsonb) AS o("id" int, "status" text, "providerId" text, "error" text, "retryInSeconds" int)
  WHERE m."id" = o."id"`;

/** The owners of the council's properties with tax due, with the amount, in kar record order. */
export const duesRecipients = (db: DbOrTx, councilId: number) =>
  db.$queryRawUnsafe<{ mobile: string; malmattaNo: string; total: string }[]>(
    `SELECT o."mobileNo" AS mobile, p."malmattaNo" AS "malmattaNo", k."total"::text AS total
       FROM "KarDetail" k JOIN "Property" p ON p."propertyId" = k."propertyId"
       JOIN "Owner" o ON o."propertyId" = p."propertyId" AND o."isActive"
      WHERE k."createdByUserId" = $1 AND k."total" > 0 ORDER BY k."karId", o."ownerId"`,
    councilId,
  );

/** After a crash: messages claimed but never handed over are queued again; those that were with the
 *  gateway are failed with `unknownOutcome`. Of the councils given (null: all), claimed at least
 *  `olderThanSeconds` ago: 0 on the embedded database, which this process alone works; on PostgreSQL
 *  other live processes hold claims of their own, finished within seconds (STALE_CLAIM_SECONDS). */
export const settleClaimed = (db: DbOrTx, councils: number[] | null, unknownOutcome: string, olderThanSeconds = 0) =>
  db.$executeRawUnsafe(
    `UPDATE "SmsMessage" SET "updatedAt" = now(),
        "status" = CASE WHEN "handedAt" IS NULL THEN 'queued' ELSE 'failed' END,
        "error" = CASE WHEN "handedAt" IS NULL THEN "error" ELSE $2 END
      WHERE "status" = 'sending' AND ($1::int[] IS NULL OR "createdByUserId" = ANY($1::int[]))
        AND ("claimedAt" IS NULL OR "claimedAt" <= now() - make_interval(secs => $3::int))`,
    councils,
    unknownOutcome,
    olderThanSeconds,
  );

/** Claims up to `limit` queued messages that are due (of the councils given; null: all). */
export const claimMessages = (db: DbOrTx, limit: number, councils: number[] | null) =>
  db.$queryRawUnsafe<ClaimedRow[]>(CLAIM_SQL, limit, councils);

/** Notes that these messages are with the gateway now. */
export const markHanded = (db: DbOrTx, ids: number[]) =>
  db.$executeRawUnsafe(`UPDATE "SmsMessage" SET "handedAt" = now() WHERE "id" = ANY($1::int[])`, ids);

/** Records the gateway's answers. */
export const recordOutcomes = (db: DbOrTx, outcomes: OutcomeRow[]) => db.$executeRawUnsafe(RECORD_SQL, JSON.stringify(outcomes));
