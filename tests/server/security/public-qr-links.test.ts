// Security issue 25, finding 4: the certificate a printed QR code opens stays one scan away, while the
// same route without the council's signature is limited. A QR link carries `?s=`, an HMAC of the
// council and the property number under a key derived from the portal's secret for this purpose.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, useCouncil, injectAs } from '../../helpers/app.ts';
import { rccHouse } from '../../helpers/tax-seed.ts';
import { solvedPow } from '../../helpers/pow.ts';
import { certificatePath, certificateSignature, isCertificateSignature, purposeKey } from '../../../server/lib/signed-links.ts';
import { loadPublicLimits } from '../../../server/config.ts';

/** The default limits but a small hourly one for the unsigned certificate route. */
const LIMITS = loadPublicLimits({ PUBLIC_CERTIFICATE_COUNCIL_LIMIT: '40' });

const t = useTestApp({ trustProxy: ['127.0.0.1'], publicLimits: LIMITS, powDifficulty: 100 });
const village = useCouncil(t);
const neighbour = useCouncil(t);
beforeAll(async () => {
  for (const c of [village, neighbour])
    for (const no of ['१२/अ', '13'])
      expect(
        (await injectAs(t.app, c, { method: 'POST', url: '/api/GrampanchayatImport/register-owner-property', payload: rccHouse(no) }))
          .statusCode,
      ).toBe(201);
});

const certificate = (council: number, no: string, address: string, s?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/public/property-certificate/${encodeURIComponent(no)}/${council}${s === undefined ? '' : `?s=${encodeURIComponent(s)}`}`,
    headers: { 'x-forwarded-for': address },
  });

describe('the signature', () => {
  it('is 16 bytes of HMAC in base64url, one per council and number; both spellings of a number sign alike', () => {
    const secret = t.config.jwtSecret;
    const s = certificateSignature(secret, village.userId, '१२/अ');
    expect(s).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(certificateSignature(secret, village.userId, '12 / अ')).toBe(s);
    expect(certificateSignature(secret, neighbour.userId, '१२/अ')).not.toBe(s);
    expect(certificateSignature(secret, village.userId, '13')).not.toBe(s);
    expect(certificateSignature('another portal', village.userId, '१२/अ')).not.toBe(s);
    expect(isCertificateSignature(secret, village.userId, '12/अ', s)).toBe(true);
    expect(isCertificateSignature(secret, village.userId, '12/अ', s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A'))).toBe(false);
    expect(isCertificateSignature(secret, village.userId, '12/अ', undefined)).toBe(false);
    expect(certificatePath(secret, village.userId, '१२/अ')).toBe(`/propertyqr/${encodeURIComponent('१२/अ')}/${village.userId}?s=${s}`);
  });

  it('is keyed by a key for this purpose, not by the secret that signs login tokens', () => {
    const key = purposeKey(t.config.jwtSecret, 'propertyqr link v1');
    expect(key).toHaveLength(32);
    expect(key.equals(Buffer.from(t.config.jwtSecret))).toBe(false);
    expect(key.equals(purposeKey(t.config.jwtSecret, 'pow v1'))).toBe(false);
  });
});

describe('the certificate route', () => {
  it('opens a signed link past the council’s hourly limit; unsigned, forged and other-council signatures are limited', async () => {
    const signed = certificateSignature(t.config.jwtSecret, village.userId, '१२/अ');
    // A harvester without signatures, from many addresses, uses the council's 40 up.
    const unsigned: number[] = [];
    for (let i = 0; i < 45; i++) unsigned.push((await certificate(village.userId, '13', `198.51.100.${i}`)).statusCode);
    expect(unsigned).toEqual([...Array(40).fill(200), ...Array(5).fill(429)]);
    // A forged signature, or one of another council's property, counts as none: still refused.
    expect((await certificate(village.userId, '13', '198.51.100.100', 'AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(429);
    const theirs = certificateSignature(t.config.jwtSecret, neighbour.userId, '१२/अ');
    expect((await certificate(village.userId, '१२/अ', '198.51.100.101', theirs)).statusCode).toBe(429);
    expect((await certificate(village.userId, '13', '198.51.100.102', signed)).statusCode).toBe(429);
    // The printed code of १२/अ still opens, in either digit style, from anywhere.
    const res = await certificate(village.userId, '१२/अ', '198.51.100.103', signed);
    expect(res.statusCode).toBe(200);
    expect(res.json().result[0]).toMatchObject({ malmattaNo: '१२/अ' });
    expect((await certificate(village.userId, '12/अ', '198.51.100.104', signed)).statusCode).toBe(200);
    // The neighbour's council has its own count.
    expect((await certificate(neighbour.userId, '13', '198.51.100.105')).statusCode).toBe(200);
  });

  it('still limits a signed link per address, more generously (120 a minute)', async () => {
    const signed = certificateSignature(t.config.jwtSecret, neighbour.userId, '१२/अ');
    const codes: number[] = [];
    for (let i = 0; i < 125; i++) codes.push((await certificate(neighbour.userId, '१२/अ', '203.0.113.50', signed)).statusCode);
    expect(codes).toEqual([...Array(120).fill(200), ...Array(5).fill(429)]);
  });

  it('refuses a malformed signature with 400, as any bad field', async () => {
    expect((await certificate(village.userId, '१२/अ', '203.0.113.60', 'x'.repeat(65))).statusCode).toBe(400);
  });
});

describe('the links the portal hands out', () => {
  it('the public search’s result carries the signed certificate link', async () => {
    t.config.publicUserId = village.userId;
    const c = (await t.app.inject({ method: 'GET', url: '/api/captcha', headers: { 'x-forwarded-for': '203.0.113.70' } })).json().result;
    const altcha = encodeURIComponent(await solvedPow(t.app, { headers: { 'x-forwarded-for': '203.0.113.70' } }));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/properties/${encodeURIComponent('12/अ')}?captchaId=${c.captchaId}&captcha=${await t.app.captcha.peek(c.captchaId)}&altcha=${altcha}`,
      headers: { 'x-forwarded-for': '203.0.113.70' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.certificateLink).toBe(certificatePath(t.config.jwtSecret, village.userId, '१२/अ'));
  });
});
