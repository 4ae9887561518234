// Uploaded files on disk: names are ours (128 random bits), never the sender's, and a write that
// fails half-way leaves nothing behind.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';

/** Most files and text fields one multipart request may carry (413 beyond, saying which). */
export const MULTIPART_LIMITS = { files: 20, fields: 200 };

/** 32 hex characters for a new file name. */
export const randomFileStem = () => crypto.randomBytes(16).toString('hex');

/** Writes every file, refusing to overwrite one; on any failure removes those already written. */
export async function writeNewFiles(files: { path: string; data: Buffer }[]): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const f of files) {
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
export const removeFiles = (files: string[]) => Promise.all(files.map((f) => fs.rm(f, { force: true })));
