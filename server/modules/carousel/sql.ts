// The carousel's raw SQL: the slides' order set in one statement. Run by
// tests/server/raw-sql.test.ts against the migrated schema on both databases.
import type { DbOrTx } from '../../db/transaction.ts';

/** Puts the council's slides in the order of the ids (position = place in the list), one statement for all rows. */
export const setPositions = (db: DbOrTx, ownerId: number, corosalIds: number[]) =>
  db.$executeRawUnsafe(
    `UPDATE "CarouselImage" AS c SET "position" = o.n
      FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n)
      WHERE c."corosalId" = o.id AND c."createdByUserId" = $2`,
    corosalIds,
    ownerId,
  );
