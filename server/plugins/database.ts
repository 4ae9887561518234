// Makes the Prisma client (and plain SQL for bulk work) available as app.db / app.sql.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db, OpenDatabase } from '../db/open.ts';
import type { SqlRunner } from '../db/migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    sql: SqlRunner;
    dbKind: OpenDatabase['kind'];
    /** The whole open database: what a backup reads (a snapshot of the embedded one, a session of its own on a server). */
    database: OpenDatabase;
    /** A public page's read: on the standby (DATABASE_READ_URL) while it is up and current, else on the primary (db/standby.ts). */
    publicRead: OpenDatabase['publicReader']['read'];
    /** After a bulk write (import, rollover, depreciation, an SMS batch): fresh planner statistics
     *  for these tables soon, on the embedded database (PostgreSQL's autovacuum does it there). */
    refreshStatistics: (tables: readonly string[], rows: number) => void;
  }
}

/** Fewer rows than this change statistics too little to be worth a VACUUM ANALYZE. */
const BULK_ROWS = 500;
/** Writes close together (an import, then its rollover) share one refresh, after the last. */
const SETTLE_MS = 2_000;

export default fp(
  async function database(app: FastifyInstance, opts: { database: OpenDatabase }) {
    app.decorate('db', opts.database.prisma);
    app.decorate('sql', opts.database.sql);
    app.decorate('dbKind', opts.database.kind);
    app.decorate('database', opts.database);
    app.decorate('publicRead', opts.database.publicReader.read);

    // PGlite runs no autovacuum: without this a 5,000-row import leaves the planner with the
    // statistics of an empty table until the six-hourly maintenance (server/db/maintenance.ts),
    // and the searches leave their indexes. VACUUM also sets the visibility map index-only scans use.
    const pending = new Set<string>();
    let timer: NodeJS.Timeout | undefined;
    app.decorate('refreshStatistics', (tables: readonly string[], rows: number) => {
      if (opts.database.kind !== 'pglite' || rows < BULK_ROWS) return;
      for (const t of tables) pending.add(t);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const list = [...pending].map((t) => `"${t.replace(/"/g, '')}"`).join(', ');
        pending.clear();
        opts.database.sql.exec(`VACUUM ANALYZE ${list}`).catch((err) => app.log.warn({ err }, 'VACUUM ANALYZE after a bulk write failed'));
      }, SETTLE_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearTimeout(timer));
  },
  { name: 'database' },
);
