// Opens the database: a PostgreSQL server when DATABASE_URL is set, otherwise PGlite (PostgreSQL
// compiled to WebAssembly) in DATA_DIR/pgdata, owned by this one process. Migrations are applied
// before the Prisma client is handed out.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite, protocol } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { applyMigrations, type SqlRunner } from './migrate.ts';
import { takeLock } from './lock.ts';
import type { DbOrTx } from './transaction.ts';
import { primaryOnly, withStandby, type PublicReader } from './standby.ts';

/** Seconds a standby's replay is behind (standby.ts, LagProbe); 0 on a primary. */
const STANDBY_LAG_SQL = `SELECT (CASE WHEN NOT pg_is_in_recovery() THEN 0
    WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
    ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp()) END)::float8 AS lag`;

export type Db = InstanceType<typeof PrismaClient>;

/** Rows of plain SQL with each value typed as Prisma types it. */
export type PlainReader = <T = Record<string, unknown>>(sql: string, params: unknown[]) => Promise<T[]>;

/** PostgreSQL type ids whose PGlite reading differs from Prisma's: a timestamp without zone is UTC to
 *  Prisma and local time to PGlite; numeric is a Decimal to Prisma and text to PGlite. */
const TIMESTAMP = 1114;
const NUMERIC = 1700;
const prismaTyped = {
  parsers: {
    [TIMESTAMP]: (x: string) => new Date(`${x.replace(' ', 'T')}Z`),
    [NUMERIC]: (x: string) => new Prisma.Decimal(x),
  },
};

/** The same for node-postgres, whose own readings differ from Prisma's there and for date (local
 *  midnight to node-postgres, UTC midnight to Prisma). */
const DATE = 1082;
const pgPrismaTyped = (fallback: (oid: number) => unknown) => ({
  getTypeParser: (oid: number) =>
    oid === TIMESTAMP
      ? prismaTyped.parsers[TIMESTAMP]
      : oid === NUMERIC
        ? prismaTyped.parsers[NUMERIC]
        : oid === DATE
          ? (x: string) => new Date(`${x}T00:00:00Z`)
          : fallback(oid),
});

const plainReaders = new WeakMap<object, PlainReader>();

/** Plain SQL beside the Prisma client `db`, for reads on a hot path (a certificate PDF or QR page):
 *  Prisma's own work on a query is main-thread CPU beside the database's. On PGlite, which runs on
 *  that thread too, a certificate read by id took 1.2-1.5 ms through Prisma against 0.5-0.6 ms;
 *  on PostgreSQL, through a small pool of its own, see bench/README.md ("PDF throughput on
 *  PostgreSQL"). Undefined for a transaction's client: its reads stay on its connection. */
export function plainReaderOf(db: DbOrTx): PlainReader | undefined {
  return plainReaders.get(db);
}

export interface OpenDatabase {
  prisma: Db;
  kind: 'postgresql' | 'pglite';
  /** Plain SQL outside Prisma (bulk work, health). */
  sql: SqlRunner;
  /** Embedded database only: calls `onNotify` for each notification (NOTIFY) on `channel`. PGlite
   *  hands it over, after the commit, before the statement that committed returns; and this process
   *  alone opens the database (lock.ts), so no change to it goes unnoticed. On PostgreSQL other
   *  processes write too, and a notification arrives whenever its connection reads it: none here. */
  listen?(channel: string, onNotify: () => void): Promise<void>;
  /** PostgreSQL server only: its address, for work that needs a session of its own (a backup). */
  databaseUrl?: string;
  /** The public pages' reads: on the standby of DATABASE_READ_URL when it is fit, else on this database (standby.ts). */
  publicReader: PublicReader;
  /** Embedded database only: a copy of its files in `dest` that cannot tear, for a backup to read in
   *  another process; answers what to open (a folder, or a tar of one for an in-memory database) and
   *  how long every other query waited for it. */
  snapshot?(dest: string): Promise<{ source: string; blockedMs: number }>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An in-memory PGlite started from this dump (tests); ignores dataDir. */
  loadDataDir?: Blob | File;
  log?: (msg: string) => void;
  migrate?: boolean;
  /** DATABASE_READ_URL: a streaming-replication standby for the public pages' reads. */
  readUrl?: string;
  /** DATABASE_READ_MAX_LAG_S: a standby further behind than this is passed over (default 10). */
  maxLagSeconds?: number;
}

/** pg_trgm for the name searches; btree_gin to put the council in front of a name's trigrams in one
 *  GIN index (a council's search reads its own owners' and certificates' trigrams, not the district's). */
export const pgliteExtensions = { pg_trgm, btree_gin };

/** PostgreSQL's 128 MB of shared buffers are most of the embedded database's memory (RSS of a
 *  migrated portal database opened and read: 381 MB at 128 MB, 284 MB at 32 MB, 263 MB at 16 MB);
 *  pages beyond them are still read from the operating system's file cache, not from disk. */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** Interactive transactions (`db.$transaction(async (tx) => …)`). maxWait is how long one may queue
 *  before it starts: on PGlite (one connection) every transaction waits for those ahead of it, on
 *  PostgreSQL for a pool connection; Prisma's 2 s default is short for a burst of 50 on a small
 *  office machine. timeout (the time a transaction may stay open) stays at Prisma's 5 s: on PGlite
 *  an open transaction holds up every other query. */
const transactionOptions = { maxWait: 10_000, timeout: 5_000 };

/** Creates a new embedded database (initdb) in `dir` in a child process of its own, and, when the
 *  server runs compiled (dist/, as `npm start` runs it), migrates it there too. In this process
 *  initdb would leave its WebAssembly instances, their memory and the heap it fragmented behind until
 *  the next restart (RSS 771 MB at ready on a first start against 292 MB on a restart), and the ~20
 *  migrations of a new database another ~19 MB of PostgreSQL's WebAssembly memory, which never
 *  shrinks (250 MB at ready against 231 on a restart); the child hands all of it back to the system
 *  when it exits, and this process then opens the directory as a restart does. Plain Node and
 *  PGlite's CommonJS build; under tsx and vitest (migrate.ts is TypeScript there) this process
 *  migrates after it, as on any start. */
async function initdbApart(dir: string, log: (msg: string) => void): Promise<void> {
  const script = `const [pglite, trgm, btreeGin, dir, params, migrate] = process.argv.slice(1);
    const { PGlite } = require(pglite);
    PGlite.create(dir, { startParams: JSON.parse(params), extensions: { pg_trgm: require(trgm).pg_trgm, btree_gin: require(btreeGin).btree_gin } })
      .then(async (db) => {
        if (migrate) await (await import(migrate)).applyMigrations({
          query: async (sql, values) => (await db.query(sql, values)).rows,
          exec: async (sql) => void (await db.exec(sql)),
        }, console.log);
        await db.close();
      })
      .catch((err) => { console.error(err.message); process.exit(1); });`;
  const require = createRequire(import.meta.url);
  const migrate = import.meta.url.endsWith('.js') ? new URL('./migrate.js', import.meta.url).href : '';
  const args = [
    require.resolve('@electric-sql/pglite'),
    require.resolve('@electric-sql/pglite/contrib/pg_trgm'),
    require.resolve('@electric-sql/pglite/contrib/btree_gin'),
    dir,
  ];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', script, ...args, JSON.stringify(pgliteStartParams), migrate], {
      maxBuffer: 1 << 20,
    });
    // Its "applied migration …" lines, as a migration in this process logs them.
    for (const line of stdout.split('\n')) if (line.trim()) log(line.trim());
  } catch (err) {
    const { stderr } = err as { stderr?: string };
    throw new Error(`creating the embedded database in ${dir} failed: ${stderr?.trim() || (err as Error).message}`, { cause: err });
  }
}

export function pgliteRunner(db: PGlite): SqlRunner {
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows,
    exec: async (sql) => void (await db.exec(sql)),
    async copyTo(source) {
      const { blob } = await db.query(`COPY ${source} TO '/dev/blob'`);
      return blob ? Buffer.from(await blob.arrayBuffer()) : Buffer.alloc(0);
    },
    copyFrom: async (target, data) =>
      void (await db.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([data as Uint8Array<ArrayBuffer>]) })),
  };
}

/** Plain SQL on one node-postgres client; COPY through pg-copy-streams (node-postgres has no COPY of
 *  its own), the protocol's STDIN and STDOUT. */
export function pgRunner(client: import('pg').Client): Required<SqlRunner> {
  return {
    query: async (q, params) => (await client.query(q, params)).rows,
    exec: async (q) => void (await client.query(q)),
    async copyTo(source) {
      const { to } = await import('pg-copy-streams');
      const chunks: Buffer[] = [];
      for await (const c of client.query(to(`COPY ${source} TO STDOUT`))) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    },
    async copyFrom(target, data) {
      const { from } = await import('pg-copy-streams');
      await pipeline(Readable.from([data]), client.query(from(`COPY ${target} FROM STDIN`)));
    },
  };
}

/** The server ended the session (administrator or crash shutdown, cannot connect now) or the
 *  connection broke: the statement did not run to its answer. */
const connectionEnded = (err: unknown) =>
  ['57P01', '57P02', '57P03'].includes((err as { code?: string }).code ?? '') ||
  /Connection terminated|ECONNRESET|EPIPE|not queryable/i.test((err as Error).message ?? '');

/** The session lost inside a transaction: what it did is rolled back, and the caller must hear it. */
export class SessionLost extends Error {}

/** Plain SQL on one session of its own (a restore's BEGIN … COMMIT and a migration's advisory lock
 *  need one), opened again when the server ends it. PostgreSQL restarted, a standby promoted, a
 *  network cut or pg_terminate_backend must not take the portal down: an idle pg.Client's 'error'
 *  with no listener ends the process (measured: a portal died at once when its backends were
 *  terminated). A session lost inside a transaction fails the next statement (SessionLost), so a
 *  BEGIN … COMMIT never carries on in autocommit on the new session; a session lost while idle is
 *  replaced unseen (a statement sent before the loss was read is sent again on the new one).
 *  Statements run one at a time in the order asked (node-postgres's own queue for concurrent
 *  queries on one client is deprecated). */
export function sessionRunner(connect: () => Promise<import('pg').Client>, log: (msg: string) => void) {
  let current: Promise<import('pg').Client> | undefined;
  let lostInTransaction: string | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const session = () => {
    if (current) return current;
    const opening = connect().then((client) => {
      const lost = (why: string) => {
        if (current !== opening) return;
        current = undefined;
        const status = client.getTransactionStatus();
        if (status === 'T' || status === 'E') lostInTransaction = why;
        log(`database session lost (${why}); the next statement opens a new one`);
        void client.end().catch(() => {});
      };
      client.on('error', (err) => lost(err.message));
      client.on('end', () => lost('closed by the server'));
      return client;
    });
    current = opening;
    opening.catch(() => {
      if (current === opening) current = undefined;
    });
    return opening;
  };
  const serial = <T>(work: (client: import('pg').Client) => Promise<T>): Promise<T> => {
    const run = queue.then(async () => {
      const client = await session();
      if (lostInTransaction) {
        const why = lostInTransaction;
        lostInTransaction = undefined;
        throw new SessionLost(`the database session was lost inside a transaction, which was rolled back (${why})`);
      }
      const idle = client.getTransactionStatus() !== 'T' && client.getTransactionStatus() !== 'E';
      try {
        return await work(client);
      } catch (err) {
        if (!connectionEnded(err)) throw err;
        // Ended before it could answer (the server's goodbye was still unread when the statement
        // went out): once more on a new session when it was not inside a transaction.
        current = undefined;
        lostInTransaction = undefined;
        void client.end().catch(() => {});
        if (!idle)
          throw new SessionLost(`the database session was lost inside a transaction, which was rolled back (${(err as Error).message})`);
        return work(await session());
      }
    });
    queue = run.catch(() => {});
    return run;
  };
  return {
    query: <T>(q: string, params?: unknown[]) => serial((c) => pgRunner(c).query<T>(q, params)),
    exec: (q: string) => serial((c) => pgRunner(c).exec(q)),
    copyTo: (source: string) => serial((c) => pgRunner(c).copyTo(source)),
    copyFrom: (target: string, data: Buffer) => serial((c) => pgRunner(c).copyFrom(target, data)),
    /** Connects now (a start-up fails at once on a wrong address). */
    open: () => serial(async () => {}),
    async end() {
      const c = current;
      current = undefined;
      if (c) await (await c.catch(() => undefined))?.end().catch(() => {});
    },
  } satisfies SqlRunner & Record<string, unknown>;
}

/** Holds both of PGlite's locks (no transaction open, no query running) while the files are
 *  copied: with nothing writing, the copy is a database at one instant, which PostgreSQL opens as
 *  after a clean stop (the CHECKPOINT first spares it replaying the log). In memory (tests) the
 *  files are PGlite's own tar of its folder. */
async function snapshotPglite(pglite: PGlite, folder: string | undefined, dest: string) {
  fs.mkdirSync(dest, { recursive: true });
  if (!folder) {
    const t0 = performance.now();
    const tar = await pglite.dumpDataDir('none');
    const blockedMs = performance.now() - t0;
    const source = path.join(dest, 'pgdata.tar');
    fs.writeFileSync(source, Buffer.from(await tar.arrayBuffer()));
    return { source, blockedMs };
  }
  const source = path.join(dest, 'pgdata');
  let blockedMs = 0;
  await pglite._runExclusiveTransaction(() =>
    pglite.runExclusive(async () => {
      const t0 = performance.now();
      await pglite.execProtocol(protocol.serialize.query('CHECKPOINT'));
      // A copy-on-write clone where the file system has them (btrfs, XFS), a plain copy elsewhere.
      await fs.promises.cp(folder, source, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
      blockedMs = performance.now() - t0;
    }),
  );
  return { source, blockedMs };
}

export async function openDatabase(opts: OpenOptions): Promise<OpenDatabase> {
  const log = opts.log ?? (() => {});
  if (opts.databaseUrl) {
    // Loaded only for a PostgreSQL server: an embedded start need not pay for them.
    const [{ default: pg }, { PrismaPg }] = await Promise.all([import('pg'), import('@prisma/adapter-pg')]);
    // No JIT compilation: the portal's statements are short, and where the planner's estimate runs
    // high (generate_series guesses 1,000 rows) PostgreSQL spent 1.1 of the rollover's 2.5 s
    // compiling it (bench/README.md, the tax books). The server's own setting is left alone.
    const options = '-c jit=off';
    const session = sessionRunner(async () => {
      const client = new pg.Client({ connectionString: opts.databaseUrl, options });
      await client.connect();
      return client;
    }, log);
    const sql: SqlRunner = session;
    try {
      await session.open();
      if (opts.migrate !== false) await applyMigrations(sql, log);
    } catch (err) {
      await session.end();
      throw err;
    }
    const types = pgPrismaTyped((oid) => pg.types.getTypeParser(oid));
    /** A Prisma client and its plain-SQL pool on one server. */
    const clientsOf = (url: string, max: number) => {
      const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max, options }), transactionOptions });
      // Connections open on first use; four are enough for reads of one row each.
      const plainPool = new pg.Pool({ connectionString: url, max: 4, options });
      plainPool.on('error', (err) => log(`plain-SQL pool: ${err.message}`));
      plainReaders.set(
        prisma,
        async <T>(q: string, params: unknown[]) => (await plainPool.query({ text: q, values: params, types })).rows as T[],
      );
      return { prisma, plainPool, close: async () => void (await Promise.all([prisma.$disconnect(), plainPool.end()])) };
    };
    const primary = clientsOf(opts.databaseUrl, 10);
    const standby = opts.readUrl ? clientsOf(opts.readUrl, 5) : undefined;
    const publicReader = standby
      ? withStandby(
          primary.prisma,
          standby.prisma,
          async () => (await standby.plainPool.query<{ lag: number | null }>(STANDBY_LAG_SQL)).rows[0]?.lag ?? null,
          opts.maxLagSeconds ?? 10,
          log,
        )
      : primaryOnly(primary.prisma);
    return {
      prisma: primary.prisma,
      kind: 'postgresql',
      sql,
      databaseUrl: opts.databaseUrl,
      publicReader,
      async close() {
        await primary.close();
        await standby?.close();
        await session.end();
      },
    };
  }

  let pglite: PGlite;
  let dataFolder: string | undefined;
  let unlock = () => {};
  if (opts.loadDataDir) {
    pglite = await PGlite.create({ loadDataDir: opts.loadDataDir, extensions: pgliteExtensions, startParams: pgliteStartParams });
  } else {
    const dir = path.join(opts.dataDir ?? './data', 'pgdata');
    dataFolder = dir;
    fs.mkdirSync(dir, { recursive: true });
    unlock = takeLock(path.dirname(dir));
    try {
      if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await initdbApart(dir, log);
      pglite = await PGlite.create(dir, { extensions: pgliteExtensions, startParams: pgliteStartParams });
    } catch (err) {
      unlock();
      throw err;
    }
  }
  const sql = pgliteRunner(pglite);
  if (opts.migrate !== false) await applyMigrations(sql, log);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions });
  plainReaders.set(prisma, async <T>(q: string, params: unknown[]) => (await pglite.query<T>(q, params, prismaTyped)).rows);
  return {
    prisma,
    kind: 'pglite',
    sql,
    publicReader: primaryOnly(prisma),
    listen: async (channel, onNotify) => void (await pglite.listen(channel, () => onNotify())),
    snapshot: (dest) => snapshotPglite(pglite, dataFolder, dest),
    async close() {
      await prisma.$disconnect();
      await pglite.close();
      unlock();
    },
  };
}
