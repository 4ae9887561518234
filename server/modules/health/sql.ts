// The health check's one statement: through the Prisma client the routes use, so "up" means the
// pool that serves the requests answers (the plain-SQL session is for bulk work, one at a time).
import type { DbOrTx } from '../../db/transaction.ts';

export const databaseAnswers = (db: DbOrTx) => db.$queryRawUnsafe('SELECT 1');
