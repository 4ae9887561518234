// API tokens for machines (issue 15): made and revoked by the council's staff login, scoped by the
// route table in server/modules/apiTokens/scopes.ts, bound to their council, noted when used.
import { describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { useTestApp, useCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';
import { buildApp } from '../../server/app.ts';
import { caseOf, createValid, send } from '../helpers/certificates.ts';
import { accessFor, NEVER, ROUTE_SCOPES } from '../../server/modules/apiTokens/scopes.ts';
import { API_SCOPES } from '../../common/api-scopes.ts';
import { SMS_MESSAGES } from '../../server/modules/sms/service.ts';

const birth = caseOf('birth');

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function makeToken(council: TestCouncil, body: Record<string, unknown>) {
  const res = await injectAs(t.app, council, { method: 'POST', url: '/api/ApiTokens', payload: body });
  if (res.statusCode !== 201) throw new Error(`token not created: ${res.statusCode} ${res.body}`);
  return res.json().result as { id: number; token: string };
}

const t = useTestApp();
const councilA = useCouncil(t, { prefix: 'tokA' });
const councilB = useCouncil(t, { prefix: 'tokB' });

describe('making and listing tokens', () => {
  it('shows the secret once, stores only its hash, and never lists it', async () => {
    const res = await injectAs(t.app, councilA, {
      method: 'POST',
      url: '/api/ApiTokens',
      payload: { name: 'जिल्हा डॅशबोर्ड', scopes: ['certificates:read', 'properties:read'] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { id, token } = res.json().result;
    expect(token).toMatch(/^gpp_[A-Za-z0-9_-]{43}$/);

    const list = await injectAs(t.app, councilA, { method: 'GET', url: '/api/ApiTokens' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    const row = list.json().result.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      name: 'जिल्हा डॅशबोर्ड',
      scopes: ['certificates:read', 'properties:read'],
      prefix: token.slice(0, 10),
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(Object.keys(row).sort()).toEqual(
      ['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'lastUsedIp', 'name', 'prefix', 'revokedAt', 'scopes'].sort(),
    );
    const stored = await t.app.db.apiToken.findUniqueOrThrow({ where: { id } });
    expect(JSON.stringify(stored)).not.toContain(token.slice(4));
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    // Another council does not see it.
    const other = await injectAs(t.app, councilB, { method: 'GET', url: '/api/ApiTokens' });
    expect(other.json().result.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it('refuses an unknown scope, no scope, an expiry in the past or not a date, with a 400 naming the field', async () => {
    const post = (payload: object) => injectAs(t.app, councilA, { method: 'POST', url: '/api/ApiTokens', payload });
    const unknown = await post({ name: 'x', scopes: ['certificates:read', 'certificates:delete'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('"certificates:delete"');
    expect(unknown.json().message).toContain('scopes');
    expect(unknown.json().message).toContain(API_SCOPES.join(', '));
    const none = await post({ name: 'x', scopes: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^scopes/);
    const past = await post({ name: 'x', scopes: ['certificates:read'], expiresAt: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('expiresAt: must be in the future: a token that has already expired is of no use');
    const notDate = await post({ name: 'x', scopes: ['certificates:read'], expiresAt: '2099-02-30' });
    expect(notDate.statusCode).toBe(400);
    expect(notDate.json().message).toMatch(/^expiresAt: is not a real date/);
    const blank = await post({ name: '   ', scopes: ['certificates:read'] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/^name: must not be empty/);
  });

  it('reads a date-only expiry as the end of that day in India', async () => {
    const { id } = await makeToken(councilA, { name: 'dated', scopes: ['site:write'], expiresAt: '2099-03-31' });
    const row = await t.app.db.apiToken.findUniqueOrThrow({ where: { id } });
    expect(row.expiresAt?.toISOString()).toBe('2099-03-31T18:30:00.000Z');
  });

  it('needs a staff login: no login is 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ApiTokens' });
    expect(res.statusCode).toBe(401);
  });
});

describe('a token at work', () => {
  it('with certificates:read lists certificates and is refused a write with 403 naming certificates:write', async () => {
    await createValid(t.app, councilA, birth);
    const { token } = await makeToken(councilA, { name: 'reader', scopes: ['certificates:read'] });
    const list = await t.app.inject({ method: 'GET', url: `${birth.listUrl}?pageNumber=1&pageSize=10`, headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().result.items.length).toBeGreaterThan(0);
    expect(list.json().result.items.every((c: { createdByUserId: number }) => c.createdByUserId === councilA.userId)).toBe(true);

    const write = await t.app.inject({ method: 'POST', url: birth.base, headers: bearer(token), payload: birth.valid() });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ isSuccess: false, result: null });
    expect(write.json().message).toContain('certificates:write');
  });

  it('with certificates:write registers a certificate for its own council', async () => {
    const { token } = await makeToken(councilA, { name: 'writer', scopes: ['certificates:write'] });
    const res = await t.app.inject({ method: 'POST', url: birth.base, headers: bearer(token), payload: birth.valid() });
    expect(res.statusCode).toBe(201);
    expect(res.json().result.createdByUserId).toBe(councilA.userId);
  });

  it('notes when and from where it was used, writing at most once a minute', async () => {
    const { id, token } = await makeToken(councilA, { name: 'noted', scopes: ['certificates:read'] });
    const url = `${birth.listUrl}?pageNumber=1&pageSize=1`;
    await t.app.inject({ method: 'GET', url, headers: bearer(token), remoteAddress: '10.1.2.3' });
    const first = await t.app.db.apiToken.findUniqueOrThrow({ where: { id } });
    expect(first.lastUsedIp).toBe('10.1.2.3');
    expect(first.lastUsedAt).not.toBeNull();
    await t.app.inject({ method: 'GET', url, headers: bearer(token), remoteAddress: '10.1.2.3' });
    const second = await t.app.db.apiToken.findUniqueOrThrow({ where: { id } });
    expect(second.lastUsedAt).toEqual(first.lastUsedAt);
    // A use from another address is noted at once.
    await t.app.inject({ method: 'GET', url, headers: bearer(token), remoteAddress: '10.9.9.9' });
    expect((await t.app.db.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedIp).toBe('10.9.9.9');
  });

  it('is refused (401) on the next request once revoked', async () => {
    const { id, token } = await makeToken(councilA, { name: 'to revoke', scopes: ['certificates:read'] });
    const url = `${birth.listUrl}?pageNumber=1&pageSize=1`;
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(200);
    const revoke = await injectAs(t.app, councilA, { method: 'DELETE', url: `/api/ApiTokens/${id}` });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().result.revokedAt).not.toBeNull();
    const after = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toContain('revoked');
    // Public pages refuse it too rather than ignore it: the integrator learns at once.
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('cannot be revoked by another council', async () => {
    const { id } = await makeToken(councilA, { name: 'mine', scopes: ['certificates:read'] });
    const res = await injectAs(t.app, councilB, { method: 'DELETE', url: `/api/ApiTokens/${id}` });
    expect(res.statusCode).toBe(404);
    expect((await t.app.db.apiToken.findUniqueOrThrow({ where: { id } })).revokedAt).toBeNull();
  });

  it('is refused (401) once expired', async () => {
    const { id, token } = await makeToken(councilA, { name: 'short', scopes: ['certificates:read'], expiresAt: '2099-01-01' });
    await t.app.db.apiToken.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await t.app.inject({ method: 'GET', url: `${birth.listUrl}?pageNumber=1&pageSize=1`, headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('expired');
  });

  it('refuses a made-up or cut-off token (401)', async () => {
    const { token } = await makeToken(councilA, { name: 'whole', scopes: ['certificates:read'] });
    for (const bad of [token.slice(0, -1), `gpp_${'A'.repeat(43)}`]) {
      const res = await t.app.inject({ method: 'GET', url: birth.listUrl, headers: bearer(bad) });
      expect(res.statusCode).toBe(401);
      expect(res.json().isSuccess).toBe(false);
    }
  });

  it("cannot read another council's certificate in full nor change it", async () => {
    const theirs = await createValid(t.app, councilB, birth);
    const id = String(theirs[birth.idField]);
    const { token } = await makeToken(councilA, { name: 'both', scopes: ['certificates:read', 'certificates:write'] });

    // The public view only (the QR page's): no full Aadhaar number.
    const read = await t.app.inject({ method: 'GET', url: `${birth.base}/${id}`, headers: bearer(token) });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(String(theirs.childAadharNumber));
    expect(read.body).not.toContain(String(theirs.fatherAadharNumber));
    // Its own council's token reads the full record.
    const { token: tokenB } = await makeToken(councilB, { name: 'own', scopes: ['certificates:read'] });
    const own = await t.app.inject({ method: 'GET', url: `${birth.base}/${id}`, headers: bearer(tokenB) });
    expect(own.body).toContain(String(theirs.fatherAadharNumber));

    const pdf = await t.app.inject({ method: 'GET', url: birth.pdfUrl(id), headers: bearer(token) });
    expect(pdf.statusCode).toBe(404);

    const update = await send(t.app, undefined, birth, { ...birth.valid(), registrationNo: 'HIJACK-1' }, { id });
    expect(update.statusCode).toBe(401);
    const asToken = await t.app.inject({
      method: 'PUT',
      url: `${birth.base}/${id}`,
      headers: bearer(token),
      payload: { ...birth.valid(), registrationNo: 'HIJACK-1' },
    });
    expect(asToken.statusCode).toBe(404);
    const still = await t.app.db.birthCertificate.findUniqueOrThrow({ where: { birthCertificatesId: id } });
    expect(still.registrationNo).toBe(theirs.registrationNo);
  });

  it('can never manage accounts or tokens, whatever its scopes', async () => {
    const { id, token } = await makeToken(councilA, { name: 'all', scopes: [...API_SCOPES] });
    const calls = [
      { method: 'GET' as const, url: '/api/ApiTokens' },
      { method: 'POST' as const, url: '/api/ApiTokens', payload: { name: 'more', scopes: ['certificates:read'] } },
      { method: 'DELETE' as const, url: `/api/ApiTokens/${id}` },
      { method: 'GET' as const, url: '/api/User/me' },
      { method: 'POST' as const, url: '/api/User/logout' },
      {
        method: 'POST' as const,
        url: '/api/User/register',
        payload: { username: 'made_by_token', email: 'a@b.in', password: 'Secret-pass1' },
      },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: bearer(token) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().message).toContain('staff login');
    }
    expect((await t.app.db.apiToken.findUniqueOrThrow({ where: { id } })).revokedAt).toBeNull();
    expect(await t.app.db.user.findFirst({ where: { username: 'made_by_token' } })).toBeNull();
  });

  it('with sms:send goes past the password re-entry (its scope is the authorisation)', async () => {
    const { token } = await makeToken(councilA, { name: 'sms', scopes: ['sms:send'] });
    // The council has no mobile numbers on its register: refused for that reason, not for the password.
    const res = await t.app.inject({ method: 'POST', url: '/api/Sms/dues', headers: bearer(token), payload: {} });
    expect(res.json().message).toBe(SMS_MESSAGES.noRecipients);
    const staff = await injectAs(t.app, councilA, { method: 'POST', url: '/api/Sms/dues', payload: {} });
    expect(staff.json().message).toContain('password');
  });
});

describe('the route table', () => {
  /** Every route a staff login can reach: those behind the auth plugin's guards. */
  function staffRoutes(): { method: string; url: string }[] {
    const guards = new Set<unknown>([t.app.requireStaff, t.app.requireAdmin, t.app.optionalStaff]);
    const out: { method: string; url: string }[] = [];
    for (const r of t.app.routeList as RouteOptions[]) {
      const pre = [r.preHandler, r.onRequest, r.preValidation].flat().filter(Boolean);
      if (!pre.some((h) => guards.has(h))) continue;
      for (const method of [r.method].flat()) out.push({ method, url: r.url });
    }
    return out;
  }

  it('gives every staff route a scope or lists it as never for tokens', () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => accessFor(r.method, r.url) === undefined).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'add these routes to ROUTE_SCOPES in server/modules/apiTokens/scopes.ts').toEqual([]);
  });

  it('has no row that matches no route', () => {
    const routes = staffRoutes();
    for (const row of ROUTE_SCOPES)
      expect(
        routes.some((r) => row.url.test(r.url)),
        String(row.url),
      ).toBe(true);
  });

  it('keeps accounts and tokens away from tokens, and maps the areas as documented', () => {
    for (const [method, url, access] of [
      ['GET', '/api/BirthCertificate/paged', 'certificates:read'],
      ['PUT', '/api/MarriageCertificate/:id', 'certificates:write'],
      ['GET', '/api/ResidenceCertificate', 'certificates:read'],
      ['GET', '/api/Properties/paged', 'properties:read'],
      ['POST', '/api/Properties/due', 'properties:read'],
      ['PUT', '/api/TaxRates', 'properties:write'],
      ['POST', '/api/PropertyTransfer/add', 'properties:write'],
      ['GET', '/api/KarImport/payment-history', 'properties:read'],
      ['POST', '/api/KarImport/apply-payment-simple', 'payments:write'],
      ['POST', '/api/Sms/gramsabha', 'sms:send'],
      ['PUT', '/api/Site/profile', 'site:write'],
      ['DELETE', '/api/Blog/:id', 'site:write'],
      ['POST', '/api/User/register', NEVER],
      ['GET', '/api/User/me', NEVER],
      ['DELETE', '/api/ApiTokens/:id', NEVER],
    ])
      expect(accessFor(method, url), `${method} ${url}`).toBe(access);
    expect(accessFor('GET', '/api/Reports/new')).toBeUndefined();
  });

  it('refuses a token on a staff route the table does not know (fail closed)', async () => {
    // A second app on the same database (PGlite included), with one route the table has no row for.
    const app = await buildApp(t.config, t.database, false);
    app.get('/api/Reports/new', { preHandler: app.requireStaff }, async () => ({ isSuccess: true, message: 'Success', result: 'secret' }));
    await app.ready();
    try {
      const { token } = await makeToken(councilA, { name: 'all2', scopes: [...API_SCOPES] });
      const res = await app.inject({ method: 'GET', url: '/api/Reports/new', headers: bearer(token) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('API tokens cannot use GET /api/Reports/new: it is not open to API tokens.');
      // A staff login still reaches it.
      expect((await injectAs(app, councilA, { method: 'GET', url: '/api/Reports/new' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
