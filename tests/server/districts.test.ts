// The district view (issue 32): the operator groups councils, a district account reads their totals
// (the DCB's, per council and in all; certificates per month; SMS sent), and every other route behind
// a login answers a district token 403, swept over the whole OpenAPI document.
import { describe, expect, it } from 'vitest';
import { seedRouteSweep } from '../helpers/route-sweep.ts';
import { createCouncil, injectAs, injectCall, uniqueUsername, type TestCouncil } from '../helpers/app.ts';
import { fixture } from '../helpers/fixture.ts';
import { seedTaxedHouse } from '../helpers/tax-seed.ts';
import { createValid, KIND_CASES } from '../helpers/certificates.ts';
import { DISTRICT_ROUTES } from '../../server/plugins/auth.ts';
import { taxYearOf } from '../../common/property/tax.ts';

const s = fixture(
  'the seeded app',
  () => seedRouteSweep(),
  (x) => x.t.close(),
);
const taxYear = taxYearOf(new Date());

interface Operation {
  security?: unknown[];
}

/** A district of two new councils with records, and a district account logged in. */
async function district() {
  const app = s.t.app;
  const councils = [await createCouncil(app, { prefix: 'dist' }), await createCouncil(app, { prefix: 'dist' })];
  // The first: two taxed houses, one paid in part; a birth and a marriage certificate. The second: one house, nothing paid.
  await seedTaxedHouse(injectCall(app, councils[0]), 'D-1', { arrears: { magilGharpatti: '300' }, payment: { paid_gharpatti: '250.50' } });
  await seedTaxedHouse(injectCall(app, councils[0]), 'D-2');
  await seedTaxedHouse(injectCall(app, councils[1]), 'D-3', { arrears: { magilGharpatti: '40' } });
  for (const kind of ['birth', 'marriage'])
    await createValid(
      app,
      councils[0],
      KIND_CASES.find((k) => k.kind === kind)!,
    );
  const created = await injectAs(app, s.owner, {
    method: 'POST',
    url: '/api/Districts',
    payload: { name: 'सातारा', councilIds: councils.map((c) => c.userId) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const districtId: number = created.json().result.districtId;
  const username = uniqueUsername('district');
  const password = 'District-pass-2026';
  const reg = await injectAs(app, s.owner, {
    method: 'POST',
    url: '/api/User/register',
    payload: { username, email: 'zp@example.org', password, role: 'district', districtId },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const login = await app.inject({ method: 'POST', url: '/api/User/login', payload: { username, password } });
  const token: string = login.json().token ?? login.json().result?.token;
  const account: TestCouncil = { userId: reg.json().result.userId, username, password, token, auth: { authorization: `Bearer ${token}` } };
  return { councils, districtId, account };
}
const d = fixture('the district', district);

describe('POST /api/Districts', () => {
  it('is the operator’s alone, refuses unknown councils (404) and a council already in a district (409)', async () => {
    const app = s.t.app;
    const c = await createCouncil(app, { prefix: 'dist' });
    const body = { name: 'पुणे', councilIds: [c.userId] };
    expect((await injectAs(app, s.other, { method: 'POST', url: '/api/Districts', payload: body })).statusCode).toBe(403);
    expect((await injectAs(app, c, { method: 'POST', url: '/api/Districts', payload: body })).statusCode).toBe(403);
    expect(
      (await injectAs(app, s.owner, { method: 'POST', url: '/api/Districts', payload: { ...body, councilIds: [2_000_000_000] } }))
        .statusCode,
    ).toBe(404);
    const taken = await injectAs(app, s.owner, {
      method: 'POST',
      url: '/api/Districts',
      payload: { ...body, councilIds: [d.councils[0].userId] },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/जिल्ह्यात/);
    expect((await injectAs(app, s.owner, { method: 'POST', url: '/api/Districts', payload: { ...body, councilIds: [] } })).statusCode).toBe(
      400,
    );
  });

  it('lets only the operator make a district account', async () => {
    const payload = {
      username: uniqueUsername('district'),
      email: 'x@example.org',
      password: 'District-pass-2026',
      role: 'district',
      districtId: d.districtId,
    };
    expect((await injectAs(s.t.app, s.other, { method: 'POST', url: '/api/User/register', payload })).statusCode).toBe(403);
    const noDistrict = await injectAs(s.t.app, s.owner, {
      method: 'POST',
      url: '/api/User/register',
      payload: { ...payload, districtId: undefined },
    });
    expect(noDistrict.statusCode).toBe(400);
  });
});

describe('GET /api/District/summary', () => {
  it('gives each council’s totals as its own DCB has them, and the district’s sums', async () => {
    const res = await injectAs(s.t.app, d.account, { method: 'GET', url: `/api/District/summary?taxYear=${taxYear}` });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json().result;
    expect(summary.district).toEqual({ districtId: d.districtId, name: 'सातारा' });
    expect(summary.councils.map((c: { councilId: number }) => c.councilId)).toEqual(d.councils.map((c) => c.userId));
    for (const [i, c] of d.councils.entries()) {
      const dcb = (await injectAs(s.t.app, c, { method: 'GET', url: `/api/KarImport/dcb?taxYear=${taxYear}` })).json().result.total;
      const paise = (v: string) => Math.round(Number(v) * 100);
      const row = summary.councils[i];
      expect(paise(row.demand)).toBe(paise(dcb.openingArrears) + paise(dcb.currentDemand));
      expect(paise(row.collected)).toBe(paise(dcb.collectedArrears) + paise(dcb.collectedCurrent));
      expect(row.balance).toBe(dcb.closing);
    }
    const [first, second] = summary.councils;
    expect(first.properties).toBe(2);
    expect(second.properties).toBe(1);
    expect(first.collected).toBe('250.50');
    expect(second.collected).toBe('0.00');
    expect(first.certificates).toEqual({ birth: 1, death: 0, residence: 0, marriage: 1 });
    expect(first.collectionPercent).toBeCloseTo((250.5 / Number(first.demand)) * 100, 1);
    expect(summary.total.properties).toBe(3);
    expect(Number(summary.total.demand)).toBeCloseTo(Number(first.demand) + Number(second.demand), 2);
    expect(summary.total.balance).toBe((Math.round(Number(first.balance) * 100 + Number(second.balance) * 100) / 100).toFixed(2));
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date());
    expect(summary.certificatesByMonth).toEqual([{ month, birth: 1, death: 0, residence: 0, marriage: 1 }]);
  });

  it('is refused to a council account (403): totals are for a district account', async () => {
    expect((await injectAs(s.t.app, d.councils[0], { method: 'GET', url: '/api/District/summary' })).statusCode).toBe(403);
  });
});

describe('a district token', () => {
  it('is refused (403) by every route behind a login in the OpenAPI document, but its own totals and login', async () => {
    const doc = (await s.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const routes = s.routes();
    const checked: string[] = [];
    const failures: string[] = [];
    for (const [docPath, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const needsLogin = (op.security ?? []).some((r) => Object.keys(r as object).length > 0);
        const key = `${method.toUpperCase()} ${docPath.replace(/\{(\w+)\}/g, ':$1')}`;
        if (!needsLogin || DISTRICT_ROUTES.has(key)) continue;
        const route = routes.find((r) => `${r.method} ${r.url}` === key);
        if (!route) {
          failures.push(`${key}: in the document but not among the routes`);
          continue;
        }
        const body = route.multipart ? undefined : s.baseBody(route);
        const res = await injectAs(s.t.app, d.account, {
          method: route.method as 'GET',
          url: s.pathOf(route) + s.queryOf(route),
          payload: body,
        });
        checked.push(key);
        if (res.statusCode !== 403) failures.push(`${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(60);
    expect((await injectAs(s.t.app, d.account, { method: 'GET', url: '/api/User/me' })).json().result).toMatchObject({
      role: 'district',
      districtId: d.districtId,
      isAdmin: false,
    });
  });
});
