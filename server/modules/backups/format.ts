// The backup file: a tar, gzip-compressed (and then encrypted when a passphrase is set, crypto.ts),
// whose first entry is manifest.json, then one part per table (db/<table>.copy, its rows in
// PostgreSQL's COPY text format, which PGlite and a PostgreSQL server both write and read; tables in
// an order that satisfies their foreign keys) and the uploaded files
// (uploads/…). The manifest names the portal and migration level it came from and the SHA-256 and
// size of every part, so a restore refuses a torn or altered file before it touches anything.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, constants as zlib } from 'node:zlib';
import tar from 'tar-stream';
import { root } from '../../config.ts';
import { decryptStream, encryptStream, isEncrypted } from './crypto.ts';
import { BackupRefused } from './refused.ts';

export const FORMAT = 'gram-panchayat-portal-backup';
/** 2: table parts in COPY text (db/<table>.copy) with their columns in the manifest; 1 had a
 *  row's to_jsonb a line (db/<table>.jsonl). */
export const FORMAT_VERSION = 2;

export type BackupKind = 'scheduled' | 'manual';

export interface Part {
  /** Its name in the tar. */
  part: string;
  bytes: number;
  sha256: string;
}
export interface TablePart extends Part {
  table: string;
  /** The columns of each line, in order. */
  columns: string[];
  rows: number;
}
export interface SequenceValue {
  name: string;
  value: string;
  called: boolean;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  portalVersion: string;
  /** The last migration applied to the database backed up. */
  migration: string | null;
  createdAt: string;
  kind: BackupKind;
  database: 'postgresql' | 'pglite';
  encrypted: boolean;
  /** Tables in the order a restore loads them (parents before children). */
  tables: TablePart[];
  sequences: SequenceValue[];
  uploads: Part[];
  /** Embedded database only: how long the running portal waited while its files were copied. */
  blockedMs?: number;
}

export const portalVersion = (): string =>
  (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;

/** gp-backup-2026-11-27T0130Z-manual.tar.gz(.enc): sorts by time, says what made it. */
export function backupFileName(createdAt: Date, kind: BackupKind, encrypted: boolean, millis = false) {
  // To the second: two made in one minute (a click after the nightly one) keep both; to the
  // millisecond when one of that second is there already (backup.ts), so none replaces another.
  const stamp = createdAt
    .toISOString()
    .slice(0, millis ? 23 : 19)
    .replace(/[:.]/g, '');
  return `gp-backup-${stamp}Z-${kind}.tar.gz${encrypted ? '.enc' : ''}`;
}

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/** Writes the manifest and then each staged file as an entry named `part`, gzip and (with a
 *  passphrase) encryption on the way to `file`. */
export async function writeBackupFile(
  file: string,
  manifest: Manifest,
  files: { part: string; path: string; bytes: number }[],
  passphrase?: string,
) {
  const pack = tar.pack();
  const feeding = (async () => {
    const json = Buffer.from(JSON.stringify(manifest, null, 1));
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: 'manifest.json', size: json.length }, json, (e) => (e ? reject(e) : resolve())),
    );
    for (const f of files) {
      const entry = pack.entry({ name: f.part, size: f.bytes });
      await pipeline(fs.createReadStream(f.path), entry);
    }
    pack.finalize();
  })();
  feeding.catch((err) => pack.destroy(err));
  // Level 1: COPY text of the rows compresses well even so (to a fifth for the big village: 170 MB, 32 MB),
  // and several times faster than the default 6 (bench/README.md, "Backup and restore").
  const stages = [
    pack,
    createGzip({ level: zlib.Z_BEST_SPEED }),
    ...(passphrase ? [encryptStream(passphrase)] : []),
    fs.createWriteStream(file, { mode: 0o600 }),
  ];
  await Promise.all([pipeline(stages as unknown as [NodeJS.ReadableStream, NodeJS.WritableStream]), feeding]);
}

/** The entries of a backup file, manifest first, each read once as a stream. Damage in the gzip or
 *  tar layers comes out as a BackupRefused. */
export async function* readBackupFile(
  file: string,
  passphrase?: string,
): AsyncGenerator<{ name: string; size: number; stream: AsyncIterable<Buffer> }> {
  const head = Buffer.alloc(8);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, head, 0, 8, 0);
  fs.closeSync(fd);
  const encrypted = isEncrypted(head);
  if (!encrypted && (head[0] !== 0x1f || head[1] !== 0x8b))
    throw new BackupRefused(`${file} is not a portal backup (neither .tar.gz nor an encrypted backup).`);
  const extract = tar.extract();
  const stages = [fs.createReadStream(file), ...(encrypted ? [decryptStream(passphrase)] : []), createGunzip(), extract];
  let failure: unknown;
  const piping = pipeline(stages as unknown as [NodeJS.ReadableStream, NodeJS.WritableStream]).catch((err) => {
    failure = err;
    extract.destroy(err);
  });
  try {
    for await (const entry of extract) {
      // Damage shows while a part is read too, in the reader's loop: it comes out as a refusal there as well.
      const stream = (async function* () {
        try {
          for await (const chunk of entry) yield chunk as Buffer;
        } catch (err) {
          throw asRefusal(failure ?? err);
        }
      })();
      yield { name: entry.header.name, size: entry.header.size ?? 0, stream };
      entry.resume(); // whatever the reader left of it
    }
  } catch (err) {
    throw asRefusal(failure ?? err);
  }
  await piping;
  if (failure) throw asRefusal(failure);
}

function asRefusal(err: unknown): Error {
  if (err instanceof BackupRefused) return err;
  const msg = (err as Error).message ?? String(err);
  if (/unexpected end|premature|Unexpected end of data/i.test(msg))
    return new BackupRefused('The backup file is cut short (torn): copy it again from where it was made, or use another backup.');
  if ((err as NodeJS.ErrnoException).code?.startsWith('Z_') || /incorrect header|invalid|checksum/i.test(msg))
    return new BackupRefused(`The backup file is damaged (${msg}): copy it again from where it was made, or use another backup.`);
  return err as Error;
}

/** SHA-256 and size of everything written through `write`. */
export function hashing() {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  return {
    update(chunk: Buffer | string) {
      const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      hash.update(b);
      bytes += b.length;
      return b;
    },
    done: () => ({ sha256: hash.digest('hex'), bytes }),
  };
}
