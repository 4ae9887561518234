// The account a login token is checked against (its token version, when its password last changed,
// whether it is an administrator), read for every request behind a staff login. On the embedded
// database that read was ~1 ms of the main thread's ~3.5 ms for a certificate PDF (Prisma and
// PGlite, which runs on that thread), so the rows are kept in memory there and forgotten on every
// committed change of any account, which the "User" table's trigger announces (migration
// 20261123223000_account_changed_notice). That is exact on PGlite: this process alone opens the
// database (server/db/lock.ts; `npm run user` cannot open it while the portal runs), and PGlite
// hands the notification over before the statement that committed the change returns, so a logout
// or a password reset ends the account's tokens before its answer is sent. On PostgreSQL other
// processes change accounts too (`npm run user -- reset`, a second portal) and no notification is
// sure to have arrived in time: the row is read for every request there.
import type { Db, OpenDatabase } from '../../db/open.ts';
import { sessionAccount, type SessionAccount } from './sql.ts';

export type { SessionAccount };

/** The channel the trigger notifies. */
export const ACCOUNT_CHANGED = 'account_changed';
/** Accounts are a council's staff logins: a few per council. Past this many the memory starts over. */
const MAX_KEPT = 1_000;

export type ReadSessionAccount = (id: number) => Promise<SessionAccount | null>;

/** The reader of session accounts: kept in memory when the database announces its changes
 *  (OpenDatabase.listen, the embedded database), read each time otherwise. */
export async function sessionAccounts(db: Db, listen?: OpenDatabase['listen']): Promise<ReadSessionAccount> {
  // In plain SQL where the database has a plain reader (users/sql.ts): one read per staff request
  // on PostgreSQL, where nothing is kept.
  const read: ReadSessionAccount = (id) => sessionAccount(db, id);
  if (!listen) return read;

  const kept = new Map<number, SessionAccount>();
  let changes = 0;
  await listen(ACCOUNT_CHANGED, () => {
    changes++;
    kept.clear();
  });
  return async (id) => {
    const known = kept.get(id);
    if (known) return known;
    const before = changes;
    const account = await read(id);
    // Kept only if no change was announced while it was read: a change that committed during the
    // read might not be in what it read, and its notice may already have cleared the memory.
    // Unknown accounts are not kept (a later account may be created).
    if (account && changes === before) {
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(id, Object.freeze(account));
    }
    return account;
  };
}
