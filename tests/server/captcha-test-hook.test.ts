// The browser tests' way to solve the public search's captcha: a route that exists only when
// E2E_CAPTCHA_PEEK=1, and a setting the portal refuses in production.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { useTestApp, type TestApp } from '../helpers/app.ts';

const plain = useTestApp();
const peeking = useTestApp({ e2eCaptchaPeek: true });

const newCaptcha = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/captcha' })).json().result.captchaId as string;

describe('captcha answers for browser tests', () => {
  it('are not served by a normal portal', async () => {
    const id = await newCaptcha(plain);
    const res = await plain.app.inject({ method: 'GET', url: `/api/test/captcha/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain((await plain.app.captcha.peek(id))!);
  });

  it('are served with E2E_CAPTCHA_PEEK=1, and the answer passes the check once', async () => {
    const id = await newCaptcha(peeking);
    const res = await peeking.app.inject({ method: 'GET', url: `/api/test/captcha/${id}` });
    expect(res.statusCode).toBe(200);
    const { answer } = res.json().result;
    expect(answer).toMatch(/^[A-HJ-NP-Z2-9]{5}$/);
    expect(await peeking.app.captcha.check(id, answer)).toBe(true);
    expect((await peeking.app.inject({ method: 'GET', url: `/api/test/captcha/${id}` })).statusCode).toBe(404);
    const doc = (await peeking.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/test/'))).toBe(false);
  });

  it('cannot be switched on in production', () => {
    expect(loadConfig({ E2E_CAPTCHA_PEEK: '1', JWT_SECRET: 'x' }).e2eCaptchaPeek).toBe(true);
    expect(loadConfig({ JWT_SECRET: 'x' }).e2eCaptchaPeek).toBe(false);
    expect(() => loadConfig({ E2E_CAPTCHA_PEEK: '1', NODE_ENV: 'production', JWT_SECRET: 'x' })).toThrow(/browser tests only/);
  });
});
