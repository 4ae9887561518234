// Calls of the /smsSend screen (api /api/Sms): balance, templates, preview, send, batches.
import { api } from '../../lib/api.ts';
import type { SmsKind } from '../../../../common/sms.ts';

export interface Balance {
  provider: string;
  balance: string;
  checkedAt: string;
}
export interface Templates {
  gramsabha: string;
  dues: string;
  variables: Record<string, string[]>;
  /** Each wording's version (0 while the default applies), sent back as If-Match when saving it. */
  versions: Record<SmsKind, number>;
}
export interface Skipped {
  mobile: string;
  malmattaNo: string;
  reason: string;
}
export interface Preview {
  message: string;
  length: number;
  segments: number;
  unicode: boolean;
  recipients: number;
  totalSegments: number;
  skipped: Skipped[];
}
export interface Queued {
  batchId: number;
  recipients: number;
  segments: number;
  skipped: Skipped[];
}
export interface BatchSummary {
  batchId: number;
  kind: SmsKind;
  provider: string;
  createdAt: string;
  segments: number;
  total: number;
  queued: number;
  sent: number;
  delivered: number;
  failed: number;
  skippedCount: number;
  status: 'sending' | 'done' | 'done-with-failures';
}
export interface SmsMessage {
  messageId: number;
  mobile: string;
  malmattaNo: string;
  text: string;
  segments: number;
  status: string;
  attempts: number;
  error: string;
  sentAt: string | null;
}
export interface BatchDetail extends BatchSummary {
  skipped: Skipped[];
  messages: SmsMessage[];
}
export interface BatchPage {
  items: BatchSummary[];
  totalCount: number;
  totalPages: number;
  pageNumber: number;
  pageSize: number;
}

export const fetchBalance = async (signal?: AbortSignal) => (await api<Balance>('/api/Sms/balance', { signal })).result;
export const fetchTemplates = async (signal?: AbortSignal) => (await api<Templates>('/api/Sms/templates', { signal })).result;
/** `version`: the one the editor read; the server answers 409 when someone saved that wording since. */
export const saveTemplate = async (kind: SmsKind, body: string, version?: number) =>
  (
    await api<Templates>('/api/Sms/templates', {
      method: 'PUT',
      body: { kind, body },
      headers: version === undefined ? undefined : { 'if-match': `"${version}"` },
    })
  ).result;
export const fetchPreview = async (body: { kind: SmsKind; date?: string; time?: string }) =>
  (await api<Preview>('/api/Sms/preview', { method: 'POST', body })).result;
export const fetchBatches = async (signal?: AbortSignal) =>
  (await api<BatchPage>('/api/Sms/batches?pageNumber=1&pageSize=20', { signal })).result;
export const fetchBatch = async (id: number, signal?: AbortSignal) => (await api<BatchDetail>(`/api/Sms/batches/${id}`, { signal })).result;
export const retryBatch = async (id: number) =>
  (await api<{ requeued: number }>(`/api/Sms/batches/${id}/retry`, { method: 'POST' })).result;

/** Sends; answers the server's message (the spec's success text) with the queued batch. */
export async function sendNotice(input: { kind: SmsKind; date?: string; time?: string; password: string }) {
  const path = input.kind === 'gramsabha' ? '/api/Sms/gramsabha' : '/api/Sms/dues';
  const body = input.kind === 'gramsabha' ? { date: input.date, time: input.time, password: input.password } : { password: input.password };
  const e = await api<Queued>(path, { method: 'POST', body });
  return { message: e.message, queued: e.result };
}
