// The audit trail's one way in (issue 28): `recordAudit(tx, …)` appends one AuditEntry row in the
// transaction of the change it describes, so a change and its record commit or roll back together.
// Who acted comes from the request the write runs in (context.ts), never from the caller's body.
//
// One write route leaves exactly one row (tests/server/audit/every-write.test.ts walks them): a
// route that changes several rows (a payment, its ledger entries and its receipt number) records the
// change the clerk made, with the figures in `changes`, not one row per table.
import { Prisma } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import { maskAadhaar } from '../../lib/aadhaar.ts';
import { insertAuditEntry } from './sql.ts';
import { currentActor, noteAuditWritten, type AuditActor } from './context.ts';

/** What was done. Domain actions say more than "update" where a clerk would (a payment reversed). */
export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'login'
  | 'login-failed'
  | 'logout'
  | 'password'
  | 'upload'
  | 'revoke'
  | 'import'
  | 'reverse'
  | 'adjust'
  | 'recalculate'
  | 'depreciate'
  | 'send'
  | 'retry'
  | 'delivery'
  | 'backup'
  | 'download'
  | 'restore';

export type AuditValue = string | number | boolean | null;
export type AuditChanges = Record<string, { old: AuditValue; new: AuditValue }>;

export interface AuditInput {
  /** The council whose record it is (createdByUserId); null only for a failed login of no account. */
  councilId: number | null;
  /** The row's table or kind (BirthCertificate, Owner, Payment…) and its id. */
  entity: string;
  entityId?: string | number | bigint | null;
  /** The register record whose history panel shows it, when that is another (an owner's Property). */
  record?: { entity: string; id: string | number | bigint };
  action: AuditAction;
  changes?: AuditChanges | null;
  /** Who acted, when it is not the request's login (a login names the account it logged into). */
  actor?: Partial<AuditActor>;
}

/** bench/audit.ts only: the same writes without their row, to measure what the row costs. No
 *  setting or route reaches it. */
let pausedForBenchmark = false;
export const pauseAuditForBenchmark = (paused: boolean) => {
  pausedForBenchmark = paused;
};

export async function recordAudit(db: DbOrTx, input: AuditInput): Promise<void> {
  if (pausedForBenchmark) return;
  const actor = { ...currentActor(), ...input.actor };
  await insertAuditEntry(db, [
    input.councilId,
    actor.userId,
    actor.userName?.slice(0, 64) ?? null,
    actor.tokenId,
    actor.address?.slice(0, 64) ?? null,
    input.entity,
    input.entityId == null ? null : String(input.entityId),
    input.record?.entity ?? null,
    input.record ? String(input.record.id) : null,
    input.action,
    input.changes && Object.keys(input.changes).length ? JSON.stringify(input.changes) : null,
  ]);
  noteAuditWritten();
}

/** Fields never written into the trail: bookkeeping the portal sets itself, and secrets. */
const NEVER_SHOWN = new Set(['updatedAt', 'createdAt', 'version', 'createdByUserId', 'passwordHash', 'tokenHash', 'secretHash']);
const SECRET = /password|secret|tokenHash/i;
const AADHAAR = /aadha?a?r/i;

/** A value as the trail keeps it: text for dates, decimals and ids, Aadhaar masked. */
export function auditValue(field: string, value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (AADHAAR.test(field)) return maskAadhaar(String(value)) || null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `(${value.length} bytes)`;
  if (Prisma.Decimal.isDecimal(value)) return (value as Prisma.Decimal).toFixed();
  return JSON.stringify(value);
}

/** The fields that differ between two versions of a row, as old → new; a create has no `before`, a
 *  delete no `after`. Only `fields` when given; secrets show as "(changed)", never their value. */
export function changesOf(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  fields?: readonly string[],
): AuditChanges {
  const names = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const out: AuditChanges = {};
  for (const name of names) {
    if (NEVER_SHOWN.has(name) && !fields) continue;
    const [o, n] = [auditValue(name, before?.[name]), auditValue(name, after?.[name])];
    // Compared before masking: two Aadhaar numbers ending in the same four digits are still a change.
    if (o === n && auditValue('', before?.[name]) === auditValue('', after?.[name])) continue;
    out[name] = SECRET.test(name) ? { old: null, new: '(changed)' } : { old: o, new: n };
  }
  return out;
}
