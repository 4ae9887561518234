// For the backup tests: portals on databases of their own (a restore needs a fresh target, and on
// PostgreSQL the test files share one database), a realistic council seeded through the API, every
// row of every table and every uploaded file read back for comparison, and backup files rewritten
// as an attacker or a torn copy would leave them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import tar from 'tar-stream';
import pg from 'pg';
import { benchApp } from '../../bench/bench-app.ts';
import { throwawayDatabase } from '../../bench/throwaway-database.ts';
import type { SqlRunner } from '../../server/db/migrate.ts';
import { createCouncil, injectAs, type TestCouncil } from './app.ts';
import { caseOf, createValid, KIND_CASES } from './certificates.ts';
import { multipart } from './multipart.ts';
import { pay, propertyWithKar } from './tax.ts';
import type { App } from '../../server/app.ts';

/** The PostgreSQL server to make throw-away databases on: DATABASE_URL's, or the local one. */
export const serverUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The names of the throw-away databases: gp_backup_…, or BACKUP_TEST_DB_PREFIX's where a shared
 *  server keeps each engineer to names of their own. */
const throwawayPrefix = process.env.BACKUP_TEST_DB_PREFIX ?? 'gp_backup';

const SECRET = crypto.randomBytes(32).toString('hex');

export interface Portal {
  app: App;
  database: Awaited<ReturnType<typeof benchApp>>['database'];
  dataDir: string;
  databaseUrl?: string;
  close(): Promise<void>;
}

/** A fresh target for a restore: an empty database of its own (PostgreSQL) or data folder (embedded). */
export async function freshTarget(kind: 'postgresql' | 'pglite') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-restore-'));
  const db = kind === 'postgresql' ? await throwawayDatabase(serverUrl, 'target', throwawayPrefix) : undefined;
  return {
    dataDir,
    databaseUrl: db?.url,
    async drop() {
      await db?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The portal on a database of its own (migrated), in-process. */
export async function portalOn(target: { dataDir: string; databaseUrl?: string; drop?: () => Promise<void> }): Promise<Portal> {
  // One secret for all of them: a council's token still works on the portal its backup was restored to.
  const { app, database } = await benchApp({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, env: { JWT_SECRET: SECRET } });
  return {
    app,
    database,
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A council with each kind of certificate (a marriage with its couple's photos), a slide, and
 *  three properties with kar records and payments. */
export async function seedCouncil(app: App): Promise<TestCouncil> {
  const c = await createCouncil(app);
  for (const kind of KIND_CASES) await createValid(app, c, caseOf(kind.kind));
  const slide = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
  const { payload, headers } = multipart([
    { name: 'ImageFile', value: slide, filename: 'gramsabha.jpg', contentType: 'image/jpeg' },
    { name: 'BlogContent', value: 'ग्रामसभा दिनांक १५ ऑगस्ट' },
  ]);
  const res = await injectAs(app, c, { method: 'POST', url: '/api/Corosal', payload, headers });
  if (res.statusCode !== 201) throw new Error(`slide: ${res.statusCode} ${res.body}`);
  for (const n of ['1', '2', '3']) {
    const p = await propertyWithKar(app, c, n, { magilGharpatti: '500' });
    const paid = await pay(app, c, { karid: p.kar.karId, paid_gharpatti: '200' });
    if (paid.statusCode !== 201) throw new Error(`payment: ${paid.statusCode} ${paid.body}`);
  }
  return c;
}

/** Every row of every table of the public schema, as text, sorted: equal maps mean equal databases.
 *  Leaves out the trail's rows of backups and restores, which a backup cannot hold (its own is
 *  written after it, a restore's after the restore). */
export async function allRows(sql: SqlRunner): Promise<Record<string, string[]>> {
  const tables = await sql.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    // Request counts (the shared limits of issue 32) move with every request the test itself makes.
    if (name === 'RateLimit') continue;
    const where = name === 'AuditEntry' ? `WHERE t."entity" <> 'Backup'` : '';
    out[name] = (await sql.query<{ j: string }>(`SELECT to_jsonb(t)::text AS j FROM public."${name}" t ${where} ORDER BY 1`)).map(
      (r) => r.j,
    );
  }
  return out;
}

/** The trail's rows of backups and restores, oldest first. */
export const backupAudit = (sql: SqlRunner) =>
  sql.query<{ action: string; entityId: string; changes: Record<string, { new: unknown }> }>(
    `SELECT "action", "entityId", "changes" FROM "AuditEntry" WHERE "entity" = 'Backup' ORDER BY "id"`,
  );

/** Every file under DATA_DIR/uploads with the SHA-256 of its bytes. */
export function uploadedFiles(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'uploads');
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) walk(r);
      else
        out[r] = crypto
          .createHash('sha256')
          .update(fs.readFileSync(path.join(root, r)))
          .digest('hex');
    }
  };
  if (fs.existsSync(root)) walk('');
  return out;
}

/** A copy of an unencrypted backup with each entry passed through `change` (its name, its bytes). */
export async function rewriteBackup(file: string, out: string, change: (name: string, data: Buffer) => Buffer): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const entries: { name: string; data: Buffer }[] = [];
  const reading = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      entries.push({ name: entry.header.name, data: change(entry.header.name, Buffer.concat(chunks)) });
    }
  })();
  extract.end(gunzipSync(fs.readFileSync(file)));
  await reading;
  for (const e of entries) pack.entry({ name: e.name, size: e.data.length }, e.data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  fs.writeFileSync(out, gzipSync(Buffer.concat(chunks)));
}
