// SMS notices: who gets one (owners' mobiles from the property register, dues from the tax
// demand), the council's templates, the batch written to the outbox in one transaction.
import { isoDay, parseIsoDate, todayInIndia } from '../../../common/dates.ts';
import { formatPaise, toPaise } from '../../../common/money.ts';
import {
  DEFAULT_TEMPLATES,
  SMS_VARIABLES,
  countSegments,
  fillTemplate,
  normaliseMobile,
  templateProblem,
  type SmsKind,
} from '../../../common/sms.ts';
import type { Db } from '../../db/open.ts';
import { inTransaction, type DbOrTx } from '../../db/transaction.ts';
import { changesOf, recordAudit } from '../audit/record.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { StaleRecord } from '../../lib/versions.ts';
import { duesRecipients } from './sql.ts';

export const SMS_MESSAGES = {
  dateAndTime: 'कृपया तारीख आणि वेळ दोन्ही निवडा.',
  pastDate: 'ग्रामसभेची तारीख आजच्या आधीची असू शकत नाही. / The gram sabha date cannot be before today.',
  wrongPassword: 'चुकीचा पासवर्ड. कृपया पुन्हा प्रयत्न करा.',
  gramsabhaSent: 'ग्रामसभा संदेश यशस्वीरीत्या पाठवला!',
  duesSent: 'थकीत सूचना यशस्वीरीत्या पाठवली!',
  noRecipients: 'पाठवण्यासाठी एकही वैध मोबाईल क्रमांक नाही. / No valid mobile number to send to.',
};

export async function templatesOf(db: DbOrTx, councilId: number): Promise<Record<SmsKind, string>> {
  return (await templatesWithVersions(db, councilId)).texts;
}

/** The wording of each notice with its version (0 while the default wording applies). */
export async function templatesWithVersions(db: DbOrTx, councilId: number) {
  const rows = await db.smsTemplate.findMany({ where: { createdByUserId: councilId } });
  const texts = { ...DEFAULT_TEMPLATES };
  const versions: Record<SmsKind, number> = { gramsabha: 0, dues: 0 };
  for (const r of rows) {
    texts[r.kind as SmsKind] = r.body;
    versions[r.kind as SmsKind] = r.version;
  }
  return { texts, versions };
}

/** Saves one notice's wording, moving its version up in the same statement. With `ifMatch` (the
 *  version the screen read; 0 for the default wording) only while it is still that version, else 409. */
export async function saveTemplate(db: DbOrTx, councilId: number, kind: SmsKind, body: string, ifMatch?: number): Promise<number> {
  const text = body.trim();
  const problem = templateProblem(kind, text);
  if (problem) throw new Invalid('body', problem);
  return inTransaction(db, async (tx) => {
    const before = await tx.smsTemplate.findUnique({ where: { createdByUserId_kind: { createdByUserId: councilId, kind } } });
    const version = await writeTemplate(tx, councilId, kind, text, ifMatch);
    await recordAudit(tx, {
      councilId,
      entity: 'SmsTemplate',
      entityId: kind,
      action: before ? 'update' : 'create',
      // The wording replaced: the default one until the council first saved its own.
      changes: changesOf({ body: before?.body ?? DEFAULT_TEMPLATES[kind] }, { body: text }),
    });
    return version;
  });
}

async function writeTemplate(db: DbOrTx, councilId: number, kind: SmsKind, text: string, ifMatch?: number): Promise<number> {
  const key = { createdByUserId: councilId, kind };
  if (ifMatch === undefined) {
    const saved = await db.smsTemplate.upsert({
      where: { createdByUserId_kind: key },
      create: { ...key, body: text },
      update: { body: text, version: { increment: 1 } },
      select: { version: true },
    });
    return saved.version;
  }
  if (ifMatch === 0) {
    // Two first saves of the default wording: the key lets one in.
    const { count } = await db.smsTemplate.createMany({ data: [{ ...key, body: text }], skipDuplicates: true });
    if (count === 0) throw new StaleRecord();
    return 1;
  }
  const { count } = await db.smsTemplate.updateMany({
    where: { ...key, version: ifMatch },
    data: { body: text, version: { increment: 1 } },
  });
  if (count === 0) throw new StaleRecord();
  return ifMatch + 1;
}

export interface Recipient {
  mobile: string;
  malmattaNo: string;
  variables: Record<string, string>;
}
export interface Skipped {
  mobile: string;
  malmattaNo: string;
  reason: string;
}

/** Gram sabha details checked: both given, the date not before today (India). Answers the variables. */
export function gramsabhaValues(date: string | undefined, time: string | undefined): Record<string, string> {
  if (!date?.trim() || !time?.trim()) throw new Invalid('date', SMS_MESSAGES.dateAndTime);
  const day = parseIsoDate(date.trim());
  if (!day) throw new Invalid('date', 'date: use YYYY-MM-DD');
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time.trim())) throw new Invalid('time', 'time: use HH:MM (24 hours)');
  if (isoDay(day) < isoDay(todayInIndia())) throw new Invalid('date', SMS_MESSAGES.pastDate);
  const shown = new Intl.DateTimeFormat('mr-IN', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(day);
  return { date: shown, time: time.trim() };
}

/** Normalises, drops invalid (listed as skipped) and repeated mobiles with the same message. */
function collect(rows: { mobile: string; malmattaNo: string; variables: Record<string, string> }[], keyOf: (r: Recipient) => string) {
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  const skipped: Skipped[] = [];
  for (const row of rows) {
    const mobile = normaliseMobile(row.mobile);
    if (!mobile) {
      skipped.push({
        mobile: row.mobile,
        malmattaNo: row.malmattaNo,
        reason: row.mobile.trim() ? 'अवैध मोबाईल क्रमांक / invalid mobile' : 'मोबाईल क्रमांक नाही / no mobile',
      });
      continue;
    }
    const r = { ...row, mobile };
    const key = keyOf(r);
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push(r);
  }
  return { recipients, skipped };
}

export async function recipientsOf(db: DbOrTx, councilId: number, kind: SmsKind, values: Record<string, string>) {
  if (kind === 'gramsabha') {
    const owners = await db.owner.findMany({
      where: { createdByUserId: councilId, isActive: true },
      select: { mobileNo: true, malmattaNo: true },
      orderBy: { ownerId: 'asc' },
    });
    return collect(
      owners.map((o) => ({ mobile: o.mobileNo, malmattaNo: o.malmattaNo, variables: values })),
      (r) => r.mobile,
    );
  }
  const dues = await duesRecipients(db, councilId);
  return collect(
    dues.map((d) => ({
      mobile: d.mobile,
      malmattaNo: d.malmattaNo,
      variables: { malmattaNo: d.malmattaNo, amount: formatPaise(toPaise(d.total)) },
    })),
    (r) => `${r.mobile}|${r.malmattaNo}`,
  );
}

export async function preview(db: DbOrTx, councilId: number, kind: SmsKind, values: Record<string, string>, body?: string) {
  const template = body?.trim() || (await templatesOf(db, councilId))[kind];
  const problem = templateProblem(kind, template);
  if (problem) throw new Invalid('body', problem);
  const { recipients, skipped } = await recipientsOf(db, councilId, kind, values);
  const sampleValues = recipients[0]?.variables ?? (kind === 'dues' ? { malmattaNo: '१', amount: formatPaise(0n) } : values);
  const message = fillTemplate(template, sampleValues);
  const count = countSegments(message);
  let totalSegments = 0;
  for (const r of recipients) totalSegments += countSegments(fillTemplate(template, r.variables)).segments;
  return {
    message,
    length: count.length,
    segments: count.segments,
    unicode: count.unicode,
    recipients: recipients.length,
    totalSegments,
    skipped,
  };
}

/** The batch and all its messages in one transaction: either every message is queued or none. */
export async function queueBatch(db: Db, councilId: number, kind: SmsKind, provider: string, values: Record<string, string>) {
  const template = (await templatesOf(db, councilId))[kind];
  const { recipients, skipped } = await recipientsOf(db, councilId, kind, values);
  if (!recipients.length) throw new Invalid('recipients', SMS_MESSAGES.noRecipients);
  const messages = recipients.map((r) => {
    const text = fillTemplate(template, r.variables);
    return {
      mobile: r.mobile,
      malmattaNo: r.malmattaNo.slice(0, 200),
      text,
      segments: countSegments(text).segments,
      variables: SMS_VARIABLES[kind].map((v) => r.variables[v] ?? ''),
    };
  });
  const segments = messages.reduce((s, m) => s + m.segments, 0);
  return db.$transaction(
    async (tx) => {
      const batch = await tx.smsBatch.create({
        data: { createdByUserId: councilId, kind, provider, skipped: skipped as object[], segments },
      });
      for (let i = 0; i < messages.length; i += 1000)
        await tx.smsMessage.createMany({
          data: messages.slice(i, i + 1000).map((m) => ({ ...m, batchId: batch.id, createdByUserId: councilId })),
        });
      // One row for the batch, not one per message: the clerk sent one notice.
      await recordAudit(tx, {
        councilId,
        entity: 'SmsBatch',
        entityId: batch.id,
        action: 'send',
        changes: changesOf(null, { kind, provider, recipients: messages.length, segments, skipped: skipped.length }),
      });
      return { batchId: batch.id, recipients: messages.length, segments, skipped };
    },
    { timeout: 60_000 },
  );
}

type Status = 'queued' | 'sending' | 'sent' | 'delivered' | 'failed';

async function countsOf(db: DbOrTx, batchIds: number[]) {
  const rows = batchIds.length
    ? await db.smsMessage.groupBy({ by: ['batchId', 'status'], where: { batchId: { in: batchIds } }, _count: { _all: true } })
    : [];
  const counts = new Map<number, Record<Status | 'total', number>>();
  for (const id of batchIds) counts.set(id, { total: 0, queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0 });
  for (const r of rows) {
    const c = counts.get(r.batchId)!;
    c[r.status as Status] = r._count._all;
    c.total += r._count._all;
  }
  return counts;
}

type BatchRow = { id: number; kind: string; provider: string; skipped: unknown; segments: number; createdAt: Date };
function batchView(b: BatchRow, c: Record<string, number>) {
  const skipped = (b.skipped as Skipped[]) ?? [];
  const done = c.queued === 0 && c.sending === 0;
  return {
    batchId: b.id,
    kind: b.kind,
    provider: b.provider,
    createdAt: b.createdAt.toISOString(),
    segments: b.segments,
    total: c.total,
    queued: c.queued + c.sending,
    sent: c.sent,
    delivered: c.delivered,
    failed: c.failed,
    skippedCount: skipped.length,
    status: done ? (c.failed ? 'done-with-failures' : 'done') : 'sending',
  };
}

export async function listBatches(db: DbOrTx, councilId: number, pageNumber: number, pageSize: number) {
  const where = { createdByUserId: councilId };
  const [rows, totalCount] = await Promise.all([
    db.smsBatch.findMany({ where, orderBy: { id: 'desc' }, skip: (pageNumber - 1) * pageSize, take: pageSize }),
    db.smsBatch.count({ where }),
  ]);
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => batchView(r, counts.get(r.id)!)),
    pageNumber,
    pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
  };
}

export async function batchDetail(db: DbOrTx, councilId: number, batchId: number) {
  const batch = await db.smsBatch.findFirst({ where: { id: batchId, createdByUserId: councilId } });
  if (!batch) throw new NotFound('हा SMS गट सापडला नाही. / SMS batch not found.');
  const counts = await countsOf(db, [batch.id]);
  const messages = await db.smsMessage.findMany({ where: { batchId: batch.id }, orderBy: { id: 'asc' } });
  return {
    ...batchView(batch, counts.get(batch.id)!),
    skipped: (batch.skipped as unknown as Skipped[]) ?? [],
    messages: messages.map((m) => ({
      messageId: m.id,
      mobile: m.mobile,
      malmattaNo: m.malmattaNo,
      text: m.text,
      segments: m.segments,
      status: m.status === 'sending' ? 'queued' : m.status,
      attempts: m.attempts,
      error: m.error,
      providerId: m.providerId,
      sentAt: m.sentAt ? m.sentAt.toISOString() : null,
    })),
  };
}

/** Failed messages of the batch go back to the queue. */
export async function retryBatch(db: DbOrTx, councilId: number, batchId: number) {
  return inTransaction(db, async (tx) => {
    const batch = await tx.smsBatch.findFirst({ where: { id: batchId, createdByUserId: councilId }, select: { id: true } });
    if (!batch) throw new NotFound('हा SMS गट सापडला नाही. / SMS batch not found.');
    const { count } = await tx.smsMessage.updateMany({
      where: { batchId, status: 'failed' },
      data: { status: 'queued', attempts: 0, nextAttemptAt: new Date(), error: '' },
    });
    // Recorded when nothing had failed too: the clerk asked, and the row says none was requeued.
    await recordAudit(tx, {
      councilId,
      entity: 'SmsBatch',
      entityId: batchId,
      action: 'retry',
      changes: { requeued: { old: null, new: count } },
    });
    return count;
  });
}

/** A gateway's delivery report for the message it knows by providerId, sent to this mobile. The
 *  trail names the gateway as the actor (no login sends these) and the message's council; a report
 *  that matches no message of ours changes nothing and leaves no row. */
export async function recordDelivery(
  db: DbOrTx,
  providerId: string,
  mobile: string,
  delivered: boolean,
  reason: string,
  gateway = 'gateway',
) {
  return inTransaction(db, async (tx) => {
    const where = { providerId, mobile, status: { in: ['sent', 'delivered'] } };
    const found = await tx.smsMessage.findFirst({ where, orderBy: { id: 'asc' } });
    const data = delivered ? { status: 'delivered' } : { status: 'failed', error: reason.slice(0, 1000) };
    const { count } = await tx.smsMessage.updateMany({ where, data });
    if (found && count > 0)
      await recordAudit(tx, {
        councilId: found.createdByUserId,
        entity: 'SmsMessage',
        entityId: found.id,
        record: { entity: 'SmsBatch', id: found.batchId },
        action: 'delivery',
        changes: changesOf(found, { ...found, ...data }, ['status', 'error']),
        actor: { userId: null, userName: gateway, tokenId: null },
      });
    return count;
  });
}

/** The receipt SMS (issue 30), with a DLT template of its own (SMS_DLT_TEMPLATE_RECEIPT): the payer
 *  gets the receipt's public link after a payment taken from the bank statement. */
export const RECEIPT_TEMPLATE = 'ग्रामपंचायत: मालमत्ता {malmattaNo} साठी {amount} कर भरणा मिळाला. पावती: {link}';
const RECEIPT_VARIABLES = ['malmattaNo', 'amount', 'link'];

/** Queues one receipt SMS per payment to its property's owner's mobile (none without a mobile) as
 *  a batch of kind receipt, for the worker to send. No audit row of its own: the import's or the
 *  match's row names the payments. Answers how many were queued. */
export async function queueReceipts(
  db: Db,
  councilId: number,
  provider: string,
  receipts: { karId: number; malmattaNo: string; amount: string; link: string }[],
): Promise<number> {
  if (!receipts.length) return 0;
  const kars = await db.karDetail.findMany({
    where: { createdByUserId: councilId, karId: { in: [...new Set(receipts.map((r) => r.karId))] } },
    select: { karId: true, property: { select: { owners: { where: { isActive: true }, select: { mobileNo: true }, take: 1 } } } },
  });
  const mobileOf = new Map(kars.map((k) => [k.karId, normaliseMobile(k.property.owners[0]?.mobileNo ?? '')]));
  const messages = receipts.flatMap((r) => {
    const mobile = mobileOf.get(r.karId);
    if (!mobile) return [];
    const values: Record<string, string> = { malmattaNo: r.malmattaNo, amount: formatPaise(toPaise(r.amount)), link: r.link };
    const text = fillTemplate(RECEIPT_TEMPLATE, values);
    return [
      {
        mobile,
        malmattaNo: r.malmattaNo.slice(0, 200),
        text,
        segments: countSegments(text).segments,
        variables: RECEIPT_VARIABLES.map((v) => values[v]),
      },
    ];
  });
  if (!messages.length) return 0;
  await db.$transaction(async (tx) => {
    const batch = await tx.smsBatch.create({
      data: { createdByUserId: councilId, kind: 'receipt', provider, skipped: [], segments: messages.reduce((s, m) => s + m.segments, 0) },
    });
    await tx.smsMessage.createMany({ data: messages.map((m) => ({ ...m, batchId: batch.id, createdByUserId: councilId })) });
  });
  return messages.length;
}
