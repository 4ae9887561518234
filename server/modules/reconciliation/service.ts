// The bank statement reconciled into receipts (issue 30). Each credit is matched to a property by
// the bill number its narration carries (the UPI QR's `tr`), else by a property number in the
// narration together with the exact amount due; never by amount alone. Applying takes each matched
// credit through the counter's payment path (tax/payments.ts: an online Namuna 10 receipt dated the
// day of the credit, the bank's reference on it), in transactions of 100 credits. Every credit is
// kept (BankCredit) keyed on the bank's reference, so a statement imported again takes nothing
// twice, a bounced (cancelled) receipt's credit is not taken again, and a credit that named no
// property waits, unmatched, until a clerk assigns it.
import { isoDay } from '../../../common/dates.ts';
import { fromPaise, toPaise } from '../../../common/money.ts';
import { malmattaKey } from '../../../common/property/malmatta.ts';
import { billRef, billRefsIn } from '../../../common/upi.ts';
import type { Db } from '../../db/open.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { takeBankCredit } from '../tax/payments.ts';
import type { Payment } from '../tax/schema.ts';
import type { CreditRow } from './statement.ts';

export type Action = 'pay' | 'already' | 'advance';
export interface Matched {
  row: number;
  billNo: string;
  malmattaNo: string;
  amount: string;
  bankReference: string;
  action: Action;
}
export interface Unmatched {
  row: number;
  date: string;
  narration: string;
  amount: string;
  bankReference: string;
}

/** Credits taken per transaction: a failure rolls back at most this many, and no transaction runs long. */
export const CREDITS_PER_TRANSACTION = 100;

interface Target {
  propertyId: number;
  malmattaNo: string;
  karId: number | null;
  /** Paise owed now. */
  due: bigint;
}
interface Planned {
  matched: (Matched & { credit: CreditRow; target: Target | null })[];
  unmatched: (Unmatched & { credit: CreditRow; known: boolean })[];
}

const inChunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The property numbers a narration may name: each word, and each run of up to three of its
 *  "/"-separated parts (UPI/CR/412345678901/12/अ/…), as register keys. Long digit runs (UPI
 *  references, account numbers) are no property numbers. */
function propertyKeysIn(narration: string): Set<string> {
  const keys = new Set<string>();
  for (const word of narration.split(/[\s,;:|()]+/)) {
    const parts = word.split(/[/\\-]+/).filter(Boolean);
    for (let i = 0; i < parts.length; i++)
      for (let n = 1; n <= 3 && i + n <= parts.length; n++) {
        const key = malmattaKey(parts.slice(i, i + n).join('/'));
        if (key && !/^\d{7,}$/.test(key)) keys.add(key);
      }
  }
  return keys;
}

/** What the statement would do, read against the council's books now. */
async function plan(db: DbOrTx, councilId: number, credits: CreditRow[]): Promise<Planned> {
  const refs = [...new Set(credits.map((c) => c.bankReference))];
  const known = new Map<string, { paymentId: number | null; propertyId: number | null; billNo: string }>();
  for (const chunk of inChunks(refs, 10_000))
    for (const k of await db.bankCredit.findMany({
      where: { createdByUserId: councilId, bankReference: { in: chunk } },
      select: { bankReference: true, paymentId: true, propertyId: true, billNo: true },
    }))
      known.set(k.bankReference, k);

  const named = credits.flatMap((c) => billRefsIn(c.narration));
  const bills = new Map<string, number>();
  if (named.length)
    for (const b of await db.demandBill.findMany({
      where: {
        createdByUserId: councilId,
        taxYear: { in: [...new Set(named.map((n) => n.taxYear))] },
        billNo: { in: [...new Set(named.map((n) => n.billNo))] },
      },
      select: { taxYear: true, billNo: true, propertyId: true },
    }))
      bills.set(billRef(b.taxYear, b.billNo), b.propertyId);

  const properties = await db.property.findMany({
    where: { createdByUserId: councilId },
    select: { propertyId: true, malmattaNo: true, malmattaKey: true, karDetails: { select: { karId: true, total: true }, take: 1 } },
  });
  const byId = new Map<number, Target>();
  const byKey = new Map<string, Target>();
  for (const p of properties) {
    const kar = p.karDetails[0];
    const t = {
      propertyId: p.propertyId,
      malmattaNo: p.malmattaNo,
      karId: kar?.karId ?? null,
      due: kar ? toPaise(kar.total.toFixed(2)) : 0n,
    };
    byId.set(p.propertyId, t);
    byKey.set(p.malmattaKey, t);
  }

  const out: Planned = { matched: [], unmatched: [] };
  const seen = new Set<string>();
  for (const credit of credits) {
    const base = { row: credit.row, amount: fromPaise(credit.amount), bankReference: credit.bankReference };
    const before = known.get(credit.bankReference);
    if (before?.paymentId || seen.has(credit.bankReference)) {
      const t = before?.propertyId ? byId.get(before.propertyId) : undefined;
      out.matched.push({ ...base, billNo: before?.billNo ?? '', malmattaNo: t?.malmattaNo ?? '', action: 'already', credit, target: null });
      continue;
    }
    seen.add(credit.bankReference);
    const unmatched = { ...base, date: isoDay(credit.date), narration: credit.narration, credit, known: !!before };
    if (before) {
      out.unmatched.push(unmatched);
      continue;
    }
    // The bill first; else one property number in the narration, with exactly the amount it owes.
    const bill = billRefsIn(credit.narration)
      .map((b) => billRef(b.taxYear, b.billNo))
      .find((b) => bills.has(b));
    let target = bill ? byId.get(bills.get(bill)!) : undefined;
    if (!target) {
      const named = [...propertyKeysIn(credit.narration)].flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
      if (named.length === 1 && named[0].due === credit.amount && named[0].due > 0n) target = named[0];
    }
    if (!target?.karId) {
      out.unmatched.push(unmatched);
      continue;
    }
    const action: Action = credit.amount > target.due ? 'advance' : 'pay';
    out.matched.push({ ...base, billNo: bill ?? '', malmattaNo: target.malmattaNo, action, credit, target });
    // A second credit of the same property in this statement meets what the first left.
    target.due = target.due > credit.amount ? target.due - credit.amount : 0n;
  }
  return out;
}

function answerOf(p: Planned) {
  const sum = (xs: { credit: CreditRow }[]) => fromPaise(xs.reduce((s, x) => s + x.credit.amount, 0n));
  const taken = p.matched.filter((m) => m.action !== 'already');
  return {
    matched: p.matched.map(({ credit: _c, target: _t, ...m }) => m),
    unmatched: p.unmatched.map(({ credit: _c, known: _k, ...u }) => u),
    totals: {
      credits: p.matched.length + p.unmatched.length,
      matched: taken.length,
      already: p.matched.length - taken.length,
      unmatched: p.unmatched.length,
      amountMatched: sum(taken),
      amountUnmatched: sum(p.unmatched),
    },
  };
}
export type StatementResult = ReturnType<typeof answerOf>;

/** Reads the statement against the books (dry run), or applies it: the receipts (`receipts`, for
 *  the payer's SMS) and the unmatched credits kept for a clerk. */
export async function importStatement(
  db: Db,
  councilId: number,
  credits: CreditRow[],
  opts: { dryRun: boolean; actor: string; fileName: string },
): Promise<StatementResult & { receipts: Payment[] }> {
  const planned = await plan(db, councilId, credits);
  if (opts.dryRun) return { ...answerOf(planned), receipts: [] };
  const receipts: Payment[] = [];
  const row = (m: { credit: CreditRow }, extra: { propertyId?: number; billNo?: string } = {}) => ({
    createdByUserId: councilId,
    bankReference: m.credit.bankReference,
    creditedOn: m.credit.date,
    narration: m.credit.narration,
    amount: fromPaise(m.credit.amount),
    statementRow: m.credit.row,
    statementFile: opts.fileName.slice(0, 200),
    importedBy: opts.actor.slice(0, 100),
    ...extra,
  });
  const toTake = planned.matched.filter((m) => m.target);
  for (const chunk of inChunks(toTake, CREDITS_PER_TRANSACTION)) {
    // Kar records locked in one order, so two imports at once wait for each other, never deadlock.
    const ordered = [...chunk].sort((a, b) => a.target!.karId! - b.target!.karId! || a.credit.row - b.credit.row);
    await db.$transaction(
      async (tx) => {
        for (const m of ordered) {
          // The bank's reference claimed first: an import running at the same time takes it once.
          const [claimed] = await tx.bankCredit.createManyAndReturn({
            data: [row(m, { propertyId: m.target!.propertyId, billNo: m.billNo })],
            skipDuplicates: true,
            select: { id: true },
          });
          if (!claimed) {
            m.action = 'already';
            continue;
          }
          const note = `बँक जमा / Bank credit${m.billNo ? ` ${m.billNo}` : ''}`;
          const taken = await takeBankCredit(
            tx,
            councilId,
            m.target!.karId!,
            { amount: m.credit.amount, paidOn: m.credit.date, bankReference: m.credit.bankReference, note },
            opts.actor,
            false,
          );
          m.action = taken.advance > 0n ? 'advance' : 'pay';
          await tx.bankCredit.update({ where: { id: claimed.id }, data: { paymentId: taken.payment.paymentId } });
          receipts.push(taken.payment);
        }
      },
      { timeout: 120_000 },
    );
  }
  const waiting = planned.unmatched.filter((u) => !u.known);
  for (const chunk of inChunks(waiting, 1000)) await db.bankCredit.createMany({ data: chunk.map((u) => row(u)), skipDuplicates: true });
  const answer = answerOf(planned);
  // One row for the import: the receipts it made and what it left for a clerk.
  await recordAudit(db, {
    councilId,
    entity: 'BankStatement',
    action: 'import',
    changes: {
      file: { old: null, new: opts.fileName },
      credits: { old: null, new: answer.totals.credits },
      receipts: { old: null, new: receipts.length },
      amount: { old: null, new: fromPaise(receipts.reduce((s, p) => s + toPaise(p.amountTotal), 0n)) },
      unmatched: { old: null, new: answer.totals.unmatched },
    },
  });
  return { ...answer, receipts };
}

/** A credit that named no property, assigned by a clerk: the receipt, as an import would make it. */
export async function matchCredit(db: Db, councilId: number, bankReference: string, typed: string, actor: string) {
  const credit = await db.bankCredit.findUnique({
    where: { createdByUserId_bankReference: { createdByUserId: councilId, bankReference } },
  });
  if (!credit)
    throw new NotFound(`बँक संदर्भ ${bankReference} ची जमा सापडली नाही / No imported credit with the bank reference ${bankReference}.`);
  if (credit.paymentId) throw new Conflict(`ही जमा आधीच पावतीत घेतली आहे / The credit ${bankReference} was already taken as a receipt.`);
  const kar = await db.karDetail.findFirst({
    where: { createdByUserId: councilId, property: { malmattaKey: malmattaKey(typed) } },
    select: { karId: true, propertyId: true, malmattaNo: true },
  });
  if (!kar) throw new Invalid('malmattaNo', `मालमत्ता ${typed} ची कर नोंद नाही / Property ${typed} has no tax record in this council.`);
  return db.$transaction(async (tx) => {
    const due = await tx.karDetail.findUniqueOrThrow({ where: { karId: kar.karId }, select: { total: true } });
    const amount = toPaise(credit.amount.toFixed(2));
    const taken = await takeBankCredit(
      tx,
      councilId,
      kar.karId,
      { amount, paidOn: credit.creditedOn, bankReference, note: 'बँक जमा, हाताने जुळवली / Bank credit, matched by hand' },
      actor,
    );
    // Claimed only while still unassigned: of two clerks assigning it at once, the second is refused.
    const { count } = await tx.bankCredit.updateMany({
      where: { id: credit.id, paymentId: null },
      data: { paymentId: taken.payment.paymentId, propertyId: kar.propertyId },
    });
    if (!count) throw new Conflict(`ही जमा आधीच पावतीत घेतली आहे / The credit ${bankReference} was already taken as a receipt.`);
    const matched: Matched = {
      row: credit.statementRow,
      billNo: credit.billNo,
      malmattaNo: kar.malmattaNo,
      amount: fromPaise(amount),
      bankReference,
      action: amount > toPaise(due.total.toFixed(2)) ? 'advance' : 'pay',
    };
    return { matched, payment: taken.payment };
  });
}

/** The credits waiting for a clerk, oldest first, a page at a time. */
export async function unmatchedCredits(db: DbOrTx, councilId: number, pageNumber: number, pageSize: number) {
  const where = { createdByUserId: councilId, paymentId: null };
  const [rows, totalItems] = await Promise.all([
    db.bankCredit.findMany({ where, orderBy: { id: 'asc' }, skip: (pageNumber - 1) * pageSize, take: pageSize }),
    db.bankCredit.count({ where }),
  ]);
  return {
    items: rows.map((r) => ({
      row: r.statementRow,
      date: isoDay(r.creditedOn),
      narration: r.narration,
      amount: r.amount.toFixed(2),
      bankReference: r.bankReference,
      statementFile: r.statementFile,
    })),
    pageNumber,
    pageSize,
    totalItems,
    totalPages: Math.ceil(totalItems / pageSize),
  };
}
