// The property staff screens' server data through TanStack Query (app/QueryProvider.tsx): the
// register's pages, the autocomplete, ownership histories, transfers and the rates, and the writes
// that read them afresh. Apart from api.ts so the public property pages (publicApi.ts, plain fetch)
// do not load the query library.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Rates } from '../../../../common/property/assessment.ts';
import { councilIdOf } from '../../lib/session.ts';
import {
  addTransfer,
  fetchHistory,
  fetchOwners,
  fetchRates,
  fetchTransfer,
  registerProperty,
  suggestProperties,
  uploadRegister,
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
