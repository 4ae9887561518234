// Backup and restore (issue 28): a backup restored into a fresh database holds every row of every
// table and every uploaded file as they were, on the database the suite runs on and across from the
// embedded database to PostgreSQL and back; ids go on after a restore without colliding; a backup
// taken during a burst of payments holds every receipt acknowledged before it started; and a torn,
// altered, wrongly-keyed or newer file, or a target that is not empty, is refused with its reason.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../../server/modules/backups/backup.ts';
import { batches, restoreBackup, verifyBackup } from '../../../server/modules/backups/restore.ts';
import { BackupRefused } from '../../../server/modules/backups/refused.ts';
import { caseOf, createValid } from '../../helpers/certificates.ts';
import type { TestCouncil } from '../../helpers/app.ts';
import { pay, propertyWithKar } from '../../helpers/tax.ts';
import {
  allRows,
  backupAudit,
  freshTarget,
  portalOn,
  postgresReachable,
  rewriteBackup,
  seedCouncil,
  uploadedFiles,
  type Portal,
} from '../../helpers/backups.ts';

const kind = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
const PASSPHRASE = 'panchayat office backup key';
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-backups-'));
const cleanup: (() => Promise<void>)[] = [];

let source: Portal;
let council: TestCouncil;
let plain: string;
let sealed: string;
let pgReachable = false;

async function target(k: 'postgresql' | 'pglite') {
  const t = await freshTarget(k);
  cleanup.push(t.drop);
  return t;
}

beforeAll(async () => {
  pgReachable = await postgresReachable();
  const where = await target(kind);
  source = await portalOn(where);
  council = await seedCouncil(source.app);
  plain = (await createBackup({ database: source.database, dataDir: source.dataDir, out: `${files}/`, kind: 'manual' })).path;
  sealed = (
    await createBackup({
      database: source.database,
      dataDir: source.dataDir,
      out: path.join(files, 'sealed.tar.gz.enc'),
      kind: 'scheduled',
      passphrase: PASSPHRASE,
    })
  ).path;
});

afterAll(async () => {
  await source?.close();
  for (const drop of cleanup.reverse()) await drop();
  fs.rmSync(files, { recursive: true, force: true });
});

async function restoredMatchesSource(file: string, into: 'postgresql' | 'pglite', passphrase?: string) {
  const t = await target(into);
  await restoreBackup({ file, dataDir: t.dataDir, databaseUrl: t.databaseUrl, passphrase });
  const restored = await portalOn(t);
  try {
    expect(await allRows(restored.database.sql)).toEqual(await allRows(source.database.sql));
    expect(uploadedFiles(t.dataDir)).toEqual(uploadedFiles(source.dataDir));
    const trail = await backupAudit(restored.database.sql);
    expect(trail.at(-1)).toMatchObject({
      action: 'restore',
      entityId: path.basename(file),
      changes: { size: { new: fs.statSync(file).size } },
    });
    // The rows went in with the tables' triggers off: the trail's guard is on again.
    await expect(restored.database.sql.exec(`UPDATE "AuditEntry" SET "action" = 'x'`)).rejects.toThrow(/append-only/);
    await expect(restored.database.sql.exec(`DELETE FROM "AuditEntry"`)).rejects.toThrow(/append-only/);
  } finally {
    await restored.close();
  }
  return t;
}

describe('a backup restored into a fresh database', () => {
  it('holds every row of every table and every uploaded file as they were', async () => {
    expect((await backupAudit(source.database.sql)).slice(0, 2)).toMatchObject([
      { action: 'backup', entityId: path.basename(plain), changes: { kind: { new: 'manual' }, size: { new: fs.statSync(plain).size } } },
      { action: 'backup', entityId: path.basename(sealed), changes: { kind: { new: 'scheduled' } } },
    ]);
    const manifest = await verifyBackup(plain);
    expect(manifest).toMatchObject({ database: kind, kind: 'manual', encrypted: false, portalVersion: expect.any(String) });
    expect(manifest.tables.map((t) => t.table)).toContain('_prisma_migrations');
    expect(manifest.uploads.some((u) => u.part.startsWith('uploads/marriage/'))).toBe(true);
    expect(manifest.uploads.some((u) => u.part.startsWith('uploads/carousel/'))).toBe(true);
    const seeded = await allRows(source.database.sql);
    for (const table of [
      'BirthCertificate',
      'DeathCertificate',
      'ResidenceCertificate',
      'MarriageCertificate',
      'CarouselImage',
      'Payment',
      'TaxEntry',
    ])
      expect(seeded[table].length, table).toBeGreaterThan(0);
    await restoredMatchesSource(plain, kind);
  });

  it('opens an encrypted backup with its passphrase, and the ids go on without colliding', async () => {
    const t = await restoredMatchesSource(sealed, kind, PASSPHRASE);
    const restored = await portalOn(t);
    try {
      const maxPayment = async () => (await restored.app.db.payment.aggregate({ _max: { paymentId: true } }))._max?.paymentId ?? 0;
      const before = await maxPayment();
      await createValid(restored.app, council, caseOf('birth'));
      const p = await propertyWithKar(restored.app, council, '4', { magilGharpatti: '100' });
      expect((await pay(restored.app, council, { karid: p.kar.karId, paid_gharpatti: '50' })).statusCode).toBe(201);
      expect(await maxPayment()).toBeGreaterThan(before);
    } finally {
      await restored.close();
    }
  });

  it('moves an embedded portal to PostgreSQL and back', async (ctx) => {
    if (!pgReachable) ctx.skip(); // no PostgreSQL server here: the embedded legs run in the tests above
    let embeddedFile = plain;
    if (kind === 'postgresql') {
      const embedded = await restoredMatchesSource(plain, 'pglite');
      const p = await portalOn(embedded);
      embeddedFile = (
        await createBackup({ database: p.database, dataDir: embedded.dataDir, out: `${files}/from-embedded/`, kind: 'manual' })
      ).path;
      await p.close();
    }
    expect((await verifyBackup(embeddedFile)).database).toBe('pglite');
    const onServer = await restoredMatchesSource(embeddedFile, 'postgresql');
    const server = await portalOn(onServer);
    const serverFile = (
      await createBackup({ database: server.database, dataDir: onServer.dataDir, out: `${files}/from-server/`, kind: 'manual' })
    ).path;
    await server.close();
    expect((await verifyBackup(serverFile)).database).toBe('postgresql');
    await restoredMatchesSource(serverFile, 'pglite');
  });
});

describe('a restore refuses', () => {
  const refusal = async (file: string, opts: { passphrase?: string } = {}) => {
    const t = await target(kind);
    const err = await restoreBackup({ file, dataDir: t.dataDir, databaseUrl: t.databaseUrl, ...opts }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupRefused);
    return (err as Error).message;
  };

  it('a torn file', async () => {
    const torn = path.join(files, 'torn.tar.gz');
    fs.writeFileSync(torn, fs.readFileSync(plain).subarray(0, Math.floor(fs.statSync(plain).size / 2)));
    expect(await refusal(torn)).toMatch(/cut short|torn/);
    const tornSealed = path.join(files, 'torn.tar.gz.enc');
    fs.writeFileSync(tornSealed, fs.readFileSync(sealed).subarray(0, fs.statSync(sealed).size - 100));
    expect(await refusal(tornSealed, { passphrase: PASSPHRASE })).toMatch(/cut short/);
  });

  it('a file with one byte of a part changed', async () => {
    const altered = path.join(files, 'altered.tar.gz');
    await rewriteBackup(plain, altered, (name, data) => {
      if (name !== 'db/Payment.copy') return data;
      const copy = Buffer.from(data);
      copy[copy.indexOf('\t') + 1] ^= 1; // one character of the first receipt, past its id
      return copy;
    });
    expect(await refusal(altered)).toMatch(/db\/Payment\.copy does not match its checksum/);
    const sealedAltered = path.join(files, 'altered.tar.gz.enc');
    const bytes = fs.readFileSync(sealed);
    bytes[bytes.length >> 1] ^= 1;
    fs.writeFileSync(sealedAltered, bytes);
    expect(await refusal(sealedAltered, { passphrase: PASSPHRASE })).toMatch(/damaged/);
  });

  it('a wrong or missing passphrase', async () => {
    expect(await refusal(sealed, { passphrase: 'not the passphrase at all' })).toMatch(/Wrong passphrase/);
    expect(await refusal(sealed)).toMatch(/encrypted: set BACKUP_PASSPHRASE/);
  });

  it("a newer portal's backup", async () => {
    const newer = path.join(files, 'newer.tar.gz');
    await rewriteBackup(plain, newer, (name, data) =>
      name === 'manifest.json'
        ? Buffer.from(JSON.stringify({ ...JSON.parse(data.toString()), migration: '99990101000000_future', portalVersion: '9.0.0' }))
        : data,
    );
    expect(await refusal(newer)).toMatch(/newer portal \(version 9\.0\.0.*update this portal/);
  });

  it('a backup of another format, with the portal version that reads it', async () => {
    const older = path.join(files, 'format1.tar.gz');
    await rewriteBackup(plain, older, (name, data) =>
      name === 'manifest.json'
        ? Buffer.from(JSON.stringify({ ...JSON.parse(data.toString()), formatVersion: 1, portalVersion: '0.0.9' }))
        : data,
    );
    expect(await refusal(older)).toMatch(/of format 1, this portal reads \d+: restore it with portal 0\.0\.9/);
  });

  it('a target that is not empty, unless forced, and forced it replaces it', async () => {
    const t = await target(kind);
    const other = await portalOn(t);
    const theirs = await seedCouncil(other.app);
    await other.close();
    const err = await restoreBackup({ file: plain, dataDir: t.dataDir, databaseUrl: t.databaseUrl }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupRefused);
    expect((err as Error).message).toMatch(/not empty.*--force/);
    const r = await restoreBackup({ file: plain, dataDir: t.dataDir, databaseUrl: t.databaseUrl, force: true });
    expect(r.replacedUploads).toBeTruthy();
    const restored = await portalOn(t);
    try {
      expect(await allRows(restored.database.sql)).toEqual(await allRows(source.database.sql));
      expect(await restored.app.db.user.findFirst({ where: { username: theirs.username } })).toBeNull();
    } finally {
      await restored.close();
    }
  });
});

it('cuts a part into whole lines wherever its chunks end, a Devanagari character split across two chunks too', async () => {
  const text = Buffer.from('1\tनवीन घर\t\\N\n2\tग्रामपंचायत कार्यालय\tमराठी\\nदुसरी ओळ\n3\tx\t\\N\n');
  for (const step of [1, 2, 5, 7]) {
    const chunks = async function* () {
      for (let i = 0; i < text.length; i += step) yield text.subarray(i, i + step);
    };
    const pieces: Buffer[] = [];
    for await (const piece of batches(chunks(), 10)) pieces.push(piece);
    expect(Buffer.concat(pieces).equals(text)).toBe(true);
    for (const piece of pieces) {
      expect(piece[piece.length - 1]).toBe(10);
      expect(Buffer.from(new TextDecoder('utf-8', { fatal: true }).decode(piece)).equals(piece)).toBe(true);
    }
  }
});

it('a backup taken during a burst of payments holds every receipt acknowledged before it started', async () => {
  const houses = await Promise.all(['b1', 'b2', 'b3'].map((n) => propertyWithKar(source.app, council, n, { magilGharpatti: '100000' })));
  const acknowledged: string[] = [];
  let stop = false;
  const clerk = async (karid: number) => {
    while (!stop) {
      const res = await pay(source.app, council, { karid, paid_gharpatti: '1' }, crypto.randomUUID());
      expect(res.statusCode).toBe(201);
      acknowledged.push(res.json().result.payment.receiptId);
    }
  };
  const clerks = houses.map((h) => clerk(h.kar.karId));
  while (acknowledged.length < 10) await new Promise((r) => setTimeout(r, 5));
  const before = [...acknowledged];
  const file = (await createBackup({ database: source.database, dataDir: source.dataDir, out: `${files}/burst/`, kind: 'manual' })).path;
  stop = true;
  await Promise.all(clerks);
  const t = await target(kind);
  await restoreBackup({ file, dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  const restored = await portalOn(t);
  try {
    const kept = new Set((await restored.app.db.payment.findMany({ select: { receiptId: true } })).map((p) => p.receiptId));
    expect(before.filter((id) => !kept.has(id))).toEqual([]);
  } finally {
    await restored.close();
  }
});
