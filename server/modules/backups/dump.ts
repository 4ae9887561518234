// The logical dump: every table of the public schema read in one REPEATABLE READ READ ONLY
// transaction (one snapshot, so rows of different tables agree) with COPY, the table's rows as
// PostgreSQL's own text format, a range of pages at a time so a table of half a million rows never
// sits in memory whole (PGlite hands a COPY's output over whole, as one Blob). Then the
// sequences, read after the rows: a sequence only grows, so its value covers every id read.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SqlRunner } from '../../db/migrate.ts';
import { pgRunner } from '../../db/open.ts';
import { hashing, type SequenceValue, type TablePart } from './format.ts';

export interface Dump {
  migration: string | null;
  tables: (TablePart & { path: string })[];
  sequences: SequenceValue[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of the public schema, each after the tables its foreign keys point to (a restore
 *  loads them in this order with the foreign keys checked). */
export async function tablesInLoadOrder(sql: SqlRunner): Promise<string[]> {
  const tables = (await sql.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).map(
    (r) => r.name,
  );
  const edges = await sql.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
     JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public' AND k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p) || !parents.has(p)));
    if (!ready.length) throw new Error(`foreign keys form a cycle among ${tables.filter((t) => !placed.has(t)).join(', ')}`);
    for (const t of ready) {
      placed.add(t);
      order.push(t);
    }
  }
  return order;
}

/** Heap pages a COPY reads at once (16 MB at 8 kB a page): a table's part is written a range at a
 *  time, so memory stays bounded however big the table. */
const PAGES = 2048;

/** The settings a dump and a restore run under: values written in an unambiguous shape (ISO dates,
 *  times in UTC with their offset, floats exact) that either database reads back as they were. */
export const COPY_SETTINGS = `SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL TimeZone = 'UTC'; SET LOCAL IntervalStyle = 'postgres';
  SET LOCAL extra_float_digits = 3`;

/** The columns a restore can load (not dropped, not generated), in the table's order. */
export async function loadableColumns(sql: SqlRunner, table: string): Promise<string[]> {
  return (
    await sql.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = format('public.%I', $1::text)::regclass
       AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [table],
    )
  ).map((r) => r.name);
}

/** Lines in COPY text: one a row (a newline inside a value is written as \n). */
export function countLines(data: Buffer): number {
  let n = 0;
  for (let i = data.indexOf(10); i >= 0; i = data.indexOf(10, i + 1)) n++;
  return n;
}

/** Dumps the database `sql` talks to (a session of its own: it holds a transaction throughout) into
 *  `dir`: a table's rows in PostgreSQL's COPY text format, read a range of its pages at a time. */
export async function dumpDatabase(sql: SqlRunner, dir: string): Promise<Dump> {
  const { copyTo } = sql;
  if (!copyTo) throw new Error('this database connection cannot COPY');
  await fs.mkdir(dir, { recursive: true });
  await sql.exec('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    await sql.exec(COPY_SETTINGS);
    const tables: Dump['tables'] = [];
    for (const table of await tablesInLoadOrder(sql)) {
      const file = path.join(dir, `${table}.copy`);
      const columns = await loadableColumns(sql, table);
      const [{ pages }] = await sql.query<{ pages: number }>(
        `SELECT (pg_relation_size(format('public.%I', $1::text)::regclass) / current_setting('block_size')::int)::int AS pages`,
        [table],
      );
      const select = `SELECT ${columns.map(ident).join(', ')} FROM public.${ident(table)}`;
      const out = await fs.open(file, 'w', 0o600);
      const hash = hashing();
      let rows = 0;
      try {
        // By ctid: a range is read straight from its pages. The last range is open-ended, so rows in
        // pages added since the size was read (on a server, by a rewrite of the table) are not missed.
        for (let first = 0; ; first += PAGES) {
          const last = first + PAGES >= pages;
          const data = await copyTo.call(
            sql,
            `(${select} WHERE ctid >= '(${first},0)'${last ? '' : ` AND ctid < '(${first + PAGES},0)'`})`,
          );
          rows += countLines(data);
          await out.write(hash.update(data));
          if (last) break;
        }
      } finally {
        await out.close();
      }
      tables.push({ table, part: `db/${table}.copy`, columns, rows, path: file, ...hash.done() });
    }
    const migration =
      (
        await sql.query<{ name: string }>(
          `SELECT max(migration_name) AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        )
      )[0]?.name ?? null;
    const sequences: SequenceValue[] = [];
    for (const { name } of await sql.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'S' AND n.nspname = 'public' ORDER BY 1`,
    )) {
      const [s] = await sql.query<{ value: string; called: boolean }>(
        `SELECT last_value::text AS value, is_called AS called FROM public.${ident(name)}`,
      );
      sequences.push({ name, ...s });
    }
    return { migration, tables, sequences };
  } finally {
    await sql.exec('COMMIT');
  }
}

/** A PostgreSQL server's database dumped over a connection of its own: the portal's pool and its
 *  writers go on meanwhile (a REPEATABLE READ READ ONLY transaction takes no lock that blocks them). */
export async function dumpServerDatabase(databaseUrl: string, dir: string): Promise<Dump> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl, options: '-c jit=off' });
  // Lost between two statements, the next one fails and the backup with it; with no listener the
  // client's 'error' would end the portal.
  client.on('error', () => {});
  await client.connect();
  try {
    return await dumpDatabase(pgRunner(client), dir);
  } finally {
    await client.end();
  }
}
