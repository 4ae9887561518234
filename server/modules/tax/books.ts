// The rules of a property's tax books, with no database: what entries a demand, a payment, a
// remission, a correction or a bounced cheque makes, given what the property owes now. The ledger
// (ledger.ts) loads a property's balances into Books, asks these functions for postings, and writes
// them as TaxEntry rows; tests run the same functions on random sequences (books.test.ts).
//
// An entry changes one account: what the property owes for a head and tax year, or the money held
// for it above that (the advance, आगाऊ जमा; head null). Amounts are paise, signed as the change:
//   demand +, correction ±, remission -, collection - (money applied to what is owed; + when it is
//   taken back into the advance), advance + (money held) or - (money applied or taken back),
//   reversal + on what is owed / - on the advance (a bounced cheque's money taken back).
// Money always carries the receipt it came from (paymentId), wherever it moves, so a bounced
// cheque takes back exactly its own money, and every receipt's amount stays accounted for.
import { TAX_HEAD_KEYS, type TaxHeadKey } from '../../../common/property/tax.ts';

export const ENTRY_KINDS = ['demand', 'collection', 'remission', 'correction', 'advance', 'reversal'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export type Head = TaxHeadKey;
export type Allocation = 'arrears-first' | 'current-first';

export interface Posting {
  /** null: the advance held. */
  head: Head | null;
  taxYear: number;
  kind: EntryKind;
  amount: bigint;
  paymentId: number | null;
  reason: string;
  reference: string;
}

/** A property's balances as its entries sum them: one row per head, year, receipt and kind. */
export interface BalanceRow {
  head: Head | null;
  taxYear: number;
  paymentId: number | null;
  kind: EntryKind;
  amount: bigint;
}

const dueKey = (head: Head, year: number) => `${head}|${year}`;
const moneyKey = (head: Head, year: number, paymentId: number) => `${head}|${year}|${paymentId}`;
const headOrder = (h: Head) => TAX_HEAD_KEYS.indexOf(h);

/** What went wrong, in the clerk's words (the service turns it into a 400 naming the field). */
export class BooksRefusal extends Error {
  constructor(
    public field: string,
    message: string,
  ) {
    super(message);
  }
}

export class Books {
  /** What is owed per head and year. */
  private dues = new Map<string, bigint>();
  /** Demand and corrections per head and year: what the year was charged. */
  private charged = new Map<string, bigint>();
  /** Remissions per head and year (positive). */
  private remitted = new Map<string, bigint>();
  /** Money applied per head, year and receipt (positive). */
  private collected = new Map<string, bigint>();
  /** Money held per receipt. */
  private held = new Map<number, bigint>();

  static from(rows: BalanceRow[]): Books {
    const books = new Books();
    for (const r of rows) books.apply({ ...r, reason: '', reference: '' });
    return books;
  }

  /** Takes a posting into the balances. */
  apply(p: Posting) {
    if (p.head === null) {
      if (p.paymentId === null) throw new Error('an advance entry names the receipt whose money it is');
      add(this.held, p.paymentId, p.amount);
      return;
    }
    const key = dueKey(p.head, p.taxYear);
    add(this.dues, key, p.amount);
    if (p.kind === 'demand' || p.kind === 'correction') add(this.charged, key, p.amount);
    if (p.kind === 'remission') add(this.remitted, key, -p.amount);
    if (p.paymentId !== null) add(this.collected, moneyKey(p.head, p.taxYear, p.paymentId), -p.amount);
  }

  owed(head: Head, year: number): bigint {
    return this.dues.get(dueKey(head, year)) ?? 0n;
  }
  chargedFor(head: Head, year: number): bigint {
    return this.charged.get(dueKey(head, year)) ?? 0n;
  }
  /** Everything owed for a head, every year. */
  owedFor(head: Head): bigint {
    let sum = 0n;
    for (const [k, v] of this.dues) if (k.startsWith(`${head}|`)) sum += v;
    return sum;
  }
  get advance(): bigint {
    let sum = 0n;
    for (const v of this.held.values()) sum += v;
    return sum;
  }
  /** The money of a receipt still in the books: applied to what was owed, and held. */
  moneyOf(paymentId: number): bigint {
    let sum = this.held.get(paymentId) ?? 0n;
    for (const [k, v] of this.collected) if (k.endsWith(`|${paymentId}`)) sum += v;
    return sum;
  }
  /** Every head and year with an account, oldest year first, heads in the register's order. */
  accounts(): { head: Head; year: number; owed: bigint }[] {
    return [...this.dues.entries()]
      .map(([k, owed]) => {
        const [head, year] = k.split('|');
        return { head: head as Head, year: Number(year), owed };
      })
      .sort((a, b) => a.year - b.year || headOrder(a.head) - headOrder(b.head));
  }
  /** Every head and year ever charged (owing or not), oldest year first. */
  chargedAccounts(): { head: Head; year: number; charged: bigint }[] {
    return [...this.charged.entries()]
      .map(([k, charged]) => {
        const [head, year] = k.split('|');
        return { head: head as Head, year: Number(year), charged };
      })
      .sort((a, b) => a.year - b.year || headOrder(a.head) - headOrder(b.head));
  }
  /** The receipts whose money is applied to a head and year, newest receipt first. */
  collectionsOn(head: Head, year: number): { paymentId: number; amount: bigint }[] {
    const prefix = `${head}|${year}|`;
    return [...this.collected.entries()]
      .filter(([k, v]) => k.startsWith(prefix) && v > 0n)
      .map(([k, amount]) => ({ paymentId: Number(k.slice(prefix.length)), amount }))
      .sort((a, b) => b.paymentId - a.paymentId);
  }
  /** Where a receipt's money is applied (head, year, amount). */
  placesOf(paymentId: number): { head: Head; year: number; amount: bigint }[] {
    const out: { head: Head; year: number; amount: bigint }[] = [];
    for (const [k, amount] of this.collected) {
      const [head, year, p] = k.split('|');
      if (Number(p) === paymentId && amount !== 0n) out.push({ head: head as Head, year: Number(year), amount });
    }
    return out.sort((a, b) => a.year - b.year || headOrder(a.head) - headOrder(b.head));
  }
  heldBy(paymentId: number): bigint {
    return this.held.get(paymentId) ?? 0n;
  }
  /** Receipts with money held, oldest receipt first. */
  holders(): { paymentId: number; amount: bigint }[] {
    return [...this.held.entries()]
      .filter(([, v]) => v > 0n)
      .map(([paymentId, amount]) => ({ paymentId, amount }))
      .sort((a, b) => a.paymentId - b.paymentId);
  }
  remittedOn(head: Head, year: number): bigint {
    return this.remitted.get(dueKey(head, year)) ?? 0n;
  }
}

/** The kar record's columns from the books: per head what is owed for `year` (chalu, and any later
 *  year) and before it (magil), the total owed and the advance held, in paise. */
export function summaryOf(books: Books, year: number) {
  const heads = Object.fromEntries(TAX_HEAD_KEYS.map((h) => [h, { magil: 0n, chalu: 0n }])) as Record<
    Head,
    { magil: bigint; chalu: bigint }
  >;
  let total = 0n;
  for (const a of books.accounts()) {
    if (a.year < year) heads[a.head].magil += a.owed;
    else heads[a.head].chalu += a.owed;
    total += a.owed;
  }
  return { heads, total, advance: books.advance };
}

function add<K>(map: Map<K, bigint>, key: K, amount: bigint) {
  const next = (map.get(key) ?? 0n) + amount;
  if (next === 0n) map.delete(key);
  else map.set(key, next);
}

/** Posts into the books and keeps the postings, in order. */
class Journal {
  readonly postings: Posting[] = [];
  constructor(readonly books: Books) {}
  post(p: Posting) {
    if (p.amount === 0n) return;
    this.books.apply(p);
    this.postings.push(p);
  }
}

const MOVED_TO_ADVANCE = 'मागणीपेक्षा जास्त भरलेली रक्कम आगाऊ जमा / Paid above the demand: held as advance';
const ADVANCE_APPLIED = 'आगाऊ जमा रकमेतून वसुली / Collected from the advance held';
const PAID_ABOVE_DUES = 'देय रकमेपेक्षा जास्त भरलेली रक्कम आगाऊ जमा / Paid above the dues: held as advance';
const REMISSION_UNDONE = 'कमी केलेल्या मागणीपेक्षा जास्त सूट परत / Remission above the lowered demand taken back';

/** Applies the money held to a demand just raised (a year's demand, or a correction upward): the
 *  heads in the register's order, the oldest receipt's money first. The advance is kept for the next
 *  demand (issue 26.4), not spent on older dues the owner chose not to pay. */
function applyAdvance(j: Journal, year: number, head?: Head) {
  for (const account of j.books.accounts()) {
    if (account.year !== year || (head !== undefined && account.head !== head)) continue;
    let owed = j.books.owed(account.head, account.year);
    for (const holder of j.books.holders()) {
      if (owed <= 0n) break;
      const x = holder.amount < owed ? holder.amount : owed;
      j.post({
        head: null,
        taxYear: account.year,
        kind: 'advance',
        amount: -x,
        paymentId: holder.paymentId,
        reason: ADVANCE_APPLIED,
        reference: '',
      });
      j.post({
        head: account.head,
        taxYear: account.year,
        kind: 'collection',
        amount: -x,
        paymentId: holder.paymentId,
        reason: ADVANCE_APPLIED,
        reference: '',
      });
      owed -= x;
    }
  }
}

/** What is owed for a head and year came below zero (its demand was lowered): a remission no longer
 *  needed is taken back first, then money paid on it moves to the advance, the newest receipt first. */
function settleExcess(j: Journal, head: Head, year: number, reference: string) {
  let excess = -j.books.owed(head, year);
  if (excess <= 0n) return;
  const remitted = j.books.remittedOn(head, year);
  if (remitted > 0n) {
    const x = remitted < excess ? remitted : excess;
    j.post({ head, taxYear: year, kind: 'remission', amount: x, paymentId: null, reason: REMISSION_UNDONE, reference });
    excess -= x;
  }
  for (const c of j.books.collectionsOn(head, year)) {
    if (excess <= 0n) break;
    const x = c.amount < excess ? c.amount : excess;
    j.post({ head, taxYear: year, kind: 'collection', amount: x, paymentId: c.paymentId, reason: MOVED_TO_ADVANCE, reference });
    j.post({ head: null, taxYear: year, kind: 'advance', amount: x, paymentId: c.paymentId, reason: MOVED_TO_ADVANCE, reference });
    excess -= x;
  }
  if (excess > 0n) throw new Error(`books of ${head} ${year} below zero with nothing to take back`);
}

/** A year's demand for the heads given (zero amounts are left out), then the advance held applied to it. */
export function raiseDemand(books: Books, year: number, amounts: Partial<Record<Head, bigint>>, reason: string, reference = ''): Posting[] {
  const j = new Journal(books);
  for (const head of TAX_HEAD_KEYS) {
    const amount = amounts[head] ?? 0n;
    if (amount < 0n) throw new Error('a demand is not negative');
    j.post({ head, taxYear: year, kind: 'demand', amount, paymentId: null, reason, reference });
  }
  applyAdvance(j, year);
  return j.postings;
}

/** A correction of a year's demand by `delta` (the order or resolution in `reference`). */
export function correct(books: Books, head: Head, year: number, delta: bigint, reason: string, reference: string): Posting[] {
  const charged = books.chargedFor(head, year);
  if (charged + delta < 0n) throw new BooksRefusal('amount', `would bring the ${fmt(charged)} charged for ${head} of ${year} below zero`);
  const j = new Journal(books);
  j.post({ head, taxYear: year, kind: 'correction', amount: delta, paymentId: null, reason, reference });
  settleExcess(j, head, year, reference);
  if (delta > 0n) applyAdvance(j, year, head);
  return j.postings;
}

/** Corrections that bring what each head of a year was charged to the annual tax of the assessment
 *  now in force for it (an assessment change applied to a year already billed). */
export function trueUp(books: Books, year: number, annual: Record<Head, bigint>, reason: string, reference: string): Posting[] {
  const out: Posting[] = [];
  for (const head of TAX_HEAD_KEYS) {
    const delta = annual[head] - books.chargedFor(head, year);
    if (delta !== 0n) out.push(...correct(books, head, year, delta, reason, reference));
  }
  return out;
}

/** A remission (माफी) of what is owed for a head and year, by resolution. */
export function remit(books: Books, head: Head, year: number, amount: bigint, reason: string, reference: string): Posting[] {
  if (amount <= 0n) throw new BooksRefusal('amount', 'must be more than 0');
  const owed = books.owed(head, year);
  if (amount > owed) throw new BooksRefusal('amount', `is more than the ${fmt(owed)} owed for ${head} of ${year}`);
  const j = new Journal(books);
  j.post({ head, taxYear: year, kind: 'remission', amount: -amount, paymentId: null, reason, reference });
  return j.postings;
}

export interface PaidLine {
  head: Head;
  fromArrears: bigint;
  fromCurrent: bigint;
}

/** A payment's money applied per head: each head's amount over its years, the arrears (oldest
 *  first) before the current year's, or the current year first. A head may take no more than it
 *  owes. `currentYear` is the year of the current demand (the kar record's year). */
export function pay(
  books: Books,
  amounts: Partial<Record<Head, bigint>>,
  currentYear: number,
  allocation: Allocation,
  paymentId: number,
  reference: string,
  advance = 0n,
): { postings: Posting[]; lines: PaidLine[] } {
  if (advance < 0n) throw new Error('an advance is not negative');
  const j = new Journal(books);
  const lines: PaidLine[] = [];
  for (const head of TAX_HEAD_KEYS) {
    let left = amounts[head] ?? 0n;
    if (left === 0n) continue;
    const owed = books.owedFor(head);
    if (left > owed) throw new BooksRefusal(`paid_${head}`, `${fmt(left)} is more than the ${fmt(owed)} due`);
    const years = books
      .accounts()
      .filter((a) => a.head === head && a.owed > 0n)
      .map((a) => a.year)
      .sort((a, b) => (allocation === 'current-first' ? Number(b === currentYear) - Number(a === currentYear) || a - b : a - b));
    const line = { head, fromArrears: 0n, fromCurrent: 0n };
    for (const year of years) {
      if (left === 0n) break;
      const owedYear = books.owed(head, year);
      const x = left < owedYear ? left : owedYear;
      j.post({ head, taxYear: year, kind: 'collection', amount: -x, paymentId, reason: '', reference });
      if (year < currentYear) line.fromArrears += x;
      else line.fromCurrent += x;
      left -= x;
    }
    lines.push(line);
  }
  // Money above every due (a bank credit larger than the bill): held for the property.
  j.post({ head: null, taxYear: currentYear, kind: 'advance', amount: advance, paymentId, reason: PAID_ABOVE_DUES, reference });
  return { postings: j.postings, lines };
}

/** A bounced cheque: every rupee of the receipt, wherever it went, taken back; what it paid is owed
 *  again. Money other receipts hold as advance stays held for the next demand. */
export function reverse(books: Books, paymentId: number, year: number, reason: string, reference: string): Posting[] {
  const j = new Journal(books);
  for (const place of books.placesOf(paymentId))
    j.post({ head: place.head, taxYear: place.year, kind: 'reversal', amount: place.amount, paymentId, reason, reference });
  const held = books.heldBy(paymentId);
  if (held !== 0n) j.post({ head: null, taxYear: year, kind: 'reversal', amount: -held, paymentId, reason, reference });
  return j.postings;
}

const fmt = (paise: bigint) => `₹${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
