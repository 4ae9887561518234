// The users area's raw SQL: the account a login token is checked against, read in plain SQL where
// the database has a plain reader (server/db/open.ts, plainReaderOf, says why). Run by
// tests/server/raw-sql.test.ts against the migrated schema on both databases.
import { plainReaderOf } from '../../db/open.ts';
import type { DbOrTx } from '../../db/transaction.ts';

export interface SessionAccount {
  id: number;
  username: string;
  isAdmin: boolean;
  passwordChangedAt: Date;
  tokenVersion: number;
  /** Set for a district account: totals of its district only. */
  districtId: number | null;
}

/** The account of a login token's subject, or null. Plain SQL where it can be, Prisma otherwise
 *  (a transaction's client, or a database without a plain reader). */
export async function sessionAccount(db: DbOrTx, id: number): Promise<SessionAccount | null> {
  const plain = plainReaderOf(db);
  if (!plain)
    return db.user.findUnique({
      where: { id },
      select: { id: true, username: true, isAdmin: true, passwordChangedAt: true, tokenVersion: true, districtId: true },
    });
  return (
    (
      await plain<SessionAccount>(
        'SELECT id, username, "isAdmin", "passwordChangedAt", "tokenVersion", "districtId" FROM "User" WHERE id = $1',
        [id],
      )
    )[0] ?? null
  );
}
