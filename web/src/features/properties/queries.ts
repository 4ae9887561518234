// The property screens' server data through TanStack Query (app/QueryProvider.tsx), over the calls
// of api.ts: the council's rates (read once a session, shared by the rates screen and the update
// dialog's live assessment), their save, the general revision, and a property's update. A save
// that can change an assessment may book corrections in the tax books, so it also invalidates
// every tax query (their keys start with 'tax', features/tax/queries.ts).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchRates,
  reviseAssessments,
  saveRates,
  updateOwner,
  updateProperty,
  type AssessmentChange,
  type PropertyRow,
  type TaxRates,
} from './api.ts';
import type { UpdatePropertyBody } from '../../../../common/api-types.ts';

const RATES = ['rates'] as const;

export const ratesQuery = () => queryOptions({ queryKey: RATES, queryFn: ({ signal }) => fetchRates(signal) });
export const useRatesQuery = () => useQuery(ratesQuery());

/** After a change that may have moved assessments: the rates and the tax books are read afresh. */
function useRefreshAssessments() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: RATES }), queryClient.invalidateQueries({ queryKey: ['tax'] })]);
}

export function useSaveRates() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAssessments();
  return useMutation({
    mutationFn: ({ rates, version, change }: { rates: TaxRates; version: number; change?: AssessmentChange }) =>
      saveRates(rates, version, change),
    onSuccess: (answer) => {
      queryClient.setQueryData(RATES, answer.result);
      return refresh();
    },
  });
}

export function useRevision() {
  const refresh = useRefreshAssessments();
  return useMutation({
    mutationFn: reviseAssessments,
    onSuccess: (_answer, { dryRun }) => (dryRun ? undefined : refresh()),
  });
}

export interface PropertySave {
  row: PropertyRow;
  owner: Record<string, string>;
  property: Record<string, string>;
  change: AssessmentChange;
}
/** Owner changes and property changes as two calls sent in parallel, each naming the version the
 *  row was read at; both answers are awaited (one may be refused while the other was saved): the
 *  refusals come back, an empty list when both were saved. */
export function useSaveProperty() {
  const refresh = useRefreshAssessments();
  return useMutation({
    mutationFn: async ({ row, owner, property, change }: PropertySave): Promise<unknown[]> => {
      const calls: Promise<unknown>[] = [];
      if (Object.keys(owner).length)
        calls.push(updateOwner({ ownerId: row.ownerId, malmattaNo: row.malmattaNo, ...owner }, row.ownerVersion));
      if (Object.keys(property).length)
        calls.push(updateProperty({ propertyId: row.propertyId, ...property, ...change } as UpdatePropertyBody, row.version));
      return (await Promise.allSettled(calls)).flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    },
    onSettled: refresh,
  });
}
