// Starts the portal: reads the configuration, opens (and migrates) the database, makes the first
// account on an empty database, and listens. A start that cannot go on (a wrong setting, a database
// that cannot be opened, a port in use) says why in one line on stderr and exits with 1.
import { loadConfig } from './config.ts';
import { openDatabase, type OpenDatabase } from './db/open.ts';
import { checkFirstAccountSettings, ensureFirstAccount } from './db/bootstrap.ts';
import { scheduleEmbeddedMaintenance } from './db/maintenance.ts';
import { warmUpPdfPool } from './lib/pdf/pool.ts';
import { serveControl } from './modules/backups/control.ts';
import { backupsDir } from './modules/backups/format.ts';
import { sharedJwtSecret } from './modules/cluster/settings.ts';

const say = (msg: string) => console.log(msg);
/** Background work waits this long after listen; see the end of this file. */
const AFTER_START_MS = 5_000;

/** One line, no stack trace (set LOG_LEVEL=debug for it): these are the operator's to fix. */
async function refuse(what: string, err: unknown, database?: OpenDatabase): Promise<never> {
  const reason = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
  console.error(`Portal not started: ${what}: ${reason}`);
  if (process.env.LOG_LEVEL === 'debug' && err instanceof Error) console.error(err.stack);
  await database?.close().catch(() => {});
  process.exit(1);
}

const config = await Promise.resolve()
  .then(() => {
    const c = loadConfig();
    checkFirstAccountSettings(c);
    return c;
  })
  .catch((err) => refuse('wrong setting', err));
// The app's modules (Fastify, pdfkit, sharp, the Prisma client…) load while the database opens: the
// embedded database spends most of its opening compiling WebAssembly on V8's background threads, so
// the two overlap instead of adding up (issue 8: a restart under 2 s).
const appModule = import('./app.ts');
appModule.catch(() => {}); // awaited below; its failure is reported there
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  log: say,
  readUrl: config.databaseReadUrl,
  maxLagSeconds: config.databaseReadMaxLag,
}).catch((err) => refuse('could not open the database', err));
if (!config.jwtSecret)
  config.jwtSecret = await sharedJwtSecret(db.prisma).catch((err) => refuse('could not read the login secret from the database', err, db));
await ensureFirstAccount(db.prisma, config, say).catch((err) => refuse('could not create the first account', err, db));
const app = await appModule.then(({ buildApp }) => buildApp(config, db)).catch((err) => refuse('could not set up the server', err, db));

let closing = false;
let stopBackground = () => {};
let stopControl = async () => {};
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  stopBackground();
  await stopControl();
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app
  .listen({ port: config.port, host: config.host })
  .catch((err) => refuse(`could not listen on ${config.host}:${config.port}`, err, db));
// `npm run backup` cannot open the embedded database this process holds: it asks here instead.
if (db.kind === 'pglite')
  stopControl = await serveControl(config.dataDir, async (req) => {
    // One at a time with the nightly one and the admin screen's (schedule.ts); its own file, after
    // the one under way, so `--out` always gets what it asked for.
    const { backupWhenFree } = await import('./modules/backups/schedule.ts');
    const result = await backupWhenFree({
      database: db,
      dataDir: config.dataDir,
      out: req.out ?? `${backupsDir(config.dataDir)}/`,
      passphrase: req.passphrase ?? config.backupPassphrase,
      kind: 'manual',
    });
    app.log.info(
      { backup: result.name, size: result.size, blockedMs: result.manifest.blockedMs },
      'backup made on request of npm run backup',
    );
    return result;
  }).catch((err) => {
    app.log.warn({ err }, 'no control socket: npm run backup cannot reach this portal');
    return async () => {};
  });
say(
  `Portal ready at http://localhost:${config.port} (database: ${db.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL server'})`,
);
// Soon after the start, not during it: the first certificate of the day should not pay for font
// parsing, and the embedded database's planner statistics are refreshed (VACUUM ANALYZE). Both hold
// the event loop (PGlite runs in it), so a health check or visitor right after a restart would wait
// behind them; the statistics kept from the last run serve meanwhile.
const afterStart = setTimeout(() => {
  void warmUpPdfPool().catch((err) => app.log.warn({ err }, 'PDF warm-up failed'));
  const stopMaintenance = scheduleEmbeddedMaintenance(db, say);
  let stopSweeps = () => {};
  let stopBackups = () => {};
  stopBackground = () => {
    stopMaintenance();
    stopSweeps();
    stopBackups();
  };
  // The public search's expired captchas and spent nonces; on PostgreSQL, where several portal
  // processes may share it (issue 32), also the shared limits' old keys and the SMS claims of a
  // process that died: each swept by one process at a time.
  void Promise.all([import('./modules/cluster/jobs.ts'), import('./modules/sms/worker.ts'), import('./modules/captcha/service.ts')])
    .then(([{ limitSweep, scheduleSweeps }, { staleClaimSweep }, { captchaSweep }]) => {
      const sweeps = db.kind === 'postgresql' ? [captchaSweep, limitSweep, staleClaimSweep] : [captchaSweep];
      if (!closing) stopSweeps = scheduleSweeps(db.prisma, sweeps, say);
    })
    .catch((err) => say(`the background sweeps could not start: ${(err as Error).message}`));
  // The nightly backup (issue 28); its modules load here, not on the start's path.
  void import('./modules/backups/schedule.ts')
    .then(({ scheduleBackups }) => {
      if (closing) return;
      const schedule = { time: config.backupTime, keepDays: config.backupKeepDays, passphrase: config.backupPassphrase };
      stopBackups = scheduleBackups(db, config.dataDir, schedule, say);
    })
    .catch((err) => say(`the backup schedule could not start: ${(err as Error).message}`));
}, AFTER_START_MS);
afterStart.unref();
stopBackground = () => clearTimeout(afterStart);
