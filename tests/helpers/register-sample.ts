// A Namuna 9-like register as the column grid of server/lib/pdf draws it (office header and title
// on page 1, the columns' header on every page, page numbers): what tests/unit/pdf-grid.test.ts
// reads back and bench/register-pdf.ts times. No vitest here, so the benches can import it.
import { createDoc, drawGrid, drawHeader, drawTitle, numberPages, toBuffer, type GridColumn } from '../../server/lib/pdf/index.ts';
import { office } from './certificate-records.ts';

export const REGISTER_COLUMNS: GridColumn[] = [
  { header: ['अ.क्र.', 'Sr.'], width: 5, align: 'right' },
  { header: ['मालमत्ता क्रमांक', 'Property No.'], width: 10 },
  { header: ['मालकाचे नाव', 'Owner'], width: 30 },
  { header: ['पत्ता', 'Address'], width: 20 },
  { header: ['घरपट्टी (₹)', 'House tax'], width: 10, align: 'right' },
  { header: ['पाणीपट्टी (₹)', 'Water tax'], width: 10, align: 'right' },
  { header: ['एकूण (₹)', 'Total (₹)'], width: 10, align: 'right' },
];

/** The register of these rows; `grid` adds to the grid's options (totals, a running title). */
export async function registerPdf(rows: string[][], grid: Partial<Parameters<typeof drawGrid>[1]> = {}) {
  const doc = createDoc({ title: 'नमुना ९', landscape: true, bufferPages: true });
  let y = drawHeader(doc, office, { top: 34 });
  y = drawTitle(doc, { mr: 'नमुना ९ — कर मागणी नोंदवही', en: 'Form 9 — Tax demand register' }, y);
  drawGrid(doc, { top: y, columns: REGISTER_COLUMNS, rows, ...grid });
  const pages = doc.bufferedPageRange().count;
  numberPages(doc);
  return { pdf: await toBuffer(doc), pages };
}
