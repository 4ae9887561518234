// The audit trail's raw SQL: one page of a council's entries, newest first, on the indexes of
// (council, entity, id, at) and (council, record, id, at). tests/server/raw-sql.test.ts runs it.
import type { DbOrTx } from '../../db/transaction.ts';

export interface AuditFilter {
  councilId: number;
  /** An administrator sees the portal's own entries too (no council: a nightly backup, a restore,
   *  a failed login of a name no account has). */
  withPortal?: boolean;
  entity?: string;
  entityId?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

export interface AuditRow {
  id: bigint;
  at: Date;
  userId: number | null;
  userName: string | null;
  tokenId: number | null;
  address: string | null;
  entity: string;
  entityId: string | null;
  recordEntity: string | null;
  recordId: string | null;
  action: string;
  changes: unknown;
  total: bigint;
}

/** One row, in plain SQL: through the Prisma client's create the row cost a payment 2-3 ms more on
 *  the embedded database (bench/audit.ts), most of it building the query. */
export async function insertAuditEntry(
  db: DbOrTx,
  v: [
    number | null,
    number | null,
    string | null,
    number | null,
    string | null,
    string,
    string | null,
    string | null,
    string | null,
    string,
    string | null,
  ],
): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO "AuditEntry" ("createdByUserId", "userId", "userName", "tokenId", "address", "entity", "entityId", "recordEntity", "recordId", "action", "changes")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb)`,
    ...v,
  );
}

/** Entries are counted up to this many; past it the list says "10,000+". */
export const AUDIT_COUNT_CAP = 10_000;

/** One page, with the matching count (up to the cap) in the same statement. */
export function auditPage(db: DbOrTx, f: AuditFilter, take: number, skip: number): Promise<AuditRow[]> {
  // One record's history: its own rows and those whose record it is, each on its own index.
  const which =
    f.entity && f.entityId
      ? `(("entity" = $2 AND "entityId" = $3) OR ("recordEntity" = $2 AND "recordId" = $3))`
      : f.entity
        ? `("entity" = $2 OR "recordEntity" = $2) AND $3::text IS NULL`
        : `$2::text IS NULL AND $3::text IS NULL`;
  return db.$queryRawUnsafe<AuditRow[]>(
    `WITH hits AS (
       SELECT * FROM "AuditEntry"
       WHERE ("createdByUserId" = $1 OR ($9 AND "createdByUserId" IS NULL)) AND ${which}
         AND ($4::text IS NULL OR "action" = $4)
         AND ($5::timestamp IS NULL OR "at" >= $5) AND ($6::timestamp IS NULL OR "at" < $6)
       ORDER BY "at" DESC, "id" DESC
       LIMIT ${AUDIT_COUNT_CAP + 1})
     SELECT h.*, (SELECT count(*) FROM hits) AS total FROM hits h ORDER BY "at" DESC, "id" DESC LIMIT $7 OFFSET $8`,
    f.councilId,
    f.entity ?? null,
    f.entityId ?? null,
    f.action ?? null,
    f.from ?? null,
    f.to ?? null,
    take,
    skip,
    f.withPortal ?? false,
  );
}
