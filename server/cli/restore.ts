// Restores a backup into the database the portal is configured for (DATABASE_URL, or the embedded
// one in DATA_DIR) and the uploads into DATA_DIR/uploads. Stop the portal first.
//   npm run restore -- FILE [--force]
// The target must be empty unless --force, which replaces it. An encrypted file needs
// BACKUP_PASSPHRASE. An embedded backup restored with DATABASE_URL set moves the panchayat to that
// PostgreSQL server, and the other way round.
import { loadConfig } from '../config.ts';
import { restoreBackup } from '../modules/backups/restore.ts';
import { BackupRefused } from '../modules/backups/refused.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (files.length !== 1 || files[0].startsWith('--')) {
  console.error('Usage: npm run restore -- FILE [--force]');
  process.exit(2);
}

try {
  const config = loadConfig();
  const t0 = performance.now();
  const r = await restoreBackup({
    file: files[0],
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    passphrase: config.backupPassphrase,
    force,
    log: (msg) => console.log(msg),
  });
  console.log(
    `Restored ${r.rows.toLocaleString('en-IN')} rows and ${r.files} uploaded files from a backup of ${r.manifest.createdAt} (portal ${r.manifest.portalVersion}, ${r.manifest.database}) into ${config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${config.dataDir}`} in ${((performance.now() - t0) / 1000).toFixed(1)} s` +
      (r.migrated.length ? `; then applied ${r.migrated.length} newer migrations.` : '.'),
  );
  if (r.replacedUploads) console.log(`The uploads that were there are kept in ${r.replacedUploads}.`);
} catch (err) {
  console.error(err instanceof BackupRefused ? `Restore refused: ${err.message}` : `Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
