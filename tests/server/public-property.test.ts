// The citizen's side of the register: captcha, autocomplete, the property with its dues, and the
// public property tax certificate. Only the public council's records, mobile numbers masked, no ids.
import { beforeAll, describe, expect, it } from 'vitest';
import { devanagariDigits } from '../../common/property/malmatta.ts';
import { CaptchaStore, CAPTCHA_ALPHABET, captchaSweep } from '../../server/modules/captcha/service.ts';
import { runAlone } from '../../server/modules/cluster/jobs.ts';
import { useTestApp, useCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';
import { solvedPow } from '../helpers/pow.ts';
import { rccHouse } from '../helpers/tax-seed.ts';

// A light proof of work: these tests are about the search, tests/server/security/public-pow.test.ts about the work.
const t = useTestApp({ powDifficulty: 100 });
const office = useCouncil(t);
const other = useCouncil(t);
beforeAll(async () => {
  t.config.publicUserId = office.userId;
  const register = (c: TestCouncil, body: object) =>
    injectAs(t.app, c, { method: 'POST', url: '/api/GrampanchayatImport/register-owner-property', payload: body });
  for (let i = 1; i <= 12; i++)
    expect((await register(office, rccHouse(devanagariDigits(`1${i}`), `सुनील पवार ${i}`))).statusCode).toBe(201);
  expect((await register(office, rccHouse('४२/अ', 'गीता मोरे'))).statusCode).toBe(201);
  expect((await register(other, rccHouse('४२/अ', 'दुसऱ्या गावातील मालक'))).statusCode).toBe(201);
});

const newCaptcha = async (ip = '10.0.0.1') => {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip });
  expect(res.statusCode).toBe(200);
  const { captchaId, image, svg } = res.json().result;
  return { captchaId: captchaId as string, image: image as string, svg: svg as string, answer: (await t.app.captcha.peek(captchaId))! };
};
/** `altcha=…`: a solved proof-of-work challenge, which every autocomplete and search needs. */
const pow = async (ip = '10.0.0.1') => `altcha=${encodeURIComponent(await solvedPow(t.app, { remoteAddress: ip }))}`;
const lookup = async (malmattaNo: string, q: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'GET', url: `/api/public/properties/${encodeURIComponent(malmattaNo)}?${q}&${await pow(ip)}`, remoteAddress: ip });
const suggestions = async (q: string) => t.app.inject({ method: 'GET', url: `/api/public/properties/suggest?${q}&${await pow()}` });

describe('captcha', () => {
  it('gives a picture of 5 characters from the 32-letter alphabet, and the same picture wrapped in SVG for earlier clients', async () => {
    const { image, svg, answer } = await newCaptcha();
    expect(image).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain(`<image width="400" height="140" href="${image}"/>`);
    expect(answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{5}$`));
    expect(CAPTCHA_ALPHABET).toHaveLength(32);
    expect(CAPTCHA_ALPHABET).not.toMatch(/[IO01]/);
    expect(svg).not.toContain(answer);
  });

  it('opens the property for the right answer in any case, once', async () => {
    const c = await newCaptcha('10.0.1.1');
    const ok = await lookup('42/अ', `captchaId=${c.captchaId}&captcha=${c.answer.toLowerCase()}`, '10.0.1.1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.malkacheNav).toBe('गीता मोरे');
    const again = await lookup('42/अ', `captchaId=${c.captchaId}&captcha=${c.answer}`, '10.0.1.1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ isSuccess: false, message: 'चुकीचा कॅप्चा कोड', result: null });
  });

  it('refuses a wrong answer and uses the captcha up; an empty one is asked for', async () => {
    const c = await newCaptcha('10.0.2.1');
    const wrong = c.answer[0] === 'A' ? 'BBBBB' : 'AAAAA';
    expect((await lookup('42/अ', `captchaId=${c.captchaId}&captcha=${wrong}`, '10.0.2.1')).json().message).toBe('चुकीचा कॅप्चा कोड');
    expect((await lookup('42/अ', `captchaId=${c.captchaId}&captcha=${c.answer}`, '10.0.2.1')).statusCode).toBe(400);
    expect((await lookup('42/अ', 'captchaId=x', '10.0.2.1')).json().message).toBe('कॅप्चा आवश्यक आहे');
    expect((await lookup('42/अ', `captchaId=${crypto.randomUUID()}&captcha=ABCDE`, '10.0.2.1')).json().message).toBe('चुकीचा कॅप्चा कोड');
  });

  it('expires after its lifetime', async () => {
    const store = new CaptchaStore(t.app.db, 1000);
    const { captchaId } = await store.create(0);
    const answer = (await store.peek(captchaId))!;
    expect(await store.check(captchaId, answer, 1001)).toBe(false);
    const fresh = await store.create(0);
    expect(await store.check(fresh.captchaId, (await store.peek(fresh.captchaId))!, 999)).toBe(true);
    // The sweep (every five minutes, cluster/jobs.ts) drops the expired ones that nobody answered.
    const left = await store.create(0);
    const open = await store.create();
    await runAlone(t.app.db, captchaSweep.name, captchaSweep.run);
    expect(await store.peek(left.captchaId)).toBeUndefined();
    expect(await store.peek(open.captchaId)).toMatch(/^[A-HJ-NP-Z2-9]{5}$/);
  });
});

describe('the public search', () => {
  it('suggests at most 10 numbers from one character, in either digit style, and owners by name', async () => {
    const byNumber = await suggestions(`type=malmatta&q=${encodeURIComponent('१')}`);
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json().result).toHaveLength(10);
    expect(byNumber.json().result[0]).toEqual({ malmattaNo: '११', malkacheNav: 'सुनील पवार 1' });
    const western = (await suggestions('type=malmatta&q=42')).json().result;
    expect(western).toEqual([{ malmattaNo: '४२/अ', malkacheNav: 'गीता मोरे' }]);
    const owners = (await suggestions(`type=owner&q=${encodeURIComponent('मोरे')}`)).json().result;
    expect(owners).toEqual([{ malmattaNo: '४२/अ', malkacheNav: 'गीता मोरे' }]);
    expect((await suggestions('type=owner&q=')).statusCode).toBe(400);
    expect((await suggestions('type=phone&q=9')).statusCode).toBe(400);
  });

  it('shows the property with the mobile masked and no internal ids; the other council’s same number stays hidden', async () => {
    const c = await newCaptcha('10.0.3.1');
    const res = await lookup('४२/अ', `captchaId=${c.captchaId}&captcha=${c.answer}`, '10.0.3.1');
    const p = res.json().result;
    expect(p).toMatchObject({
      malmattaNo: '४२/अ',
      malkacheNav: 'गीता मोरे',
      mobileNo: 'XXXXXX3210',
      gharpatti: '936.00',
      total: '1276.00',
      dues: null,
    });
    for (const key of ['propertyId', 'ownerId', 'createdByUserId', 'karId']) expect(p).not.toHaveProperty(key);
    expect(JSON.stringify(p)).not.toContain('9876543210');
  });

  it('says the number was not found', async () => {
    const c = await newCaptcha('10.0.4.1');
    const res = await lookup('999', `captchaId=${c.captchaId}&captcha=${c.answer}`, '10.0.4.1');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('प्रदान केलेला मालमत्ता क्रमांक सापडला नाही.');
  });

  it('slows down one address after 20 lookups a minute (429 with Retry-After), not the others', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await lookup('42', 'captchaId=x&captcha=ABCDE', '10.9.9.9')).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 400)).toBe(true);
    const last = await lookup('42', 'captchaId=x&captcha=ABCDE', '10.9.9.9');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lookup('42', 'captchaId=x&captcha=ABCDE', '10.9.9.8')).statusCode).toBe(400);
  });
});

describe('the public property tax certificate', () => {
  it('answers the rows of spec 2.9 for the council in the link, mobile masked', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/property-certificate/${encodeURIComponent('42/अ')}/${other.userId}`,
    });
    expect(res.statusCode).toBe(200);
    const [row] = res.json().result;
    expect(row).toMatchObject({
      malmattaNo: '४२/अ',
      malkacheNav: 'दुसऱ्या गावातील मालक',
      mobileNo: 'XXXXXX3210',
      bhandavaliRateRs: '780000.00',
      karachaRateRs: '1.20',
      gharpatti: '936.00',
    });
    expect(row).not.toHaveProperty('propertyId');
    expect((await t.app.inject({ method: 'GET', url: `/api/public/property-certificate/777/${other.userId}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/property-certificate/42/abc' })).statusCode).toBe(400);
  });
});
