// Runs once per test run: migrates the PostgreSQL test database, or builds one migrated PGlite
// data directory and dumps it so each test file opens a copy in about half a second (initdb costs ~3 s).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/open.ts';

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
    await db.close();
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgliteExtensions, pgliteRunner } = await import('../../server/db/open.ts');
  const { applyMigrations } = await import('../../server/db/migrate.ts');
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  await applyMigrations(pgliteRunner(pglite));
  const dump = await pglite.dumpDataDir('gzip');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gp-test-')), 'template.tar.gz');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate?: string;
  }
}
