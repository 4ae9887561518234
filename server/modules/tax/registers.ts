// What the books print and show: a property's ledger (every entry, oldest first, and its balance),
// its 9-क demand bill, Namuna 9 (the village's demand register of a tax year) and the DCB (demand,
// collection, balance) of a tax year. All read the entries; the village-wide totals read the
// council's book totals (TaxBookTotal, kept by a trigger), so they agree with each other by
// construction and with the kar summary (the tax list) by the property test.
import { isoDay } from '../../../common/dates.ts';
import { fromPaise, toPaise } from '../../../common/money.ts';
import { TAX_HEADS, taxYearLabel } from '../../../common/property/tax.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import type { Head } from './books.ts';
import { karOfOwner, toKarRow } from './kar.ts';
import { loadBooks } from './ledger.ts';
import { PAYMENT_INCLUDE, toPayment } from './payments.ts';
import type { Dcb, KarRow, Namuna9Row } from './schema.ts';
import type { Namuna9Pdf, Namuna9PdfRow } from './pdf.ts';
import { bookTotalRows, ledgerEntries, namuna9Page, namuna9Receipts } from './sql.ts';

const rupees = (paise: bigint) => fromPaise(paise);

// ---------------------------------------------------------------- the ledger of a property

export async function ledgerOf(db: DbOrTx, councilId: number, ownerId: number) {
  const kar = await karOfOwner(db, councilId, ownerId);
  const rows = await ledgerEntries(db, kar.propertyId);
  const row = toKarRow(kar);
  const r = row as unknown as Record<string, string>;
  return {
    entries: rows.map((e) => ({
      entryId: e.entryId,
      taxYear: e.taxYear,
      head: e.head as Head | null,
      part: e.part as 'arrears' | 'current',
      kind: e.kind as 'demand',
      amount: rupees(BigInt(e.amount)),
      date: isoDay(e.date),
      receiptNo: e.receiptYear === null ? null : `${taxYearLabel(e.receiptYear)}/${e.receiptNo}`,
      reference: e.reference,
      reason: e.reason,
      ownerName: e.ownerName,
      byUser: e.byUser,
      createdAt: new Date(e.createdAt).toISOString(),
    })),
    balance: {
      heads: Object.fromEntries(
        TAX_HEADS.map((h) => [h.key, { arrears: r[`magil${h.col}`], current: r[`chalu${h.col}`], total: r[`total${h.col}`] }]),
      ),
      advance: row.advance ?? '0.00',
      total: row.total,
      taxYear: row.karupdatedYear,
    },
  };
}

// ---------------------------------------------------------------- the 9-क bill

export interface BillHead {
  key: Head;
  arrears: bigint;
  demand: bigint;
  collected: bigint;
  remitted: bigint;
  balance: bigint;
}
export interface Bill {
  kar: KarRow;
  taxYear: number;
  heads: BillHead[];
  advance: bigint;
  /** Corrections of the bill's year, with their orders: why its demand is not the first one. */
  corrections: { head: Head; amount: bigint; reference: string; date: string }[];
  payments: ReturnType<typeof toPayment>[];
}

/** The 9-क bill of the owner's property for the year of its current demand: per head the arrears
 *  (owed of earlier years), this year's demand (the annual tax of the assessment in force, with any
 *  correction), what was collected and remitted of it, and the balance; the advance held. */
export async function billOf(db: DbOrTx, councilId: number, ownerId: number): Promise<Bill> {
  const kar = await karOfOwner(db, councilId, ownerId);
  const year = kar.karupdatedYear;
  const [books, payments, corrections] = await Promise.all([
    loadBooks(db, kar.propertyId),
    db.payment.findMany({
      where: { karId: kar.karId },
      include: PAYMENT_INCLUDE,
      orderBy: [{ paidOn: 'desc' }, { paymentId: 'desc' }],
      take: 5,
    }),
    db.taxEntry.findMany({
      where: { propertyId: kar.propertyId, taxYear: year, kind: 'correction' },
      orderBy: { entryId: 'asc' },
      select: { head: true, amount: true, reference: true, date: true },
    }),
  ]);
  const heads = TAX_HEADS.map((h) => {
    let arrears = 0n;
    for (const a of books.accounts()) if (a.head === h.key && a.year < year) arrears += a.owed;
    const demand = books.chargedFor(h.key, year);
    const remitted = books.remittedOn(h.key, year);
    const owedNow = books.owed(h.key, year);
    return { key: h.key, arrears, demand, remitted, collected: demand - remitted - owedNow, balance: arrears + owedNow };
  });
  return {
    kar: toKarRow(kar),
    taxYear: year,
    heads,
    advance: books.advance,
    corrections: corrections.map((c) => ({ head: c.head as Head, amount: c.amount, reference: c.reference, date: isoDay(c.date) })),
    payments: payments.map(toPayment),
  };
}

// ---------------------------------------------------------------- book totals: DCB and Namuna 9's totals

type Cells = { arrears: bigint; current: bigint; collectedArrears: bigint; collectedCurrent: bigint; remitted: bigint };
const empty = (): Cells => ({ arrears: 0n, current: 0n, collectedArrears: 0n, collectedCurrent: 0n, remitted: 0n });

/** Adds a sum of entries of a head to its cells for the register of `year`. Demand of an earlier tax
 *  year raised in this one (a missed year, a correction of an old bill: part 'arrears') is arrears,
 *  as in the tax list and the bill; the current demand is only the year's own. */
function addTo(c: Cells, year: number, bookYear: number, kind: string, part: string, amount: bigint) {
  if (bookYear < year) c.arrears += amount;
  else if (kind === 'demand' || kind === 'correction') {
    if (part === 'arrears') c.arrears += amount;
    else c.current += amount;
  } else if (kind === 'remission') c.remitted -= amount;
  else if (kind === 'collection' || kind === 'reversal') {
    if (part === 'arrears') c.collectedArrears -= amount;
    else c.collectedCurrent -= amount;
  }
}

const balanceOf = (c: Cells) => c.arrears + c.current - c.collectedArrears - c.collectedCurrent - c.remitted;

async function bookTotals(db: DbOrTx, councilId: number, year: number) {
  const rows = await bookTotalRows(db, councilId, year);
  const heads = Object.fromEntries(TAX_HEADS.map((h) => [h.key, empty()])) as Record<Head, Cells>;
  const advance = { opening: 0n, closing: 0n };
  for (const r of rows) {
    const amount = BigInt(r.amount);
    if (r.head === '') {
      if (r.bookYear < year) advance.opening += amount;
      advance.closing += amount;
    } else addTo(heads[r.head as Head], year, r.bookYear, r.kind, r.part, amount);
  }
  return { heads, advance };
}

const sumCells = (cells: Cells[]) =>
  cells.reduce(
    (t, c) => ({
      arrears: t.arrears + c.arrears,
      current: t.current + c.current,
      collectedArrears: t.collectedArrears + c.collectedArrears,
      collectedCurrent: t.collectedCurrent + c.collectedCurrent,
      remitted: t.remitted + c.remitted,
    }),
    empty(),
  );

function dcbHead(c: Cells) {
  return {
    openingArrears: rupees(c.arrears),
    currentDemand: rupees(c.current),
    collectedArrears: rupees(c.collectedArrears),
    collectedCurrent: rupees(c.collectedCurrent),
    remitted: rupees(c.remitted),
    closing: rupees(balanceOf(c)),
  };
}

/** Demand, collection, balance of a tax year per head and in all. */
export async function dcb(db: DbOrTx, councilId: number, year: number): Promise<Dcb> {
  const { heads, advance } = await bookTotals(db, councilId, year);
  return {
    taxYear: year,
    financialYear: taxYearLabel(year),
    heads: Object.fromEntries(TAX_HEADS.map((h) => [h.key, dcbHead(heads[h.key])])) as Dcb['heads'],
    total: dcbHead(sumCells(Object.values(heads))),
    advance: { opening: rupees(advance.opening), closing: rupees(advance.closing) },
  };
}

function n9Head(c: Cells) {
  return {
    arrears: rupees(c.arrears),
    current: rupees(c.current),
    demand: rupees(c.arrears + c.current),
    collectedArrears: rupees(c.collectedArrears),
    collectedCurrent: rupees(c.collectedCurrent),
    remitted: rupees(c.remitted),
    balance: rupees(balanceOf(c)),
  };
}

// ---------------------------------------------------------------- Namuna 9

/** Rows of Namuna 9 for the kar records at an offset, in register order (karId). */
export async function namuna9Rows(
  db: DbOrTx,
  councilId: number,
  year: number,
  offset: number,
  limit: number,
  after = 0,
): Promise<Namuna9Row[]> {
  const cells = await namuna9Page(db, councilId, year, after ? 0 : offset, limit, after);
  const karIds = [...new Set(cells.map((c) => c.karId))];
  const receipts = karIds.length ? await namuna9Receipts(db, karIds, year) : [];
  const rows = new Map<number, { row: Omit<Namuna9Row, 'heads' | 'total'>; heads: Record<Head, Cells>; advance: bigint }>();
  for (const c of cells) {
    let r = rows.get(c.karId);
    if (!r) {
      r = {
        row: {
          serial: offset + rows.size + 1,
          karId: c.karId,
          ownerId: c.ownerId,
          malmattaNo: c.malmattaNo,
          malkacheNav: c.malkacheNav,
          receipts: [],
          remissions: [],
          corrections: [],
          advance: '0.00',
        },
        advance: 0n,
        heads: Object.fromEntries(TAX_HEADS.map((h) => [h.key, empty()])) as Record<Head, Cells>,
      };
      rows.set(c.karId, r);
    }
    if (c.head) addTo(r.heads[c.head as Head], year, c.bookYear!, c.kind!, c.part!, BigInt(c.amount!));
    else if (c.amount !== null) r.advance += BigInt(c.amount);
    for (const ref of c.remissions ?? []) if (!r.row.remissions.includes(ref)) r.row.remissions.push(ref);
    for (const ref of c.corrections ?? []) if (!r.row.corrections.includes(ref)) r.row.corrections.push(ref);
  }
  for (const p of receipts)
    rows.get(p.karId)?.row.receipts.push({
      receiptNo: `${taxYearLabel(p.receiptYear)}/${p.receiptNo}`,
      paidOn: isoDay(p.paidOn),
      amount: rupees(toPaise(p.amount)),
      cancelled: p.cancelled,
    });
  return [...rows.values()].map(({ row, heads, advance }) => ({
    ...row,
    advance: rupees(advance),
    heads: Object.fromEntries(TAX_HEADS.map((h) => [h.key, n9Head(heads[h.key])])) as Namuna9Row['heads'],
    total: n9Head(sumCells(Object.values(heads))),
  }));
}

/** A page of Namuna 9 with the village's totals. */
export async function namuna9(db: DbOrTx, councilId: number, year: number, pageNumber: number, pageSize: number) {
  const [items, count, { heads }] = await Promise.all([
    namuna9Rows(db, councilId, year, (pageNumber - 1) * pageSize, pageSize),
    db.karDetail.count({ where: { createdByUserId: councilId } }),
    bookTotals(db, councilId, year),
  ]);
  return {
    taxYear: year,
    financialYear: taxYearLabel(year),
    items,
    pageNumber,
    pageSize,
    totalPages: Math.ceil(count / pageSize),
    totalCount: count,
    totals: {
      heads: Object.fromEntries(TAX_HEADS.map((h) => [h.key, n9Head(heads[h.key])])) as Namuna9Row['heads'],
      total: n9Head(sumCells(Object.values(heads))),
    },
  };
}

const N9_CELLS = ['arrears', 'current', 'demand', 'collectedArrears', 'collectedCurrent', 'remitted', 'balance'] as const;
const BATCH = 500;

/** Namuna 9's rows as the PDF and the Excel print them: the heads with anything in them (one at
 *  least), receipts and remarks. */
export function namuna9Lines(batch: Namuna9Row[]): Namuna9PdfRow[] {
  return batch.map((r) => {
    const heads = TAX_HEADS.map((h) => ({ key: h.key, cells: N9_CELLS.map((c) => r.heads[h.key][c]) })).filter((h) =>
      h.cells.some((c) => toPaise(c) !== 0n),
    );
    const remarks = [
      ...r.remissions.map((ref) => `सूट ठराव / Remission res. ${ref}`),
      ...r.corrections.map((ref) => `दुरुस्ती आदेश / Correction order ${ref}`),
      ...(toPaise(r.advance) > 0n ? [`आगाऊ जमा / Advance ${r.advance}`] : []),
    ];
    return {
      serial: r.serial,
      malmattaNo: r.malmattaNo,
      owner: r.malkacheNav,
      heads: heads.length ? heads : [{ key: TAX_HEADS[0].key, cells: N9_CELLS.map(() => '0.00') }],
      receipts: r.receipts.map((p) => `${p.receiptNo} ${p.paidOn.split('-').reverse().join('/')}${p.cancelled ? ' (रद्द)' : ''}`).join(', '),
      remarks: remarks.join('; '),
    };
  });
}

/** The village's totals of Namuna 9 per column (arrears … balance). */
export async function namuna9Totals(db: DbOrTx, councilId: number, year: number): Promise<string[]> {
  const { heads } = await bookTotals(db, councilId, year);
  const total = n9Head(sumCells(Object.values(heads)));
  return N9_CELLS.map((c) => total[c]);
}

/** Every row of Namuna 9 of a tax year, in batches, as the PDF prints them. */
export async function namuna9Document(db: DbOrTx, councilId: number, year: number): Promise<Namuna9Pdf> {
  const rows: Namuna9PdfRow[] = [];
  for (let offset = 0, after = 0; ; offset += BATCH) {
    const batch = await namuna9Rows(db, councilId, year, offset, BATCH, after);
    after = batch[batch.length - 1]?.karId ?? after;
    rows.push(...namuna9Lines(batch));
    if (batch.length < BATCH) break;
  }
  return { taxYear: year, rows, totals: await namuna9Totals(db, councilId, year) };
}
