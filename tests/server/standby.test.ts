// Reads of the public pages from a standby (DATABASE_READ_URL, issue 32): while the standby answers
// they go there, staff reads stay on the primary, and when the standby is down the pages keep
// answering from the primary. PostgreSQL only. Here the "standby" is a second connection to the
// test database (a real streaming-replication standby is what `npm run cluster` would make; this
// machine's tests have none), and a port where nothing listens is a standby that is down.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import { openDatabase, type OpenDatabase } from '../../server/db/open.ts';
import { withStandby } from '../../server/db/standby.ts';
import { buildTestApp, createCouncil, injectAs, type TestApp } from '../helpers/app.ts';
import { caseOf, createValid } from '../helpers/certificates.ts';
import { freePort } from '../helpers/free-port.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('public reads from a standby', () => {
  let t: TestApp;
  const opened: { app: App; database: OpenDatabase }[] = [];
  /** An app whose public reads go to `readUrl`. */
  async function appWithStandby(readUrl: string) {
    const database = await openDatabase({ databaseUrl: url, readUrl, migrate: false });
    const app = await buildApp(t.config, database, false);
    await app.ready();
    opened.push({ app, database });
    return { app, database };
  }
  beforeAll(async () => {
    t = await buildTestApp({ jwtSecret: crypto.randomBytes(32).toString('hex') });
  });
  afterAll(async () => {
    for (const o of opened) await o.app.close().then(() => o.database.close());
    await t?.close();
  });

  it('reads the QR page and the site profile from the standby, the owner’s own read from the primary', async () => {
    const { app, database } = await appWithStandby(url!);
    const c = await createCouncil(app, { prefix: 'standby' });
    const birth = caseOf('birth');
    const record = await createValid(app, c, birth);
    const id = String(record[birth.idField]);
    const stats = database.publicReader.stats;
    const before = { ...stats };
    const qr = await app.inject({ method: 'GET', url: `${birth.base}/${id}` });
    expect(qr.statusCode, qr.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/Site/profile?userId=${c.userId}` })).statusCode).toBe(200);
    expect(stats.standby - before.standby).toBe(2);
    expect(stats.primary).toBe(before.primary);
    // The council's own read (full Aadhaar, the version) is a staff read: the primary.
    expect((await injectAs(app, c, { method: 'GET', url: `${birth.base}/${id}` })).statusCode).toBe(200);
    expect(stats.standby - before.standby).toBe(2);
    // A record that is not there is an answer of the standby, not a reason to pass it over.
    expect((await app.inject({ method: 'GET', url: `${birth.base}/00000000-0000-4000-8000-000000000000` })).statusCode).toBe(404);
    expect(stats.standby - before.standby).toBe(3);
  });

  it('answers from the primary when the standby is down', async () => {
    const { app, database } = await appWithStandby(`postgresql://postgres@127.0.0.1:${await freePort()}/gone`);
    const c = await createCouncil(app, { prefix: 'standby' });
    const death = caseOf('death');
    const id = String((await createValid(app, c, death))[death.idField]);
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: `${death.base}/${id}` })).statusCode).toBe(200);
    expect(database.publicReader.stats).toEqual({ standby: 0, primary: 3 });
  });

  it('passes over a standby that lags, and one whose read fails, for the primary', async () => {
    const primary = t.app.db;
    const seen: string[] = [];
    let lag: number | null = 30;
    const reader = withStandby(
      primary,
      primary,
      async () => lag,
      10,
      (m) => seen.push(m),
    );
    expect(await reader.read(async () => 'x')).toBe('x');
    expect(reader.stats).toEqual({ standby: 0, primary: 1 });
    // Said in the log though it was never fit (a standby refusing the portal from the start).
    expect(seen).toEqual(['standby passed over, public reads on the primary: it is 30.0 s behind']);
    // Caught up: used again once the verdict is old (checked again after a few seconds).
    lag = 0.5;
    const fresh = withStandby(
      primary,
      primary,
      async () => lag,
      10,
      (m) => seen.push(m),
    );
    await fresh.read(async () => 1);
    expect(fresh.stats).toEqual({ standby: 1, primary: 0 });
    // A read that fails on the standby is read again on the primary, and the standby is passed over.
    let calls = 0;
    const answer = await fresh.read(async () => {
      calls++;
      if (calls === 1) throw new Error('connection terminated');
      return 'from primary';
    });
    expect(answer).toBe('from primary');
    expect(fresh.stats).toEqual({ standby: 1, primary: 1 });
    expect(seen.some((m) => m.includes('connection terminated'))).toBe(true);
  });
});
