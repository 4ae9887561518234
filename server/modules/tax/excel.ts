// The tax list as an .xlsx, streamed: exceljs's streaming WorkbookWriter writes each row to the zip
// as it is read, in batches of the list's own order, the next batch read once the zip has caught
// up (sheetDrained), so memory stays flat however many rows there are and an abandoned download
// stops the export. Marathi headers (spec 2.8's 16 columns), rupees with Indian grouping, a totals
// row whose formulas carry the exact sums, and a frozen header.
import type { Writable } from 'node:stream';
import { loadExcelJS, sheetDrained } from '../../lib/excel.ts';
import { TAX_HEADS, TAX_LIST_COLUMNS, taxYearLabel } from '../../../common/property/tax.ts';
import type { Db } from '../../db/open.ts';
import { listTotals, type ListOrder } from './list.ts';
import { namuna9Lines, namuna9Rows, namuna9Totals } from './registers.ts';
import { taxListBatch, type TaxListExcelRow } from './sql.ts';

/** ₹ with Indian grouping (1,23,45,678.00): Excel has no lakh grouping, so the thresholds pick the comma places. */
export const RUPEE_FORMAT = '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"##,##0.00';
const BATCH = 1000;
// One style object per kind of cell: exceljs looks styles up by object identity first, and a style
// per cell (a column style is copied into each) cost more than half the time of the file.
const MONEY_STYLE = { numFmt: RUPEE_FORMAT };
const TEXT_STYLE = {};

const columnLetter = (n: number) => {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

export async function writeTaxList(db: Db, councilId: number, order: ListOrder, out: Writable): Promise<number> {
  const ExcelJS = loadExcelJS();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Gram Panchayat Portal';
  const ws = wb.addWorksheet('कर तपशील', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = TAX_LIST_COLUMNS.map((c) => ({ key: c.field, width: c.field === 'malkacheNav' ? 30 : c.money ? 15 : 14 }));
  const header = ws.addRow(TAX_LIST_COLUMNS.map((c) => c.mr));
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
  header.commit();

  const styles = TAX_LIST_COLUMNS.map((c) => (c.money ? MONEY_STYLE : TEXT_STYLE));
  let last: TaxListExcelRow | null = null;
  let count = 0;
  for (;;) {
    const batch = await taxListBatch(db, councilId, order, last, BATCH);
    for (const r of batch) {
      const row = ws.addRow(
        TAX_LIST_COLUMNS.map((c) => {
          const v = r[c.field];
          // A 2-place decimal string: the cell's number prints back as the same decimal.
          if (c.money) return Number(v);
          if (c.field === 'malkacheNav') return v || 'N/A';
          return v;
        }),
      );
      row.eachCell((cell, n) => {
        cell.style = styles[n - 1];
      });
      row.commit();
    }
    count += batch.length;
    if (batch.length < BATCH) break;
    last = batch[batch.length - 1];
    // The next batch once the zip has caught up: without this the XML piled up uncompressed.
    await sheetDrained(ws, out);
  }

  const { totals } = await listTotals(db, councilId);
  const totalsRow = ws.addRow(
    TAX_LIST_COLUMNS.map((c, i) => {
      if (i === 0) return 'एकूण / Total';
      if (!c.money) return '';
      const letter = columnLetter(i + 1);
      return { formula: `SUM(${letter}2:${letter}${count + 1})`, result: Number(totals[c.field]) };
    }),
  );
  totalsRow.eachCell((cell, n) => {
    cell.style = { ...styles[n - 1], font: { bold: true } };
  });
  totalsRow.commit();
  ws.commit();
  await wb.commit();
  return count;
}

// ---------------------------------------------------------------- Namuna 9

const N9_HEADERS = [
  ['अ.क्र.', 'Sr.'],
  ['मालमत्ता क्रमांक', 'Property No.'],
  ['मालकाचे नाव', 'Owner'],
  ['कर', 'Head'],
  ['मागील', 'Arrears'],
  ['चालू', 'Current'],
  ['एकूण मागणी', 'Total demand'],
  ['वसूल मागील', 'Collected arrears'],
  ['वसूल चालू', 'Collected current'],
  ['सूट', 'Remitted'],
  ['बाकी', 'Balance'],
  ['पावती क्र. व दिनांक', 'Receipts'],
  ['शेरा', 'Remarks'],
];
const N9_BATCH = 500;

/** Namuna 9 of a tax year as an .xlsx, streamed like the tax list: a line per property and head, the
 *  amounts as ₹ numbers, the village's totals (formulas with the exact sums as their results). */
export async function writeNamuna9(db: Db, councilId: number, year: number, out: Writable): Promise<number> {
  const ExcelJS = loadExcelJS();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Gram Panchayat Portal';
  const ws = wb.addWorksheet(`नमुना ९ ${taxYearLabel(year)}`, { views: [{ state: 'frozen', ySplit: 2 }] });
  ws.columns = N9_HEADERS.map((_, i) => ({ width: i === 2 ? 28 : i >= 11 ? 26 : i >= 4 ? 14 : 10 }));
  for (const line of [0, 1]) {
    const header = ws.addRow(N9_HEADERS.map((h) => h[line]));
    header.font = line === 0 ? { bold: true } : { italic: true, color: { argb: 'FF666666' } };
    header.commit();
  }
  const heads = new Map(TAX_HEADS.map((h) => [h.key, h.mr]));
  let rows = 0;
  for (let offset = 0, after = 0; ; offset += N9_BATCH) {
    const batch = await namuna9Rows(db, councilId, year, offset, N9_BATCH, after);
    after = batch[batch.length - 1]?.karId ?? after;
    for (const r of namuna9Lines(batch))
      r.heads.forEach((h, i) => {
        const row = ws.addRow([
          i === 0 ? r.serial : '',
          r.malmattaNo,
          i === 0 ? r.owner : '',
          heads.get(h.key as never) ?? h.key,
          ...h.cells.map(Number),
          i === 0 ? r.receipts : '',
          i === 0 ? r.remarks : '',
        ]);
        row.eachCell((cell, n) => {
          cell.style = n >= 5 && n <= 11 ? MONEY_STYLE : TEXT_STYLE;
        });
        row.commit();
        rows++;
      });
    if (batch.length < N9_BATCH) break;
    await sheetDrained(ws, out);
  }
  const totals = await namuna9Totals(db, councilId, year);
  const totalsRow = ws.addRow([
    '',
    '',
    'एकूण / Total',
    '',
    ...totals.map((t, i) => {
      const letter = columnLetter(5 + i);
      return { formula: `SUM(${letter}3:${letter}${rows + 2})`, result: Number(t) };
    }),
  ]);
  totalsRow.eachCell((cell, n) => {
    cell.style = { ...(n >= 5 && n <= 11 ? MONEY_STYLE : TEXT_STYLE), font: { bold: true } };
  });
  totalsRow.commit();
  ws.commit();
  await wb.commit();
  return rows;
}
