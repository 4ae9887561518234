// GET /api/Audit (issue 28): the council's audit trail, newest first, paged (staff login only).
import type { AuditItem, AuditQuery } from '../../../../common/api-types.ts';
import { api } from '../../lib/api.ts';

export type { AuditItem };

/** The filters of the trail; empty ones are left out of the address. */
export type AuditFilter = Omit<AuditQuery, 'pageNumber' | 'pageSize'>;

export interface AuditPage {
  items: AuditItem[];
  pageNumber: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
  /** The count stopped at the server's cap: there are more rows than totalCount says. */
  totalCapped: boolean;
}

export async function fetchAudit(filter: AuditFilter, pageNumber: number, pageSize: number, signal?: AbortSignal): Promise<AuditPage> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v) q.set(k, String(v));
  q.set('pageNumber', String(pageNumber));
  q.set('pageSize', String(pageSize));
  return (await api<AuditPage>(`/api/Audit?${q}`, { signal })).result;
}
