// The tax books in the database: a property's kar record locked for a change, its balances loaded
// into Books (books.ts), the postings written as TaxEntry rows, and the kar record rewritten from
// its entries in the same transaction. Every change of what a property owes goes through here, in
// this order: lock (KarDetail FOR UPDATE, before any entry, so two changes of one property wait for
// each other and a council-wide job that locks every kar row first never deadlocks with a payment),
// load, post, write, summarise.
import { isoDay } from '../../../common/dates.ts';
import { fromPaise } from '../../../common/money.ts';
import { TAX_HEADS, taxYearOf } from '../../../common/property/tax.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';
import { NotFound } from '../../lib/errors.ts';
import { Books, summaryOf, type Posting } from './books.ts';
import { balancesOf, insertEntries, lockAllKarRows, lockKarRow, recordEntries, summariseCouncil, summariseProperties } from './sql.ts';

/** A kar record as a change of its books sees it. */
export interface KarContext {
  councilId: number;
  karId: number;
  propertyId: number;
  malmattaNo: string;
  /** The year of the current demand (chalu). */
  karupdatedYear: number;
  /** The owner now, whom the entries name. */
  ownerId: number | null;
  ownerName: string;
}

/** Who made an entry, and when it counts. */
export interface EntryMeta {
  date: Date;
  byUser: string;
}

/** Locks a kar record of the council for a change of its books; 404 when the council has none such. */
export async function lockKar(tx: Tx, councilId: number, karId: number): Promise<KarContext> {
  const [row] = await lockKarRow(tx, councilId, karId);
  if (!row) throw new NotFound('No kar details found for this property (karid); add them on the new kar details form first.');
  return { councilId, ...row };
}

/** Locks every kar record of the council, in one order (a council-wide job: the rollover, new rates). */
export async function lockAllKar(tx: Tx, councilId: number): Promise<KarContext[]> {
  const rows = await lockAllKarRows(tx, councilId);
  return rows.map((r) => ({ councilId, ...r }));
}

/** A property's balances from its entries. */
export async function loadBooks(db: DbOrTx, propertyId: number): Promise<Books> {
  return Books.from(await balancesOf(db, propertyId));
}

/** The entry of a posting as its row is written. */
export function entryOf(kar: KarContext, p: Posting, meta: EntryMeta) {
  const bookYear = taxYearOf(meta.date);
  return {
    createdByUserId: kar.councilId,
    propertyId: kar.propertyId,
    karId: kar.karId,
    ownerId: kar.ownerId,
    ownerName: kar.ownerName.slice(0, 300),
    taxYear: p.taxYear,
    bookYear,
    head: p.head,
    part: p.taxYear < bookYear ? 'arrears' : 'current',
    kind: p.kind,
    amount: p.amount.toString(),
    date: isoDay(meta.date),
    paymentId: p.paymentId,
    reference: p.reference.slice(0, 100),
    reason: p.reason.slice(0, 500),
    byUser: meta.byUser.slice(0, 100),
  };
}

/** Writes postings of one or more kar records as entries, in one statement. */
export async function writeEntries(tx: Tx, rows: { kar: KarContext; postings: Posting[] }[], meta: EntryMeta) {
  const entries = rows.flatMap(({ kar, postings }) => postings.map((p) => entryOf(kar, p, meta)));
  if (entries.length) await insertEntries(tx, entries);
  return entries.length;
}

/** Rewrites kar records (of the properties given, or all of the council's) from their entries: chalu
 *  is what is owed for the kar record's year, magil for the years before it, the advance what is held. */
export async function summarise(tx: Tx, councilId: number, propertyIds?: number[]) {
  if (propertyIds) await summariseProperties(tx, councilId, propertyIds);
  else await summariseCouncil(tx, councilId);
}

/** The kar record's summary columns from its books, as decimal strings in SUMMARY_COLUMNS' order. */
export function summaryValues(books: Books, year: number): string[] {
  const s = summaryOf(books, year);
  return [
    ...TAX_HEADS.flatMap((h) => [fromPaise(s.heads[h.key].magil), fromPaise(s.heads[h.key].chalu)]),
    fromPaise(s.total),
    fromPaise(s.advance),
  ];
}

/** Writes one kar record's new entries and its summary from the books they were posted into, in one
 *  statement: the common end of every change of one property. */
export async function record(tx: Tx, kar: KarContext, books: Books, postings: Posting[], meta: EntryMeta) {
  await recordEntries(
    tx,
    postings.map((p) => entryOf(kar, p, meta)),
    kar.karId,
    summaryValues(books, kar.karupdatedYear),
  );
}
