// PGlite has no autovacuum daemon: without it the planner never gets statistics and a 20,000-row
// certificate list falls back to slow plans (measured in bench/certificates.ts). A PostgreSQL
// server does this by itself, so only the embedded database gets the job.
import type { OpenDatabase } from './open.ts';

const EVERY_MS = 6 * 60 * 60 * 1000;

/** Runs VACUUM ANALYZE now and every six hours on PGlite; returns a stop function. */
export function scheduleEmbeddedMaintenance(database: OpenDatabase, log: (msg: string) => void): () => void {
  if (database.kind !== 'pglite') return () => {};
  const run = async () => {
    try {
      await database.sql.exec('VACUUM ANALYZE');
    } catch (err) {
      log(`database maintenance (VACUUM ANALYZE) failed: ${(err as Error).message}`);
    }
  };
  void run();
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
