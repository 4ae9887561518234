// Staff calls of the property register (Namuna 8), its rates, import and transfers (ferfar). The
// server scopes every call to the council of the token; the council id the spec's client sent along
// (createdByUserId, grampanchayatId) still goes, as the contract shows it.
import type {
  ImportReport,
  OwnershipHistory,
  PropertyRow,
  RatesResult,
  RevisionResult,
  TaxRates,
  Transfer,
  TransferBody,
  UpdatePropertyBody,
} from '../../../../common/api-types.ts';
import { api, apiUrl, ApiError, download } from '../../lib/api.ts';
import { councilIdOf, readSession } from '../../lib/session.ts';

export type { ImportReport, OwnershipHistory, PropertyRow, RatesResult, RevisionResult, TaxRates, Transfer, TransferBody };

export const PAGE_SIZE = 10;

export interface OwnersPage {
  items: PropertyRow[];
  pageNumber: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
  totalCapped: boolean;
}

export async function fetchOwners(
  pageNumber: number,
  ownerName: string,
  malmattaNo: string,
  signal?: AbortSignal,
  pageSize = PAGE_SIZE,
): Promise<OwnersPage> {
  const q = new URLSearchParams({ grampanchayatId: String(councilIdOf()), pageNumber: String(pageNumber), pageSize: String(pageSize) });
  if (ownerName.trim()) q.set('ownerName', ownerName.trim());
  if (malmattaNo.trim()) q.set('malmattaNo', malmattaNo.trim());
  return (await api<OwnersPage>(`/api/OwnerProperty/OwnersWithProperties?${q}`, { signal })).result;
}

/** The staff autocomplete of property numbers: the first 10 matches of the register. */
export async function suggestProperties(term: string, signal?: AbortSignal): Promise<PropertyRow[]> {
  return (await fetchOwners(1, '', term, signal)).items;
}

export async function fetchProperty(malmattaNo: string, signal?: AbortSignal): Promise<PropertyRow> {
  const e = await api<PropertyRow[]>(`/api/OwnerProperty/GetByMalmatta/${encodeURIComponent(malmattaNo)}/${councilIdOf()}`, { signal });
  return e.result[0];
}

export async function registerProperty(body: Record<string, unknown>) {
  return api<PropertyRow>('/api/GrampanchayatImport/register-owner-property', {
    method: 'POST',
    body: { ...body, createdByUserId: councilIdOf() },
  });
}

/** If-Match of the version a form was opened at: the server answers 409 when someone changed the record since. */
const ifMatch = (version: number | undefined) => (version === undefined ? undefined : { 'if-match': `"${version}"` });

/** `version`: the owner's as the row was read (its ownerVersion). */
export const updateOwner = (body: { ownerId: number; malmattaNo: string } & Record<string, unknown>, version?: number) =>
  api<PropertyRow>('/api/OwnerProperty/UpdateOwner', { method: 'PUT', body, headers: ifMatch(version) });
/** `version`: the property's as the row was read. */
export const updateProperty = (body: UpdatePropertyBody, version?: number) =>
  api<PropertyRow>('/api/OwnerProperty/UpdateProperty', { method: 'PUT', body, headers: ifMatch(version) });

/** A 409 that says someone else saved the record after this form read it (not a duplicate number). */
export const isStale = (err: unknown) => err instanceof ApiError && err.status === 409 && /Someone else changed/.test(err.message);

/** The Namuna 8 extract (spec 7's property receipt): Number8_{malmattaNo}.pdf unless the server names it. */
export function downloadNamuna8(malmattaNo: string) {
  const q = new URLSearchParams({ malmattaNo, createdByUserId: String(councilIdOf()) });
  return download(`/api/GrampanchayatImport/namuna8-pdf?${q}`, `Number8_${malmattaNo}.pdf`);
}

/** The Namuna 9-क tax demand bill (spec 2.3, 7): "tax demand receipt {malmattaNo}.pdf" unless the server names it. */
export function downloadDemandBill(ownerId: number, malmattaNo: string) {
  const q = new URLSearchParams({ ownerId: String(ownerId), createdByUserId: String(councilIdOf()) });
  return download(`/api/KarImport/magani-pdf?${q}`, `tax demand receipt ${malmattaNo}.pdf`);
}

export const fetchHistory = (malmattaNo: string, signal?: AbortSignal) =>
  api<OwnershipHistory>(`/api/PropertyTransfer/history?malmattaNo=${encodeURIComponent(malmattaNo)}`, { signal }).then((e) => e.result);

// ---------------------------------------------------------------- transfers (ferfar)

export const addTransfer = (body: TransferBody) =>
  api<Transfer>('/api/PropertyTransfer/add', { method: 'POST', body: { ...body, createdByUserId: councilIdOf() } });

export function fetchTransfer(ferfarNumber: number, signal?: AbortSignal) {
  const q = new URLSearchParams({ ferfarNumber: String(ferfarNumber), createdByUserId: String(councilIdOf()) });
  return api<Transfer>(`/api/PropertyTransfer/get-by-ferfar?${q}`, { signal }).then((e) => e.result);
}

// ---------------------------------------------------------------- rates

export const fetchRates = (signal?: AbortSignal) => api<RatesResult>('/api/TaxRates', { signal }).then((e) => e.result);

/** When a change of what the tax follows from takes effect (issue 26): left out, the server's default
 *  (the next tax year once this one is billed); 'current' corrects this year's bill under an order. */
export interface AssessmentChange {
  applyFrom?: 'next' | 'current';
  orderReference?: string;
}
/** `version`: the one the screen read (0 for the defaults). */
export const saveRates = (rates: TaxRates, version: number, change: AssessmentChange = {}) =>
  api<RatesResult>('/api/TaxRates', { method: 'PUT', body: { ...rates, ...change }, headers: ifMatch(version) });

/** The general revision (rule 17): a dry run lists every property's annual tax old → new. */
export const reviseAssessments = (body: { effectiveTaxYear: number; dryRun: boolean; orderReference?: string }) =>
  api<RevisionResult>('/api/TaxRates/revision', { method: 'POST', body });

// ---------------------------------------------------------------- Excel import

export const downloadTemplate = () => download('/api/GrampanchayatImport/template.xlsx', 'namuna8-import-template.xlsx');

/** Sends the workbook; `onProgress` gets the share of it uploaded (0–1). XMLHttpRequest, because
 *  fetch reports no upload progress. */
export function uploadRegister(
  file: File,
  dryRun: boolean,
  onProgress: (share: number) => void,
): Promise<{ message: string; report: ImportReport }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(`/api/GrampanchayatImport/excel?dryRun=${dryRun}`));
    const token = readSession()?.token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError('An unexpected error occurred. Could not connect to the server.', 0));
    xhr.onload = () => {
      let body: { isSuccess?: boolean; message?: string; result?: ImportReport } | null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.result) resolve({ message: body.message ?? '', report: body.result });
      else reject(new ApiError(body?.message || `Request failed with status: ${xhr.status}`, xhr.status));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
