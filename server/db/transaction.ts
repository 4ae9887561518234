// What services take to reach the database: the client, or the caller's transaction, so that the
// writes of several services (a receipt, its number, the demand it settles) commit or roll back together.
import type { Prisma } from '../generated/prisma/client.ts';
import type { Db } from './open.ts';

/** The client inside `db.$transaction(async (tx) => …)`: every query on it is part of that transaction. */
export type Tx = Prisma.TransactionClient;
export type DbOrTx = Db | Tx;

/** Runs fn in the caller's transaction when given one, else in a new transaction of its own. */
export function inTransaction<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return '$transaction' in db ? db.$transaction(fn) : fn(db);
}
