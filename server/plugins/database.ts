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
  }
}

export default fp(
  async function database(app: FastifyInstance, opts: { database: OpenDatabase }) {
    app.decorate('db', opts.database.prisma);
    app.decorate('sql', opts.database.sql);
    app.decorate('dbKind', opts.database.kind);
  },
  { name: 'database' },
);
