// The /smsSend screen's server data through TanStack Query: balance, templates, batches (polled
// while one is sending) and the actions that refresh them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsKind } from '../../../../common/sms.ts';
import { councilIdOf } from '../../lib/session.ts';
import { fetchBalance, fetchBatch, fetchBatches, fetchTemplates, retryBatch, saveTemplate, sendNotice } from './api.ts';

const keys = {
  all: (council: number) => ['sms', council] as const,
  balance: (council: number) => ['sms', council, 'balance'] as const,
  templates: (council: number) => ['sms', council, 'templates'] as const,
  batches: (council: number) => ['sms', council, 'batches'] as const,
  batch: (council: number, id: number) => ['sms', council, 'batches', id] as const,
};

export function useBalance() {
  return useQuery({ queryKey: keys.balance(councilIdOf()), queryFn: ({ signal }) => fetchBalance(signal), retry: false });
}

export function useTemplates() {
  return useQuery({ queryKey: keys.templates(councilIdOf()), queryFn: ({ signal }) => fetchTemplates(signal) });
}

export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    // `version` (If-Match): the one the editor read; a save made meanwhile answers 409.
    mutationFn: ({ kind, body, version }: { kind: SmsKind; body: string; version?: number }) => saveTemplate(kind, body, version),
    onSuccess: (t) => qc.setQueryData(keys.templates(councilIdOf()), t),
  });
}

/** The history; read every second while a batch is still sending, so its progress shows live. */
export function useBatches() {
  return useQuery({
    queryKey: keys.batches(councilIdOf()),
    queryFn: ({ signal }) => fetchBatches(signal),
    refetchInterval: (q) => (q.state.data?.items.some((b) => b.status === 'sending') ? 1000 : false),
  });
}

export function useBatch(id: number | null) {
  return useQuery({
    queryKey: keys.batch(councilIdOf(), id ?? 0),
    queryFn: ({ signal }) => fetchBatch(id!, signal),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'sending' ? 1000 : false),
  });
}

/** Sends, then reads the balance and the history afresh (spec 4: success banner, balance refresh). */
export function useSendNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendNotice,
    onSettled: () => qc.invalidateQueries({ queryKey: keys.all(councilIdOf()) }),
  });
}

export function useRetryBatch() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: retryBatch, onSuccess: () => qc.invalidateQueries({ queryKey: keys.batches(councilIdOf()) }) });
}
