// The tax list (spec 2.8): the council's kar records (the books' summary per property), paged and
// sorted by grand total in SQL, with the sums of every column; and the dashboard's collection view,
// which reads the DCB of the year.
import { todayInIndia } from '../../../common/dates.ts';
import { fromPaise, toPaise } from '../../../common/money.ts';
import { TAX_HEADS, taxYearLabel, taxYearOf } from '../../../common/property/tax.ts';
import type { Db } from '../../db/open.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import { dcb } from './registers.ts';
import { karRowOf, listPage, listSums, monthlyReceipts } from './sql.ts';
import { rolledOverThisYear } from './yearly.ts';

export type ListOrder = { field: 'total' | null; direction: 'asc' | 'desc' };

/** The order the list and its Excel use: by grand total (karId breaks ties, so pages never
 *  overlap) or, with no sort, in the order the records were made. */
export function listOrder(sortField?: string, sortOrder?: string): ListOrder {
  const direction = sortOrder?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  return sortField === 'total' ? { field: 'total', direction } : { field: null, direction: 'asc' };
}

/** The sums of every money column over the council's kar records, exact (SQL numeric), and their count. */
export async function listTotals(
  db: DbOrTx,
  councilId: number,
): Promise<{ count: number; totals: Record<string, string> & { total: string } }> {
  const sums = await listSums(db, councilId);
  const totals: Record<string, string> & { total: string } = { total: fromPaise(toPaise(sums.total)) };
  for (const h of TAX_HEADS) {
    const magil = toPaise(sums[`magil${h.col}`]),
      chalu = toPaise(sums[`chalu${h.col}`]);
    totals[`magil${h.col}`] = fromPaise(magil);
    totals[`chalu${h.col}`] = fromPaise(chalu);
    totals[`total${h.col}`] = fromPaise(magil + chalu);
  }
  return { count: Number(sums.count), totals };
}

export async function listKar(
  db: Db,
  councilId: number,
  q: { pageNumber: number; pageSize: number; sortField?: string; sortOrder?: string },
  today = todayInIndia(),
) {
  const taxYear = taxYearOf(today);
  // The sums do not change with the page or the sort: the first page carries them; later pages
  // only count (summing 9 columns over every row was most of a page's cost on the embedded database).
  const counted =
    q.pageNumber === 1
      ? listTotals(db, councilId)
      : db.karDetail.count({ where: { createdByUserId: councilId } }).then((count) => ({ count, totals: null }));
  const [rows, { count: totalItems, totals }, rolledOver] = await Promise.all([
    listPage(db, councilId, listOrder(q.sortField, q.sortOrder), (q.pageNumber - 1) * q.pageSize, q.pageSize),
    counted,
    rolledOverThisYear(db, councilId, taxYear),
  ]);
  return {
    items: rows.map(karRowOf),
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    totalPages: Math.ceil(totalItems / q.pageSize),
    totalItems,
    totals,
    taxYear,
    rolledOver,
  };
}

/** This tax year's demand and collection per head (the DCB: demand = opening arrears + current
 *  demand, collected, outstanding = closing) and the live receipts of each month April–March. */
export async function collectionSummary(db: DbOrTx, councilId: number, today = todayInIndia()) {
  const taxYear = taxYearOf(today);
  const [books, byMonth] = await Promise.all([dcb(db, councilId, taxYear), monthlyReceipts(db, councilId, taxYear)]);
  const heads = TAX_HEADS.map((h) => {
    const d = books.heads[h.key];
    return {
      category: h.key,
      demand: fromPaise(toPaise(d.openingArrears) + toPaise(d.currentDemand)),
      collected: fromPaise(toPaise(d.collectedArrears) + toPaise(d.collectedCurrent)),
      outstanding: d.closing,
    };
  });
  const amountOf = new Map(byMonth.map((r) => [r.month, r.amount]));
  const months = Array.from({ length: 12 }, (_, i) => {
    const month = `${taxYear + Math.floor((i + 3) / 12)}-${String(((i + 3) % 12) + 1).padStart(2, '0')}`;
    return { month, amount: fromPaise(toPaise(amountOf.get(month) ?? '0')) };
  });
  return { taxYear, financialYear: taxYearLabel(taxYear), heads, months };
}
