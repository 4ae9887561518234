// Starts the portal: reads the configuration, opens (and migrates) the database, makes the first
// account on an empty database, and listens.
import { loadConfig } from './config.ts';
import { openDatabase, type OpenDatabase } from './db/open.ts';
import { ensureFirstAccount } from './db/bootstrap.ts';
import { buildApp } from './app.ts';
import { scheduleEmbeddedMaintenance } from './db/maintenance.ts';
import { warmUpPdf } from './lib/pdf/index.ts';

const config = loadConfig();
const say = (msg: string) => console.log(msg);
let database: OpenDatabase;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: say });
} catch (err) {
  console.error(`Could not open the database: ${(err as Error).message}`);
  process.exit(1);
}
await ensureFirstAccount(database.prisma, config, say);
const app = await buildApp(config, database);

let closing = false;
let stopMaintenance = () => {};
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  stopMaintenance();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
say(`Portal ready at http://localhost:${config.port} (database: ${database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL server'})`);
// Not awaited: the first certificate of the day should not pay for font parsing, and the planner
// statistics of the embedded database are refreshed in the background.
void warmUpPdf().catch((err) => app.log.warn({ err }, 'PDF warm-up failed'));
stopMaintenance = scheduleEmbeddedMaintenance(database, say);
