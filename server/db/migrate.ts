// Applies prisma/migrations/*/migration.sql in order, each in its own transaction, and records
// them in _prisma_migrations exactly as `prisma migrate deploy` does (sha256 checksum of the
// file), so the native CLI can take over where it is available. We cannot rely on the CLI:
// it downloads an engine at run time (shared note prisma-offline.md).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { root } from '../config.ts';

export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements. */
  exec(sql: string): Promise<void>;
  /** `COPY <source> TO …`: the rows in PostgreSQL's COPY text format, whole (keep `source` to a
   *  bounded range). Through PGlite's /dev/blob or a server's STDOUT; absent where neither is open. */
  copyTo?(source: string): Promise<Buffer>;
  /** `COPY <target> FROM …` of COPY text rows (whole lines). */
  copyFrom?(target: string, data: Buffer): Promise<void>;
}

export const migrationsDir = path.join(root, 'prisma/migrations');
// Same key Prisma uses, so our applier and a native `migrate deploy` exclude each other.
const ADVISORY_LOCK = 72707369;

export function listMigrations(dir = migrationsDir) {
  return fs
    .readdirSync(dir)
    .filter((d) => fs.existsSync(path.join(dir, d, 'migration.sql')))
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') };
    });
}

/** Returns the names of the migrations it applied. `before`: only those named before it (a test
 *  that builds a database of an earlier release, to migrate its data). */
export async function applyMigrations(db: SqlRunner, log: (msg: string) => void = () => {}, before?: string): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);
  await db.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK]);
  try {
    const done = await db.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(done.map((r) => [r.migration_name, r.checksum]));
    const ran: string[] = [];
    for (const m of listMigrations()) {
      if (before && m.name >= before) break;
      if (applied.has(m.name)) {
        if (applied.get(m.name) !== m.checksum) log(`warning: migration ${m.name} was changed after it was applied`);
        continue;
      }
      const id = crypto.randomUUID();
      await db.exec('BEGIN');
      try {
        await db.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`, [
          id,
          m.checksum,
          m.name,
        ]);
        await db.exec(m.sql);
        await db.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
        await db.exec('COMMIT');
      } catch (err) {
        await db.exec('ROLLBACK');
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
      log(`applied migration ${m.name}`);
      ran.push(m.name);
    }
    return ran;
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK]);
  }
}
