// The transfers area's raw SQL: the property row locked for a transfer. Run by
// tests/server/raw-sql.test.ts against the migrated schema on both databases.
import type { Tx } from '../../db/transaction.ts';

/** The council's property with this key, locked until the transaction ends (two transfers of one
 *  property run one after the other); undefined when the council has none. */
export async function lockProperty(tx: Tx, councilId: number, malmattaKey: string) {
  const [row] = await tx.$queryRawUnsafe<{ propertyId: number; malmattaNo: string }[]>(
    `SELECT "propertyId", "malmattaNo" FROM "Property" WHERE "createdByUserId" = $1 AND "malmattaKey" = $2 FOR UPDATE`,
    councilId,
    malmattaKey,
  );
  return row as { propertyId: number; malmattaNo: string } | undefined;
}
