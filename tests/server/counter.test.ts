// nextNumber: gap-free numbers per council, key and year, taken inside the caller's transaction.
//
// On PostgreSQL the 50 callers really overlap: up to 10 hold a pool connection at once and queue
// on the counter row's lock. On PGlite there is one connection and the adapter runs one interactive
// transaction at a time; the others wait for it to end, so the waiting happens in the adapter's queue
// (counted by maxWait) and never on a row lock. That cannot deadlock as long as each callback uses
// only its own `tx`: a query on the outer client inside a callback would wait for the very
// transaction it is part of. Both ways every caller must get its number within maxWait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../helpers/app.ts';
import type { Db, OpenDatabase } from '../../server/db/open.ts';
import { nextNumber } from '../../server/db/counter.ts';
import { createAccount } from '../../server/modules/users/service.ts';

let database: OpenDatabase;
let db: Db;
let seq = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.prisma;
});
afterAll(async () => {
  await database?.close();
});

/** A fresh council: its counters start from nothing, also on a shared PostgreSQL database. */
async function council(): Promise<number> {
  const user = await createAccount(db, {
    username: `counter_${process.pid}_${Date.now().toString(36)}_${++seq}`,
    password: 'Secret-pass1',
  });
  return user.id;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

/** Takes a number in its own transaction, then reads the counter again in that transaction: while
 *  the transaction is open nobody else may have moved it. */
function take(owner: number, key: string, year: number, abandon = false) {
  return db.$transaction(async (tx) => {
    const n = await nextNumber(tx, owner, key, year);
    const row = await tx.counter.findUniqueOrThrow({ where: { createdByUserId_name_year: { createdByUserId: owner, name: key, year } } });
    expect(row.value).toBe(n);
    if (abandon) throw new Abandoned(n);
    return n;
  });
}

class Abandoned extends Error {
  constructor(readonly n: number) {
    super(`abandoned number ${n}`);
  }
}

async function counterValue(owner: number, key: string, year: number) {
  const row = await db.counter.findUnique({ where: { createdByUserId_name_year: { createdByUserId: owner, name: key, year } } });
  return row?.value ?? 0;
}

describe('nextNumber', () => {
  it('gives 50 concurrent transactions the numbers 1 to 50, each once', async () => {
    const owner = await council();
    const numbers = await Promise.all(range(1, 50).map(() => take(owner, 'receipt', 2025)));
    expect(sorted(numbers)).toEqual(range(1, 50));
    expect(await counterValue(owner, 'receipt', 2025)).toBe(50);
  });

  it('gives a rolled-back number to the next caller', async () => {
    const owner = await council();
    expect(await take(owner, 'ferfar', 0)).toBe(1);
    const failed = await take(owner, 'ferfar', 0, true).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(Abandoned);
    expect((failed as Abandoned).n).toBe(2);
    expect(await counterValue(owner, 'ferfar', 0)).toBe(1);
    expect(await take(owner, 'ferfar', 0)).toBe(2);
  });

  it('leaves no gap when concurrent callers roll back', async () => {
    const owner = await council();
    const results = await Promise.allSettled(range(1, 50).map((i) => take(owner, 'serial', 2025, i % 5 === 0)));
    const kept = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    const rejected = results.filter((r) => r.status === 'rejected').map((r) => r.reason);
    expect(rejected).toHaveLength(10);
    for (const reason of rejected) expect(reason).toBeInstanceOf(Abandoned);
    expect(sorted(kept)).toEqual(range(1, 40));
    expect(await counterValue(owner, 'serial', 2025)).toBe(40);
  });

  it('counts each council, key and year separately', async () => {
    const a = await council();
    const b = await council();
    expect(await take(a, 'receipt', 2025)).toBe(1);
    expect(await take(a, 'receipt', 2025)).toBe(2);
    expect(await take(a, 'receipt', 2026)).toBe(1);
    expect(await take(a, 'ferfar', 2025)).toBe(1);
    expect(await take(b, 'receipt', 2025)).toBe(1);
    expect(await take(a, 'receipt', 2025)).toBe(3);
    expect(await take(b, 'receipt', 2025)).toBe(2);
  });

  it("joins the caller's transaction: the number and the caller's other writes commit or roll back together", async () => {
    const owner = await council();
    await expect(
      db.$transaction(async (tx) => {
        const n = await nextNumber(tx, owner, 'receipt', 2025);
        await tx.blogPost.create({ data: { blogTitle: `receipt ${n}`, blogContent: 'x', eventDate: new Date(), createdByUserId: owner } });
        throw new Abandoned(n);
      }),
    ).rejects.toBeInstanceOf(Abandoned);
    expect(await db.blogPost.count({ where: { createdByUserId: owner } })).toBe(0);
    expect(await counterValue(owner, 'receipt', 2025)).toBe(0);
  });

  it('refuses a key it cannot store', async () => {
    const owner = await council();
    await expect(db.$transaction((tx) => nextNumber(tx, owner, 'k'.repeat(41), 2025))).rejects.toThrow(/1 to 40/);
    await expect(db.$transaction((tx) => nextNumber(tx, owner, '', 2025))).rejects.toThrow(/1 to 40/);
  });
});
