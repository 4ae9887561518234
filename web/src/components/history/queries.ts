// The audit trail through TanStack Query: one page of the audit screen, and a record's history read
// page by page ("अधिक / More"). Every key starts with 'audit'; nothing here writes, so nothing
// invalidates them: a history panel reads afresh each time it is opened (it unmounts when closed).
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchAudit, type AuditFilter } from './api.ts';

/** Rows a history panel reads at a time. */
const HISTORY_PAGE = 10;

export function useAuditPage(filter: AuditFilter, pageNumber: number, pageSize: number) {
  return useQuery({
    queryKey: ['audit', 'page', filter, pageNumber, pageSize],
    queryFn: ({ signal }) => fetchAudit(filter, pageNumber, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

const historyQuery = (entity: string, entityId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: ['audit', 'history', entity, entityId ?? ''],
    queryFn: ({ pageParam, signal }) => fetchAudit({ entity, entityId }, pageParam, HISTORY_PAGE, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNumber < last.totalPages ? last.pageNumber + 1 : undefined),
  });

export const useHistory = (entity: string, entityId: string | undefined) => useInfiniteQuery(historyQuery(entity, entityId));
