// Makes a backup of the portal on the database it uses (DATABASE_URL, or the embedded one in DATA_DIR).
//   npm run backup [-- --out FILE]
// Without --out the file goes to DATA_DIR/backups under its own name. With BACKUP_PASSPHRASE set it
// is encrypted. A portal running on the embedded database holds it, so it is asked to make the
// backup through its control socket (server/modules/backups/control.ts); on a PostgreSQL server
// this process reads it alongside the running portal.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase, type OpenDatabase } from '../db/open.ts';
import { createBackup, type BackupResult } from '../modules/backups/backup.ts';
import { askPortal } from '../modules/backups/control.ts';
import { backupsDir } from '../modules/backups/format.ts';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
if ((outAt >= 0 && !args[outAt + 1]) || args.some((a, i) => a !== '--out' && i !== outAt + 1)) {
  console.error('Usage: npm run backup [-- --out FILE]');
  process.exit(2);
}

let database: OpenDatabase | undefined;
try {
  const config = loadConfig();
  const out = outAt >= 0 ? args[outAt + 1] : `${backupsDir(config.dataDir)}/`;
  const passphrase = config.backupPassphrase;
  let result: BackupResult | undefined;
  let by = 'this process';
  if (!config.databaseUrl) {
    result = await askPortal(config.dataDir, { op: 'backup', out: outAt >= 0 ? path.resolve(out) : undefined, passphrase });
    if (result) by = 'the running portal';
  }
  if (!result) {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrate: false });
    result = await createBackup({ database, dataDir: config.dataDir, out, passphrase, kind: 'manual' });
  }
  const m = result.manifest;
  const rows = m.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Backup written by ${by}: ${result.path} (${(result.size / 1024 / 1024).toFixed(1)} MB; ${rows.toLocaleString('en-IN')} rows of ${m.tables.length} tables, ${m.uploads.length} uploaded files; migration ${m.migration}${m.encrypted ? '; encrypted' : '; NOT encrypted: it holds Aadhaar numbers, set BACKUP_PASSPHRASE'})`,
  );
  if (m.blockedMs !== undefined)
    console.log(`The portal waited ${m.blockedMs.toFixed(0)} ms while the embedded database's files were copied.`);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database?.close();
}
