// Uploaded images in the database (StoredFile), for a portal of several processes on one PostgreSQL
// database: whichever process took the upload, any serves it (issue 32). A slide is ~100-300 kB of
// WebP, a photo or logo less: bytea rows, read whole, served with a year's cache as on disk.
import type { Db } from '../../db/open.ts';
import type { UploadStore } from '../../lib/uploads.ts';

export function databaseUploads(db: Db): UploadStore {
  return {
    // One statement: a name already taken fails it (unique key), and nothing of it is written.
    writeNew: async (files) =>
      void (await db.storedFile.createMany({ data: files.map((f) => ({ path: f.name, data: new Uint8Array(f.data) })) })),
    put: async (name, data) =>
      void (await db.storedFile.createMany({ data: [{ path: name, data: new Uint8Array(data) }], skipDuplicates: true })),
    async read(name) {
      const row = await db.storedFile.findUnique({ where: { path: name }, select: { data: true } });
      return row ? Buffer.from(row.data) : undefined;
    },
    remove: async (names) => void (names.length && (await db.storedFile.deleteMany({ where: { path: { in: names } } }))),
  };
}
