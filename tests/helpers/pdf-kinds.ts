// Every kind of PDF the portal serves, fetched through its staff route for one council: the four
// certificates, the Namuna 8 extract, the Namuna 10 receipt, the Namuna 9-क demand bill and the
// Namuna 9 register. `PDF_KINDS` names each with the worker job that renders it, so a test can
// prove it covers every job of server/pdf-jobs.ts.
import type { App } from '../../server/app.ts';
import { injectAs, type TestCouncil } from './app.ts';
import { createValid, KIND_CASES } from './certificates.ts';
import { pay, propertyWithKar } from './tax.ts';

export type PdfKind = 'birth' | 'death' | 'residence' | 'marriage' | 'namuna8' | 'receipt' | 'demandBill' | 'namuna9';

/** The worker job (server/pdf-jobs.ts) of each kind. */
export const PDF_KINDS: Record<PdfKind, string> = {
  birth: 'certificate',
  death: 'certificate',
  residence: 'certificate',
  marriage: 'certificate',
  namuna8: 'namuna8',
  receipt: 'receipt',
  demandBill: 'demandBill',
  namuna9: 'namuna9',
};

/** The kinds issue 31 signs: the certificates, the Namuna 8 extract and the Namuna 10 receipt. */
export const SIGNED_KINDS: PdfKind[] = ['birth', 'death', 'residence', 'marriage', 'namuna8', 'receipt'];

async function get(app: App, c: TestCouncil, url: string): Promise<Buffer> {
  const res = await injectAs(app, c, { method: 'GET', url });
  if (res.statusCode !== 200 || res.headers['content-type'] !== 'application/pdf')
    throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.rawPayload;
}

/** One of each kind for council `c`, made from fresh records (`tag` keeps property numbers apart
 *  when a council is used twice); `ids` says which record each came from. */
export async function everyPdfKind(app: App, c: TestCouncil, tag = '1') {
  const pdfs = {} as Record<PdfKind, Buffer>;
  const ids = {} as Record<PdfKind, string>;
  for (const k of KIND_CASES) {
    const rec = await createValid(app, c, k);
    ids[k.kind] = String(rec[k.idField]);
    pdfs[k.kind] = await get(app, c, k.pdfUrl(ids[k.kind]));
  }
  const malmattaNo = `${tag}/अ`;
  const p = await propertyWithKar(app, c, malmattaNo, { magilGharpatti: '500' });
  ids.namuna8 = ids.demandBill = malmattaNo;
  pdfs.namuna8 = await get(
    app,
    c,
    `/api/GrampanchayatImport/namuna8-pdf?malmattaNo=${encodeURIComponent(malmattaNo)}&createdByUserId=${c.userId}`,
  );
  const paid = await pay(app, c, { karid: p.kar.karId, paid_gharpatti: '700' });
  const { payment } = paid.json().result;
  ids.receipt = String(payment.paymentId);
  pdfs.receipt = await get(app, c, `/api/KarImport/receipt-pdf/${payment.paymentId}`);
  pdfs.demandBill = await get(app, c, `/api/KarImport/magani-pdf?ownerId=${p.ownerId}&createdByUserId=${c.userId}`);
  ids.namuna9 = '';
  pdfs.namuna9 = await get(app, c, '/api/KarImport/namuna9-pdf');
  return { pdfs, ids };
}
