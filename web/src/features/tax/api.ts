// The tax screens' calls (spec 7 and issue 26) and their TanStack Query hooks (app/QueryProvider.tsx):
// kar details, payments, receipts and their reversal, remissions and corrections, the ledger of a
// property, the tax list and its Excel, the yearly rollover, the depreciation update, Namuna 9 and
// the DCB. Amounts travel as decimal strings; the screens never add them up as floats (the server
// sends every total). The hooks over these calls are in queries.ts, so the public receipt check,
// which reads with fetchPublicReceipt, does not load the query library.
import type {
  AddKarBody,
  AdjustmentBody,
  CollectionSummary,
  Dcb,
  DueRow,
  GhasaraResult,
  HistoryRow,
  KarRow,
  LedgerBalance,
  LedgerEntry,
  Namuna9Page,
  Namuna9Row,
  Payment,
  PublicReceipt,
  RolloverResult,
} from '../../../../common/api-types.ts';
import { api, download } from '../../lib/api.ts';

/** A kar record with its per-head columns (magilGharpatti, chaluGharpatti, totalGharpatti …). */
export type Kar = KarRow & Record<string, string | number>;
export type {
  AdjustmentBody,
  CollectionSummary,
  Dcb,
  DueRow,
  GhasaraResult,
  HistoryRow,
  LedgerBalance,
  LedgerEntry,
  Namuna9Page,
  Namuna9Row,
  Payment,
  PublicReceipt,
  RolloverResult,
};
export interface Ledger {
  entries: LedgerEntry[];
  balance: LedgerBalance;
}

// ---------------------------------------------------------------- a property

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
export const fetchKar = async (ownerId: number, signal?: AbortSignal) =>
  (await api<Kar[]>(`/api/KarImport/details-by-owner?ownerId=${ownerId}`, { signal })).result[0] ?? null;

/** A failing history shows as empty (spec 8). */
export const fetchHistory = (ownerId: number, signal?: AbortSignal) =>
  api<HistoryRow[]>(`/api/KarImport/payment-history?ownerId=${ownerId}`, { signal }).then(
    (r) => r.result,
    () => [] as HistoryRow[],
  );

export const fetchLedger = async (ownerId: number, signal?: AbortSignal) =>
  (await api<Ledger>(`/api/KarImport/ledger?ownerId=${ownerId}`, { signal })).result;

// ---------------------------------------------------------------- payments, reversals, adjustments

export type Allocation = 'arrears-first' | 'current-first';
export interface PaymentInput {
  karid: number;
  paid_gharpatti: string;
  paid_divabatti: string;
  paid_arogyakar: string;
  paid_panipatti: string;
  paid_method: string;
  note: string;
  paid_on: string;
  cheque_no: string;
  bank_name: string;
  allocation: Allocation;
  createdByUserId: number;
}
/** One key per payment the clerk means: a retry or double click with it is taken once. */
export const applyPayment = (input: PaymentInput, idempotencyKey: string) =>
  api<{ payment: Payment; kar: Kar; repeated: boolean }>('/api/KarImport/apply-payment-simple', {
    method: 'POST',
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  });

export const reversePayment = (paymentId: number, reason: string) =>
  api<{ payment: Payment; kar: Kar; repeated: boolean }>(`/api/KarImport/payment/${paymentId}/reverse`, {
    method: 'POST',
    body: { reason },
  });

export const adjust = (body: AdjustmentBody) => api<Kar>('/api/KarImport/adjustment', { method: 'POST', body });

export const addKar = (input: AddKarBody) => api<Kar>('/api/KarImport/kar-details/add', { method: 'POST', body: input });

/** The public receipt check's API path (the server reads it for the page, web/src/public/pages.ts). */
export const publicReceiptPath = (receiptId: string) => `/api/public/receipt/${encodeURIComponent(receiptId)}`;
export const fetchPublicReceipt = async (receiptId: string, signal?: AbortSignal) =>
  (await api<PublicReceipt>(publicReceiptPath(receiptId), { auth: false, signal })).result;

export const downloadReceipt = (paymentId: number) => download(`/api/KarImport/receipt-pdf/${paymentId}`, `Receipt_${paymentId}.pdf`);
export const downloadDemand = (ownerId: number, userId: number, malmattaNo: string) =>
  download(`/api/KarImport/magani-pdf?ownerId=${ownerId}&createdByUserId=${userId}`, `tax demand receipt ${malmattaNo}.pdf`);

// ---------------------------------------------------------------- the tax list and the rollover

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

export const fetchTaxList = async (userId: number, pageNumber: number, pageSize: number, order: SortOrder, signal?: AbortSignal) =>
  (
    await api<TaxListPage>(
      `/api/OwnerProperty/KarDetails/Sorted?userId=${userId}&pageNumber=${pageNumber}&pageSize=${pageSize}${sortQuery(order)}`,
      { signal },
    )
  ).result;

export const downloadTaxExcel = (userId: number, order: SortOrder) =>
  download(
    `/api/OwnerProperty/KarDetails/excel?userId=${userId}${sortQuery(order)}`,
    `kar-details-${new Date().toISOString().slice(0, 10)}.xlsx`,
  );

/** The yearly rollover; a dry run only says what it would raise (for the confirmation). */
export const rollOver = (userId: number, dryRun: boolean) =>
  api<RolloverResult>(`/api/KarImport/recalc-by-user/${userId}${dryRun ? '?dryRun=true' : ''}`, { method: 'POST' });

// ---------------------------------------------------------------- depreciation

export const fetchDue = (userId: number, signal?: AbortSignal) =>
  api<DueRow[]>('/api/Properties/due', { method: 'POST', body: { createdByUserId: userId }, signal });
export const fetchGhasaraStatus = async (signal?: AbortSignal) =>
  (await api<{ year: number; due: number; doneThisYear: boolean; ranAt: string | null }>('/api/Properties/ghasara-status', { signal }))
    .result;

export const decreaseAll = () => api<GhasaraResult>('/api/Properties/decrease-ghasara', { method: 'POST' });

// ---------------------------------------------------------------- registers: Namuna 9, DCB, collection

const yearParam = (taxYear: number | undefined) => (taxYear ? `taxYear=${taxYear}` : '');

export const fetchNamuna9 = async (taxYear: number | undefined, pageNumber: number, pageSize: number, signal?: AbortSignal) =>
  (await api<Namuna9Page>(`/api/KarImport/namuna9?${yearParam(taxYear)}&pageNumber=${pageNumber}&pageSize=${pageSize}`, { signal })).result;
export const downloadNamuna9Pdf = (taxYear: number) => download(`/api/KarImport/namuna9-pdf?taxYear=${taxYear}`, `Namuna9_${taxYear}.pdf`);
export const downloadNamuna9Excel = (taxYear: number) =>
  download(`/api/KarImport/namuna9/excel?taxYear=${taxYear}`, `namuna9-${taxYear}.xlsx`);

export const fetchDcb = async (taxYear: number | undefined, signal?: AbortSignal) =>
  (await api<Dcb>(`/api/KarImport/dcb?${yearParam(taxYear)}`, { signal })).result;

export const fetchCollection = async (signal?: AbortSignal) =>
  (await api<CollectionSummary>('/api/KarImport/collection-summary', { signal })).result;
