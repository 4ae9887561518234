// Uploaded files: names are ours (128 random bits, or the content's hash), never the sender's, and
// a write that fails half-way leaves nothing behind. They live in DATA_DIR/uploads, or, for a portal
// of several processes on PostgreSQL, in the database (modules/cluster/files.ts): callers name files
// by their path under the uploads folder as on disk, and a store registered for that folder
// (useUploadStore) takes them instead, so no area needs to know where its files are kept.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Most files and text fields one multipart request may carry (413 beyond, saying which). */
export const MULTIPART_LIMITS = { files: 20, fields: 200 };

/** 32 hex characters for a new file name. */
export const randomFileStem = () => crypto.randomBytes(16).toString('hex');

/** Where an uploads folder's files are kept instead of the disk; names are relative to the folder
 *  with forward slashes (carousel/ab12….webp), as they follow /uploads/ in a URL. */
export interface UploadStore {
  /** Writes every file, refusing to overwrite one; all or none. */
  writeNew(files: { name: string; data: Buffer }[]): Promise<void>;
  /** Writes a file named by its content; one already there is kept. */
  put(name: string, data: Buffer): Promise<void>;
  read(name: string): Promise<Buffer | undefined>;
  remove(names: string[]): Promise<void>;
}

const stores = new Map<string, UploadStore>();

/** Keeps the files of the uploads folder `root` in `store` from now on; answers the undo. */
export function useUploadStore(root: string, store: UploadStore): () => void {
  const key = path.resolve(root);
  stores.set(key, store);
  return () => {
    if (stores.get(key) === store) stores.delete(key);
  };
}

/** The store registered for the uploads folder `root`, if any. */
export const uploadStoreOf = (root: string) => stores.get(path.resolve(root));

/** The store and the name within it of a file path, when its folder has a store. */
function stored(file: string): { store: UploadStore; name: string } | undefined {
  const abs = path.resolve(file);
  for (const [root, store] of stores)
    if (abs.startsWith(root + path.sep)) return { store, name: path.relative(root, abs).split(path.sep).join('/') };
  return undefined;
}

/** Writes every file, refusing to overwrite one; on any failure removes those already written. */
export async function writeNewFiles(files: { path: string; data: Buffer }[]): Promise<string[]> {
  const first = files.length ? stored(files[0].path) : undefined;
  if (first) {
    await first.store.writeNew(files.map((f) => ({ name: stored(f.path)!.name, data: f.data })));
    return files.map((f) => f.path);
  }
  const written: string[] = [];
  try {
    for (const f of files) {
      await fs.mkdir(path.dirname(f.path), { recursive: true });
      await fs.writeFile(f.path, f.data, { flag: 'wx' });
      written.push(f.path);
    }
  } catch (err) {
    await removeFiles(written);
    throw err;
  }
  return written;
}

/** Removes files; one already gone is no error. */
export async function removeFiles(files: string[]): Promise<void> {
  const inStore = files.map((f) => ({ f, s: stored(f) }));
  const byStore = new Map<UploadStore, string[]>();
  for (const { s } of inStore) if (s) byStore.set(s.store, [...(byStore.get(s.store) ?? []), s.name]);
  await Promise.all([
    ...[...byStore].map(([store, names]) => store.remove(names)),
    ...inStore.filter(({ s }) => !s).map(({ f }) => fs.rm(f, { force: true })),
  ]);
}

/** A file's bytes, or undefined when it is not there. */
export async function readUpload(file: string): Promise<Buffer | undefined> {
  const s = stored(file);
  if (s) return s.store.read(s.name);
  return fs.readFile(file).catch(() => undefined);
}

/** Writes a file named by its content (the same name is the same bytes): one already there is kept.
 *  On disk through a temporary name, so a reader never sees half of it. */
export async function putContentNamed(file: string, data: Buffer): Promise<void> {
  const s = stored(file);
  if (s) return s.store.put(s.name, data);
  if (await fs.stat(file).catch(() => null)) return;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, file);
}

/** Whether the file is there. */
export async function uploadExists(file: string): Promise<boolean> {
  const s = stored(file);
  if (s) return (await s.store.read(s.name)) !== undefined;
  return !!(await fs.stat(file).catch(() => null));
}
