// The portal outlives its database connections (issue 32): PostgreSQL restarted, a standby promoted,
// a network cut or a DBA's pg_terminate_backend ends the sessions under a running portal, and the
// portal must carry on when the server is back, not exit (an idle node-postgres client's 'error'
// with no listener ended the process: measured, a portal died the moment its backends were
// terminated). PostgreSQL only. The sessions are found by an application_name of the test's own, as
// the test files share one database.
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import { openDatabase, SessionLost, type OpenDatabase } from '../../server/db/open.ts';
import { buildTestApp, createCouncil, injectAs, type TestApp } from '../helpers/app.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('database sessions ended under a running portal', () => {
  const name = `gp-session-${crypto.randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let t: TestApp;
  let app: App;
  let database: OpenDatabase;
  /** Ends every session of this test's portal, as a restarted server would; answers how many. */
  const terminate = async () => {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1`,
      [name],
    );
    // Gone from the server before the test goes on (pg_terminate_backend only signals).
    for (;;) {
      const { rows: left } = await admin.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = $1`, [name]);
      if (!left.length) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    return rows[0].n;
  };
  const sessionPid = async () => (await database.sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0].pid;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    t = await buildTestApp({ jwtSecret: crypto.randomBytes(32).toString('hex') });
    const named = new URL(url!);
    named.searchParams.set('application_name', name);
    database = await openDatabase({ databaseUrl: named.toString(), migrate: false });
    app = await buildApp(t.config, database, false);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await t?.close();
    await admin?.end();
  });

  it('answers staff and public requests again once its sessions were ended, and its plain-SQL session is a new one', async () => {
    const c = await createCouncil(app, { prefix: 'session' });
    expect((await injectAs(app, c, { method: 'GET', url: '/api/Properties/paged?pageNumber=1&pageSize=10' })).statusCode).toBe(200);
    const before = await sessionPid();
    expect(await terminate()).toBeGreaterThanOrEqual(2); // the plain-SQL session and the pool's
    // The pools drop the connections the server closed; the plain session opens a new one.
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    expect(health.json().result.database).toBe('up');
    expect((await injectAs(app, c, { method: 'GET', url: '/api/Properties/paged?pageNumber=1&pageSize=10' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/Site/profile?userId=${c.userId}` })).statusCode).toBe(200);
    const after = await sessionPid();
    expect(after).not.toBe(before);
    // And again: a second loss is handled as the first.
    await terminate();
    expect(await sessionPid()).not.toBe(after);
  });

  it('fails the next statement of a transaction whose session was lost, so nothing goes on in autocommit', async () => {
    const key = `session-test-${crypto.randomBytes(4).toString('hex')}`;
    await database.sql.exec('BEGIN');
    await database.sql.query(`INSERT INTO "PortalSetting" ("name", "value") VALUES ($1, 'half')`, [key]);
    await terminate();
    // The statement that would have gone on inside the transaction is refused…
    await expect(database.sql.query(`INSERT INTO "PortalSetting" ("name", "value") VALUES ($1, 'second')`, [`${key}-2`])).rejects.toThrow(
      SessionLost,
    );
    // …once: the caller's ROLLBACK (or the next work) runs on the new session.
    await database.sql.exec('ROLLBACK').catch(() => {});
    const rows = await database.sql.query(`SELECT "name" FROM "PortalSetting" WHERE "name" LIKE $1`, [`${key}%`]);
    expect(rows).toEqual([]);
  });

  it('loses nothing and runs statements in order when many are asked at once', async () => {
    await terminate();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => database.sql.query<{ i: number }>('SELECT $1::int AS i', [i])));
    expect(answers.map((r) => r[0].i)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
