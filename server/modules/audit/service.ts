// Reading the audit trail: a council sees its own entries only (the council comes from the token).
import type { DbOrTx } from '../../db/transaction.ts';
import { Invalid } from '../../lib/errors.ts';
import { AUDIT_COUNT_CAP, auditPage } from './sql.ts';
import type { AuditItem, AuditQuery } from './schema.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INDIA_OFFSET_MS = 330 * 60_000;

/** A filter bound as an instant: a day is India's day (`to` up to the end of it). */
function instant(field: 'from' | 'to', value: string | undefined): Date | undefined {
  if (value === undefined || value === '') return undefined;
  let t: number;
  if (DAY.test(value)) {
    const midnight = Date.parse(`${value}T00:00:00Z`);
    // Date.parse reads 2026-02-30 as 2 March and 2026-13-45 as nothing: a day must read back as itself.
    const real = Number.isFinite(midnight) && new Date(midnight).toISOString().slice(0, 10) === value;
    t = real ? midnight - INDIA_OFFSET_MS + (field === 'to' ? 86_400_000 : 0) : NaN;
  } else if (/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) t = Date.parse(value);
  else t = NaN;
  if (!Number.isFinite(t)) throw new Invalid(field, `${field} must be a date such as 2026-04-01 or an ISO date-time with its zone`);
  return new Date(t);
}

export async function listAudit(db: DbOrTx, councilId: number, q: AuditQuery, withPortal = false) {
  if (q.entityId && !q.entity) throw new Invalid('entity', 'entityId needs entity too (for example entity=Property&entityId=12)');
  const from = instant('from', q.from);
  const to = instant('to', q.to);
  if (from && to && from >= to) throw new Invalid('to', 'to must be after from');
  const { pageNumber, pageSize } = q;
  const rows = await auditPage(
    db,
    { councilId, withPortal, entity: q.entity, entityId: q.entityId, action: q.action, from, to },
    pageSize,
    (pageNumber - 1) * pageSize,
  );
  // A page past the end has no row to carry the count: count again (rare).
  const n = rows.length
    ? Number(rows[0].total)
    : pageNumber > 1
      ? Number(
          (await auditPage(db, { councilId, withPortal, entity: q.entity, entityId: q.entityId, action: q.action, from, to }, 1, 0))[0]
            ?.total ?? 0,
        )
      : 0;
  const totalCapped = n > AUDIT_COUNT_CAP;
  const totalCount = Math.min(n, AUDIT_COUNT_CAP);
  const items: AuditItem[] = rows.map((r) => ({
    id: String(r.id),
    at: r.at.toISOString(),
    actor: { userId: r.userId, userName: r.userName, tokenId: r.tokenId },
    address: r.address,
    entity: r.entity,
    entityId: r.entityId,
    recordEntity: r.recordEntity,
    recordId: r.recordId,
    action: r.action,
    changes: (r.changes ?? null) as AuditItem['changes'],
  }));
  return { items, pageNumber, pageSize, totalPages: Math.ceil(totalCount / pageSize), totalCount, totalCapped };
}
