// Security issue 25, finding 4: a program read the public search out as fast as the server answered.
// The autocomplete and the search now need a solved proof-of-work challenge (ALTCHA, GET
// /api/public/pow) each: bound to its council, signed, valid 10 minutes, usable once.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, useCouncil, injectAs } from '../../helpers/app.ts';
import { rccHouse } from '../../helpers/tax-seed.ts';
import { solvePow, solvedPow } from '../../helpers/pow.ts';
import { POW_MESSAGES } from '../../../common/pow.ts';
import { loadConfig } from '../../../server/config.ts';

// The default difficulty: these tests solve what a browser solves.
const t = useTestApp();
const office = useCouncil(t);
const other = useCouncil(t);
beforeAll(async () => {
  t.config.publicUserId = office.userId;
  expect(
    (
      await injectAs(t.app, office, {
        method: 'POST',
        url: '/api/GrampanchayatImport/register-owner-property',
        payload: rccHouse('42', 'गीता मोरे'),
      })
    ).statusCode,
  ).toBe(201);
});

let n = 0;
/** Each test from its own address, under the per-address limits. */
const address = () => `10.61.${Math.floor(++n / 250)}.${n % 250}`;
const suggest = (altcha: string | undefined, ip: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/public/properties/suggest?type=malmatta&q=4${altcha === undefined ? '' : `&altcha=${encodeURIComponent(altcha)}`}`,
    remoteAddress: ip,
  });
const captcha = async (ip: string) => {
  const { captchaId } = (await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip })).json().result;
  return { captchaId: captchaId as string, answer: (await t.app.captcha.peek(captchaId))! };
};
const search = (q: Record<string, string>, ip: string) =>
  t.app.inject({ method: 'GET', url: `/api/public/properties/42?${new URLSearchParams(q)}`, remoteAddress: ip });

describe('the challenge', () => {
  it('is an ALTCHA v2 challenge of the public council, signed, expiring in 10 minutes, about 25,000 hashes of work', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/pow', remoteAddress: address() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { parameters, signature } = res.json().result;
    expect(parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyLength: 32, data: { council: office.userId } });
    expect(parameters.keyPrefix).toMatch(/^[0-9a-f]{32}$/);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.expiresAt - Date.now() / 1000).toBeGreaterThan(590);
    expect(parameters.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(600);
    const solved = JSON.parse(Buffer.from(await solvePow(res.json().result), 'base64').toString());
    expect(solved.solution.counter).toBeGreaterThanOrEqual(12_500);
    expect(solved.solution.counter).toBeLessThanOrEqual(37_500);
  });

  it('has a configurable difficulty', () => {
    expect(loadConfig({ JWT_SECRET: 'x' }).powDifficulty).toBe(25_000);
    expect(loadConfig({ JWT_SECRET: 'x', PUBLIC_POW_DIFFICULTY: '5000' }).powDifficulty).toBe(5000);
    expect(() => loadConfig({ JWT_SECRET: 'x', PUBLIC_POW_DIFFICULTY: '0' })).toThrow(/PUBLIC_POW_DIFFICULTY/);
  });
});

describe('the autocomplete and the search', () => {
  it('refuse a request without a solved challenge (400, in Marathi and English)', async () => {
    const ip = address();
    const res = await suggest(undefined, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ isSuccess: false, message: POW_MESSAGES.missing, result: null });
    const c = await captcha(ip);
    const lookup = await search({ captchaId: c.captchaId, captcha: c.answer }, ip);
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json().message).toBe(POW_MESSAGES.missing);
  });

  it('answer once per solved challenge: the same solution again is refused', async () => {
    const ip = address();
    const altcha = await solvedPow(t.app, { remoteAddress: ip });
    const first = await suggest(altcha, ip);
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toEqual([{ malmattaNo: '42', malkacheNav: 'गीता मोरे' }]);
    const replay = await suggest(altcha, ip);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(POW_MESSAGES.refused);
    // Nor on the other route, from another address.
    const c = await captcha(ip);
    expect((await search({ captchaId: c.captchaId, captcha: c.answer, altcha }, address())).json().message).toBe(POW_MESSAGES.refused);
  });

  it('refuse an expired challenge, one of another council, a tampered one and a wrong solution', async () => {
    const ip = address();
    const expired = await solvePow(await t.app.pow.challenge(office.userId, Date.now() - 11 * 60_000));
    expect((await suggest(expired, ip)).json().message).toBe(POW_MESSAGES.refused);
    const otherCouncil = await solvePow(await t.app.pow.challenge(other.userId));
    expect((await suggest(otherCouncil, ip)).json().message).toBe(POW_MESSAGES.refused);

    // The page's council changed since the challenge was given: refused too.
    const before = await solvedPow(t.app, { remoteAddress: ip });
    t.config.publicUserId = other.userId;
    try {
      expect((await suggest(before, ip)).json().message).toBe(POW_MESSAGES.refused);
    } finally {
      t.config.publicUserId = office.userId;
    }

    // Made easier (a shorter key prefix), made to last, or moved to another council: the signature no longer fits.
    const good = JSON.parse(Buffer.from(await solvedPow(t.app, { remoteAddress: ip }), 'base64').toString());
    const tampered = (change: (p: Record<string, unknown>) => void) => {
      const copy = structuredClone(good);
      change(copy.challenge.parameters);
      return Buffer.from(JSON.stringify(copy)).toString('base64');
    };
    for (const change of [
      (p: Record<string, unknown>) => (p.keyPrefix = '00'),
      (p: Record<string, unknown>) => (p.expiresAt = (p.expiresAt as number) + 3600),
      (p: Record<string, unknown>) => (p.data = { council: other.userId }),
    ])
      expect((await suggest(tampered(change), ip)).json().message).toBe(POW_MESSAGES.refused);
    const wrong = structuredClone(good);
    wrong.solution.counter += 1;
    wrong.solution.derivedKey = '00'.repeat(32);
    expect((await suggest(Buffer.from(JSON.stringify(wrong)).toString('base64'), ip)).json().message).toBe(POW_MESSAGES.refused);
    // The untouched one still works (it was never used up by the refusals).
    expect((await suggest(Buffer.from(JSON.stringify(good)).toString('base64'), ip)).statusCode).toBe(200);
  });

  it('refuse garbage with 400, never 500', async () => {
    const ip = address();
    for (const junk of [
      'x',
      '!!!',
      Buffer.from('{"challenge":1}').toString('base64'),
      Buffer.from('[]').toString('base64'),
      'a'.repeat(2049),
    ])
      expect((await suggest(junk, ip)).statusCode).toBe(400);
    const broken = JSON.parse(Buffer.from(await solvedPow(t.app, { remoteAddress: ip }), 'base64').toString());
    broken.challenge.parameters.nonce = 'not hex';
    broken.solution.derivedKey = 'zz';
    expect((await suggest(Buffer.from(JSON.stringify(broken)).toString('base64'), ip)).statusCode).toBe(400);
  });

  it('finds the property end to end with the captcha and the proof of work; a refused proof leaves the captcha open', async () => {
    const ip = address();
    const c = await captcha(ip);
    // A spent proof of work: refused before the captcha is looked at…
    const spent = await solvedPow(t.app, { remoteAddress: ip });
    expect((await suggest(spent, ip)).statusCode).toBe(200);
    expect((await search({ captchaId: c.captchaId, captcha: c.answer, altcha: spent }, ip)).json().message).toBe(POW_MESSAGES.refused);
    // …so the same captcha answer still opens the property with a fresh one.
    const res = await search({ captchaId: c.captchaId, captcha: c.answer, altcha: await solvedPow(t.app, { remoteAddress: ip }) }, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ malmattaNo: '42', malkacheNav: 'गीता मोरे', mobileNo: 'XXXXXX3210' });
  });

  it('limits challenges to 120 a minute per address', async () => {
    const ip = address();
    const codes: number[] = [];
    for (let i = 0; i < 122; i++) codes.push((await t.app.inject({ method: 'GET', url: '/api/public/pow', remoteAddress: ip })).statusCode);
    expect(codes).toEqual([...Array(120).fill(200), 429, 429]);
  });
});
