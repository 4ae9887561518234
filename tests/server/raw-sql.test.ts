// Every raw SQL statement of the server, run against the migrated schema of the database the tests
// use (PostgreSQL with DATABASE_URL, PGlite without), so a renamed or dropped column fails here and
// not at a clerk's desk. A module's raw SQL lives in its sql.ts, each statement behind one exported
// function taking the client first; this test walks every sql.ts's exports and fails on a function
// it has no arguments for, and on raw SQL written anywhere else in the server. Each call runs inside
// a transaction that is rolled back, with harmless arguments: one council's own ids, empty lists.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createCouncil, injectCall, type TestApp } from '../helpers/app.ts';
import { seedTaxedHouse, thisYear } from '../helpers/tax-seed.ts';
import { DEFAULT_RATES } from '../../common/property/assessment.ts';
import { KINDS } from '../../server/modules/certificates/kinds.ts';
import type { DbOrTx } from '../../server/db/transaction.ts';

const root = path.resolve(import.meta.dirname, '../..');
const modulesDir = path.join(root, 'server/modules');

/** What the calls are made with: a council with one taxed property and one payment. */
interface Seed {
  council: number;
  propertyId: number;
  ownerId: number;
  karId: number;
  paymentId: number;
}

/** Argument lists for one exported function (after the client), one list per call: a statement
 *  built in more than one way gets a call for each. */
type Calls = (s: Seed) => unknown[][];

const TEN_ZEROS = Array.from({ length: 10 }, () => '0.00');
const NO_ID = '00000000-0000-4000-8000-000000000000';

/** Per module (its folder under server/modules), per exported function of its sql.ts. */
const CALLS: Record<string, Record<string, Calls>> = {
  certificates: {
    certificateRows: () =>
      KINDS.flatMap((k) => [
        [k, []],
        [k, [NO_ID]],
      ]),
    certificateCount: (s) => KINDS.map((k) => [k, s.council]),
    wordStartPage: (s) => KINDS.map((k) => [k, s.council, 'ra', 10, 0]),
    namesPage: (s) => KINDS.map((k) => [k, s.council, 'r%_w', 10, 0]),
    namesPageDense: (s) => KINDS.map((k) => [k, s.council, 'raw', 10, 20]),
    listPageIds: (s) =>
      KINDS.flatMap((k) => [
        [k, s.council, 10, 0, false],
        [k, s.council, 10, 0, true],
      ]),
    sameNumberId: (s) =>
      KINDS.flatMap((k) => [
        [k, s.council, 'RAW_1'],
        [k, s.council, 'RAW_1', NO_ID],
      ]),
    lockNumbers: (s) => KINDS.map((k) => [k, s.council]),
  },
  users: {
    sessionAccount: (s) => [[s.council]],
  },
  audit: {
    insertAuditEntry: (s) => [
      [[s.council, s.council, 'raw', null, '127.0.0.1', 'Property', '1', null, null, 'update', JSON.stringify({ a: { old: 1, new: 2 } })]],
      [[null, null, null, null, null, 'User', null, 'Property', '2', 'login-failed', null]],
    ],
    auditPage: (s) => [
      [{ councilId: s.council }, 25, 0],
      [{ councilId: s.council, entity: 'Property', entityId: '1', action: 'update', from: new Date(0), to: new Date() }, 1, 10],
      [{ councilId: s.council, entity: 'Property', withPortal: true }, 100, 0],
    ],
  },
  backups: {
    claimBackupDay: () => [['2099-01-01', new Date(), 'raw-sql', 1, new Date(0)]],
    finishBackupDay: () => [
      ['2099-01-01', new Date(), { name: 'gp-backup-2099-01-01T020000Z-scheduled.tar.gz' }],
      ['2099-01-01', new Date(), { error: 'disk full' }],
    ],
  },
  health: {
    databaseAnswers: () => [[]],
  },
  cluster: {
    takeSliding: () => [['raw-sql:sliding', 3, 60_000]],
    releaseSliding: () => [['raw-sql:sliding']],
    clearLimit: () => [['raw-sql:sliding']],
    hitFixed: () => [['raw-sql:fixed', 3, 60_000]],
    sweepLimits: () => [[]],
    tryJobLock: () => [['raw-sql']],
  },
  captcha: {
    rememberCaptcha: () => [[NO_ID, 'ABCDE', new Date(Date.now() + 60_000)]],
    takeCaptcha: () => [[NO_ID]],
    peekCaptcha: () => [[NO_ID]],
    spendNonce: () => [['raw-sql-nonce', new Date(Date.now() + 60_000)]],
    sweepCaptchas: () => [[]],
  },
  districts: {
    councilTotals: () => [[1, thisYear, '2026-03-31 18:30:00', '2027-03-31 18:30:00']],
    certificatesByMonth: () => [[1, '2026-03-31 18:30:00', '2027-03-31 18:30:00']],
  },
  carousel: {
    setPositions: (s) => [[s.council, []]],
  },
  transfers: {
    lockProperty: (s) => [[s.council, 'raw-1']],
  },
  sms: {
    // Scoped to the seed's council: on a shared PostgreSQL database other files' messages are left alone.
    duesRecipients: (s) => [[s.council]],
    settleClaimed: (s) => [
      [[s.council], 'test'],
      [[s.council], 'test', 600],
    ],
    claimMessages: (s) => [[1, [s.council]]],
    markHanded: () => [[[]]],
    recordOutcomes: () => [[[]], [[{ id: 0, status: 'sent', providerId: '', error: '', retryInSeconds: 0 }]]],
  },
  properties: {
    // Each way the searches are built: 1-2 letters and 3 or more, with and without a number.
    countProperties: (s) => [
      [s.council, ''],
      [s.council, 'r'],
      [s.council, 'raw-1'],
    ],
    ownerMatches: (s) => [
      [s.council, 'सु', '', 10, 0],
      [s.council, 'सुनीता', 'raw', 10, 0],
    ],
    ownerMatchesDense: (s) => [
      [s.council, 'सु', 'r', 10, 0],
      [s.council, 'सुनीता', '', 10, 0],
    ],
    ownerSuggestions: (s) => [
      [s.council, 'सु'],
      [s.council, 'सुनीता'],
    ],
    insertProperties: (s) => [[s.council, thisYear, []]],
    insertOwners: (s) => [[s.council, []]],
  },
  assessment: {
    rateVersionRows: (s) => [[s.council]],
    lockRates: (s) => [[s.council]],
    saveRateVersion: (s) => [[s.council, thisYear + 5, DEFAULT_RATES, 99]],
    factRows: (s) => [
      [s.council, null],
      [s.council, [s.propertyId]],
    ],
    factorRows: (s) => [[s.council, thisYear, null]],
    inForceRows: (s) => [[s.council, thisYear, [s.propertyId]]],
    laterRows: (s) => [[s.council, thisYear, null]],
    dropPending: (s) => [[[{ propertyId: s.propertyId, effectiveTaxYear: thisYear + 5 }], thisYear, s.council]],
    insertVersions: (s) => [[[], s.council, 'test', '', '']],
    registerFollows: (s) => [
      [s.council, null, true, null],
      [s.council, [s.propertyId], false, thisYear],
    ],
  },
  tax: {
    taxListBatch: (s) => {
      const last = { karId: s.karId, total: '0.00' };
      const byTotal = { field: 'total', direction: 'desc' };
      const plain = { field: null, direction: 'asc' };
      return [
        [s.council, plain, null, 10],
        [s.council, plain, last, 10],
        [s.council, byTotal, null, 10],
        [s.council, byTotal, last, 10],
      ];
    },
    lockKarRow: (s) => [[s.council, s.karId]],
    lockKarRows: (s) => [[s.council, [s.karId]]],
    lockAllKarRows: (s) => [[s.council]],
    lockKarBehind: (s) => [[s.council, thisYear]],
    balancesOf: (s) => [[s.propertyId]],
    balancesOfMany: (s) => [[s.council, [s.propertyId]]],
    insertEntries: () => [[[]]],
    recordEntries: (s) => [[[], s.karId, TEN_ZEROS]],
    summariseProperties: (s) => [[s.council, [s.propertyId]]],
    summariseCouncil: (s) => [[s.council]],
    earlierPayment: (s) => [[s.council, 'no-such-key']],
    writePayment: (s) => [
      [
        {
          karId: s.karId,
          createdByUserId: s.council,
          malmattaNo: 'RAW-1',
          payerName: 'x',
          receiptYear: thisYear,
          receiptNo: 999_999,
          paidOn: `${thisYear}-04-01`,
          paidMethod: 'cash',
          note: '',
          amountTotal: '1.00',
          idempotencyKey: null,
          chequeNo: '',
          bankName: '',
          bankReference: '',
          allocation: 'arrears-first',
        },
        [{ category: 'gharpatti', fromArrears: '1.00', fromCurrent: '0.00' }],
        [],
        s.karId,
        TEN_ZEROS,
      ],
    ],
    heldOf: (s) => [[s.paymentId]],
    rolloverPlan: (s) => [[s.council, thisYear]],
    behindWithAdvance: (s) => [[s.council, thisYear]],
    rollover: (s) => [[s.council, thisYear, `${thisYear}-04-01`, 'test']],
    recordRun: (s) => [[s.council, 'test', thisYear, 0]],
    claimGhasaraRun: (s) => [[s.council, thisYear + 5]],
    ledgerEntries: (s) => [[s.propertyId]],
    bookTotalRows: (s) => [[s.council, thisYear]],
    namuna9Page: (s) => [[s.council, thisYear, 0, 10, 0]],
    namuna9Receipts: (s) => [[[s.karId], thisYear]],
    listSums: (s) => [[s.council]],
    listPage: (s) => [
      [s.council, { field: null, direction: 'asc' }, 0, 10],
      [s.council, { field: 'total', direction: 'desc' }, 0, 10],
    ],
    monthlyReceipts: (s) => [[s.council, thisYear]],
    raisedKar: (s) => [[s.council, [s.propertyId], thisYear]],
  },
};

/** The mappers of a sql.ts (row to wire type), each with the statement whose rows it maps: it is
 *  run over every row those calls answered. */
const MAPPERS: Record<string, Record<string, string>> = {
  tax: { karRowOf: 'listPage' },
};

/** Reads that take the plain reader beside Prisma (server/db/open.ts) when given the client itself,
 *  and Prisma inside a transaction: each is also run on the client, outside any transaction. */
const PLAIN_READS = new Set(['users.sessionAccount', 'certificates.certificateRows']);

/** Raw SQL in the server: Prisma's raw calls and the plain reader beside it. */
const RAW = /\$(queryRaw|executeRaw)|plainReaderOf\(/;
/** The statement a string export would be: it must be run by a function instead. */
const STATEMENT = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;

let t: TestApp;
let seed: Seed;
const sqlModules: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const c = await createCouncil(t.app);
  const house = await seedTaxedHouse(injectCall(t.app, c), 'RAW-1', {
    arrears: { magilGharpatti: '100' },
    payment: { paid_gharpatti: '10' },
  });
  seed = {
    council: c.userId,
    propertyId: house.property.propertyId,
    ownerId: house.property.ownerId,
    karId: house.kar.karId,
    paymentId: house.payment!.paymentId as number,
  };
  for (const m of fs.readdirSync(modulesDir)) {
    const file = path.join(modulesDir, m, 'sql.ts');
    if (fs.existsSync(file)) sqlModules[m] = await import(file);
  }
});

afterAll(async () => {
  await t?.close();
});

/** Server source files, relative to the repository's root. */
function serverFiles(dir = path.join(root, 'server')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : serverFiles(full);
    return e.name.endsWith('.ts') ? [path.relative(root, full)] : [];
  });
}

const ROLLBACK = new Error('rolled back on purpose');

/** Runs one call in a transaction that is rolled back: the error it raised, if any, and what it answered. */
async function runRolledBack(
  fn: (db: DbOrTx, ...args: unknown[]) => Promise<unknown>,
  args: unknown[],
): Promise<{ err: Error | null; result?: unknown }> {
  let result: unknown;
  try {
    await t.app.db.$transaction(async (tx) => {
      result = await fn(tx, ...args);
      throw ROLLBACK;
    });
  } catch (err) {
    return err === ROLLBACK ? { err: null, result } : { err: err as Error };
  }
  return { err: new Error('the transaction committed') };
}

describe('raw SQL', () => {
  it('is written only in the modules’ sql.ts files (and server/db, the database layer)', () => {
    const outside = serverFiles().filter(
      (f) =>
        !f.startsWith('server/db/') && !/^server\/modules\/\w+\/sql\.ts$/.test(f) && RAW.test(fs.readFileSync(path.join(root, f), 'utf8')),
    );
    expect(outside).toEqual([]);
  });

  it('has arguments here for every exported function of every sql.ts, and no statement exported as text', () => {
    const problems: string[] = [];
    for (const [m, exports] of Object.entries(sqlModules)) {
      const calls = CALLS[m] ?? {};
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value === 'function' && !calls[name] && !MAPPERS[m]?.[name])
          problems.push(`${m}/sql.ts exports ${name}: add its arguments to CALLS (or, a mapper, to MAPPERS)`);
        if (typeof value === 'string' && STATEMENT.test(value))
          problems.push(`${m}/sql.ts exports ${name} as text: export a function that runs it`);
      }
      for (const name of [...Object.keys(calls), ...Object.keys(MAPPERS[m] ?? {})])
        if (typeof exports[name] !== 'function') problems.push(`CALLS or MAPPERS name ${m}.${name}, which sql.ts does not export`);
    }
    for (const m of Object.keys(CALLS)) if (!sqlModules[m]) problems.push(`CALLS names the module ${m}, which has no sql.ts`);
    expect(problems).toEqual([]);
  });

  it('runs every statement against the migrated schema', async () => {
    const failures: string[] = [];
    let ran = 0;
    /** The rows each statement answered, by "module.name", for the mappers. */
    const answered = new Map<string, unknown[]>();
    for (const [m, exports] of Object.entries(sqlModules)) {
      for (const [name, calls] of Object.entries(CALLS[m] ?? {})) {
        const fn = exports[name] as (db: DbOrTx, ...args: unknown[]) => Promise<unknown>;
        if (typeof fn !== 'function') continue;
        for (const args of calls(seed)) {
          const { err, result } = await runRolledBack(fn, args);
          if (Array.isArray(result)) answered.set(`${m}.${name}`, [...(answered.get(`${m}.${name}`) ?? []), ...result]);
          const errors = [err];
          if (PLAIN_READS.has(`${m}.${name}`))
            errors.push(
              await fn(t.app.db, ...args).then(
                () => null,
                (err: Error) => err,
              ),
            );
          ran++;
          for (const err of errors)
            if (err)
              failures.push(`${m}/sql.ts ${name}(${JSON.stringify(args).slice(0, 120)}): ${err.message.split('\n').slice(-3).join(' ')}`);
        }
      }
    }
    for (const [m, mappers] of Object.entries(MAPPERS))
      for (const [name, statement] of Object.entries(mappers)) {
        const rows = answered.get(`${m}.${statement}`) ?? [];
        if (!rows.length) failures.push(`${m}.${statement} answered no rows for the mapper ${name} to map`);
        for (const row of rows)
          try {
            const mapped = (sqlModules[m][name] as (r: unknown) => object)(row);
            const missing = Object.entries(mapped).filter(([, v]) => v === undefined || (typeof v === 'number' && Number.isNaN(v)));
            if (missing.length) failures.push(`${m}.${name} left ${missing.map(([k]) => k).join(', ')} undefined`);
          } catch (err) {
            failures.push(`${m}.${name} on a row of ${statement}: ${(err as Error).message}`);
          }
      }
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThan(40);
  });

  it('leaves the database as it found it', async () => {
    expect(await t.app.db.payment.count({ where: { createdByUserId: seed.council } })).toBe(1);
    expect(await t.app.db.taxYearRun.count({ where: { createdByUserId: seed.council } })).toBe(0);
  });
});
