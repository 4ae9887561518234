// The dashboard's certificate counts: a one-row page of each list (its totalCount), read through
// TanStack Query (app/QueryProvider.tsx). Apart from queries.ts so the dashboard loads without the
// field tables.
import { queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { councilIdOf } from '../../lib/session.ts';
import { certificateKeys, listQuery, PATHS, type KindName } from './paths.ts';

export const REFRESH_MS = 60_000;

/** How many certificates of a kind the council has. */
export function countQuery(kind: KindName) {
  const council = councilIdOf();
  return queryOptions({
    queryKey: certificateKeys.count(kind, council),
    queryFn: async ({ signal }) => {
      const e = await api<{ totalCount: number }>(`${PATHS[kind].listPath}?${listQuery(council, 1, 1)}`, { signal });
      return e.result.totalCount;
    },
  });
}

/** The counts of the given kinds, read again every 60 s while shown. A read still under way is not
 *  stacked (the library keeps one per key); a failed one is not retried, the next tick reads again,
 *  and the last counts stay meanwhile. Leaving the dashboard cancels the reads and the timer. */
export function useCertificateCounts(kinds: KindName[]): (number | undefined)[] {
  return useQueries({
    queries: kinds.map((kind) => ({ ...countQuery(kind), refetchInterval: REFRESH_MS, retry: false })),
  }).map((q) => q.data);
}
