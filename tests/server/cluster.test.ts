// Two portal processes on one PostgreSQL database (issue 32): two apps, each with its own connections,
// as two app servers behind a proxy share one database. A limit counts the requests of both, a
// logout on one ends the token on the other, an image uploaded through one is served by the other,
// two SMS workers send each message once, and the day's job runs once. PostgreSQL only: the embedded
// database belongs to one process (server/db/lock.ts), so there is no second one to share it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSmsConfig } from '../../server/config.ts';
import { gatewayFor } from '../../server/modules/sms/gateways.ts';
import { SmsWorker } from '../../server/modules/sms/worker.ts';
import { runDueBackup } from '../../server/modules/backups/schedule.ts';
import { runAlone } from '../../server/modules/cluster/jobs.ts';
import { sharedJwtSecret } from '../../server/modules/cluster/settings.ts';
import { sharp } from '../../server/lib/images.ts';
import { buildTestApp, createCouncil, injectAs, openTestDatabase, type TestApp } from '../helpers/app.ts';
import { startFakeGateway } from '../helpers/fake-sms-gateway.ts';
import { fixture } from '../helpers/fixture.ts';
import { multipart } from '../helpers/multipart.ts';

const onPostgres = !!process.env.DATABASE_URL;

describe.skipIf(!onPostgres)('two portal processes on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // One portal: the same login secret and the same limit keys (a test prefix of its own), images in the database.
    const shared = { jwtSecret: crypto.randomBytes(32).toString('hex'), limitKeyPrefix: `cluster-${process.pid}-${Date.now()}:` };
    [a, b] = await Promise.all([
      buildTestApp({ ...shared, uploadStore: 'database' }),
      buildTestApp({ ...shared, uploadStore: 'database' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('counts an address limit across both: six requests in all, then 429 on either', async () => {
    // A pair of its own with a limit of 6 a minute (the others' logins come from one address too).
    const prefix = `cluster-limit-${process.pid}-${Date.now()}:`;
    const [p, q] = await Promise.all([0, 1].map(() => buildTestApp({ limitKeyPrefix: prefix, addressRateLimit: 6 })));
    const remoteAddress = '10.32.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await [p, q][i % 2].app.inject({ method: 'GET', url: '/api/health', remoteAddress })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200]);
    const over = [
      await p.app.inject({ method: 'GET', url: '/api/health', remoteAddress }),
      await q.app.inject({ method: 'GET', url: '/api/health', remoteAddress }),
    ];
    for (const res of over) {
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().isSuccess).toBe(false);
    }
    // Another address is counted apart.
    expect((await q.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.32.0.2' })).statusCode).toBe(200);
    await Promise.all([p.close(), q.close()]);
  });

  it('counts failed logins across both: the eleventh wrong password from one address is refused on either', async () => {
    const c = await createCouncil(a.app, { prefix: 'cl' });
    const remoteAddress = '10.32.1.1';
    const attempt = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/User/login',
        remoteAddress,
        payload: { username: c.username, password: 'wrong-password-1' },
      });
    // Ten at once, five on each: none may slip past the count while another is being counted.
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt([a, b][i % 2])));
    expect(first.map((r) => r.statusCode)).toEqual(Array(10).fill(401));
    expect((await attempt(a)).statusCode).toBe(429);
    expect((await attempt(b)).statusCode).toBe(429);
  });

  it('ends a token on both at once when it logs out on one', async () => {
    const c = await createCouncil(a.app, { prefix: 'cl' });
    expect((await injectAs(b.app, c, { method: 'GET', url: '/api/User/me' })).statusCode).toBe(200);
    expect((await injectAs(a.app, c, { method: 'POST', url: '/api/User/logout' })).statusCode).toBe(200);
    const after = await injectAs(b.app, c, { method: 'GET', url: '/api/User/me' });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/no longer valid/);
  });

  it('serves from one an image uploaded through the other', async () => {
    const c = await createCouncil(a.app, { prefix: 'cl' });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 60 } } })
      .png()
      .toBuffer();
    const form = multipart([{ name: 'LogoFile', value: png, filename: 'logo.png', contentType: 'image/png' }]);
    const up = await injectAs(a.app, c, { method: 'POST', url: '/api/Site/logo', ...form });
    expect(up.statusCode).toBe(201);
    const logoUrl: string = up.json().result.logoUrl;
    // Nothing on either app's disk: the bytes are in the database.
    for (const t of [a, b]) expect(fs.existsSync(path.join(t.config.dataDir, logoUrl))).toBe(false);
    const served = await b.app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 40, 30]);
    // A name that is not there, and one that tries to leave the folder, are 404.
    expect((await b.app.inject({ method: 'GET', url: '/uploads/site/logo-0000000000000000.png' })).statusCode).toBe(404);
    expect((await b.app.inject({ method: 'GET', url: '/uploads/../package.json' })).statusCode).toBe(404);
  });

  describe('the SMS outbox', () => {
    const fake = fixture('the fake gateway', startFakeGateway, (g) => g.close());

    it('sends each of 1,000 messages exactly once with a worker in each process', async () => {
      const c = await createCouncil(a.app, { prefix: 'cl' });
      const batch = await a.app.db.smsBatch.create({ data: { createdByUserId: c.userId, kind: 'gramsabha', provider: 'msg91' } });
      const mobiles = Array.from({ length: 1000 }, (_, i) => `93${String(i).padStart(8, '0')}`);
      await a.app.db.smsMessage.createMany({
        data: mobiles.map((mobile) => ({
          batchId: batch.id,
          createdByUserId: c.userId,
          mobile,
          text: 'ग्रामसभा',
          segments: 1,
          variables: ['ग्रामसभा'],
        })),
      });
      const config = {
        ...loadSmsConfig({}),
        provider: 'msg91' as const,
        apiKey: 'good',
        templateIds: { gramsabha: 'T-GS', dues: 'T-DUES' },
        gatewayUrl: fake.url,
      };
      const workers = [a, b].map((t) => {
        const w = new SmsWorker(t.app.db, gatewayFor(config), 1000);
        w.scope = [c.userId];
        return w;
      });
      await Promise.all(workers.map((w) => w.start()));
      await expect
        .poll(() => a.app.db.smsMessage.count({ where: { batchId: batch.id, status: 'sent' } }), { timeout: 120_000, interval: 250 })
        .toBe(1000);
      await Promise.all(workers.map((w) => w.stop()));
      const sent = fake.sends().map((r) => (JSON.parse(r.body) as { recipients: { mobiles: string }[] }).recipients[0].mobiles);
      const ours = sent.filter((m) => m.startsWith('9193'));
      expect(ours).toHaveLength(1000);
      expect(new Set(ours).size).toBe(1000);
      // Both took part: the claim with SKIP LOCKED shares the queue rather than serialising it.
      expect(workers.map((w) => w.handled).every((n) => n > 0)).toBe(true);
      expect(workers[0].handled + workers[1].handled).toBe(1000);
    });
  });

  it("runs the day's backup once when both processes find it due", async () => {
    // A day of a year no other test claims (the schedule test uses years of its own too).
    const now = new Date(Date.UTC(2080 + (process.pid % 15), crypto.randomInt(0, 12), crypto.randomInt(1, 28), 12));
    const dirs = [a, b].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'gp-cluster-backup-')));
    const schedule = { time: '02:00', keepDays: 7 };
    const quiet = () => {};
    const [one, two] = await Promise.all([
      runDueBackup(a.database, dirs[0], schedule, now, quiet),
      runDueBackup(b.database, dirs[1], schedule, now, quiet),
    ]);
    expect([one, two].sort()).toEqual(['made', 'taken']);
    const files = dirs.flatMap((d) => (fs.existsSync(path.join(d, 'backups')) ? fs.readdirSync(path.join(d, 'backups')) : []));
    expect(files.filter((f) => f.endsWith('.tar.gz'))).toHaveLength(1);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('runs a sweep in one process at a time: the other skips while the lock is held', async () => {
    const job = `cluster-test-${process.pid}`;
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let entered = () => {};
    const inside = new Promise<void>((r) => (entered = r));
    const first = runAlone(a.app.db, job, async () => {
      entered();
      await held;
    });
    await inside;
    expect(await runAlone(b.app.db, job, async () => {})).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(await runAlone(b.app.db, job, async () => {})).toBe(true);
  });

  it('shares one login secret when JWT_SECRET is unset: every process reads the one the first made', async () => {
    const dbs = await Promise.all([openTestDatabase(), openTestDatabase()]);
    try {
      const secrets = await Promise.all([...dbs, ...dbs].map((d) => sharedJwtSecret(d.prisma)));
      expect(new Set(secrets).size).toBe(1);
      expect(secrets[0].length).toBeGreaterThanOrEqual(64);
    } finally {
      await Promise.all(dbs.map((d) => d.close()));
    }
  });
});
