// Issue 28: every write route of the app's own route list (a route added later is walked too) leaves
// exactly one AuditEntry row when it succeeds, naming the council, the actor and what it changed.
// A route that answers 2xx with zero rows, or two, fails the walk; so does a write route this walk
// cannot make succeed (add its valid call to CALLS below).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { injectAs } from '../../helpers/app.ts';
import { form, seedRouteSweep, type Route, type RouteSweep } from '../../helpers/route-sweep.ts';
import { multipart } from '../../helpers/multipart.ts';
import { photo } from '../../helpers/certificates.ts';

let sweep: RouteSweep;

/** POSTs that change nothing: a read the spec's client makes with POST, a preview. They must leave no row. */
const NOT_WRITES = new Map([
  ['POST /api/Properties/due', 'the properties with dues: a read the earlier client makes with POST'],
  ['POST /api/Sms/preview', 'shows the text a notice would have; sends and stores nothing'],
]);
/** Walked last: it ends the caller's session. */
const LAST = new Set(['POST /api/User/logout']);

type Call = Omit<InjectOptions, 'method'> & { url: string; as?: 'owner' | 'anonymous' };
/** Valid calls the route sweep's base bodies do not give (files, a successful login). */
const CALLS: Record<string, () => Promise<Call> | Call> = {
  'POST /api/User/login': () => ({ url: '/api/User/login', payload: { username: sweep.owner.username, password: sweep.owner.password } }),
  'POST /api/Corosal': async () => {
    const slide = multipart([{ name: 'ImageFile', value: await photo('png'), filename: 's.png', contentType: 'image/png' }]);
    return { url: '/api/Corosal', payload: slide.payload, headers: slide.headers };
  },
  'POST /api/Site/logo': async () => {
    const logo = multipart([{ name: 'LogoFile', value: await photo('png'), filename: 'logo.png', contentType: 'image/png' }]);
    return { url: '/api/Site/logo', payload: logo.payload, headers: logo.headers };
  },
  // Site, slides, certificates, SMS, accounts and tokens.

  // The property register, transfers, tax rates, the tax books.
};

const key = (r: Route) => `${r.method} ${r.url}`;

async function callOf(route: Route): Promise<Call> {
  const special = CALLS[key(route)];
  if (special) return special();
  const base = sweep.baseBody(route);
  const url = sweep.pathOf(route) + sweep.queryOf(route);
  if (route.multipart) return { url, ...form(base ?? {}) };
  return base ? { url, payload: base } : { url };
}

/** The newest audit id, and the rows after it that the walk's councils own or a failed login of theirs left. */
async function lastId(): Promise<string> {
  const [r] = await sweep.t.database.sql.query<{ id: string }>(`SELECT coalesce(max(id), 0)::text AS id FROM "AuditEntry"`);
  return r.id;
}
async function rowsAfter(id: string) {
  return sweep.t.database.sql.query<{ entity: string; action: string; createdByUserId: number | null; userId: number | null }>(
    `SELECT entity, action, "createdByUserId", "userId" FROM "AuditEntry"
     WHERE id > $1::bigint AND ("createdByUserId" = $2 OR "userId" = $2) ORDER BY id`,
    [id, sweep.owner.userId],
  );
}

beforeAll(async () => {
  sweep = await seedRouteSweep();
});
afterAll(async () => {
  await sweep?.t.close();
});

describe('the audit trail of the write routes', () => {
  it('has one row for each successful write, naming the council and who acted', async () => {
    const routes = sweep
      .routes()
      .filter((r) => r.method !== 'GET')
      .sort((a, b) => Number(LAST.has(key(a))) - Number(LAST.has(key(b))) || Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const route of routes) {
      const call = await callOf(route);
      const before = await lastId();
      const res = await injectAs(sweep.t.app, call.as === 'anonymous' ? undefined : sweep.owner, {
        method: route.method as 'POST',
        ...call,
      });
      const rows = await rowsAfter(before);
      const label = `${key(route)} → ${res.statusCode}`;
      if (res.statusCode >= 300) {
        problems.push(`${label}: the walk could not make it succeed (${res.body.slice(0, 200)}); add a valid call to CALLS`);
        continue;
      }
      const expected = NOT_WRITES.has(key(route)) ? 0 : 1;
      if (rows.length !== expected) problems.push(`${label}: ${rows.length} audit rows, expected ${expected}: ${JSON.stringify(rows)}`);
      else if (expected && rows[0].createdByUserId !== sweep.owner.userId)
        problems.push(`${label}: the row names council ${rows[0].createdByUserId}, not the caller's`);
    }
    expect(problems).toEqual([]);
  });
});
