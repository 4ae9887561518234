// The migrations are the one source of the database's shape, on PGlite and PostgreSQL alike.
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import crypto from 'node:crypto';
import { diffMigrationsToSchema } from '../../scripts/schema-engine.ts';
import { applyMigrations, listMigrations } from '../../server/db/migrate.ts';
import { pgliteExtensions, pgliteRunner } from '../../server/db/open.ts';

describe('migrations', () => {
  it('agree with schema.prisma (no drift)', async () => {
    expect(await diffMigrationsToSchema()).toBe('');
  }, 300_000); // the WebAssembly schema engine: within 60 s at load 2.5 on two cores, over 60 s at load 17-24

  it('are recorded as prisma migrate deploy records them, and applied once', async () => {
    const db = await PGlite.create({ extensions: pgliteExtensions });
    const runner = pgliteRunner(db);
    const first = await applyMigrations(runner);
    expect(first).toEqual(listMigrations().map((m) => m.name));
    expect(await applyMigrations(runner)).toEqual([]);
    const rows = await runner.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT * FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(first);
    for (const [i, m] of listMigrations().entries()) {
      expect(rows[i].checksum).toBe(crypto.createHash('sha256').update(m.sql).digest('hex'));
      expect(rows[i].finished_at).not.toBeNull();
    }
    await db.close();
  });

  it.runIf(!!process.env.DATABASE_URL)('apply to an empty PostgreSQL database', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `gp_migrate_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const runner = {
        query: async (q: string, p?: unknown[]) => (await client.query(q, p)).rows,
        exec: async (q: string) => void (await client.query(q)),
      };
      expect(await applyMigrations(runner)).toHaveLength(listMigrations().length);
      const tables = await runner.query(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'BirthCertificate'`,
      );
      expect(tables[0].n).toBe(1);
      await client.end();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
  });
});
