// The tax demand (Namuna 9) and its payments (Namuna 10). Amounts are read into paise (bigint) for
// every comparison and sum and written back as decimal strings: no float touches money.
import { isoDay, parseIsoDate, todayInIndia } from '../../../common/dates.ts';
import { fromPaise, toPaise } from '../../../common/money.ts';
import { malmattaKey } from '../../../common/property/malmatta.ts';
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
import type { KarDetail, Prisma } from '../../generated/prisma/client.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { AddKarBody, KarRow, Payment, PaymentBody } from './schema.ts';

export { followAssessment } from './demand.ts';

type Head = (typeof TAX_HEADS)[number];
type Decimalish = { toFixed(n: number): string };
const paise = (d: Decimalish) => toPaise(d.toFixed(2));
const money = (d: Decimalish) => d.toFixed(2);
const col = (kar: KarDetail, name: string) => kar[name as keyof KarDetail] as unknown as Decimalish;

export const magilOf = (kar: KarDetail, h: Head) => paise(col(kar, `magil${h.col}`));
export const chaluOf = (kar: KarDetail, h: Head) => paise(col(kar, `chalu${h.col}`));

export function toKarRow(kar: KarDetail): KarRow {
  const row: Record<string, unknown> = {
    karId: kar.karId,
    karid: kar.karId,
    propertyId: kar.propertyId,
    malmattaNo: kar.malmattaNo,
    malkacheNav: kar.malkacheNav,
  };
  for (const h of TAX_HEADS) {
    row[`magil${h.col}`] = money(col(kar, `magil${h.col}`));
    row[`chalu${h.col}`] = money(col(kar, `chalu${h.col}`));
    row[`total${h.col}`] = fromPaise(magilOf(kar, h) + chaluOf(kar, h));
  }
  row.total = money(kar.total);
  row.rowTotal = money(kar.total);
  row.karupdatedYear = kar.karupdatedYear;
  return row as KarRow;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A non-negative amount with at most 2 places, in paise; empty is 0. Numbers are read by their
 *  shortest decimal form (0.1 is "0.1"), so a float sum such as 0.30000000000000004 is refused. */
export function readAmount(field: string, v: unknown): bigint {
  if (blank(v)) return 0n;
  let p: bigint;
  try {
    p = toPaise(typeof v === 'number' ? String(v) : String(v).trim());
  } catch {
    throw new Invalid(field, 'must be an amount in rupees with at most 2 decimal places (e.g. 1250.50)');
  }
  if (p < 0n) throw new Invalid(field, 'must not be negative');
  if (p > 99_999_999_99n) throw new Invalid(field, 'is too large');
  return p;
}

const idOf = (field: string, v: unknown): number => {
  const n = typeof v === 'number' ? v : /^\d{1,10}$/.test(String(v ?? '').trim()) ? Number(String(v).trim()) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 2147483647) throw new Invalid(field, 'is required (a record id)');
  return n;
};

// ---------------------------------------------------------------- kar records

async function propertyOfOwner(db: DbOrTx, councilId: number, ownerId: number) {
  const owner = await db.owner.findFirst({ where: { ownerId, createdByUserId: councilId }, select: { propertyId: true } });
  if (!owner) throw new NotFound('No owner found for this malmatta number');
  return owner.propertyId;
}

/** The kar record of an owner's property, as the one-item list the spec's client reads; [] when it has none. */
export async function karByOwner(db: DbOrTx, councilId: number, ownerId: number): Promise<KarRow[]> {
  const propertyId = await propertyOfOwner(db, councilId, ownerId);
  const kar = await db.karDetail.findUnique({ where: { propertyId } });
  return kar ? [toKarRow(kar)] : [];
}

/** Starts a property's kar record: arrears as the old register carries them (entered once), the
 *  current demand from the assessment. The chalu amounts a client sends are ignored. */
export async function addKarDetails(db: Db, councilId: number, body: AddKarBody): Promise<KarRow> {
  const arrears = Object.fromEntries(
    TAX_HEADS.map((h) => [h.col, readAmount(`magil${h.col}`, (body as Record<string, unknown>)[`magil${h.col}`])]),
  );
  const key = malmattaKey(body.malmattaNo ?? '');
  if (!key) throw new Invalid('malmattaNo', 'is required');
  try {
    const kar = await db.$transaction(async (tx) => {
      const property = await tx.property.findFirst({
        where: { createdByUserId: councilId, malmattaKey: key },
        select: {
          propertyId: true,
          malmattaNo: true,
          gharpatti: true,
          divabatti: true,
          arogya: true,
          panipatti: true,
          owners: { where: { isActive: true }, take: 1, orderBy: { ownerId: 'desc' }, select: { malkacheNav: true } },
        },
      });
      if (!property)
        throw new Invalid(
          'malmattaNo',
          `मालमत्ता क्रमांक ${body.malmattaNo} नोंदवहीत नाही. / Property ${body.malmattaNo} is not in this council's register.`,
        );
      if (await tx.karDetail.findUnique({ where: { propertyId: property.propertyId }, select: { karId: true } }))
        throw new Conflict(
          `मालमत्ता ${property.malmattaNo} चा कर तपशील आधीच नोंदलेला आहे. / Property ${property.malmattaNo} already has its kar details; arrears are entered once.`,
        );
      const data: Record<string, unknown> = {};
      let total = 0n;
      for (const h of TAX_HEADS) {
        const current = paise(property[h.assessed]);
        data[`magil${h.col}`] = fromPaise(arrears[h.col]);
        data[`chalu${h.col}`] = fromPaise(current);
        total += arrears[h.col] + current;
      }
      return tx.karDetail.create({
        data: {
          ...(data as Prisma.KarDetailUncheckedCreateInput),
          propertyId: property.propertyId,
          createdByUserId: councilId,
          malmattaNo: property.malmattaNo,
          malkacheNav: property.owners[0]?.malkacheNav ?? '',
          total: fromPaise(total),
          karupdatedYear: taxYearOf(todayInIndia()),
        },
      });
    });
    return toKarRow(kar);
  } catch (err) {
    if ((err as { code?: string }).code === 'P2002')
      throw new Conflict(`Property ${body.malmattaNo} already has its kar details; arrears are entered once.`);
    throw err;
  }
}

// ---------------------------------------------------------------- payments

const PAYMENT_INCLUDE = { lines: { orderBy: { id: 'asc' } } } as const;
type PaymentWithLines = Prisma.PaymentGetPayload<{ include: typeof PAYMENT_INCLUDE }>;

export function toPayment(p: PaymentWithLines): Payment {
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
    createdAt: p.createdAt.toISOString(),
  };
}

interface PaymentRequest {
  karId: number;
  amounts: Map<Head, bigint>;
  method: PaymentMethod;
  paidOn: Date;
  note: string;
}

/** The checks that need no database: amounts, at least one, the date, the method. */
export function readPayment(body: PaymentBody, today = todayInIndia()): PaymentRequest {
  const karId = idOf('karid', body.karid);
  const amounts = new Map(
    TAX_HEADS.map((h) => [h, readAmount(`paid_${h.key}`, (body as Record<string, unknown>)[`paid_${h.key}`])] as const),
  );
  if ([...amounts.values()].every((a) => a === 0n)) throw new Invalid('paid_gharpatti', TAX_MESSAGES.atLeastOne);
  if (blank(body.paid_on)) throw new Invalid('paid_on', TAX_MESSAGES.noDate);
  const paidOn = parseIsoDate(String(body.paid_on).trim());
  if (!paidOn) throw new Invalid('paid_on', 'पेमेंटची तारीख चुकीची आहे (YYYY-MM-DD). / paid_on must be a real date (YYYY-MM-DD).');
  if (paidOn > today) throw new Invalid('paid_on', 'पेमेंटची तारीख भविष्यातील असू शकत नाही. / paid_on must not be in the future.');
  const method = (blank(body.paid_method) ? 'cash' : String(body.paid_method).trim().toLowerCase()) as PaymentMethod;
  if (!PAYMENT_METHOD_KEYS.includes(method)) throw new Invalid('paid_method', `must be one of ${PAYMENT_METHOD_KEYS.join(', ')}`);
  const note = blank(body.note) ? '' : String(body.note).trim();
  return { karId, amounts, method, paidOn, note };
}

/** Whether a stored payment is the one a repeated request asks for (same kar, same amounts per head). */
function samePayment(p: PaymentWithLines, r: PaymentRequest): boolean {
  if (p.karId !== r.karId) return false;
  return TAX_HEADS.every((h) => {
    const line = p.lines.find((l) => l.category === h.key);
    const paid = line ? paise(line.fromArrears) + paise(line.fromCurrent) : 0n;
    return paid === r.amounts.get(h);
  });
}

async function repeatOf(db: DbOrTx, councilId: number, key: string, r: PaymentRequest) {
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

/** Takes a payment in one transaction: locks the kar row, refuses more than is due per head, takes
 *  arrears first within each head, numbers the receipt from the council's sequence of the financial
 *  year, writes the payment and its lines. With an idempotency key, a repeat answers the first. */
export async function applyPayment(db: Db, councilId: number, body: PaymentBody, idempotencyKey?: string): Promise<PaymentOutcome> {
  const r = readPayment(body);
  try {
    return await db.$transaction((tx) => takePayment(tx, councilId, r, idempotencyKey));
  } catch (err) {
    // A repeat that waited for the row lock, or one on another kar row: the unique key let one through.
    if (idempotencyKey && isUniqueViolation(err)) {
      const repeat = await repeatOf(db, councilId, idempotencyKey, r);
      if (repeat) return repeat;
    }
    throw err;
  }
}

/** The kar columns a payment reads, as text (exact decimals) for the row-locking read. */
const KAR_AMOUNTS = [...TAX_HEADS.flatMap((h) => [`magil${h.col}`, `chalu${h.col}`, `paidChalu${h.col}`]), 'total'];
/** Locks and reads the kar row, and looks for an earlier payment with the request's key. A payment
 *  with the key committed while this one waited for the lock may be missed here (the subquery sees
 *  the statement's snapshot); the unique key then refuses the insert and applyPayment answers the first. */
const LOCK_SQL = `SELECT "karId", "propertyId", "malmattaNo", "malkacheNav", "karupdatedYear", ${KAR_AMOUNTS.map((c) => `"${c}"::text AS "${c}"`).join(', ')},
    (SELECT "paymentId" FROM "Payment" WHERE "createdByUserId" = $2 AND "idempotencyKey" = $3) AS "earlier"
  FROM "KarDetail" WHERE "karId" = $1 AND "createdByUserId" = $2 FOR UPDATE`;
type LockedKar = {
  karId: number;
  propertyId: number;
  malmattaNo: string;
  malkacheNav: string;
  karupdatedYear: number;
  earlier?: number | null;
} & Record<string, string>;

/** The write of a payment in one statement: the kar row's new amounts, the payment, its lines. */
const WRITE_SQL = `WITH k AS (
    UPDATE "KarDetail" SET ${KAR_AMOUNTS.map((c, i) => `"${c}" = $${i + 1}::numeric`).join(', ')}, "updatedAt" = now() WHERE "karId" = $${KAR_AMOUNTS.length + 1}
    RETURNING "karId"
  ), p AS (
    INSERT INTO "Payment" ("receiptId", "karId", "createdByUserId", "malmattaNo", "payerName", "receiptYear", "receiptNo", "paidOn", "paidMethod", "note", "amountTotal", "idempotencyKey")
    SELECT gen_random_uuid(), k."karId", $${KAR_AMOUNTS.length + 2}::int, $${KAR_AMOUNTS.length + 3}, $${KAR_AMOUNTS.length + 4}, $${KAR_AMOUNTS.length + 5}::int,
      $${KAR_AMOUNTS.length + 6}::int, $${KAR_AMOUNTS.length + 7}::date, $${KAR_AMOUNTS.length + 8}, $${KAR_AMOUNTS.length + 9}, $${KAR_AMOUNTS.length + 10}::numeric, $${KAR_AMOUNTS.length + 11}
    FROM k RETURNING "paymentId", "receiptId"::text AS "receiptId", "createdAt"
  ), l AS (
    INSERT INTO "PaymentLine" ("paymentId", "category", "fromArrears", "fromCurrent")
    SELECT p."paymentId", r."category", r."fromArrears", r."fromCurrent"
    FROM p, jsonb_to_recordset($${KAR_AMOUNTS.length + 12}::jsonb) AS r("category" text, "fromArrears" numeric, "fromCurrent" numeric, n int)
    ORDER BY r.n
  )
  SELECT "paymentId", "receiptId", "createdAt" FROM p`;

/** A kar row from its amounts in paise (the payment's own view of the row it just wrote). */
function karRowOf(
  meta: Pick<LockedKar, 'karId' | 'propertyId' | 'malmattaNo' | 'malkacheNav' | 'karupdatedYear'>,
  amounts: Map<string, bigint>,
): KarRow {
  const row: Record<string, unknown> = {
    karId: meta.karId,
    karid: meta.karId,
    propertyId: meta.propertyId,
    malmattaNo: meta.malmattaNo,
    malkacheNav: meta.malkacheNav,
  };
  for (const h of TAX_HEADS) {
    const magil = amounts.get(`magil${h.col}`)!,
      chalu = amounts.get(`chalu${h.col}`)!;
    row[`magil${h.col}`] = fromPaise(magil);
    row[`chalu${h.col}`] = fromPaise(chalu);
    row[`total${h.col}`] = fromPaise(magil + chalu);
  }
  row.total = row.rowTotal = fromPaise(amounts.get('total')!);
  row.karupdatedYear = meta.karupdatedYear;
  return row as KarRow;
}

/** Few round trips on purpose: on the embedded database every statement of every clerk's payment
 *  queues on one connection, so the lock-and-read, the key check, the number and one write are all. */
async function takePayment(tx: Tx, councilId: number, r: PaymentRequest, idempotencyKey?: string): Promise<PaymentOutcome> {
  // The row lock serialises payments on one property: the second waits, then reads the first's result.
  const [kar] = await tx.$queryRawUnsafe<LockedKar[]>(LOCK_SQL, r.karId, councilId, idempotencyKey ?? null);
  if (!kar) throw new NotFound('No kar details found for this property (karid); add them on the new kar details form first.');
  if (idempotencyKey && kar.earlier) {
    const repeat = await repeatOf(tx, councilId, idempotencyKey, r);
    if (repeat) return repeat;
  }
  const amounts = new Map(KAR_AMOUNTS.map((c) => [c, toPaise(kar[c])]));
  const lines: { category: string; fromArrears: string; fromCurrent: string }[] = [];
  let paidTotal = 0n;
  for (const h of TAX_HEADS) {
    const amount = r.amounts.get(h)!;
    if (amount === 0n) continue;
    const magil = amounts.get(`magil${h.col}`)!;
    const chalu = amounts.get(`chalu${h.col}`)!;
    if (amount > magil + chalu)
      throw new Invalid(
        `paid_${h.key}`,
        `${h.mr}: ₹${fromPaise(amount)} थकबाकीपेक्षा (₹${fromPaise(magil + chalu)}) जास्त आहे. / ${h.en}: ₹${fromPaise(amount)} is more than the ₹${fromPaise(magil + chalu)} due (paid_${h.key}).`,
      );
    const fromArrears = amount < magil ? amount : magil;
    const fromCurrent = amount - fromArrears;
    amounts.set(`magil${h.col}`, magil - fromArrears);
    amounts.set(`chalu${h.col}`, chalu - fromCurrent);
    amounts.set(`paidChalu${h.col}`, amounts.get(`paidChalu${h.col}`)! + fromCurrent);
    lines.push({ category: h.key, fromArrears: fromPaise(fromArrears), fromCurrent: fromPaise(fromCurrent) });
    paidTotal += amount;
  }
  amounts.set('total', amounts.get('total')! - paidTotal);
  const receiptYear = taxYearOf(r.paidOn);
  // Taken last, just before the write: the counter row stays locked until commit, and every payment of the council waits on it.
  const receiptNo = await nextNumber(tx, councilId, 'receipt', receiptYear);
  const [written] = await tx.$queryRawUnsafe<{ paymentId: number; receiptId: string; createdAt: Date }[]>(
    WRITE_SQL,
    ...KAR_AMOUNTS.map((c) => fromPaise(amounts.get(c)!)),
    kar.karId,
    councilId,
    kar.malmattaNo,
    kar.malkacheNav,
    receiptYear,
    receiptNo,
    isoDay(r.paidOn),
    r.method,
    r.note,
    fromPaise(paidTotal),
    idempotencyKey ?? null,
    JSON.stringify(lines.map((l, n) => ({ ...l, n }))),
  );
  const payment: Payment = {
    paymentId: written.paymentId,
    receiptId: written.receiptId,
    receiptNo,
    receiptYear,
    financialYear: taxYearLabel(receiptYear),
    bookNo: receiptBook(receiptNo),
    karId: kar.karId,
    malmattaNo: kar.malmattaNo,
    payerName: kar.malkacheNav,
    paidOn: isoDay(r.paidOn),
    paidMethod: r.method,
    note: r.note,
    amountTotal: fromPaise(paidTotal),
    lines: lines.map((l) => ({ ...l, amountPaid: fromPaise(toPaise(l.fromArrears) + toPaise(l.fromCurrent)) })),
    createdAt: new Date(written.createdAt).toISOString(),
  };
  return { payment, kar: karRowOf(kar, amounts), repeated: false };
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
    })),
  );
}

export async function paymentById(db: DbOrTx, councilId: number, paymentId: number) {
  const p = await db.payment.findFirst({ where: { paymentId, createdByUserId: councilId }, include: PAYMENT_INCLUDE });
  if (!p) throw new NotFound('No such payment in this council’s records.');
  return toPayment(p);
}

/** What the public receipt check shows: nothing but the receipt's number, date, amount and property. */
export async function publicReceipt(db: DbOrTx, receiptId: string) {
  const p = await db.payment.findUnique({
    where: { receiptId },
    select: { receiptNo: true, receiptYear: true, paidOn: true, amountTotal: true, malmattaNo: true },
  });
  if (!p) throw new NotFound('ही पावती सापडली नाही. / No such receipt.');
  return {
    receiptNo: p.receiptNo,
    financialYear: taxYearLabel(p.receiptYear),
    paidOn: isoDay(p.paidOn),
    amountTotal: money(p.amountTotal),
    malmattaNo: p.malmattaNo,
  };
}

/** The demand bill's data: the kar record and the last payments of the owner's property. */
export async function demandOf(db: DbOrTx, councilId: number, ownerId: number) {
  const propertyId = await propertyOfOwner(db, councilId, ownerId);
  const kar = await db.karDetail.findUnique({ where: { propertyId } });
  if (!kar) throw new NotFound(TAX_MESSAGES.noKar);
  const payments = await db.payment.findMany({
    where: { karId: kar.karId },
    include: PAYMENT_INCLUDE,
    orderBy: [{ paidOn: 'desc' }, { paymentId: 'desc' }],
    take: 5,
  });
  return { kar, payments: payments.map(toPayment) };
}

// ---------------------------------------------------------------- the tax list (spec 2.8)

export type ListOrder = { field: 'total' | null; direction: 'asc' | 'desc' };

/** The order the list and its Excel use: by grand total (karId breaks ties, so pages never
 *  overlap) or, with no sort, in the order the records were made. */
export function listOrder(sortField?: string, sortOrder?: string): ListOrder {
  const direction = sortOrder?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  return sortField === 'total' ? { field: 'total', direction } : { field: null, direction: 'asc' };
}

const SUM_FIELDS = [...TAX_HEADS.flatMap((h) => [`magil${h.col}`, `chalu${h.col}`]), 'total'];

const SUMS_SQL = `SELECT count(*)::int AS "count", ${SUM_FIELDS.map((f) => `COALESCE(sum("${f}"), 0)::text AS "${f}"`).join(', ')}
  FROM "KarDetail" WHERE "createdByUserId" = $1`;

/** The sums of every money column over the council's kar records, exact (SQL numeric), and their count. */
export async function listTotals(
  db: DbOrTx,
  councilId: number,
): Promise<{ count: number; totals: Record<string, string> & { total: string } }> {
  const [sums] = await db.$queryRawUnsafe<(Record<string, string> & { count: number })[]>(SUMS_SQL, councilId);
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

/** Whether the council's rollover of this tax year has run. */
export async function rolledOverThisYear(db: DbOrTx, councilId: number, taxYear = taxYearOf(todayInIndia())) {
  return !!(await db.taxYearRun.findUnique({
    where: { createdByUserId_kind_year: { createdByUserId: councilId, kind: 'rollover', year: taxYear } },
  }));
}

/** A page of the list: the page's ids are found on the (council, total, karId) index alone, however
 *  deep the page, and only those rows are read (with OFFSET on whole rows, page 500 read 5,000 rows). */
const pageSql = (o: ListOrder) => {
  // Qualified: a bare "total" in ORDER BY would name the text column of the select list and sort "10276.00" before "1276.00".
  const by = (t: string) =>
    o.field ? `${t}."total" ${o.direction.toUpperCase()}, ${t}."karId" ${o.direction.toUpperCase()}` : `${t}."karId"`;
  return `SELECT k."karId", k."propertyId", k."malmattaNo", k."malkacheNav", k."karupdatedYear", ${KAR_AMOUNTS.map((c) => `k."${c}"::text AS "${c}"`).join(', ')}
    FROM "KarDetail" k WHERE k."karId" IN (SELECT i."karId" FROM "KarDetail" i WHERE i."createdByUserId" = $1 ORDER BY ${by('i')} OFFSET $2 LIMIT $3)
    ORDER BY ${by('k')}`;
};

export async function listKar(
  db: Db,
  councilId: number,
  q: { pageNumber: number; pageSize: number; sortField?: string; sortOrder?: string },
) {
  const taxYear = taxYearOf(todayInIndia());
  // The sums do not change with the page or the sort: the first page carries them; later pages
  // only count (summing 9 columns over every row was most of a page's cost on the embedded database).
  const counted =
    q.pageNumber === 1
      ? listTotals(db, councilId)
      : db.karDetail.count({ where: { createdByUserId: councilId } }).then((count) => ({ count, totals: null }));
  const [rows, { count: totalItems, totals }, rolledOver] = await Promise.all([
    db.$queryRawUnsafe<LockedKar[]>(pageSql(listOrder(q.sortField, q.sortOrder)), councilId, (q.pageNumber - 1) * q.pageSize, q.pageSize),
    counted,
    rolledOverThisYear(db, councilId, taxYear),
  ]);
  return {
    items: rows.map((r) => karRowOf(r, new Map(KAR_AMOUNTS.map((c) => [c, toPaise(r[c])])))),
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    totalPages: Math.ceil(totalItems / q.pageSize),
    totalItems,
    totals,
    taxYear,
    rolledOver,
  };
}

// ---------------------------------------------------------------- collection view (dashboard)

/** This tax year's demand and collection per head, and the collections of each month April–March.
 *  Demand = what is outstanding now + what was collected in the year (receipts of the year). */
export async function collectionSummary(db: DbOrTx, councilId: number, today = todayInIndia()) {
  const taxYear = taxYearOf(today);
  const [{ totals }, byHead, byMonth] = await Promise.all([
    listTotals(db, councilId),
    db.$queryRawUnsafe<{ category: string; collected: string }[]>(
      `SELECT l."category", sum(l."fromArrears" + l."fromCurrent")::text AS "collected"
       FROM "PaymentLine" l JOIN "Payment" p ON p."paymentId" = l."paymentId"
       WHERE p."createdByUserId" = $1 AND p."receiptYear" = $2 GROUP BY l."category"`,
      councilId,
      taxYear,
    ),
    db.$queryRawUnsafe<{ month: string; amount: string }[]>(
      `SELECT to_char("paidOn", 'YYYY-MM') AS "month", sum("amountTotal")::text AS "amount"
       FROM "Payment" WHERE "createdByUserId" = $1 AND "receiptYear" = $2 GROUP BY 1`,
      councilId,
      taxYear,
    ),
  ]);
  const collectedOf = new Map(byHead.map((r) => [r.category, toPaise(r.collected)]));
  const heads = TAX_HEADS.map((h) => {
    const collected = collectedOf.get(h.key) ?? 0n;
    const outstanding = toPaise(totals[`total${h.col}`]);
    return {
      category: h.key,
      demand: fromPaise(outstanding + collected),
      collected: fromPaise(collected),
      outstanding: fromPaise(outstanding),
    };
  });
  const amountOf = new Map(byMonth.map((r) => [r.month, r.amount]));
  const months = Array.from({ length: 12 }, (_, i) => {
    const month = `${taxYear + Math.floor((i + 3) / 12)}-${String(((i + 3) % 12) + 1).padStart(2, '0')}`;
    return { month, amount: fromPaise(toPaise(amountOf.get(month) ?? '0')) };
  });
  return { taxYear, financialYear: taxYearLabel(taxYear), heads, months };
}
