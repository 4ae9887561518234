// The portal in the bench's own process: a fresh secret, silent logs, on the PostgreSQL database
// of `databaseUrl` or an embedded one in `dataDir`, ready for app.inject. Not a benchmark (no run()):
// bench/run.ts does not import it.
import crypto from 'node:crypto';
import { buildApp } from '../server/app.ts';
import { loadConfig, type Config } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';

/** `env`: more environment for loadConfig; `config`: settings over what it reads. */
export async function benchApp(opts: { dataDir: string; databaseUrl?: string; env?: Record<string, string>; config?: Partial<Config> }) {
  const { dataDir, databaseUrl } = opts;
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: crypto.randomBytes(32).toString('hex'), ...opts.env }),
    logLevel: 'silent',
    databaseUrl,
    ...opts.config,
  };
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const app = await buildApp(config, database, false);
  await app.ready();
  return { app, database };
}
