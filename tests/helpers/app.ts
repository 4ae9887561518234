// One way for every server test to get a running app on a real database, and council accounts
// with tokens. Each test file gets its own app; on PGlite its own database too. On PostgreSQL the
// files share the database, so tests make their own councils (unique names) and never assume
// they are alone in it.
//
// A test file takes them as fixtures, `const t = useTestApp()` and `const c = useCouncil(t)` at its
// top: built in a beforeAll hook, closed after the file's tests, read inside tests and hooks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyServerOptions, InjectOptions } from 'fastify';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type OpenDatabase } from '../../server/db/open.ts';
import { buildApp, type App } from '../../server/app.ts';
import { primaryOnly } from '../../server/db/standby.ts';
import { createAccount } from '../../server/modules/users/service.ts';
import { fixture } from './fixture.ts';
import { freePort } from './free-port.ts';

export interface TestApp {
  app: App;
  database: OpenDatabase;
  config: Config;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<OpenDatabase> {
  if (process.env.DATABASE_URL) return openDatabase({ databaseUrl: process.env.DATABASE_URL, migrate: false });
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('global setup did not build the PGlite template');
  const blob = new Blob([fs.readFileSync(template)]);
  return openDatabase({ loadDataDir: blob, migrate: false });
}

/** `logger`: Fastify's logger option; off unless a test reads what the server logs. */
export async function buildTestApp(overrides: Partial<Config> = {}, logger: FastifyServerOptions['logger'] = false): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-app-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: crypto.randomBytes(32).toString('hex'), PUBLIC_BASE_URL: 'http://portal.test' }),
    webDist: path.join(dataDir, 'no-web'),
    logLevel: 'silent',
    // Limits counted in a shared PostgreSQL database: each app its own keys, unless a test gives two apps one prefix.
    limitKeyPrefix: `t${crypto.randomBytes(4).toString('hex')}:`,
    ...overrides,
    // Test files share one PostgreSQL database: no app works the SMS outbox unless its test starts the worker (scoped to its councils).
    sms: { ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x' }).sms, worker: false, ...overrides.sms },
  };
  const database = await openTestDatabase();
  const app = await buildApp(config, database, logger);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The file's app (buildTestApp with these options): built before its tests, closed after them. */
export const useTestApp = (overrides: Partial<Config> = {}, logger: FastifyServerOptions['logger'] = false): TestApp =>
  fixture(
    'the test app',
    () => buildTestApp(overrides, logger),
    (t) => t.close(),
  );

/** A council account of the file (createCouncil on the file's app), made before its tests. */
export const useCouncil = (t: TestApp, opts: { isAdmin?: boolean; prefix?: string; username?: string } = {}): TestCouncil =>
  fixture('the council', () => createCouncil(t.app, opts));

/** A database whose server is down, as a portal meets one: the Prisma client and plain SQL of a
 *  PostgreSQL address where nothing listens, so every query is refused at connect. */
export async function unreachableDatabase(): Promise<OpenDatabase> {
  const port = await freePort();
  const [{ PrismaPg }, { PrismaClient }] = await Promise.all([
    import('@prisma/adapter-pg'),
    import('../../server/generated/prisma/client.ts'),
  ]);
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: `postgresql://postgres@127.0.0.1:${port}/gone` }) });
  return {
    kind: 'postgresql',
    prisma,
    sql: {
      query: async (q, params) => prisma.$queryRawUnsafe(q, ...(params ?? [])),
      exec: async (q) => void (await prisma.$executeRawUnsafe(q)),
    },
    publicReader: primaryOnly(prisma),
    close: () => prisma.$disconnect(),
  };
}

export interface TestCouncil {
  userId: number;
  username: string;
  password: string;
  token: string;
  /** Headers for an authenticated request. */
  auth: { authorization: string };
}

let seq = 0;
/** A username no other test file (sharing a PostgreSQL database) has. */
export const uniqueUsername = (prefix = 'gp') => `${prefix}_${process.pid}_${Date.now().toString(36)}_${++seq}`;
/** A new council account (unique name), logged in through the real login route. */
export async function createCouncil(app: App, opts: { isAdmin?: boolean; prefix?: string; username?: string } = {}): Promise<TestCouncil> {
  const username = opts.username ?? uniqueUsername(opts.prefix);
  const password = 'Secret-pass1';
  await createAccount(app.db, { username, password, isAdmin: opts.isAdmin ?? false });
  const res = await app.inject({ method: 'POST', url: '/api/User/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed in test helper: ${res.body}`);
  const { userId, token } = res.json();
  return { userId, username, password, token, auth: { authorization: `Bearer ${token}` } };
}

/** app.inject with a council's token. */
export function injectAs(app: App, council: TestCouncil | undefined, opts: InjectOptions) {
  return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(council ? council.auth : {}) } });
}

/** injectAs as an ApiCall (http-api.ts), so the seeding the browser tests and benches do over HTTP
 *  serves the server tests too: the envelope's result, or an error with the body. */
export function injectCall(app: App, council: TestCouncil | undefined) {
  return async (method: string, url: string, body?: unknown) => {
    const res = await injectAs(app, council, { method: method as InjectOptions['method'], url, payload: body as InjectOptions['payload'] });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().result;
  };
}
