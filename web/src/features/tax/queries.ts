// The tax screens' server data through TanStack Query (app/QueryProvider.tsx), over the calls of
// api.ts. Every key starts with 'tax': a payment, a reversal, an adjustment, a rollover or a
// depreciation run changes the books, so it invalidates them all (card, receipts, ledger, list,
// Namuna 9, DCB, chart).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { councilIdOf } from '../../lib/session.ts';
import {
  addKar,
  adjust,
  applyPayment,
  decreaseAll,
  fetchCollection,
  fetchDcb,
  fetchDue,
  fetchGhasaraStatus,
  fetchHistory,
  fetchKar,
  fetchLedger,
  fetchNamuna9,
  fetchTaxList,
  reversePayment,
  rollOver,
  searchProperties,
  type PaymentInput,
  type RolloverResult,
  type SortOrder,
} from './api.ts';
import { fetchUnmatched } from './reconciliationApi.ts';

const TAX = ['tax'] as const;

/** After anything that moves money in the books: every tax query is read again. */
export function useRefreshBooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TAX });
}

/** The suggestions for a (debounced) property number; nothing is asked for an empty one. */
export const usePropertySearch = (q: string) =>
  useQuery({
    queryKey: [...TAX, 'search', q],
    queryFn: ({ signal }) => searchProperties(q, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const karQuery = (ownerId: number) =>
  queryOptions({ queryKey: [...TAX, 'kar', ownerId], queryFn: ({ signal }) => fetchKar(ownerId, signal) });
export const useKar = (ownerId: number | undefined) => useQuery({ ...karQuery(ownerId ?? 0), enabled: !!ownerId });

export const historyQuery = (ownerId: number) =>
  queryOptions({ queryKey: [...TAX, 'history', ownerId], queryFn: ({ signal }) => fetchHistory(ownerId, signal) });
export const useHistory = (ownerId: number | undefined) => useQuery({ ...historyQuery(ownerId ?? 0), enabled: !!ownerId });

export const ledgerQuery = (ownerId: number) =>
  queryOptions({ queryKey: [...TAX, 'ledger', ownerId], queryFn: ({ signal }) => fetchLedger(ownerId, signal) });
export const useLedger = (ownerId: number | undefined) => useQuery({ ...ledgerQuery(ownerId ?? 0), enabled: !!ownerId });

export function usePayment() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: ({ input, key }: { input: PaymentInput; key: string }) => applyPayment(input, key),
    onSuccess: refresh,
  });
}

export function useReversal() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: number; reason: string }) => reversePayment(paymentId, reason),
    onSuccess: refresh,
  });
}

export function useAdjustment() {
  const refresh = useRefreshBooks();
  return useMutation({ mutationFn: adjust, onSuccess: refresh });
}

export function useAddKar() {
  const refresh = useRefreshBooks();
  return useMutation({ mutationFn: addKar, onSuccess: refresh });
}

export const taxListQuery = (userId: number, pageNumber: number, pageSize: number, order: SortOrder) =>
  queryOptions({
    queryKey: [...TAX, 'list', userId, pageNumber, pageSize, order],
    queryFn: ({ signal }) => fetchTaxList(userId, pageNumber, pageSize, order, signal),
    placeholderData: keepPreviousData,
  });
export const useTaxList = (userId: number, pageNumber: number, pageSize: number, order: SortOrder) =>
  useQuery(taxListQuery(userId, pageNumber, pageSize, order));

/** The rollover's answer, or the server's 409 "nothing to raise" as a message to show, not a failure. */
export type RolloverAnswer = { raised: true; result: RolloverResult; message: string } | { raised: false; message: string };
export function useRollover() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: async ({ dryRun }: { dryRun: boolean }): Promise<RolloverAnswer> => {
      try {
        const r = await rollOver(councilIdOf(), dryRun);
        return r.result.years.length ? { raised: true, result: r.result, message: r.message } : { raised: false, message: r.message };
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) return { raised: false, message: err.message };
        throw err;
      }
    },
    onSuccess: (_answer, { dryRun }) => (dryRun ? undefined : refresh()),
  });
}

/** The screen's status; the due list is asked for alongside, as the spec's screen does on load. */
export const ghasaraStatusQuery = () =>
  queryOptions({
    queryKey: [...TAX, 'ghasara'],
    queryFn: async ({ signal }) => (await Promise.all([fetchGhasaraStatus(signal), fetchDue(councilIdOf(), signal)]))[0],
  });
export const useGhasaraStatus = () => useQuery(ghasaraStatusQuery());

export function useDecreaseAll() {
  const refresh = useRefreshBooks();
  return useMutation({ mutationFn: decreaseAll, onSuccess: refresh });
}

export const namuna9Query = (taxYear: number | undefined, pageNumber: number, pageSize: number) =>
  queryOptions({
    queryKey: [...TAX, 'namuna9', taxYear ?? 'now', pageNumber, pageSize],
    queryFn: ({ signal }) => fetchNamuna9(taxYear, pageNumber, pageSize, signal),
    placeholderData: keepPreviousData,
  });
export const useNamuna9 = (taxYear: number | undefined, pageNumber: number, pageSize: number) =>
  useQuery(namuna9Query(taxYear, pageNumber, pageSize));

export const dcbQuery = (taxYear: number | undefined) =>
  queryOptions({
    queryKey: [...TAX, 'dcb', taxYear ?? 'now'],
    queryFn: ({ signal }) => fetchDcb(taxYear, signal),
    placeholderData: keepPreviousData,
  });
export const useDcb = (taxYear: number | undefined, enabled = true) => useQuery({ ...dcbQuery(taxYear), enabled });

export const collectionQuery = () => queryOptions({ queryKey: [...TAX, 'collection'], queryFn: ({ signal }) => fetchCollection(signal) });
export const useCollection = (enabled = true) => useQuery({ ...collectionQuery(), enabled });

/** The bank credits waiting for a clerk (issue 30), a page at a time; read again with the books. */
export const useUnmatched = (pageNumber: number) =>
  useQuery({
    queryKey: [...TAX, 'unmatched', pageNumber],
    queryFn: ({ signal }) => fetchUnmatched(pageNumber, signal),
    placeholderData: keepPreviousData,
  });
