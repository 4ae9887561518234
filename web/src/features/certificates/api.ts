// Calls of the certificate screens: the paged list, create and update (JSON, or multipart with the
// marriage photos), the PDF download and the public read behind the QR pages. Plain calls: the QR
// pages use them as they are, the staff screens through queries.ts.
import { api, apiUrl, download, type Envelope } from '../../lib/api.ts';
import { councilIdOf } from '../../lib/session.ts';
import { allFields, jsonBody, type Item, type KindDef, type Values } from './kinds.ts';
import { listQuery } from './paths.ts';

export const PAGE_SIZE = 10;

export interface Page {
  items: Item[];
  pageNumber: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
  /** More matched than were counted (10,000): shown as "10,000+". */
  totalCapped?: boolean;
}

export async function fetchPage(k: KindDef, pageNumber: number, nameFilter: string, signal?: AbortSignal): Promise<Page> {
  const e = await api<Page>(`${k.listPath}?${listQuery(councilIdOf(), pageNumber, PAGE_SIZE, nameFilter)}`, { signal });
  return e.result;
}

/** Create (no id) or update: JSON, or for marriage every text field as a part plus the chosen photos.
 *  An update names the version the form was opened at (If-Match): the server answers 409 when
 *  someone changed the record since, instead of overwriting their change. */
export async function saveCertificate(
  k: KindDef,
  values: Values,
  id: string | null,
  photos: Record<string, File | null>,
  version?: number,
): Promise<Item> {
  const body = jsonBody(k, values);
  let payload: unknown = { ...body, createdByUserId: councilIdOf(), ...(id ? { [k.idField]: id } : {}) };
  if (k.multipart) {
    const form = new FormData();
    for (const fd of allFields(k)) form.append(fd.name, body[fd.name] === null ? '' : String(body[fd.name]));
    form.append('CreatedByUserId', String(councilIdOf()));
    if (id) form.append(k.idField, id);
    for (const p of k.photos ?? []) {
      const file = photos[p.name];
      if (file) form.append(p.name, file, file.name);
    }
    payload = form;
  }
  const headers = id && typeof version === 'number' ? { 'if-match': `"${version}"` } : undefined;
  const e = await api<Item>(id ? `${k.base}/${id}` : k.base, { method: id ? 'PUT' : 'POST', body: payload, headers });
  return e.result;
}

/** The registration number the server suggests for a new record ('' when there is none to count on). */
/** The registration number and, for a birth, the serial number (अनुक्रमांक) a new record starts from. */
export async function fetchNextNumber(k: KindDef, signal?: AbortSignal): Promise<{ registrationNumber: string; serialNo?: number }> {
  return (await api<{ registrationNumber: string; serialNo?: number }>(`${k.base}/next-number`, { signal })).result;
}

export const downloadPdf = (k: KindDef, item: Item, id: string) => download(k.pdfPath(id), k.pdfFallbackName(item));

/** A failed public read: the spec's message, and the server's reason when it gave one. */
export class PublicReadError extends Error {
  constructor(
    message: string,
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** The API path of a QR page's public read. */
export const publicPath = (k: KindDef, id: string) => `${k.base}/${encodeURIComponent(id)}`;

/** The error a QR page shows for the server's refusal (an unknown id): the residence view shows the
 *  server's message; the spec's words for the three others, with the server's reason (e.g. "No birth
 *  certificate with this id.") beside them, so a citizen does not blame the network for an unknown id.
 *  The server's own read for the page (entry-server.tsx) gives the same words as the browser's. */
export function publicRefusal(k: KindDef, status: number, message?: string, body = ''): Error {
  if (k.kind !== 'residence') return new PublicReadError('Network response was not ok', message);
  if (message) return new Error(message);
  return new Error(body ? `Server returned ${status}: ${body.slice(0, 100)}` : `Server returned ${status}`);
}

/** The public read of a QR page, with the spec's messages for each way it can fail. No token:
 *  the page shows what anyone may see (Aadhaar masked) even on a staff browser. */
export async function fetchPublic(k: KindDef, id: string, failed: string, signal?: AbortSignal): Promise<Item | null> {
  let res: Response;
  try {
    res = await fetch(apiUrl(publicPath(k, id)), { headers: { accept: 'application/json' }, signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new Error(failed, { cause: err });
  }
  const text = await res.text();
  const html = /^\s*</.test(text) || (res.headers.get('content-type') ?? '').includes('text/html');
  let data: (Partial<Envelope<Item>> & { success?: boolean; title?: string }) | null = null;
  if (!html) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) throw publicRefusal(k, res.status, data?.message, html ? '' : text);
  if (html) throw new Error('The server returned a web page (HTML) instead of certificate data.');
  if (!data) throw new Error(k.kind === 'residence' ? 'The server response could not be read (invalid JSON).' : failed);
  const okFlag = data.isSuccess ?? data.success ?? !!data.result;
  if (!okFlag) throw new Error(data.message || failed);
  return data.result ?? null;
}
