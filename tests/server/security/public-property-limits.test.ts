// Security issue 25, finding 4: the public property data could be harvested, 2,000 certificates of a
// council in seconds from one address. Every public property route now counts its requests per client
// address (a minute) and per council (an hour): 429 with Retry-After and a Marathi-first message.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, useCouncil, buildTestApp, createCouncil, injectAs, type TestApp } from '../../helpers/app.ts';
import { rccHouse } from '../../helpers/tax-seed.ts';
import { solvedPow } from '../../helpers/pow.ts';
import { loadConfig, loadPublicLimits } from '../../../server/config.ts';

/** Small council limits so a test reaches them; the address limits are the defaults (pinned at the end). */
const LIMITS = loadPublicLimits({
  PUBLIC_SUGGEST_COUNCIL_LIMIT: '40',
  PUBLIC_SEARCH_COUNCIL_LIMIT: '15',
  PUBLIC_CERTIFICATE_COUNCIL_LIMIT: '50',
});

// Behind a proxy on 127.0.0.1 (app.inject's address), so X-Forwarded-For names each client.
const t = useTestApp({ trustProxy: ['127.0.0.1'], publicLimits: LIMITS, powDifficulty: 100 });
const office = useCouncil(t);
beforeAll(async () => {
  t.config.publicUserId = office.userId;
  for (let i = 1; i <= 3; i++)
    expect(
      (
        await injectAs(t.app, office, {
          method: 'POST',
          url: '/api/GrampanchayatImport/register-owner-property',
          payload: rccHouse(String(i), `मालक ${i}`),
        })
      ).statusCode,
    ).toBe(201);
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const certificate = (council: number, address: string, no = '1') =>
  t.app.inject({ method: 'GET', url: `/api/public/property-certificate/${no}/${council}`, headers: from(address) });

describe('the certificate route', () => {
  it('answers one address 30 certificates a minute, then 429 with Retry-After and the reason in Marathi and English', async () => {
    const codes: number[] = [];
    let refused;
    for (let i = 0; i < 200; i++) {
      const res = await certificate(office.userId, '203.0.113.1', String((i % 3) + 1));
      codes.push(res.statusCode);
      if (res.statusCode === 429) refused ??= res;
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(codes.slice(30)).toEqual(Array(170).fill(429));
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused!.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused!.json()).toMatchObject({ isSuccess: false, result: null });
    expect(refused!.json().message).toMatch(/^खूप विनंत्या\. कृपया \d+ सेकंदांनी पुन्हा प्रयत्न करा\. \/ Too many requests/);
    // Another address is not held up by this one.
    expect((await certificate(office.userId, '203.0.113.2')).statusCode).toBe(200);
  });

  it('answers one council 50 certificates an hour from all addresses together; another council keeps its own', async () => {
    const village = await createCouncil(t.app);
    await injectAs(t.app, village, { method: 'POST', url: '/api/GrampanchayatImport/register-owner-property', payload: rccHouse('7') });
    const neighbour = await createCouncil(t.app);
    await injectAs(t.app, neighbour, { method: 'POST', url: '/api/GrampanchayatImport/register-owner-property', payload: rccHouse('7') });
    const codes: number[] = [];
    for (let i = 0; i < 80; i++) codes.push((await certificate(village.userId, `198.51.100.${i}`, '7')).statusCode);
    expect(codes.slice(0, 50)).toEqual(Array(50).fill(200));
    expect(codes.slice(50)).toEqual(Array(30).fill(429));
    const refused = await certificate(village.userId, '198.51.100.200', '7');
    expect(refused.json().message).toMatch(/^या ग्रामपंचायतीच्या मालमत्ता माहितीसाठी खूप विनंत्या आल्या आहेत\. कृपया \d+ मिनिटांनी/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect((await certificate(neighbour.userId, '198.51.100.201', '7')).statusCode).toBe(200);
  });

  it('counts only councils that exist: an unknown council id is a 404 and fills no window', async () => {
    const res = await certificate(2_000_000_000, '192.0.2.9');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No property data found.');
  });
});

describe('the autocomplete and the search', () => {
  const pow = async (app: TestApp['app'], from: { remoteAddress?: string; headers?: Record<string, string> }) =>
    encodeURIComponent(await solvedPow(app, from));
  const suggest = async (address: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/public/properties/suggest?type=malmatta&q=1&altcha=${await pow(t.app, { headers: from(address) })}`,
      headers: from(address),
    });

  it('answers one address 60 suggestions a minute, then 429', async () => {
    const local = await buildTestApp({ publicLimits: { ...LIMITS, suggest: { perAddress: 60, perCouncil: 1000 } }, powDifficulty: 100 });
    try {
      local.config.publicUserId = office.userId;
      const codes: number[] = [];
      for (let i = 0; i < 65; i++)
        codes.push(
          (
            await local.app.inject({
              method: 'GET',
              url: `/api/public/properties/suggest?type=malmatta&q=1&altcha=${await pow(local.app, { remoteAddress: '10.5.0.1' })}`,
              remoteAddress: '10.5.0.1',
            })
          ).statusCode,
        );
      expect(codes).toEqual([...Array(60).fill(200), ...Array(5).fill(429)]);
    } finally {
      await local.close();
    }
  });

  it('answers the public council 40 suggestions an hour from all addresses together', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 45; i++) codes.push((await suggest(`198.18.0.${i}`)).statusCode);
    expect(codes).toEqual([...Array(40).fill(200), ...Array(5).fill(429)]);
    expect((await suggest('198.18.1.1')).json().message).toContain('Too many requests for this council');
  });

  it('counts against the council only the searches whose captcha was right', async () => {
    const lookup = async (address: string, right: boolean) => {
      const c = (await t.app.inject({ method: 'GET', url: '/api/captcha', headers: from(address) })).json().result;
      const answer = right ? (await t.app.captcha.peek(c.captchaId))! : 'AAAAA';
      const altcha = await pow(t.app, { headers: from(address) });
      return t.app.inject({
        method: 'GET',
        url: `/api/public/properties/1?captchaId=${c.captchaId}&captcha=${answer}&altcha=${altcha}`,
        headers: from(address),
      });
    };
    // Wrong answers from many addresses (with their proof of work) do not use the council's searches up…
    for (let i = 0; i < 20; i++) expect((await lookup(`198.19.0.${i}`, false)).statusCode).toBe(400);
    // …right ones do: 15 an hour here.
    const codes: number[] = [];
    for (let i = 0; i < 17; i++) codes.push((await lookup(`198.19.1.${i}`, true)).statusCode);
    expect(codes).toEqual([...Array(15).fill(200), 429, 429]);
  });
});

describe('configuration', () => {
  it('has defaults and takes whole numbers from the environment', () => {
    const base = { JWT_SECRET: 'x' };
    expect(loadConfig(base).publicLimits).toEqual({
      suggest: { perAddress: 60, perCouncil: 1000 },
      search: { perAddress: 20, perCouncil: 200 },
      certificate: { perAddress: 30, perCouncil: 600 },
      signedCertificatePerAddress: 120,
      verify: { perAddress: 20, perCouncil: 2000 },
    });
    expect(loadConfig({ ...base, PUBLIC_CERTIFICATE_COUNCIL_LIMIT: '100' }).publicLimits.certificate.perCouncil).toBe(100);
    expect(() => loadConfig({ ...base, PUBLIC_SEARCH_ADDRESS_LIMIT: '0' })).toThrow(
      /PUBLIC_SEARCH_ADDRESS_LIMIT must be a whole number of requests a minute/,
    );
    expect(() => loadConfig({ ...base, PUBLIC_SUGGEST_COUNCIL_LIMIT: 'many' })).toThrow(/requests an hour/);
  });
});
