// Runs once per test run: builds what changed (the compiled server and the web app), then migrates
// the PostgreSQL test database, or builds one migrated PGlite data directory and dumps it so each
// test file opens a copy in about half a second (initdb costs ~3 s).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/open.ts';

export default async function setup(project: TestProject) {
  // Once, before any file runs: the files that serve the real build (ssr.test.ts) or start the
  // compiled server (startup.test.ts) each built it when missing, at once in a fresh clone, two
  // builds emptying and writing web/dist together; a portal registers the built files as routes
  // when it starts, so one started between the two saw half a build (CI, 2026-11-28).
  const root = path.resolve(import.meta.dirname, '../..');
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--changed'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`building the portal for the tests failed:\n${built.stdout}\n${built.stderr}`);
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
