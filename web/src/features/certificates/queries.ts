// The certificate staff screens' server data through TanStack Query (app/QueryProvider.tsx): the
// paged list and the save that invalidates it. Apart from api.ts so the public QR pages, which read
// with plain fetch, do not load the query library.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { councilIdOf } from '../../lib/session.ts';
import { fetchNextNumber, fetchPage, saveCertificate } from './api.ts';
import type { KindDef, Values } from './kinds.ts';
import { certificateKeys } from './paths.ts';

/** One page of a kind's list, filtered by name. */
export function pageQuery(k: KindDef, pageNumber: number, nameFilter: string) {
  return queryOptions({
    queryKey: certificateKeys.page(k.kind, councilIdOf(), pageNumber, nameFilter),
    queryFn: ({ signal }) => fetchPage(k, pageNumber, nameFilter, signal),
  });
}

/** The list while it is shown; the page on screen stays while the next one loads. */
export function useCertificatePage(k: KindDef, pageNumber: number, nameFilter: string, enabled: boolean) {
  return useQuery({ ...pageQuery(k, pageNumber, nameFilter), enabled, placeholderData: keepPreviousData });
}

/** The registration number a new record starts with: the latest plus one, not yet taken ('' when
 *  the council has none to count on). Numbers are unique per council and kind (the server answers 409). */
export function useNextNumber(k: KindDef, enabled: boolean) {
  return useQuery({
    queryKey: [...certificateKeys.kind(k.kind, councilIdOf()), 'next-number'],
    queryFn: ({ signal }) => fetchNextNumber(k, signal),
    enabled,
    staleTime: 0,
  });
}

/** `version`: the record's version as read, sent as If-Match so a change made meanwhile is not overwritten (409). */
export interface SaveInput {
  values: Values;
  id: string | null;
  photos: Record<string, File | null>;
  version?: number;
}

/** Create or update; afterwards this kind's pages and count are read afresh. */
export function useSaveCertificate(k: KindDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, id, photos, version }: SaveInput) => saveCertificate(k, values, id, photos, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.kind(k.kind, councilIdOf()) }),
  });
}
