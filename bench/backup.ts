// Backup and restore of a big village on the embedded database (issue 28): 10,000 properties with
// five tax years of books (tests/helpers/tax-seed.ts, about half a million entries) and 20,000
// certificates of each kind. Times `createBackup` while the portal is open (target < 30 s), the
// stretch the portal is blocked while the snapshot is copied (measured inside, and from outside by a
// query sent every 10 ms), an encrypted backup, and the restore into a fresh data folder as
// `npm run restore` does it (target < 60 s).
// Standalone: npx tsx bench/backup.ts. BENCH_KEEP=<folder> keeps the seeded data folder there
// between runs (seeded on the first run, reused after), so a change to the engine is timed without
// seeding 1.6 million rows again; BENCH_LOG=1 prints the restore's steps as they end.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAccount } from '../server/modules/users/service.ts';
import { createBackup } from '../server/modules/backups/backup.ts';
import { restoreBackup } from '../server/modules/backups/restore.ts';
import { seedTaxedInBulk } from '../tests/helpers/tax-seed.ts';
import { benchApp } from './bench-app.ts';

const PROPERTIES = 10_000;
const YEARS = 5;
const CERTIFICATES = Number(process.env.BENCH_ROWS ?? 20_000);

/** n certificates of each kind for one council, one statement a kind; the tables' triggers fill
 *  the counts and name indexes as for certificates made one by one. */
async function seedCertificates(sql: { query(q: string, p?: unknown[]): Promise<unknown> }, council: number, n: number) {
  const common = `$1::int, now() - (g || ' minutes')::interval, now()`;
  await sql.query(
    `INSERT INTO "BirthCertificate" ("birthCertificatesId", "serialNo", "registrationNo", "registrationDate", "birthDate",
       "childFullNameMarathi", "childFullNameEnglish", "gender", "createdByUserId", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), g, 'B-' || g, DATE '2025-01-10', DATE '2025-01-01', 'बाळ ' || g, 'Child ' || g, 'Male', ${common}
     FROM generate_series(1, $2::int) g`,
    [council, n],
  );
  await sql.query(
    `INSERT INTO "DeathCertificate" ("deathCertificatesId", "registrationNumber", "registrationDate", "deceasedNameMarathi", "deceasedNameEnglish",
       "genderMarathi", "genderEnglish", "aadhaarNumberDeceased", "dateOfDeath", "dateOfDeathWords", "placeOfDeathMarathi", "placeOfDeathEnglish",
       "ageOfDeceased", "createdByUserId", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), 'D-' || g, DATE '2025-01-10', 'मृत ' || g, 'Deceased ' || g, 'पुरुष', 'Male', lpad(g::text, 12, '9'),
       DATE '2025-01-01', 'First January Two Thousand Twenty Five', 'घर', 'Home', 70, ${common}
     FROM generate_series(1, $2::int) g`,
    [council, n],
  );
  await sql.query(
    `INSERT INTO "ResidenceCertificate" ("residentialCertificatesIdCertId", "registrationNumber", "registrationDate", "applicantNameMarathi",
       "applicantNameEnglish", "applicantAadhaar", "applicantAge", "applicantMobile", "guardianNameMarathi", "guardianNameEnglish",
       "createdByUserId", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), 'R-' || g, DATE '2025-01-10', 'अर्जदार ' || g, 'Applicant ' || g, lpad(g::text, 12, '8'), 30, '98765' || lpad(g::text, 5, '0'),
       'पालक ' || g, 'Guardian ' || g, ${common}
     FROM generate_series(1, $2::int) g`,
    [council, n],
  );
  await sql.query(
    `INSERT INTO "MarriageCertificate" ("marriageCertificatesId", "husbandNameMarathi", "husbandNameEnglish", "husbandFatherNameMarathi",
       "husbandFatherNameEnglish", "wifeNameMarathi", "wifeNameEnglish", "wifeFatherNameMarathi", "wifeFatherNameEnglish", "officiantNameMarathi",
       "createdByUserId", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), 'वर ' || g, 'Groom ' || g, 'वरपिता ' || g, 'Groom father ' || g, 'वधू ' || g, 'Bride ' || g,
       'वधूपिता ' || g, 'Bride father ' || g, 'पुरोहित', ${common}
     FROM generate_series(1, $2::int) g`,
    [council, n],
  );
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export async function run() {
  const kept = process.env.BENCH_KEEP ? path.resolve(process.env.BENCH_KEEP) : undefined;
  const seededMark = kept && path.join(kept, 'bench-seeded');
  const reuse = !!seededMark && fs.existsSync(seededMark);
  const dataDir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gp-bench-backup-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const restoreDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-bench-restore-'));
  const { app, database } = await benchApp({ dataDir });
  try {
    let t0 = performance.now();
    if (!reuse) {
      const council = await createAccount(app.db, {
        username: `bench_backup_${crypto.randomBytes(4).toString('hex')}`,
        password: 'Bench-pass1-long',
      });
      await seedTaxedInBulk(database, council.id, PROPERTIES, { years: YEARS });
      await seedCertificates(database.sql, council.id, CERTIFICATES);
      await database.sql.exec('VACUUM ANALYZE');
      if (seededMark) fs.writeFileSync(seededMark, new Date().toISOString());
    }
    const [{ rows }] = await database.sql.query<{ rows: number }>(
      // reltuples, kept by VACUUM ANALYZE: the activity statistics start again at 0 on a reopened folder.
      `SELECT sum(greatest(c.reltuples, 0))::int AS rows FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r'`,
    );
    const du = (dir: string): number =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .reduce((n, e) => n + (e.isDirectory() ? du(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size), 0);
    console.log(
      `Database: ${database.kind}. Seeded ${PROPERTIES} properties with ${YEARS} years of books and ${CERTIFICATES} certificates of each kind ` +
        `(${rows.toLocaleString('en-IN')} rows, pgdata ${mb(du(path.join(dataDir, 'pgdata')))}) ${reuse ? `kept in ${dataDir}` : `in ${s(performance.now() - t0)}`}.\n`,
    );

    for (const passphrase of [undefined, 'bench passphrase, twelve+']) {
      // What a request meets meanwhile: a query every 10 ms, its longest wait.
      let probing = true;
      let longest = 0;
      const probe = (async () => {
        while (probing) {
          const p0 = performance.now();
          await database.sql.query('SELECT 1');
          longest = Math.max(longest, performance.now() - p0);
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      t0 = performance.now();
      const b = await createBackup({ database, dataDir, out: `${path.join(dataDir, 'backups')}/`, kind: 'manual', passphrase });
      const took = performance.now() - t0;
      probing = false;
      await probe;
      console.log(
        `Backup${passphrase ? ', encrypted' : ''}: ${s(took)} (target < 30 s), ${mb(b.size)}; the portal blocked ${b.manifest.blockedMs} ms by the snapshot ` +
          `(longest wait of a query sent every 10 ms meanwhile: ${longest.toFixed(0)} ms)`,
      );
      if (!passphrase) {
        t0 = performance.now();
        // BENCH_LOG=1: the restore's steps with the seconds since it began.
        const log = process.env.BENCH_LOG ? (m: string) => console.log(`  ${s(performance.now() - t0)} ${m}`) : undefined;
        const r = await restoreBackup({ file: b.path, dataDir: restoreDir, log });
        console.log(
          `Restore into a fresh data folder (initdb, migrations, ${r.rows.toLocaleString('en-IN')} rows, checks): ${s(performance.now() - t0)} (target < 60 s)`,
        );
      }
    }
  } finally {
    await app.close();
    await database.close();
    if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
    else fs.rmSync(path.join(dataDir, 'backups'), { recursive: true, force: true });
    fs.rmSync(restoreDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await run();
