// Gap-free numbers per council: receipt numbers, ferfar (transfer) numbers, certificate serials.
// The number is taken inside the caller's transaction, with the record that carries it. The single
// statement below locks the council's counter row until that transaction ends, so a second caller
// waits instead of reading the same value, and a rolled-back caller gives its number back: the
// numbers that survive are 1, 2, 3… with no holes, as an audit of a receipt book expects.
//
// Use the transaction's client for every query until the callback returns. On the embedded database
// (PGlite, one connection) a query on the outer client waits for the transaction to end, which
// waits for that query: it would hang until the transaction's timeout.
import type { Tx } from './transaction.ts';

/** The next number of a council's sequence, starting at 1.
 *  @param council the council account (createdByUserId) the sequence belongs to
 *  @param key the sequence's name, e.g. 'receipt' (at most 40 characters)
 *  @param year the year the sequence restarts in (for receipts, the financial year's first year:
 *    2025 for 2025–26); 0 for a sequence that never restarts */
export async function nextNumber(tx: Tx, council: number, key: string, year: number): Promise<number> {
  if (!key || key.length > 40) throw new Error(`counter name must be 1 to 40 characters: "${key}"`);
  if (!Number.isInteger(council) || !Number.isInteger(year)) throw new Error('counter council and year must be whole numbers');
  const rows = await tx.$queryRaw<{ value: number }[]>`
    INSERT INTO "Counter" ("createdByUserId", "name", "year", "value") VALUES (${council}, ${key}, ${year}, 1)
    ON CONFLICT ("createdByUserId", "name", "year") DO UPDATE SET "value" = "Counter"."value" + 1
    RETURNING "value"`;
  return Number(rows[0].value);
}

/** `n` consecutive numbers of the sequence at once (a bulk import's serials); answers the first. */
export async function nextNumbers(tx: Tx, council: number, key: string, year: number, n: number): Promise<number> {
  if (!Number.isInteger(n) || n < 1) throw new Error('a block of numbers is at least 1');
  const rows = await tx.$queryRaw<{ value: number }[]>`
    INSERT INTO "Counter" ("createdByUserId", "name", "year", "value") VALUES (${council}, ${key}, ${year}, ${n})
    ON CONFLICT ("createdByUserId", "name", "year") DO UPDATE SET "value" = "Counter"."value" + ${n}
    RETURNING "value"`;
  return Number(rows[0].value) - n + 1;
}
