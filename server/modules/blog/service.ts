// News items: owned by the council of the token, listed newest event first.
import { inTransaction, type DbOrTx } from '../../db/transaction.ts';
import { changesOf, recordAudit, type AuditAction, type AuditChanges } from '../audit/record.ts';
import type { BlogPost } from '../../generated/prisma/client.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { StaleRecord } from '../../lib/versions.ts';
import type { BlogBody, BlogItem } from './schema.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** A calendar date is kept as midnight UTC; a date-time without an offset is read as UTC, never as the server's zone. */
export function parseEventDate(value: string): Date {
  const day = DATE.exec(value);
  let date: Date | undefined;
  if (day) {
    date = new Date(Date.UTC(+day[1], +day[2] - 1, +day[3]));
    // Date.UTC rolls 2025-02-30 over to March; a round trip catches it.
    if (date.toISOString().slice(0, 10) !== value) date = undefined;
  } else if (DATE_TIME.test(value)) {
    date = new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`);
  }
  if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1900 || date.getUTCFullYear() > 2200)
    throw new Invalid('eventDate', 'must be a date such as 2025-08-15 or an ISO date-time');
  return date;
}

function toItem(row: BlogPost): BlogItem {
  return {
    blogId: row.blogId,
    blogTitle: row.blogTitle,
    blogContent: row.blogContent,
    eventDate: row.eventDate.toISOString(),
    createdByUserId: row.createdByUserId,
    version: row.version,
  };
}

function toData(input: BlogBody) {
  return { blogTitle: input.blogTitle, blogContent: input.blogContent, eventDate: parseEventDate(input.eventDate) };
}

const notYours = () => new NotFound('No news item with this id for your council.');

export async function listPosts(db: DbOrTx, userId: number): Promise<BlogItem[]> {
  const rows = await db.blogPost.findMany({ where: { createdByUserId: userId }, orderBy: [{ eventDate: 'desc' }, { blogId: 'desc' }] });
  return rows.map(toItem);
}

/** The fields of a news item the trail shows. */
const FIELDS = ['blogTitle', 'blogContent', 'eventDate'] as const;
const audit = (tx: DbOrTx, action: AuditAction, row: BlogPost, changes: AuditChanges) =>
  recordAudit(tx, { councilId: row.createdByUserId, entity: 'BlogPost', entityId: row.blogId, action, changes });

export async function createPost(db: DbOrTx, ownerId: number, input: BlogBody): Promise<BlogItem> {
  return inTransaction(db, async (tx) => {
    const row = await tx.blogPost.create({ data: { ...toData(input), createdByUserId: ownerId } });
    await audit(tx, 'create', row, changesOf(null, row, FIELDS));
    return toItem(row);
  });
}

/** Replaces the item in one statement; with `ifMatch` (the version the editor read) only while it
 *  is still that version, else 409. */
export async function updatePost(db: DbOrTx, ownerId: number, blogId: number, input: BlogBody, ifMatch?: number): Promise<BlogItem> {
  const data = toData(input);
  return inTransaction(db, async (tx) => {
    const before = await tx.blogPost.findFirst({ where: { blogId, createdByUserId: ownerId } });
    if (!before) throw notYours();
    const where = { blogId, createdByUserId: ownerId, ...(ifMatch === undefined ? {} : { version: ifMatch }) };
    const { count } = await tx.blogPost.updateMany({ where, data: { ...data, version: { increment: 1 } } });
    if (count === 0) throw new StaleRecord();
    const after = await tx.blogPost.findUniqueOrThrow({ where: { blogId } });
    await audit(tx, 'update', after, changesOf(before, after, FIELDS));
    return toItem(after);
  });
}

export async function deletePost(db: DbOrTx, ownerId: number, blogId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await tx.blogPost.findFirst({ where: { blogId, createdByUserId: ownerId } });
    if (!row) throw notYours();
    await tx.blogPost.delete({ where: { blogId } });
    await audit(tx, 'delete', row, changesOf(row, null, FIELDS));
  });
}
