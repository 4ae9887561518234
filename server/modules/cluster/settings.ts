// Settings the portal keeps for itself in the database, shared by every process on it.
import crypto from 'node:crypto';
import type { Db } from '../../db/open.ts';

const JWT_SECRET = 'jwt-secret';

/** The login tokens' (and signed links') secret when JWT_SECRET is unset on PostgreSQL: made by the
 *  first process that asks (an insert that does nothing when another was first), read by all, so a
 *  token one portal process signed is good on every other. */
export async function sharedJwtSecret(db: Db): Promise<string> {
  const made = crypto.randomBytes(48).toString('base64url');
  await db.portalSetting.createMany({ data: [{ name: JWT_SECRET, value: made }], skipDuplicates: true });
  return (await db.portalSetting.findUniqueOrThrow({ where: { name: JWT_SECRET } })).value;
}
