// The tax list as an .xlsx, streamed: exceljs's streaming WorkbookWriter writes each row to the zip
// as it is read, in batches of the list's own order, so memory stays flat however many rows there
// are. Marathi headers (spec 2.8's 16 columns), rupees with Indian grouping, a totals row whose
// formulas carry the exact sums, and a frozen header.
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { TAX_LIST_COLUMNS } from '../../../common/property/tax.ts';
import type { Db } from '../../db/open.ts';
import type { KarDetail, Prisma } from '../../generated/prisma/client.ts';
import { listTotals, toKarRow, type ListOrder } from './service.ts';

/** ₹ with Indian grouping (1,23,45,678.00): Excel has no lakh grouping, so the thresholds pick the comma places. */
export const RUPEE_FORMAT = '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"##,##0.00';
const BATCH = 2000;

const columnLetter = (n: number) => {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

/** Rows after `last` in the list's order (keyset paging: no OFFSET that grows with the file). */
function after(order: ListOrder, last: { karId: number; total: Prisma.Decimal } | null): Prisma.KarDetailWhereInput {
  if (!last) return {};
  if (!order.field) return { karId: { gt: last.karId } };
  const cmp = order.direction === 'asc' ? 'gt' : 'lt';
  return { OR: [{ total: { [cmp]: last.total } }, { total: last.total, karId: { [cmp]: last.karId } }] };
}

export async function writeTaxList(db: Db, councilId: number, order: ListOrder, out: Writable): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Gram Panchayat Portal';
  const ws = wb.addWorksheet('कर तपशील', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = TAX_LIST_COLUMNS.map((c) => ({
    key: c.field, width: c.field === 'malkacheNav' ? 30 : c.money ? 15 : 14, style: c.money ? { numFmt: RUPEE_FORMAT } : {},
  }));
  const header = ws.addRow(TAX_LIST_COLUMNS.map((c) => c.mr));
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
  header.commit();

  const orderBy: Prisma.KarDetailOrderByWithRelationInput[] = order.field ? [{ total: order.direction }, { karId: order.direction }] : [{ karId: 'asc' }];
  let last: { karId: number; total: Prisma.Decimal } | null = null;
  let count = 0;
  for (;;) {
    const batch: KarDetail[] = await db.karDetail.findMany({ where: { createdByUserId: councilId, ...after(order, last) }, orderBy, take: BATCH });
    for (const kar of batch) {
      const row = toKarRow(kar) as unknown as Record<string, string | number>;
      ws.addRow(TAX_LIST_COLUMNS.map((c) => {
        const v = row[c.field];
        if (c.money) return Number(v); // a 2-place decimal string: the cell's number prints back as the same decimal
        if (c.field === 'malkacheNav') return v || 'N/A';
        return v;
      })).commit();
    }
    count += batch.length;
    if (batch.length < BATCH) break;
    last = batch[batch.length - 1];
    // Let the zip stream drain to the client before the next batch is read.
    await new Promise((resolve) => setImmediate(resolve));
  }

  const totals = await listTotals(db, councilId);
  const totalsRow = ws.addRow(TAX_LIST_COLUMNS.map((c, i) => {
    if (i === 0) return 'एकूण / Total';
    if (!c.money) return '';
    const letter = columnLetter(i + 1);
    return { formula: `SUM(${letter}2:${letter}${count + 1})`, result: Number(totals[c.field]) };
  }));
  totalsRow.font = { bold: true };
  totalsRow.commit();
  ws.commit();
  await wb.commit();
  return count;
}
