// Issue 26.7: the migration to the tax books keeps every figure. The fixture
// (tests/fixtures/tax-books-before, recorded by its record.ts with the portal before the books) is a
// council seeded the old way through its API: registrations, arrears, receipts in cash and by
// cheque, a transfer, the rollover into 2026-27 and that year's receipts; with what the old server
// answered. Here the database is built up to the migration before the books, given those rows,
// migrated, and the new server must answer the same: each owner's kar record, the tax list and its
// totals, the payment history and every receipt. Then the books themselves must hold: each
// property's ledger sums to its kar record, the DCB to the list, and the next year rolls over.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type OpenDatabase } from '../../server/db/open.ts';
import { applyMigrations } from '../../server/db/migrate.ts';
import { buildApp, type App } from '../../server/app.ts';
import { toPaise } from '../../common/money.ts';
import { TAX_HEADS } from '../../common/property/tax.ts';
import { atDate } from '../helpers/tax.ts';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/tax-books-before');
const BOOKS = '20261126175038_tax_books';
const answers = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'answers.json'), 'utf8'));
const rows = fs.readFileSync(path.join(FIXTURE, 'rows.sql'), 'utf8');

interface Opened {
  database: OpenDatabase;
  drop(): Promise<void>;
}

/** A fresh embedded database in a directory of its own. */
async function freshPglite(): Promise<Opened> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-books-migration-'));
  const database = await openDatabase({ dataDir: dir, migrate: false });
  return { database, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A fresh PostgreSQL database beside the test database, dropped afterwards. */
async function freshPostgres(): Promise<Opened> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `gp_books_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), migrate: false });
  return {
    database,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function migratedApp(open: () => Promise<Opened>): Promise<{ app: App; sql: OpenDatabase['sql'] }> {
  const { database, drop } = await open();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-books-app-'));
  cleanups.push(async () => {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const before = await applyMigrations(database.sql, () => {}, BOOKS);
  expect(before.at(-1)! < BOOKS).toBe(true);
  await database.sql.exec(rows);
  expect(await applyMigrations(database.sql)).toContain(BOOKS);
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: crypto.randomBytes(32).toString('hex'), PUBLIC_BASE_URL: 'http://portal.test' }),
    webDist: path.join(dataDir, 'no-web'),
    logLevel: 'silent' as const,
  };
  const app = await buildApp({ ...config, sms: { ...config.sms, worker: false } }, database, false);
  await app.ready();
  cleanups.unshift(() => app.close());
  atDate(app, answers.recordedOn);
  return { app, sql: database.sql };
}

const cases = [{ name: 'the embedded database', open: freshPglite }];
if (process.env.DATABASE_URL) cases.push({ name: 'PostgreSQL', open: freshPostgres });

describe.each(cases)('the migration to the tax books on $name', ({ open }) => {
  it('answers every owner, list, total and receipt as the server before it did, from books that sum to them', async () => {
    const { app, sql } = await migratedApp(open);
    const login = await app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { username: 'juni_gp', password: 'Juni-nondvahi-2025' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const auth = { authorization: `Bearer ${login.json().token}` };
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json().result;
    };

    for (const [no, old] of Object.entries(answers.owners) as [string, { ownerId: number; kar: object[]; history: object[] }][]) {
      const kar = await get(`/api/KarImport/details-by-owner?ownerId=${old.ownerId}`);
      expect(kar, `kar record of ${no}`).toMatchObject(old.kar);
      expect(kar[0].advance, `advance of ${no}`).toBe('0.00');
      expect(await get(`/api/KarImport/payment-history?ownerId=${old.ownerId}`), `receipts of ${no}`).toMatchObject(old.history);
      // The ledger's balance is the kar record, head by head.
      const { balance, entries } = await get(`/api/KarImport/ledger?ownerId=${old.ownerId}`);
      for (const h of TAX_HEADS) {
        expect(balance.heads[h.key].arrears, `${no} ${h.key} arrears`).toBe(kar[0][`magil${h.col}`]);
        expect(balance.heads[h.key].current, `${no} ${h.key} current`).toBe(kar[0][`chalu${h.col}`]);
      }
      expect(balance.total).toBe(kar[0].total);
      const sum = entries.reduce((s: bigint, e: { head: string | null; amount: string }) => (e.head ? s + toPaise(e.amount) : s), 0n);
      expect(sum, `${no}: the entries sum to what is owed`).toBe(toPaise(kar[0].total));
    }
    for (const list of answers.lists) expect(await get(list.url), list.url).toMatchObject(list.result);
    for (const r of answers.receipts) {
      const res = await app.inject({ method: 'GET', url: `/api/public/receipt/${r.receiptId}` });
      expect(res.statusCode).toBe(r.statusCode);
      expect(res.json().result).toMatchObject({ ...r.result, cancelled: false });
    }

    // The collections of the opening entries are the receipts, rupee for rupee.
    const [money] = await sql.query<{ receipts: string; collected: string }>(
      `SELECT (SELECT sum("amountTotal") * 100 FROM "Payment")::bigint::text AS receipts,
              (SELECT -sum("amount") FROM "TaxEntry" WHERE "kind" = 'collection')::bigint::text AS collected`,
    );
    expect(money.collected).toBe(money.receipts);
    // Each year's DCB collected what that year's receipts took of arrears and of the current demand.
    const lines = new Map<string, { financialYear: string; fromArrears: string; fromCurrent: string }>();
    for (const o of Object.values(answers.owners) as { history: { paymentId: number; category: string }[] }[])
      for (const h of o.history) lines.set(`${h.paymentId}|${h.category}`, h as never);
    for (const year of [2025, 2026]) {
      const of = [...lines.values()].filter((l) => l.financialYear === `${year}-${String(year + 1).slice(2)}`);
      expect(of.length).toBeGreaterThan(2);
      const sum = (k: 'fromArrears' | 'fromCurrent') => of.reduce((s, l) => s + toPaise(l[k]), 0n);
      const d = (await get(`/api/KarImport/dcb?taxYear=${year}`)).total;
      expect([toPaise(d.collectedArrears), toPaise(d.collectedCurrent)], `collections of ${year}`).toEqual([
        sum('fromArrears'),
        sum('fromCurrent'),
      ]);
    }
    // The DCB of 2026-27 closes where the list's grand total stands.
    const dcb = await get('/api/KarImport/dcb?taxYear=2026');
    const listTotal = answers.lists[0].result.totals.total;
    expect(dcb.total.closing).toBe(listTotal);
    expect(toPaise(dcb.total.openingArrears) + toPaise(dcb.total.currentDemand) - toPaise(dcb.total.collectedArrears)).toBe(
      toPaise(dcb.total.closing) + toPaise(dcb.total.collectedCurrent) + toPaise(dcb.total.remitted),
    );
    // The books go on: the next tax year rolls over from them, and what was owed comes forward whole.
    atDate(app, '2027-04-02');
    const roll = await app.inject({
      method: 'POST',
      url: `/api/KarImport/recalc-by-user/${login.json().userId}`,
      payload: {},
      headers: auth,
    });
    expect(roll.statusCode, roll.body).toBe(200);
    const after = await get('/api/OwnerProperty/KarDetails?pageNumber=1&pageSize=100');
    const magil = TAX_HEADS.reduce((s, h) => s + toPaise(after.totals[`magil${h.col}`]), 0n);
    expect(magil).toBe(toPaise(listTotal));
  });
});
