// The logical dump: every table of the public schema read in one REPEATABLE READ READ ONLY
// transaction (one snapshot, so rows of different tables agree), through a cursor in batches so a
// table of half a million rows never sits in memory whole, a row's to_jsonb a line. Then the
// sequences, read after the rows: a sequence only grows, so its value covers every id read.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SqlRunner } from '../../db/migrate.ts';
import { hashing, type SequenceValue, type TablePart } from './format.ts';

const BATCH = 5_000;

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

/** Dumps the database `sql` talks to (a session of its own: it holds a transaction throughout) into `dir`. */
export async function dumpDatabase(sql: SqlRunner, dir: string): Promise<Dump> {
  await fs.mkdir(dir, { recursive: true });
  await sql.exec('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const tables: Dump['tables'] = [];
    for (const table of await tablesInLoadOrder(sql)) {
      const file = path.join(dir, `${table}.jsonl`);
      const out = await fs.open(file, 'w', 0o600);
      const hash = hashing();
      let rows = 0;
      try {
        await sql.exec(`DECLARE dump NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS j FROM public.${ident(table)} t`);
        for (;;) {
          const batch = await sql.query<{ j: string }>(`FETCH ${BATCH} FROM dump`);
          if (!batch.length) break;
          rows += batch.length;
          await out.write(hash.update(batch.map((r) => r.j).join('\n') + '\n'));
        }
        await sql.exec('CLOSE dump');
      } finally {
        await out.close();
      }
      tables.push({ table, part: `db/${table}.jsonl`, rows, path: file, ...hash.done() });
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
  await client.connect();
  try {
    return await dumpDatabase(
      {
        query: async (q, params) => (await client.query(q, params)).rows,
        exec: async (q) => void (await client.query(q)),
      },
      dir,
    );
  } finally {
    await client.end();
  }
}
