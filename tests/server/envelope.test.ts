import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { useTestApp } from '../helpers/app.ts';
import { Invalid, NotFound } from '../../server/lib/errors.ts';

const t = useTestApp();

describe('the envelope on every error class', () => {
  it('answers 404 for unknown /api paths and unknown methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/does-not-exist'],
      ['DELETE', '/api/User/login'],
      ['GET', '/uploads/nothing.png'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ isSuccess: false, result: null });
    }
  });

  it('answers health with the database status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isSuccess: true,
      result: { database: 'up', databaseKind: process.env.DATABASE_URL ? 'postgresql' : 'pglite' },
    });
  });

  it('serves the OpenAPI document and the docs UI', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/User/login', '/api/User/register', '/api/health']));
    expect(spec.paths['/api/User/login'].post.requestBody).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('sets security headers with a content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('errors thrown inside routes', () => {
  const t2 = useTestApp();

  it('maps typed errors, schema violations, oversized bodies and crashes', async () => {
    // A throwaway app instance with routes that fail in each way.
    const { buildApp } = await import('../../server/app.ts');
    const app = await buildApp(t2.config, t2.database, false);
    app.get('/api/test/invalid', async () => {
      throw new Invalid('birthDate', 'must not be in the future');
    });
    app.get('/api/test/missing', async () => {
      throw new NotFound('No certificate with this id.');
    });
    app.get('/api/test/crash', async () => {
      throw new Error('secret internal detail');
    });
    app.post('/api/test/schema', { schema: { body: Type.Object({ age: Type.Integer({ minimum: 0 }) }) } }, async () => ({ ok: 1 }));
    await app.ready();
    const invalid = await app.inject({ method: 'GET', url: '/api/test/invalid' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ isSuccess: false, message: 'birthDate: must not be in the future', result: null });
    expect((await app.inject({ method: 'GET', url: '/api/test/missing' })).statusCode).toBe(404);
    const crash = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toContain('secret internal detail');
    expect(crash.json()).toMatchObject({ isSuccess: false, result: null });
    const schema = await app.inject({ method: 'POST', url: '/api/test/schema', payload: { age: 'many' } });
    expect(schema.statusCode).toBe(400);
    expect(schema.json().message).toMatch(/^age: /);
    const big = await app.inject({
      method: 'POST',
      url: '/api/test/schema',
      payload: JSON.stringify({ age: 1, pad: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ isSuccess: false, result: null });
    await app.close();
  });
});
