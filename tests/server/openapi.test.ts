// The OpenAPI document as a contract (issue 15): every operation named, tagged, with its security and
// every error answer it can give, and the document's security checked against what the routes do.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../server/config.ts';
import { guardOf } from '../../server/plugins/openapi.ts';
import { GUARD } from '../../server/plugins/openapi-contract.ts';
import { useTestApp } from '../helpers/app.ts';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { $ref?: string }>;
}
interface Document {
  info: { version: string; description: string; license?: { name: string; url?: string } };
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string; description?: string }>;
    responses: Record<string, { content: Record<string, { schema: { $ref: string } }>; headers?: Record<string, unknown> }>;
  };
}

let doc: Document;
const operations: Array<{ method: string; path: string; op: Operation }> = [];
const isStaff = (op: Operation) => JSON.stringify(op.security) === JSON.stringify([{ bearer: [] }]);

const t = useTestApp();
beforeAll(async () => {
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  for (const [p, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) operations.push({ method, path: p, op });
});

describe('the OpenAPI document', () => {
  it('documents the API (a list that shrank would make every check below pass for nothing)', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  it('names every operation with a stable, unique operationId (the spec’s own where it has one)', () => {
    const missing = operations.filter((o) => !o.op.operationId).map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(missing).toEqual([]);
    const ids = operations.map((o) => o.op.operationId!);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]+$/);
    expect(doc.paths['/api/BirthCertificate/paged'].get.operationId).toBe('getBirthCertificatesPaged');
    expect(doc.paths['/api/KarImport/apply-payment-simple'].post.operationId).toBe('applyPayment');
  });

  it('tags every operation with an area described at the top level', () => {
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const { method, path: p, op } of operations) {
      expect(op.tags?.length, `${method} ${p}`).toBeGreaterThan(0);
      for (const tag of op.tags!) expect(declared.get(tag), `${method} ${p}: tag ${tag}`).toBeTruthy();
    }
  });

  it('states security on every operation: bearer (staff login or API token), public ones []', () => {
    const bearer = doc.components.securitySchemes.bearer;
    expect(bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(bearer.description).toMatch(/login token/);
    expect(bearer.description).toMatch(/API token/);
    const allowed = [[], [{ bearer: [] }], [{}, { bearer: [] }]].map((s) => JSON.stringify(s));
    for (const { method, path: p, op } of operations) expect(allowed, `${method} ${p}`).toContain(JSON.stringify(op.security));
    expect(doc.paths['/api/BirthCertificate/paged'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/captcha'].get.security).toEqual([]);
    expect(doc.paths['/api/BirthCertificate/{id}'].get.security).toEqual([{}, { bearer: [] }]);
  });

  it('declares bearer where a request without a token answers 401, never where it does not need one', async () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const { method, path: p, op } of operations) {
      // Any value will do for the path: the guard runs before the record is looked up. (A body or query
      // the schema refuses answers 400 before the guard runs: validation comes first.)
      const url = p.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'malmattaNo' ? 'X-1' : '1'));
      const payload = method === 'get' || method === 'delete' ? undefined : {};
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url, payload });
      const label = `${method.toUpperCase()} ${p} without a token: ${res.statusCode}`;
      if (res.statusCode === 401) refused++;
      if (res.statusCode === 401 && !isStaff(op)) wrong.push(`${label}, but security ${JSON.stringify(op.security)}`);
      if (res.statusCode < 300 && isStaff(op)) wrong.push(`${label}, but it declares bearer`);
      if (!(String(res.statusCode) in op.responses)) wrong.push(`${label}, not among its documented answers`);
    }
    expect(wrong).toEqual([]);
    // Most staff routes read nothing a bare request lacks, so the guard answered: the check above did run.
    expect(refused).toBeGreaterThan(40);
  });

  it('reads the guard from the route: the auth decorators, or a hook marked as a guard', () => {
    const [staff, admin, optional] = [async () => {}, async () => {}, async () => {}];
    const app = { requireStaff: staff, requireAdmin: admin, optionalStaff: optional } as never;
    const scoped = Object.assign(async () => {}, { [GUARD]: 'staff' as const });
    expect(guardOf(app, { preHandler: admin })).toBe('staff');
    expect(guardOf(app, { preHandler: [async () => {}, staff] })).toBe('staff');
    expect(guardOf(app, { onRequest: scoped })).toBe('staff');
    expect(guardOf(app, { preHandler: optional })).toBe('optional');
    expect(guardOf(app, {})).toBe('none');
  });

  it('lists the error answers each operation can give, all the envelope', () => {
    const envelopeRef = '#/components/schemas/ErrorEnvelope';
    for (const [name, response] of Object.entries(doc.components.responses)) {
      expect(response.content['application/json'].schema.$ref, name).toBe(envelopeRef);
      expect(Object.keys(response.content), name).toEqual(['application/json']);
    }
    for (const { method, path: p, op } of operations) {
      const label = `${method.toUpperCase()} ${p}`;
      const statuses = Object.keys(op.responses);
      for (const status of statuses.filter((s) => Number(s) >= 400 && !(p === '/api/health' && s === '503')))
        expect(op.responses[status].$ref, `${label} ${status}`).toMatch(/^#\/components\/responses\//);
      expect(statuses, label).toEqual(expect.arrayContaining(['400', '500']));
      if (isStaff(op)) expect(statuses, label).toEqual(expect.arrayContaining(['401', '403', '429']));
      // Public: no 401, except login's wrong name or password.
      else if (op.operationId !== 'login') expect(statuses, label).not.toContain('401');
    }
    // Specific answers: the optimistic lock, the idempotency key, uploads, the gateway.
    expect(Object.keys(doc.paths['/api/BirthCertificate/{id}'].put.responses)).toEqual(expect.arrayContaining(['404', '409', '413']));
    expect(Object.keys(doc.paths['/api/KarImport/apply-payment-simple'].post.responses)).toContain('409');
    expect(Object.keys(doc.paths['/api/Corosal'].post.responses)).toEqual(expect.arrayContaining(['413', '503']));
    expect(Object.keys(doc.paths['/api/Sms/balance'].get.responses)).toContain('502');
    expect(doc.components.responses.TooManyRequests.headers).toHaveProperty('Retry-After');
  });

  it('says where it runs, its version and licence, and the conventions once', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(doc.servers).toEqual([expect.objectContaining({ url: t.config.publicBaseUrl })]);
    expect(doc.info.version).toBe(pkg.version);
    expect(doc.info.license).toEqual({ name: pkg.license, url: `https://spdx.org/licenses/${pkg.license}.html` });
    for (const term of [
      'isSuccess',
      'pageNumber',
      'pageSize',
      '100',
      '429',
      'Retry-After',
      'RateLimit',
      'Idempotency-Key',
      'ETag',
      'If-Match',
    ])
      expect(doc.info.description).toContain(term);
  });
});
