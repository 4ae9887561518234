// The tax screens' calls (spec 7): kar details, payments and receipts, the tax list and its Excel,
// the yearly rollover and the depreciation update, and the public receipt check. Amounts travel as
// decimal strings; the screens never add them up as floats (the server sends every total).
import type {
  AddKarBody,
  CollectionSummary,
  DueRow,
  GhasaraResult,
  HistoryRow,
  KarRow,
  Payment,
  PublicReceipt,
} from '../../../../common/api-types.ts';
import { api, download } from '../../lib/api.ts';

/** A kar record with its per-head columns (magilGharpatti, chaluGharpatti, totalGharpatti …). */
export type Kar = KarRow & Record<string, string | number>;
export type { CollectionSummary, DueRow, GhasaraResult, HistoryRow, Payment, PublicReceipt };

export interface PropertyHit {
  propertyId: number;
  ownerId: number;
  malmattaNo: string;
  malkacheNav: string;
}

/** Up to 10 of the council's properties whose number contains what was typed. */
export async function searchProperties(q: string, signal?: AbortSignal): Promise<PropertyHit[]> {
  const r = await api<{ rows: PropertyHit[] }>(`/api/Properties/paged?pageNumber=1&pageSize=10&searchMalmatta=${encodeURIComponent(q)}`, {
    signal,
  });
  return r.result.rows.map(({ propertyId, ownerId, malmattaNo, malkacheNav }) => ({ propertyId, ownerId, malmattaNo, malkacheNav }));
}

export const fetchKar = async (ownerId: number) =>
  (await api<Kar[]>(`/api/KarImport/details-by-owner?ownerId=${ownerId}`)).result[0] ?? null;
/** A failing history shows as empty (spec 8). */
export const fetchHistory = (ownerId: number) =>
  api<HistoryRow[]>(`/api/KarImport/payment-history?ownerId=${ownerId}`).then(
    (r) => r.result,
    () => [],
  );

export interface PaymentInput {
  karid: number;
  paid_gharpatti: string;
  paid_divabatti: string;
  paid_arogyakar: string;
  paid_panipatti: string;
  paid_method: string;
  note: string;
  paid_on: string;
  createdByUserId: number;
}
/** One key per payment the clerk means: a retry or double click with it is taken once. */
export const applyPayment = (input: PaymentInput, idempotencyKey: string) =>
  api<{ payment: Payment; kar: Kar; repeated: boolean }>('/api/KarImport/apply-payment-simple', {
    method: 'POST',
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  });

export const addKar = (input: AddKarBody) => api<Kar>('/api/KarImport/kar-details/add', { method: 'POST', body: input });

export const downloadReceipt = (paymentId: number) => download(`/api/KarImport/receipt-pdf/${paymentId}`, `Receipt_${paymentId}.pdf`);
export const downloadDemand = (ownerId: number, userId: number, malmattaNo: string) =>
  download(`/api/KarImport/magani-pdf?ownerId=${ownerId}&createdByUserId=${userId}`, `tax demand receipt ${malmattaNo}.pdf`);

export interface TaxListPage {
  items: Kar[];
  pageNumber: number;
  pageSize: number;
  totalPages: number;
  totalItems: number;
  totals: Record<string, string> | null;
  taxYear: number;
  rolledOver: boolean;
}
export type SortOrder = 'ASC' | 'DESC' | '';
const sortQuery = (order: SortOrder) => (order ? `&sortField=total&sortOrder=${order}` : '');

export const fetchTaxList = async (userId: number, pageNumber: number, pageSize: number, order: SortOrder) =>
  (
    await api<TaxListPage>(
      `/api/OwnerProperty/KarDetails/Sorted?userId=${userId}&pageNumber=${pageNumber}&pageSize=${pageSize}${sortQuery(order)}`,
    )
  ).result;
export const downloadTaxExcel = (userId: number, order: SortOrder) =>
  download(
    `/api/OwnerProperty/KarDetails/excel?userId=${userId}${sortQuery(order)}`,
    `kar-details-${new Date().toISOString().slice(0, 10)}.xlsx`,
  );
export const rollOver = (userId: number) =>
  api<{ taxYear: number; financialYear: string; updated: number }>(`/api/KarImport/recalc-by-user/${userId}`, { method: 'POST' });

export const fetchDue = (userId: number) => api<DueRow[]>('/api/Properties/due', { method: 'POST', body: { createdByUserId: userId } });
export const fetchGhasaraStatus = async () =>
  (await api<{ year: number; due: number; doneThisYear: boolean; ranAt: string | null }>('/api/Properties/ghasara-status')).result;
export const decreaseAll = () => api<GhasaraResult>('/api/Properties/decrease-ghasara', { method: 'POST' });

/** The receipt check's API path (the server reads it for the page, web/src/public/pages.ts). */
export const publicReceiptPath = (receiptId: string) => `/api/public/receipt/${encodeURIComponent(receiptId)}`;

export const fetchPublicReceipt = async (receiptId: string, signal?: AbortSignal) =>
  (await api<PublicReceipt>(publicReceiptPath(receiptId), { auth: false, signal })).result;

export const fetchCollection = async () => (await api<CollectionSummary>('/api/KarImport/collection-summary')).result;
