// A database of its own for a benchmark on the PostgreSQL server of DATABASE_URL, dropped after.
// The tax books are append-only (TaxEntry rows are never deleted, and a council holding them cannot
// be), so a bench that writes them cannot clean up by deleting its council: it drops its database.
// Not a benchmark (no run()): bench/run.ts does not import it.
import crypto from 'node:crypto';
import pg from 'pg';

/** `prefix`: the backup tests keep to databases named gp_backup_…. */
export async function throwawayDatabase(
  serverUrl: string,
  label: string,
  prefix = 'gp_bench',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${label}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}
