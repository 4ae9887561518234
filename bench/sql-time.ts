// Database time of a service call, measured as PostgreSQL measures it: the raw statements the call
// sends (db.$queryRaw) are recorded, then each is run again under EXPLAIN (ANALYZE) and its
// "Execution Time" taken. On a busy shared machine this varies far less than the wall time of a
// request (no waiting for the CPU between statements, no Node work). Prisma's own reads (findMany of
// a page's rows by primary key) are not raw statements and are left out.
import { Prisma } from '../server/generated/prisma/client.ts';
import type { Db } from '../server/db/open.ts';

type Raw = (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => Promise<unknown>;

/** Runs fn with a db that records its raw statements; returns them. */
export async function statementsOf(db: Db, fn: (db: Db) => Promise<unknown>): Promise<Prisma.Sql[]> {
  const seen: Prisma.Sql[] = [];
  const raw = db.$queryRaw.bind(db) as Raw;
  const recording = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== '$queryRaw') return Reflect.get(target, prop, receiver);
      return (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
        seen.push(Array.isArray(query) ? Prisma.sql(query as TemplateStringsArray, ...values) : (query as Prisma.Sql));
        return raw(query, ...values);
      };
    },
  });
  await fn(recording);
  return seen;
}

/** Median over `runs` of the summed execution times (ms) of the statements fn sends. */
export async function sqlTimeOf(db: Db, fn: (db: Db) => Promise<unknown>, runs = 7): Promise<number> {
  const statements = await statementsOf(db, fn);
  const sums: number[] = [];
  for (let i = 0; i < runs; i++) {
    let sum = 0;
    for (const s of statements) {
      const [row] = await db.$queryRawUnsafe<{ 'QUERY PLAN': [{ 'Execution Time': number }] }[]>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`,
        ...s.values,
      );
      sum += row['QUERY PLAN'][0]['Execution Time'];
    }
    sums.push(sum);
  }
  sums.sort((a, b) => a - b);
  return sums[Math.floor(sums.length / 2)];
}
