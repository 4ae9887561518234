// The property staff screens' server data through TanStack Query (app/QueryProvider.tsx): the
// register's pages, the autocomplete, ownership histories, transfers, the rates (their save and the
// general revision), a property's update, and the writes that read them afresh. A save that can
// change an assessment may book corrections in the tax books, so it also invalidates every tax
// query (their keys start with 'tax', features/tax/queries.ts). Apart from api.ts so the public property pages (publicApi.ts, plain fetch)
// do not load the query library.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Rates } from '../../../../common/property/assessment.ts';
import { councilIdOf } from '../../lib/session.ts';
import type { UpdatePropertyBody } from '../../../../common/api-types.ts';
import {
  addTransfer,
  fetchHistory,
  fetchOwners,
  fetchRates,
  fetchTransfer,
  registerProperty,
  reviseAssessments,
  saveRates,
  suggestProperties,
  updateOwner,
  updateProperty,
  uploadRegister,
  type AssessmentChange,
  type PropertyRow,
  type TaxRates,
  type TransferBody,
} from './api.ts';

/** Everything the register holds sits under one council's key, so a write reads all of it afresh. */
export const propertyKeys = {
  all: () => ['properties', councilIdOf()] as const,
  rates: () => ['taxRates', councilIdOf()] as const,
};

/** One page of the register, filtered by owner name and property number. */
export const ownersQuery = (pageNumber: number, ownerName: string, malmattaNo: string) =>
  queryOptions({
    queryKey: [...propertyKeys.all(), 'owners', pageNumber, ownerName, malmattaNo],
    queryFn: ({ signal }) => fetchOwners(pageNumber, ownerName, malmattaNo, signal),
  });

/** The register's page on screen; the one shown stays while the next one loads. */
export const useOwnersPage = (pageNumber: number, ownerName: string, malmattaNo: string) =>
  useQuery({ ...ownersQuery(pageNumber, ownerName, malmattaNo), placeholderData: keepPreviousData });

/** The autocomplete's suggestions for a typed number while `enabled`; the last ones stay while the next load. */
export const useSuggestions = (term: string, enabled: boolean) =>
  useQuery({
    queryKey: [...propertyKeys.all(), 'suggest', term],
    queryFn: ({ signal }) => suggestProperties(term, signal),
    enabled,
    placeholderData: keepPreviousData,
  });

/** A property's owners, newest first, while a number is asked for (null: none yet). */
export const useOwnershipHistory = (malmattaNo: string | null) =>
  useQuery({
    queryKey: [...propertyKeys.all(), 'history', malmattaNo],
    queryFn: ({ signal }) => fetchHistory(malmattaNo!, signal),
    enabled: malmattaNo !== null,
  });

/** A transfer by its ferfar number, once one is asked for (null: none yet). */
export const useTransfer = (ferfarNumber: number | null) =>
  useQuery({
    queryKey: [...propertyKeys.all(), 'transfer', ferfarNumber],
    queryFn: ({ signal }) => fetchTransfer(ferfarNumber!, signal),
    enabled: ferfarNumber !== null,
  });

export const ratesQuery = () => queryOptions({ queryKey: propertyKeys.rates(), queryFn: ({ signal }) => fetchRates(signal) });

/** The council's rates for the live assessment: read afresh each time a form opens (a rate saved on
 *  /taxRates meanwhile shows), the last ones standing in until then. */
export const useRatesQuery = () => useQuery(ratesQuery());

export function useRates(): { rates: Rates | null; error: string } {
  const read = useQuery(ratesQuery());
  return {
    rates: (read.data?.rates as Rates | undefined) ?? null,
    error: read.isError ? read.error.message || 'Failed to fetch data' : '',
  };
}

/** After a write the council's register, histories and transfers are read afresh (also after the
 *  update dialog's saves). */
export function useRefreshRegister() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: propertyKeys.all() });
}

export function useRegisterProperty() {
  const refresh = useRefreshRegister();
  return useMutation({ mutationFn: (body: Record<string, unknown>) => registerProperty(body), onSuccess: refresh });
}

export function useAddTransfer() {
  const refresh = useRefreshRegister();
  return useMutation({ mutationFn: (body: TransferBody) => addTransfer(body), onSuccess: refresh });
}

export interface ImportInput {
  file: File;
  /** Check only: every bad row reported, nothing written. */
  dryRun: boolean;
  onProgress: (share: number) => void;
}

/** Sends the workbook; an import that wrote rows reads the register afresh. */
export function useImportRegister() {
  const refresh = useRefreshRegister();
  return useMutation({
    mutationFn: ({ file, dryRun, onProgress }: ImportInput) => uploadRegister(file, dryRun, onProgress),
    onSuccess: (_answer, { dryRun }) => (dryRun ? undefined : refresh()),
  });
}

/** After a change that may have moved assessments: the rates and the tax books are read afresh. */
function useRefreshAssessments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: propertyKeys.rates() }),
      queryClient.invalidateQueries({ queryKey: propertyKeys.all() }),
      queryClient.invalidateQueries({ queryKey: ['tax'] }),
    ]);
}

export function useSaveRates() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAssessments();
  return useMutation({
    mutationFn: ({ rates, version, change }: { rates: TaxRates; version: number; change?: AssessmentChange }) =>
      saveRates(rates, version, change),
    onSuccess: (answer) => {
      queryClient.setQueryData(propertyKeys.rates(), answer.result);
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
