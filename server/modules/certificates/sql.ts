// The certificates' raw SQL: rows by id in plain SQL (the hot path of every PDF and QR page), the
// list's pages (word starts, trigram names, the whole list from either end), the registration
// number's check and lock. Tables and columns come from the kind tables (kinds.ts), never from input.
// Each statement is run by one exported function taking the client first;
// tests/server/raw-sql.test.ts runs every one, for every kind, against the migrated schema on both
// databases.
import { plainReaderOf } from '../../db/open.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Kind } from './kinds.ts';

/** A certificate row, every column, as Prisma reads it. */
export type Row = Record<string, unknown>;

/** Matching rows are counted up to this many; past it the list says "10,000+". */
export const COUNT_CAP = 10_000;

/** A kind's table and list columns as SQL identifiers (from the kind tables, never from input). */
function listSql(kind: Kind) {
  const q = (name: string) => Prisma.raw(`"${name}"`);
  const table = kind.model.charAt(0).toUpperCase() + kind.model.slice(1);
  return {
    table: q(table),
    starts: q(`${table}NameStart`),
    names: q(`${table}Name`),
    id: q(kind.idField),
  };
}

/** Certificates by id, every column, in any order; in plain SQL where the database has a plain
 *  reader (server/db/open.ts, plainReaderOf, says why): Prisma costs more than the SQL on the
 *  embedded database (issue 12). */
export async function certificateRows(db: DbOrTx, kind: Kind, ids: string[]): Promise<Row[]> {
  const plain = plainReaderOf(db);
  if (!plain)
    return (db[kind.model] as unknown as { findMany(args: object): Promise<Row[]> }).findMany({ where: { [kind.idField]: { in: ids } } });
  const { table: t, id: key } = listSql(kind);
  return plain<Row>(`SELECT * FROM ${t.sql} WHERE ${key.sql} = ANY($1::uuid[])`, [ids]);
}

/** How many certificates of the kind the council has (CertificateCount, kept by triggers). */
export async function certificateCount(db: DbOrTx, kind: Kind, ownerId: number): Promise<number> {
  const [c] = await db.$queryRaw<{ n: number }[]>`
    SELECT "n" FROM "CertificateCount" WHERE "kind" = ${kind.kind} AND "createdByUserId" = ${ownerId}`;
  return c?.n ?? 0;
}

const ownedBy = (ownerId: number) => Prisma.sql`"createdByUserId" = ${ownerId}`;

/** Certificates with a name word starting with a 1-2 letter term, from the kind's NameStart table:
 *  their count up to COUNT_CAP + 1 and, when the page starts before it, the page's ids newest first.
 *  The key read backwards is newest first; the ids become text as an array of 10, not one by one for
 *  every row an OFFSET skips; CASE takes the page only before the count. */
export async function wordStartPage(db: DbOrTx, kind: Kind, ownerId: number, term: string, pageSize: number, skip: number) {
  const matches = Prisma.sql`FROM ${listSql(kind).starts} WHERE ${ownedBy(ownerId)} AND "start" = ${term}`;
  const [r] = await db.$queryRaw<{ n: number; ids: string[] | null }[]>`
      SELECT c.n, CASE WHEN ${skip} < c.n THEN
          ARRAY(SELECT "certificateId" ${matches} ORDER BY "createdAt" DESC, "certificateId" DESC LIMIT ${pageSize} OFFSET ${skip})::text[] END AS ids
      FROM (SELECT count(*)::int AS n FROM (SELECT 1 ${matches} LIMIT ${COUNT_CAP + 1}) AS m) AS c`;
  return r;
}

/** The kind's Name rows whose joined names hold the term (3 or more letters), from the trigram index.
 *  LIKE takes % and _ as wildcards: a typed one is matched as itself. The names are stored lower case:
 *  LIKE lower(pattern) is what ILIKE does in a UTF-8 database. */
const namesMatching = (kind: Kind, ownerId: number, term: string) => {
  const pattern = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return Prisma.sql`FROM ${listSql(kind).names} WHERE ${ownedBy(ownerId)} AND "names" LIKE lower(${pattern})`;
};

/** Certificates whose names hold the term: their count up to COUNT_CAP + 1 (each candidate tested on
 *  its narrow row of joined names, the matches counted and sorted once) and, when there are at most
 *  COUNT_CAP, the page's ids newest first (CASE evaluates the ARRAY only then). */
export async function namesPage(db: DbOrTx, kind: Kind, ownerId: number, term: string, pageSize: number, skip: number) {
  const [r] = await db.$queryRaw<{ n: number; ids: string[] | null }[]>`
      WITH m AS MATERIALIZED (SELECT "certificateId" AS id, "createdAt" AS at ${namesMatching(kind, ownerId, term)} LIMIT ${COUNT_CAP + 1})
      SELECT c.n, CASE WHEN c.n <= ${COUNT_CAP} THEN
          ARRAY(SELECT id FROM m ORDER BY at DESC, id DESC LIMIT ${pageSize} OFFSET ${skip})::text[] END AS ids
      FROM (SELECT count(*)::int AS n FROM m) AS c`;
  return r;
}

/** The same page for more than COUNT_CAP matches, which are dense: walking the Name table's key newest first finds a page soon. */
export async function namesPageDense(db: DbOrTx, kind: Kind, ownerId: number, term: string, pageSize: number, skip: number) {
  const rows = await db.$queryRaw<{ id: string }[]>`
          SELECT "certificateId"::text AS id ${namesMatching(kind, ownerId, term)}
          ORDER BY "createdAt" DESC, "certificateId" DESC LIMIT ${pageSize} OFFSET ${skip}`;
  return rows.map((r) => r.id);
}

/** A page of the council's whole list, by (council, createdAt, id) alone: newest first, or read from
 *  the oldest end (`fromEnd`, offset counted from there) for pages past the middle. */
export async function listPageIds(db: DbOrTx, kind: Kind, ownerId: number, take: number, offset: number, fromEnd: boolean) {
  const s = listSql(kind);
  const where = ownedBy(ownerId);
  const rows = await db.$queryRaw<{ id: string }[]>(
    fromEnd
      ? Prisma.sql`SELECT ${s.id}::text AS id FROM ${s.table} WHERE ${where}
                ORDER BY "createdAt" ASC, ${s.id} ASC LIMIT ${take} OFFSET ${offset}`
      : Prisma.sql`SELECT ${s.id}::text AS id FROM ${s.table} WHERE ${where}
                ORDER BY "createdAt" DESC, ${s.id} DESC LIMIT ${take} OFFSET ${offset}`,
  );
  return rows.map((r) => r.id);
}

/** The id of another record of this council and kind with this registration number (any letter
 *  case), if any. Compared by lower(), exactly: Prisma's case-insensitive equals is ILIKE, where the
 *  _ and % a number may hold (JNM_2026_01) are wildcards, and a similar number answered a false 409
 *  (issue 25). */
export async function sameNumberId(
  db: DbOrTx,
  kind: Kind,
  ownerId: number,
  number: string,
  exceptId?: string,
): Promise<string | undefined> {
  const { table: t, id: key } = listSql(kind);
  const column = Prisma.raw(`"${kind.numberField}"`);
  const [hit] = await db.$queryRaw<{ id: string }[]>`
    SELECT ${key}::text AS id FROM ${t}
    WHERE "createdByUserId" = ${ownerId} AND lower(${column}) = lower(${number})
      AND ${key}::text <> ${exceptId ?? ''}
    LIMIT 1`;
  return hit?.id;
}

/** Holds the council's registration numbers of the kind for this transaction. */
export const lockNumbers = (tx: Tx, kind: Kind, ownerId: number) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(${ownerId}::int, hashtext(${`certificate-number:${kind.kind}`}))`;
