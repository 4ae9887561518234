// Restore: a backup file (format.ts) into an empty database and data folder, or with `force` over
// whatever is there. The file is read twice: first to check every part against the manifest (a torn
// or altered file, a wrong passphrase, a newer portal's backup are refused before anything is
// touched), then to load it. The schema is built by this portal's own migrations up to the backup's
// level, the rows go in with the tables' triggers off (the derived tables, counts and name indexes,
// come from the file as they were), the sequences are set, and then the later migrations bring the
// data to this portal's level. Rows are never deleted: --force drops the public schema and builds it
// anew (the audit trail's trigger refuses deletes).
import fs from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, type OpenDatabase } from '../../db/open.ts';
import { recordAudit } from '../audit/record.ts';
import { applyMigrations, listMigrations, type SqlRunner } from '../../db/migrate.ts';
import { BackupRefused } from './refused.ts';
import { COPY_SETTINGS, countLines } from './dump.ts';
import { FORMAT, FORMAT_VERSION, hashing, readBackupFile, type Manifest } from './format.ts';

const BATCH_BYTES = 16 << 20;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const damaged = (part: string) =>
  new BackupRefused(
    `The backup file is damaged or was altered (${part} does not match its checksum): copy it again from where it was made, or use another backup.`,
  );

/** Reads the whole file and checks every part against the manifest; answers the manifest. */
export async function verifyBackup(file: string, passphrase?: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  let expected = new Map<string, { sha256: string; bytes: number }>();
  for await (const entry of readBackupFile(file, passphrase)) {
    if (!manifest) {
      if (entry.name !== 'manifest.json') throw new BackupRefused(`${file} is not a portal backup (it does not start with its manifest).`);
      const chunks: Buffer[] = [];
      for await (const c of entry.stream) chunks.push(c);
      try {
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
      } catch {
        throw new BackupRefused(`The backup file's manifest is damaged: use another backup.`);
      }
      if (manifest.format !== FORMAT) throw new BackupRefused(`${file} is not a portal backup.`);
      expected = new Map([...manifest.tables, ...manifest.uploads].map((p) => [p.part, p]));
      continue;
    }
    const want = expected.get(entry.name);
    if (!want)
      throw new BackupRefused(`The backup file holds ${entry.name}, which its manifest does not list: it was altered; use another backup.`);
    const hash = hashing();
    for await (const c of entry.stream) hash.update(c);
    const got = hash.done();
    if (got.sha256 !== want.sha256 || got.bytes !== want.bytes) throw damaged(entry.name);
    expected.delete(entry.name);
  }
  if (!manifest) throw new BackupRefused(`${file} is empty or cut short: use another backup.`);
  if (expected.size)
    throw new BackupRefused(
      `The backup file is cut short (torn: ${[...expected.keys()][0]} and ${expected.size - 1} more parts are missing): copy it again, or use another backup.`,
    );
  return manifest;
}

/** Whether this portal can load the file: same format, and a migration level it knows. Answers the
 *  name of the migration after that level (the first the restore applies after the rows), if any. */
export function checkCompatible(manifest: Manifest): string | undefined {
  if (manifest.formatVersion !== FORMAT_VERSION)
    throw new BackupRefused(
      `The backup is of format ${manifest.formatVersion}, this portal reads ${FORMAT_VERSION}: restore it with portal ${manifest.portalVersion}.`,
    );
  const names = listMigrations().map((m) => m.name);
  const level = manifest.migration ?? '';
  const at = names.indexOf(level);
  if (at < 0) {
    if (level > names[names.length - 1])
      throw new BackupRefused(
        `The backup was made by a newer portal (version ${manifest.portalVersion}, migration ${level}) than this one knows: update this portal to ${manifest.portalVersion} or later, then restore.`,
      );
    throw new BackupRefused(
      `The backup's migration level ${level || '(none)'} is not one of this portal's migrations: restore it with portal ${manifest.portalVersion}.`,
    );
  }
  return names[at + 1];
}

async function hasFiles(dir: string): Promise<boolean> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) if (e.isFile() || (e.isDirectory() && (await hasFiles(path.join(dir, e.name))))) return true;
  return false;
}

async function tablesWithRows(sql: SqlRunner): Promise<{ tables: string[]; withRows: string[] }> {
  const tables = (await sql.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`)).map(
    (r) => r.name,
  );
  const withRows: string[] = [];
  for (const t of tables) {
    if (t === '_prisma_migrations') continue;
    const [{ any }] = await sql.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM public.${ident(t)}) AS any`);
    if (any) withRows.push(t);
  }
  return { tables, withRows };
}

/** A part's bytes in pieces of whole lines (COPY text: a row a line), each at least `pieceBytes` but
 *  the last. Cut at a newline byte, which never falls inside a character of UTF-8 (Devanagari's
 *  three bytes each included), so nothing is decoded here. */
export async function* batches(stream: AsyncIterable<Buffer>, pieceBytes = BATCH_BYTES) {
  let held: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    held.push(chunk);
    size += chunk.length;
    if (size < pieceBytes) continue;
    const end = chunk.lastIndexOf(10);
    if (end < 0) continue;
    const all = Buffer.concat(held);
    const cut = all.length - chunk.length + end + 1;
    yield all.subarray(0, cut);
    held = cut < all.length ? [all.subarray(cut)] : [];
    size = all.length - cut;
  }
  if (size) yield Buffer.concat(held);
}

export interface RestoreOptions {
  file: string;
  /** DATA_DIR: the uploads go to its uploads/. */
  dataDir: string;
  passphrase?: string;
  /** Replace a database or uploads folder that already holds data. */
  force?: boolean;
  log?: (msg: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations applied after the rows, bringing an older backup to this portal's level. */
  migrated: string[];
  rows: number;
  files: number;
  /** Where uploads that were there before went (with force). */
  replacedUploads?: string;
}

/** Restores into a database already open (without migrations): the CLI's restoreBackup opens it. */
export async function restoreInto(database: OpenDatabase, opts: RestoreOptions & { verified?: Manifest }): Promise<RestoreResult> {
  const log = opts.log ?? (() => {});
  const manifest = opts.verified ?? (await verifyBackup(opts.file, opts.passphrase));
  const next = checkCompatible(manifest);
  const { sql } = database;
  const { copyFrom } = sql;
  if (!copyFrom) throw new Error('this database connection cannot COPY');
  const uploadsDir = path.join(opts.dataDir, 'uploads');
  const existing = await tablesWithRows(sql);
  const uploadsThere = await hasFiles(uploadsDir);
  if (!opts.force && (existing.withRows.length || uploadsThere))
    throw new BackupRefused(
      `The target is not empty (${existing.withRows.length ? `the database holds rows in ${existing.withRows.slice(0, 3).join(', ')}${existing.withRows.length > 3 ? '…' : ''}` : `${uploadsDir} holds files`}): restore into an empty database and data folder, or add --force to replace what is there.`,
    );
  if (existing.tables.length) {
    log('dropping the public schema to build it anew');
    await sql.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  }
  await applyMigrations(sql, log, next);
  log('schema built; loading the rows');

  const staged = path.join(opts.dataDir, `uploads.restoring-${process.pid}`);
  await fs.rm(staged, { recursive: true, force: true });
  const tables = new Map(manifest.tables.map((t) => [t.part, t]));
  const files = new Map(manifest.uploads.map((u) => [u.part, u]));
  let rows = 0;
  let fileCount = 0;
  await sql.exec('BEGIN');
  try {
    await sql.exec(COPY_SETTINGS);
    for (const t of manifest.tables) await sql.exec(`ALTER TABLE public.${ident(t.table)} DISABLE TRIGGER USER`);
    // Indexes other than keys are built once after the rows, as pg_restore does: kept up row by row,
    // the trigram indexes of the names and the tax books' made the load several times slower.
    const indexes = await sql.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
       WHERE i.schemaname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('public.%I', i.indexname)::regclass)`,
    );
    for (const i of indexes) await sql.exec(`DROP INDEX public.${ident(i.name)}`);
    // The foreign keys too, added back (and so checked, one join a key) after the rows: checked row
    // by row, each of the tax books' half million entries looked up its parents.
    const foreignKeys = await sql.query<{ table: string; name: string; def: string }>(
      `SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS def FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE k.contype = 'f' AND n.nspname = 'public'`,
    );
    for (const f of foreignKeys) await sql.exec(`ALTER TABLE public.${ident(f.table)} DROP CONSTRAINT ${ident(f.name)}`);
    // The migrations just run recorded themselves; the file's own records (with their dates) replace them.
    await sql.exec('TRUNCATE "_prisma_migrations"');
    let first = true;
    for await (const entry of readBackupFile(opts.file, opts.passphrase)) {
      if (first) {
        first = false;
        continue; // the manifest, read by verifyBackup
      }
      const hash = hashing();
      const tee = async function* () {
        for await (const c of entry.stream) yield hash.update(c);
      };
      const table = tables.get(entry.name);
      if (table) {
        const target = `public.${ident(table.table)} (${table.columns.map(ident).join(', ')})`;
        for await (const batch of batches(tee())) {
          await copyFrom.call(sql, target, batch);
          rows += countLines(batch);
        }
        log(`restored ${table.rows} rows of ${table.table}`);
      } else if (files.has(entry.name)) {
        const dest = path.join(staged, ...entry.name.slice('uploads/'.length).split('/'));
        if (!dest.startsWith(staged + path.sep)) throw damaged(entry.name);
        await fs.mkdir(path.dirname(dest), { recursive: true });
        const out = await fs.open(dest, 'wx');
        try {
          for await (const c of tee()) await out.write(c);
        } finally {
          await out.close();
        }
        fileCount++;
      } else throw new BackupRefused(`The backup file holds ${entry.name}, which its manifest does not list: use another backup.`);
      // Checked again as it is loaded: the file could have changed since it was verified.
      const got = hash.done();
      const want = table ?? files.get(entry.name)!;
      if (got.sha256 !== want.sha256) throw damaged(entry.name);
    }
    for (const s of manifest.sequences)
      await sql.query(`SELECT setval(format('public.%I', $1::text)::regclass, $2::bigint, $3::boolean)`, [s.name, s.value, s.called]);
    log(`rows loaded; building ${indexes.length} indexes`);
    for (const i of indexes) await sql.exec(i.def);
    for (const f of foreignKeys) await sql.exec(`ALTER TABLE public.${ident(f.table)} ADD CONSTRAINT ${ident(f.name)} ${f.def}`);
    log(`indexes built, ${foreignKeys.length} foreign keys checked`);
    for (const t of manifest.tables) await sql.exec(`ALTER TABLE public.${ident(t.table)} ENABLE TRIGGER USER`);
    await sql.exec('COMMIT');
  } catch (err) {
    await sql.exec('ROLLBACK').catch(() => {});
    await fs.rm(staged, { recursive: true, force: true });
    throw err;
  }
  const migrated = await applyMigrations(sql, log);
  let replacedUploads: string | undefined;
  if (await fs.stat(uploadsDir).catch(() => null)) {
    // Kept, not deleted: with --force the files that were there may be all that is left of them.
    replacedUploads = `${uploadsDir}.replaced-${new Date().toISOString().replace(/[:.]/g, '')}`;
    if (uploadsThere) await fs.rename(uploadsDir, replacedUploads);
    else {
      await fs.rm(uploadsDir, { recursive: true });
      replacedUploads = undefined;
    }
  }
  await fs.mkdir(staged, { recursive: true });
  await fs.rename(staged, uploadsDir);
  // After the rows and the migrations: the trail restored from the file, then this row on top of it.
  await recordAudit(database.prisma, {
    councilId: null,
    entity: 'Backup',
    entityId: path.basename(opts.file),
    action: 'restore',
    changes: {
      name: { old: null, new: path.basename(opts.file) },
      size: { old: null, new: (await fs.stat(opts.file)).size },
      kind: { old: null, new: manifest.kind },
    },
  });
  return { manifest, migrated, rows, files: fileCount, replacedUploads };
}

/** The CLI's restore: checks the file, then opens the target (a PostgreSQL server's database when
 *  `databaseUrl` is given, otherwise the embedded one in dataDir, taking its lock) and restores. */
export async function restoreBackup(opts: RestoreOptions & { databaseUrl?: string }): Promise<RestoreResult> {
  const manifest = await verifyBackup(opts.file, opts.passphrase);
  checkCompatible(manifest);
  let database: OpenDatabase;
  try {
    database = await openDatabase(
      opts.databaseUrl ? { databaseUrl: opts.databaseUrl, migrate: false } : { dataDir: opts.dataDir, migrate: false, log: opts.log },
    );
  } catch (err) {
    if (/in use by/.test((err as Error).message))
      throw new BackupRefused(
        `A running portal holds the embedded database in ${opts.dataDir}: stop it before restoring into that folder.`,
      );
    throw err;
  }
  try {
    return await restoreInto(database, { ...opts, verified: manifest });
  } finally {
    await database.close();
  }
}
