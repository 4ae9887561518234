// createBackup: the whole portal in one file (format.ts): the database's rows and sequences as of
// one instant, then every uploaded file. Works while the portal runs: on a PostgreSQL server the
// dump reads one snapshot over a connection of its own; on the embedded database the portal waits
// only while its files are copied (snapshot.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { OpenDatabase } from '../../db/open.ts';
import { recordAudit } from '../audit/record.ts';
import { currentActor } from '../audit/context.ts';
import { dumpServerDatabase, type Dump } from './dump.ts';
import { dumpEmbedded } from './snapshot.ts';
import {
  backupFileName,
  backupsDir,
  FORMAT,
  FORMAT_VERSION,
  hashing,
  portalVersion,
  writeBackupFile,
  type BackupKind,
  type Manifest,
  type Part,
} from './format.ts';

export interface BackupOptions {
  database: OpenDatabase;
  dataDir: string;
  /** The file to write, or a folder to write it in under its own name (backupFileName). */
  out: string;
  passphrase?: string;
  kind: BackupKind;
}

export interface BackupResult {
  name: string;
  path: string;
  size: number;
  createdAt: string;
  manifest: Manifest;
}

/** Every file under `from`, linked (or copied, across file systems) into `to` with its hash: a
 *  slide deleted while the backup is written keeps its bytes in the link. */
async function stageUploads(from: string, to: string): Promise<(Part & { path: string })[]> {
  const found: (Part & { path: string })[] = [];
  const walk = async (rel: string) => {
    const entries = await fs.readdir(path.join(from, rel), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) await walk(r);
      else if (e.isFile()) {
        const staged = path.join(to, r);
        await fs.mkdir(path.dirname(staged), { recursive: true });
        try {
          await fs.link(path.join(from, r), staged);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted meanwhile
          await fs.copyFile(path.join(from, r), staged);
        }
        const hash = hashing();
        for await (const chunk of (await fs.open(staged)).createReadStream()) hash.update(chunk as Buffer);
        found.push({ part: `uploads/${r.split(path.sep).join('/')}`, path: staged, ...hash.done() });
      }
    }
  };
  await walk('');
  return found;
}

export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const { database, dataDir, passphrase, kind } = opts;
  const created = new Date();
  const isFolder = await fs.stat(opts.out).then(
    (s) => s.isDirectory(),
    () => opts.out.endsWith('/'),
  );
  let file = path.resolve(isFolder ? path.join(opts.out, backupFileName(created, kind, !!passphrase)) : opts.out);
  if (isFolder && (await fs.stat(file).catch(() => null))) file = path.resolve(opts.out, backupFileName(created, kind, !!passphrase, true));
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Staged under DATA_DIR, beside the uploads, so they can be linked rather than copied.
  await fs.mkdir(backupsDir(dataDir), { recursive: true, mode: 0o700 });
  const staging = await fs.mkdtemp(path.join(backupsDir(dataDir), '.staging-'));
  const partial = `${file}.partial`;
  try {
    let dump: Dump & { blockedMs?: number };
    if (database.kind === 'postgresql') {
      if (!database.databaseUrl) throw new Error('the PostgreSQL database was opened without its address');
      dump = await dumpServerDatabase(database.databaseUrl, path.join(staging, 'db'));
    } else dump = await dumpEmbedded(database, staging);
    // After the rows: a file the rows name was written before them, so it is here.
    const uploads = await stageUploads(path.join(dataDir, 'uploads'), path.join(staging, 'uploads'));
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      portalVersion: portalVersion(),
      migration: dump.migration,
      createdAt: created.toISOString(),
      kind,
      database: database.kind,
      encrypted: !!passphrase,
      tables: dump.tables.map(({ path: _, ...t }) => t),
      sequences: dump.sequences,
      uploads: uploads.map(({ path: _, ...u }) => u),
      ...(dump.blockedMs !== undefined ? { blockedMs: Math.round(dump.blockedMs * 10) / 10 } : {}),
    };
    await writeBackupFile(partial, manifest, [...dump.tables, ...uploads], passphrase);
    // Only a whole file takes the name: one cut short by a crash stays .partial.
    await fs.rename(partial, file);
    const { size } = await fs.stat(file);
    // Kept with the administrator who asked for it; the nightly one is the portal's own (no council),
    // which administrators see too (audit/sql.ts).
    await recordAudit(database.prisma, {
      councilId: currentActor().userId,
      entity: 'Backup',
      entityId: path.basename(file),
      action: 'backup',
      changes: { name: { old: null, new: path.basename(file) }, size: { old: null, new: size }, kind: { old: null, new: kind } },
    });
    return { name: path.basename(file), path: file, size, createdAt: manifest.createdAt, manifest };
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw err;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
