// Payments (Namuna 10 receipts): taken in one transaction that locks the kar record, refuses more
// than a head owes, spreads each head's amount over its years (arrears first unless the clerk says
// current first), numbers the receipt from the council's gapless sequence of the financial year and
// writes the receipt, its lines, its collection entries and the kar record's new summary in one
// statement. A bounced cheque is reversed: the receipt stays (its number used, marked रद्द) and every
// rupee of it is taken back out of the books, so the dues come back.
import { isoDay, parseIsoDate, todayInIndia } from '../../../common/dates.ts';
import { fromPaise, toPaise } from '../../../common/money.ts';
import {
  PAYMENT_METHOD_KEYS,
  TAX_HEADS,
  TAX_MESSAGES,
  receiptBook,
  taxYearLabel,
  taxYearOf,
  type PaymentMethod,
} from '../../../common/property/tax.ts';
import { nextNumber } from '../../db/counter.ts';
import type { Db } from '../../db/open.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { BooksRefusal, pay, reverse, type Allocation, type Books, type Head } from './books.ts';
import { blank, readId } from '../../lib/form.ts';
import { readAmount, readText } from './input.ts';
import { propertyOfOwner, toKarRow } from './kar.ts';
import { entryOf, loadBooks, lockKar, record, summaryValues, type KarContext } from './ledger.ts';
import type { KarRow, Payment, PaymentBody } from './schema.ts';
import { earlierPayment, heldOf, writePayment } from './sql.ts';
import { recordAudit, type AuditChanges } from '../audit/record.ts';

const ALLOCATIONS: Allocation[] = ['arrears-first', 'current-first'];
/** Methods whose receipt names the instrument: its number is required. */
const INSTRUMENTS: PaymentMethod[] = ['cheque', 'dd'];

type Decimalish = { toFixed(n: number): string };
/** An amount as Prisma reads it (a Decimal) or as a receipt just written has it (2-place text). */
type Amount = Decimalish | string;
const money = (d: Amount) => (typeof d === 'string' ? d : d.toFixed(2));
const paise = (d: Amount) => toPaise(money(d));

export const PAYMENT_INCLUDE = { lines: { orderBy: { id: 'asc' } } } as const;
export type PaymentWithLines = Prisma.PaymentGetPayload<{ include: typeof PAYMENT_INCLUDE }>;

/** What toPayment reads of a receipt: a Payment row with its lines, or the one a payment just wrote. */
interface ReceiptFields {
  paymentId: number;
  receiptId: string;
  receiptNo: number;
  receiptYear: number;
  karId: number;
  malmattaNo: string;
  payerName: string;
  paidOn: Date;
  paidMethod: string;
  note: string;
  amountTotal: Amount;
  lines: { category: string; fromArrears: Amount; fromCurrent: Amount }[];
  chequeNo: string;
  bankName: string;
  bankReference: string;
  allocation: string;
  cancelledAt: Date | null;
  cancelReason: string;
  createdAt: Date;
}

/** A receipt as the spec's payment: the one mapper of that wire type. */
export function toPayment(p: ReceiptFields): Payment {
  return {
    paymentId: p.paymentId,
    receiptId: p.receiptId,
    receiptNo: p.receiptNo,
    receiptYear: p.receiptYear,
    financialYear: taxYearLabel(p.receiptYear),
    bookNo: receiptBook(p.receiptNo),
    karId: p.karId,
    malmattaNo: p.malmattaNo,
    payerName: p.payerName,
    paidOn: isoDay(p.paidOn),
    paidMethod: p.paidMethod,
    note: p.note,
    amountTotal: money(p.amountTotal),
    lines: p.lines.map((l) => ({
      category: l.category,
      fromArrears: money(l.fromArrears),
      fromCurrent: money(l.fromCurrent),
      amountPaid: fromPaise(paise(l.fromArrears) + paise(l.fromCurrent)),
    })),
    chequeNo: p.chequeNo,
    bankName: p.bankName,
    bankReference: p.bankReference,
    allocation: p.allocation as Allocation,
    cancelledAt: p.cancelledAt?.toISOString() ?? null,
    cancelReason: p.cancelReason,
    createdAt: p.createdAt.toISOString(),
  };
}

interface PaymentRequest {
  karId: number;
  amounts: Record<Head, bigint>;
  method: PaymentMethod;
  paidOn: Date;
  note: string;
  chequeNo: string;
  bankName: string;
  allocation: Allocation;
}

/** The checks that need no database: amounts, at least one, the date, the method and its instrument. */
export function readPayment(body: PaymentBody, today = todayInIndia()): PaymentRequest {
  const karId = readId('karid', body.karid);
  const amounts = Object.fromEntries(
    TAX_HEADS.map((h) => [h.key, readAmount(`paid_${h.key}`, (body as Record<string, unknown>)[`paid_${h.key}`])]),
  ) as Record<Head, bigint>;
  if (Object.values(amounts).every((a) => a === 0n)) throw new Invalid('paid_gharpatti', TAX_MESSAGES.atLeastOne);
  if (blank(body.paid_on)) throw new Invalid('paid_on', TAX_MESSAGES.noDate);
  const paidOn = parseIsoDate(String(body.paid_on).trim());
  if (!paidOn) throw new Invalid('paid_on', 'पेमेंटची तारीख चुकीची आहे (YYYY-MM-DD). / paid_on must be a real date (YYYY-MM-DD).');
  if (paidOn > today) throw new Invalid('paid_on', 'पेमेंटची तारीख भविष्यातील असू शकत नाही. / paid_on must not be in the future.');
  const method = (blank(body.paid_method) ? 'cash' : String(body.paid_method).trim().toLowerCase()) as PaymentMethod;
  if (!PAYMENT_METHOD_KEYS.includes(method)) throw new Invalid('paid_method', `must be one of ${PAYMENT_METHOD_KEYS.join(', ')}`);
  const chequeNo = readText(body.cheque_no);
  if (INSTRUMENTS.includes(method) && !chequeNo)
    throw new Invalid('cheque_no', 'धनादेश / डिमांड ड्राफ्ट क्रमांक टाका. / Enter the cheque or demand draft number.');
  const allocation = (blank(body.allocation) ? 'arrears-first' : String(body.allocation).trim()) as Allocation;
  if (!ALLOCATIONS.includes(allocation)) throw new Invalid('allocation', `must be one of ${ALLOCATIONS.join(', ')}`);
  return { karId, amounts, method, paidOn, note: readText(body.note), chequeNo, bankName: readText(body.bank_name), allocation };
}

/** Whether a stored payment is the one a repeated request asks for (same kar, same amounts per head). */
function samePayment(p: PaymentWithLines, r: PaymentRequest): boolean {
  if (p.karId !== r.karId) return false;
  return TAX_HEADS.every((h) => {
    const line = p.lines.find((l) => l.category === h.key);
    const paid = line ? paise(line.fromArrears) + paise(line.fromCurrent) : 0n;
    return paid === r.amounts[h.key];
  });
}

async function repeatOf(db: DbOrTx, councilId: number, key: string, r: PaymentRequest): Promise<PaymentOutcome | null> {
  const first = await db.payment.findUnique({
    where: { createdByUserId_idempotencyKey: { createdByUserId: councilId, idempotencyKey: key } },
    include: PAYMENT_INCLUDE,
  });
  if (!first) return null;
  if (!samePayment(first, r))
    throw new Conflict('This Idempotency-Key was already used for another payment; send a new key for a new payment.');
  const kar = await db.karDetail.findUniqueOrThrow({ where: { karId: first.karId } });
  return { payment: toPayment(first), kar: toKarRow(kar), repeated: true };
}

/** A unique key refused the write: P2002 from Prisma's own queries, P2010 with SQLSTATE 23505 from raw ones. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } };
  return e.code === 'P2002' || (e.code === 'P2010' && e.meta?.driverAdapterError?.cause?.originalCode === '23505');
}

export interface PaymentOutcome {
  payment: Payment;
  kar: KarRow;
  repeated: boolean;
}

/** Takes a payment in one transaction. With an idempotency key, a repeat answers the first. */
export async function applyPayment(
  db: Db,
  councilId: number,
  body: PaymentBody,
  actor: string,
  idempotencyKey?: string,
  today = todayInIndia(),
): Promise<PaymentOutcome> {
  const r = readPayment(body, today);
  try {
    return await db.$transaction((tx) => takePayment(tx, councilId, r, actor, idempotencyKey));
  } catch (err) {
    // A repeat that waited for the row lock, or one on another kar row: the unique key let one through.
    if (idempotencyKey && isUniqueViolation(err)) {
      const repeat = await repeatOf(db, councilId, idempotencyKey, r);
      if (repeat) return repeat;
    }
    throw err;
  }
}

/** The money of a new receipt before it has its id (the write statement puts it in). */
const NEW_RECEIPT = -1;

/** Four statements on purpose: on the embedded database every statement of every clerk's payment
 *  queues on one connection. The lock, then (in a snapshot that sees the payment before it) the
 *  balances and the key, the number (its counter row stays locked until commit, so it comes last),
 *  and one write. */
async function takePayment(tx: Tx, councilId: number, r: PaymentRequest, actor: string, idempotencyKey?: string): Promise<PaymentOutcome> {
  const kar = await lockKar(tx, councilId, r.karId);
  const [books, earlier] = await Promise.all([
    loadBooks(tx, kar.propertyId),
    idempotencyKey ? earlierPayment(tx, councilId, idempotencyKey) : [],
  ]);
  if (idempotencyKey && earlier.length) {
    const repeat = await repeatOf(tx, councilId, idempotencyKey, r);
    if (repeat) return repeat;
  }
  return writeReceipt(tx, councilId, kar, books, r, actor, { idempotencyKey });
}

/** A credit of the bank statement (issue 30) taken as a payment, the counter's path: an online
 *  Namuna 10 receipt dated the day the bank credited it, with the bank's reference on it. The lump
 *  sum is spread over what the property owes, the oldest year first (heads in the register's order
 *  within a year); what is left above it is held as advance (आगाऊ जमा). `audit: false` when the
 *  caller records the change as one row of its own (a statement's import). */
export async function takeBankCredit(
  tx: Tx,
  councilId: number,
  karId: number,
  credit: { amount: bigint; paidOn: Date; bankReference: string; note: string },
  actor: string,
  audit = true,
): Promise<PaymentOutcome & { advance: bigint }> {
  const kar = await lockKar(tx, councilId, karId);
  const books = await loadBooks(tx, kar.propertyId);
  const amounts = Object.fromEntries(TAX_HEADS.map((h) => [h.key, 0n])) as Record<Head, bigint>;
  let left = credit.amount;
  for (const a of books.accounts()) {
    if (left <= 0n || a.owed <= 0n) continue;
    const x = a.owed < left ? a.owed : left;
    amounts[a.head] += x;
    left -= x;
  }
  const r: PaymentRequest = {
    karId,
    amounts,
    method: 'online',
    paidOn: credit.paidOn,
    note: credit.note,
    chequeNo: '',
    bankName: '',
    allocation: 'arrears-first',
  };
  const outcome = await writeReceipt(tx, councilId, kar, books, r, actor, { advance: left, bankReference: credit.bankReference, audit });
  return { ...outcome, advance: left };
}

/** The receipt of a payment whose kar record is locked and books loaded: the postings, the number,
 *  one write, the audit row. `advance`: money above the dues, held for the property. */
async function writeReceipt(
  tx: Tx,
  councilId: number,
  kar: KarContext,
  books: Books,
  r: PaymentRequest,
  actor: string,
  opts: { idempotencyKey?: string; advance?: bigint; bankReference?: string; audit?: boolean } = {},
): Promise<PaymentOutcome> {
  const { idempotencyKey } = opts;
  const advance = opts.advance ?? 0n;
  let paid: ReturnType<typeof pay>;
  try {
    paid = pay(books, r.amounts, kar.karupdatedYear, r.allocation, NEW_RECEIPT, '', advance);
  } catch (err) {
    if (!(err instanceof BooksRefusal)) throw err;
    const h = TAX_HEADS.find((x) => err.field === `paid_${x.key}`)!;
    const due = books.owedFor(h.key);
    throw new Invalid(
      err.field,
      `${h.mr}: ₹${fromPaise(r.amounts[h.key])} एकूण देय रकमेपेक्षा (₹${fromPaise(due)}) जास्त आहे. / ${h.en}: ₹${fromPaise(r.amounts[h.key])} is more than the ₹${fromPaise(due)} due (${err.field}).`,
    );
  }
  const total = Object.values(r.amounts).reduce((a, b) => a + b, 0n) + advance;
  const receiptYear = taxYearOf(r.paidOn);
  const receiptNo = await nextNumber(tx, councilId, 'receipt', receiptYear);
  const reference = `पावती / Receipt ${taxYearLabel(receiptYear)}/${receiptNo}`;
  const lines = paid.lines.map((l) => ({ category: l.head, fromArrears: fromPaise(l.fromArrears), fromCurrent: fromPaise(l.fromCurrent) }));
  const entries = paid.postings.map((p) => entryOf(kar, { ...p, reference }, { date: r.paidOn, byUser: actor }));
  const written = await writePayment(
    tx,
    {
      karId: kar.karId,
      createdByUserId: councilId,
      malmattaNo: kar.malmattaNo,
      payerName: kar.ownerName,
      receiptYear,
      receiptNo,
      paidOn: isoDay(r.paidOn),
      paidMethod: r.method,
      note: r.note,
      amountTotal: fromPaise(total),
      idempotencyKey: idempotencyKey ?? null,
      chequeNo: r.chequeNo,
      bankName: r.bankName,
      bankReference: opts.bankReference ?? '',
      allocation: r.allocation,
    },
    lines,
    entries,
    kar.karId,
    summaryValues(books, kar.karupdatedYear),
  );
  const payment = toPayment({
    paymentId: written.paymentId,
    receiptId: written.receiptId,
    receiptNo,
    receiptYear,
    karId: kar.karId,
    malmattaNo: kar.malmattaNo,
    payerName: kar.ownerName,
    paidOn: r.paidOn,
    paidMethod: r.method,
    note: r.note,
    amountTotal: fromPaise(total),
    lines,
    chequeNo: r.chequeNo,
    bankName: r.bankName,
    bankReference: opts.bankReference ?? '',
    allocation: r.allocation,
    cancelledAt: null,
    cancelReason: '',
    createdAt: new Date(written.createdAt),
  });
  if (opts.audit ?? true)
    await auditPayment(tx, councilId, kar.propertyId, payment, 'create', {
      ...(payment.bankReference ? { bankReference: { old: null, new: payment.bankReference } } : {}),
      ...(advance > 0n ? { advance: { old: null, new: fromPaise(advance) } } : {}),
    });
  const row = await tx.karDetail.findUniqueOrThrow({ where: { karId: kar.karId } });
  return { payment, kar: toKarRow(row), repeated: false };
}

/** One row for a receipt taken or cancelled: its number and money, not its ledger entries one by one. */
function auditPayment(tx: Tx, councilId: number, propertyId: number, p: Payment, action: 'create' | 'reverse', more: AuditChanges) {
  const figure = (v: string) => ({ old: null, new: v });
  const changes: AuditChanges = {
    receiptNo: figure(`${p.financialYear}/${p.receiptNo}`),
    amountTotal: figure(p.amountTotal),
    paidMethod: figure(p.paidMethod),
    allocation: figure(p.allocation),
    paidOn: figure(p.paidOn),
    ...Object.fromEntries(p.lines.filter((l) => toPaise(l.amountPaid) > 0n).map((l) => [`paid.${l.category}`, figure(l.amountPaid)])),
    ...(p.chequeNo ? { chequeNo: figure(p.chequeNo) } : {}),
    ...more,
  };
  return recordAudit(tx, {
    councilId,
    entity: 'Payment',
    entityId: p.paymentId,
    record: { entity: 'Property', id: propertyId },
    action,
    changes,
  });
}

/** A bounced cheque (or any receipt that must not count): the receipt is marked cancelled with the
 *  reason, its number stays used, and reversal entries take every rupee of it back out of the books. */
export async function reversePayment(
  db: Db,
  councilId: number,
  paymentId: number,
  reason: string,
  actor: string,
  today = todayInIndia(),
): Promise<PaymentOutcome> {
  if (!reason.trim()) throw new Invalid('reason', 'कारण लिहा (उदा. धनादेश न वटता परत आला). / Give the reason (e.g. the cheque bounced).');
  return db.$transaction(async (tx) => {
    const found = await tx.payment.findFirst({ where: { paymentId, createdByUserId: councilId }, select: { karId: true } });
    if (!found) throw new NotFound('No such payment in this council’s records.');
    const kar = await lockKar(tx, councilId, found.karId);
    // Read again under the kar record's lock: a second reversal of the same receipt waited for it.
    const p = await tx.payment.findUniqueOrThrow({ where: { paymentId } });
    if (p.cancelledAt)
      throw new Conflict(
        `पावती ${taxYearLabel(p.receiptYear)}/${p.receiptNo} आधीच रद्द केली आहे. / Receipt ${taxYearLabel(p.receiptYear)}/${p.receiptNo} was already cancelled.`,
      );
    const books = await loadBooks(tx, kar.propertyId);
    const reference = `पावती / Receipt ${taxYearLabel(p.receiptYear)}/${p.receiptNo}`;
    const why = `पावती रद्द: ${reason.trim()} / Receipt cancelled: ${reason.trim()}`;
    await record(tx, kar, books, reverse(books, paymentId, kar.karupdatedYear, why, reference), { date: today, byUser: actor });
    const cancelled = await tx.payment.update({
      where: { paymentId },
      data: { cancelledAt: new Date(), cancelReason: reason.trim().slice(0, 500), cancelledBy: actor.slice(0, 100) },
      include: PAYMENT_INCLUDE,
    });
    const payment = toPayment(cancelled);
    await auditPayment(tx, councilId, kar.propertyId, payment, 'reverse', {
      cancelReason: { old: null, new: payment.cancelReason },
    });
    const row = await tx.karDetail.findUniqueOrThrow({ where: { karId: kar.karId } });
    return { payment, kar: toKarRow(row), repeated: false };
  });
}

/** Payments on the owner's property, newest first, one row per head paid (spec 3's history row). */
export async function paymentHistory(db: DbOrTx, councilId: number, ownerId: number) {
  const propertyId = await propertyOfOwner(db, councilId, ownerId);
  const payments = await db.payment.findMany({
    where: { createdByUserId: councilId, kar: { propertyId } },
    include: PAYMENT_INCLUDE,
    orderBy: [{ paidOn: 'desc' }, { paymentId: 'desc' }],
    take: 500,
  });
  return payments.flatMap((p) =>
    toPayment(p).lines.map((l) => ({
      paymentId: p.paymentId,
      receiptId: p.receiptId,
      receiptNo: p.receiptNo,
      financialYear: taxYearLabel(p.receiptYear),
      paidOn: isoDay(p.paidOn),
      category: l.category,
      amountPaid: l.amountPaid,
      fromArrears: l.fromArrears,
      fromCurrent: l.fromCurrent,
      paidMethod: p.paidMethod,
      note: p.note,
      chequeNo: p.chequeNo,
      cancelled: !!p.cancelledAt,
      cancelReason: p.cancelReason,
    })),
  );
}

export async function paymentById(db: DbOrTx, councilId: number, paymentId: number) {
  const p = await db.payment.findFirst({ where: { paymentId, createdByUserId: councilId }, include: PAYMENT_INCLUDE });
  if (!p) throw new NotFound('No such payment in this council’s records.');
  return toPayment(p);
}

/** What of a receipt's money the books hold as advance now (a demand lowered after it was paid). */
export async function heldOfReceipt(db: DbOrTx, payment: Pick<Payment, 'paymentId'>): Promise<string> {
  return fromPaise(BigInt((await heldOf(db, payment.paymentId)) ?? '0'));
}

/** What the public receipt check shows: nothing but the receipt's number, date, amount and property,
 *  and whether it was cancelled. */
export async function publicReceipt(db: DbOrTx, receiptId: string) {
  const p = await db.payment.findUnique({
    where: { receiptId },
    select: { receiptNo: true, receiptYear: true, paidOn: true, amountTotal: true, malmattaNo: true, cancelledAt: true },
  });
  if (!p) throw new NotFound('ही पावती सापडली नाही. / No such receipt.');
  return {
    receiptNo: p.receiptNo,
    financialYear: taxYearLabel(p.receiptYear),
    paidOn: isoDay(p.paidOn),
    amountTotal: money(p.amountTotal),
    malmattaNo: p.malmattaNo,
    cancelled: !!p.cancelledAt,
  };
}
