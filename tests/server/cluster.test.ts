// Two portal processes on one PostgreSQL database (issue 32): two apps, each with its own connections,
// as two app servers behind a proxy share one database. A limit counts the requests of both, a
// logout on one ends the token on the other, an image uploaded through one is served by the other,
// two SMS workers send each message once, the day's job runs once, and the public search's captcha
// drawn by one is answered on the other once, as a solved proof of work is spent on both. PostgreSQL only: the embedded
// database belongs to one process (server/db/lock.ts), so there is no second one to share it.
import crypto from 'node:crypto';
import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSmsConfig } from '../../server/config.ts';
import { gatewayFor } from '../../server/modules/sms/gateways.ts';
import { STALE_CLAIM_SECONDS, SmsWorker } from '../../server/modules/sms/worker.ts';
import { runDueBackup } from '../../server/modules/backups/schedule.ts';
import { runAlone } from '../../server/modules/cluster/jobs.ts';
import { sharedJwtSecret } from '../../server/modules/cluster/settings.ts';
import { POW_MESSAGES } from '../../common/pow.ts';
import { buildTestApp, createCouncil, injectAs, openTestDatabase, type TestApp } from '../helpers/app.ts';
import { startFakeGateway } from '../helpers/fake-sms-gateway.ts';
import { fixture } from '../helpers/fixture.ts';
import { expectLogoServed, uploadLogo } from '../helpers/shared-uploads.ts';
import { solvedPow } from '../helpers/pow.ts';
import { rccHouse } from '../helpers/tax-seed.ts';

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
    const logoUrl = await uploadLogo(a, c);
    // Nothing on either app's disk: the bytes are in the database.
    for (const t of [a, b]) expect(fs.existsSync(path.join(t.config.dataDir, logoUrl))).toBe(false);
    await expectLogoServed(b, logoUrl);
    // A name that is not there, and one that tries to leave the folder, are 404.
    expect((await b.app.inject({ method: 'GET', url: '/uploads/site/logo-0000000000000000.png' })).statusCode).toBe(404);
    expect((await b.app.inject({ method: 'GET', url: '/uploads/../package.json' })).statusCode).toBe(404);
  });

  describe("the public search's captcha and proof of work", () => {
    let council: Awaited<ReturnType<typeof createCouncil>>;
    beforeAll(async () => {
      council = await createCouncil(a.app, { prefix: 'cl' });
      for (const t of [a, b]) t.config.publicUserId = council.userId;
      const house = {
        method: 'POST' as const,
        url: '/api/GrampanchayatImport/register-owner-property',
        payload: rccHouse('42', 'गीता मोरे'),
      };
      expect((await injectAs(a.app, council, house)).statusCode).toBe(201);
    });
    let n = 0;
    /** Each request from an address of its own, under the per-address limits. */
    const address = () => `10.32.9.${++n}`;
    const search = (t: TestApp, q: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/public/properties/42?${new URLSearchParams(q)}`, remoteAddress: address() });
    const suggest = (t: TestApp, altcha: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/public/properties/suggest?type=malmatta&q=4&altcha=${encodeURIComponent(altcha)}`,
        remoteAddress: address(),
      });

    it('answers on one a captcha drawn by the other, once: a second answer is refused on either', async () => {
      const drawn = await a.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: address() });
      expect(drawn.statusCode).toBe(200);
      const { captchaId } = drawn.json().result;
      // What a person reads from the picture, asked of the process that did not draw it.
      const answer = (await b.app.captcha.peek(captchaId))!;
      expect(answer).toMatch(/^[A-HJ-NP-Z2-9]{5}$/);
      const found = await search(b, {
        captchaId,
        captcha: answer.toLowerCase(),
        altcha: await solvedPow(a.app, { remoteAddress: address() }),
      });
      expect(found.statusCode).toBe(200);
      expect(found.json().result.malmattaNo).toBe('42');
      for (const t of [a, b]) {
        const again = await search(t, { captchaId, captcha: answer, altcha: await solvedPow(t.app, { remoteAddress: address() }) });
        expect(again.statusCode).toBe(400);
        expect(again.json()).toEqual({ isSuccess: false, message: 'चुकीचा कॅप्चा कोड', result: null });
      }
    });

    it('refuses on one a solved proof of work the other accepted, and the other way round', async () => {
      for (const [first, second] of [
        [a, b],
        [b, a],
      ]) {
        const altcha = await solvedPow(first.app, { remoteAddress: address() });
        const accepted = await suggest(first, altcha);
        expect(accepted.statusCode).toBe(200);
        expect(accepted.json().result).toEqual([{ malmattaNo: '42', malkacheNav: 'गीता मोरे' }]);
        for (const t of [second, first]) {
          const replay = await suggest(t, altcha);
          expect(replay.statusCode).toBe(400);
          expect(replay.json().message).toBe(POW_MESSAGES.refused);
        }
      }
      // Two processes handed the same solution at once: one answers.
      const altcha = await solvedPow(a.app, { remoteAddress: address() });
      const both = await Promise.all([suggest(a, altcha), suggest(b, altcha)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it('gives at most one success per captcha, whatever the answers and the processes, at once or in turn', async () => {
      const check = fc.record({ on: fc.constantFrom(0, 1), right: fc.boolean() });
      await fc.assert(
        fc.asyncProperty(fc.array(check, { minLength: 1, maxLength: 6 }), fc.boolean(), async (checks, atOnce) => {
          const { captchaId } = await [a, b][checks[0].on ^ 1].app.captcha.create();
          const answer = (await a.app.captcha.peek(captchaId))!;
          const one = (c: { on: number; right: boolean }) =>
            [a, b][c.on].app.captcha.check(captchaId, c.right ? answer : 'AAAAA'.replace(answer, 'BBBBB'));
          const results = atOnce ? await Promise.all(checks.map(one)) : await sequence(checks.map((c) => () => one(c)));
          const successes = results.filter(Boolean).length;
          // Every check uses the captcha up, so exactly one check reads it: it succeeds when its answer is right.
          expect(successes).toBeLessThanOrEqual(1);
          if (checks.every((c) => c.right)) expect(successes).toBe(1);
          if (!atOnce) expect(results).toEqual(checks.map((c, i) => i === 0 && c.right));
          expect(await b.app.captcha.peek(captchaId)).toBeUndefined();
        }),
        { numRuns: 40 },
      );
    });
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
        // The worker's default: another process's claim is live, not a crash's leftover.
        expect(w.settleOlderThan).toBe(STALE_CLAIM_SECONDS);
        return w;
      });
      // The second starts while the first holds a claim, as a portal started beside a working one:
      // its settling at start must leave that claim alone. (Settling every claim at start, as the
      // embedded database's one process may, requeued the first's 50 in hand and both sent them: a
      // CI run counted 1,050 texts for 1,000 messages.)
      await workers[0].start();
      await expect
        .poll(() => a.app.db.smsMessage.count({ where: { batchId: batch.id, status: { not: 'queued' } } }), { interval: 5 })
        .toBeGreaterThan(0);
      await workers[1].start();
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

/** Runs the calls one after another, answering their results in order. */
async function sequence<T>(calls: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = [];
  for (const call of calls) out.push(await call());
  return out;
}
