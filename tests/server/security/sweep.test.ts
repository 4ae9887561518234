// Every route of the API, taken from the app's own route list (so a new route is swept without
// anyone listing it), gets the hostile inputs of issue 13: deeply nested JSON, control characters,
// huge numbers, broken multipart bodies and another council's token. Each must answer a 4xx
// envelope (the other council's reads of public pages may answer 200, but never the owner's data).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { buildTestApp, createCouncil, injectAs, type TestApp, type TestCouncil } from '../../helpers/app.ts';
import { createValid, KIND_CASES, photo, type Body } from '../../helpers/certificates.ts';
import { multipart } from '../../helpers/multipart.ts';
import { API_SCOPES } from '../../../common/api-scopes.ts';

let t: TestApp;
let owner: TestCouncil;
let other: TestCouncil;
/** The other council again, through an API token holding every scope. */
let otherToken: TestCouncil;
/** Values for path and query parameters: the owner's records. */
const values: Record<string, string> = {};
/** Text of the owner's that no other council may ever see: full Aadhaar and mobile numbers. */
const secrets: string[] = [];
/** A valid body per "METHOD url", the base the hostile variants change one field of. */
const bodies: Record<string, () => Body> = {};

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
}
interface Route {
  method: string;
  url: string;
  schema: { params?: Schema; querystring?: Schema; body?: Schema };
  multipart: boolean;
}

const HUGE = '99999999999999999999';
const MULTIPART_ROUTES = new Set([
  'POST /api/Corosal',
  'POST /api/Site/logo',
  'POST /api/GrampanchayatImport/excel',
  'POST /api/MarriageCertificate',
  'PUT /api/MarriageCertificate/:id',
]);
/** Reads anyone may make (QR pages, the public site); the other council gets the public view. */
const PUBLIC_READS = /^GET \/api\/(health|captcha|Site\/profile$|Corosal\/by-user|Blog\/by-user|public\/|\w+Certificate\/:id$)/;

const typesOf = (s: Schema | undefined): string[] => (!s ? [] : s.anyOf ? s.anyOf.flatMap(typesOf) : s.type ? [s.type] : []);
const isNumeric = (s: Schema | undefined) => typesOf(s).some((x) => x === 'integer' || x === 'number');

function apiRoutes(): Route[] {
  const out: Route[] = [];
  for (const r of t.app.routeList as RouteOptions[]) {
    if (!r.url.startsWith('/api/') || r.url.startsWith('/api/docs')) continue;
    for (const method of [r.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      out.push({ method, url: r.url, schema: (r.schema ?? {}) as Route['schema'], multipart: MULTIPART_ROUTES.has(`${method} ${r.url}`) });
    }
  }
  return out;
}

/** The owner's value for a path parameter, chosen by the route (":id" of a blog post or a certificate). */
function paramValue(route: Route, name: string): string {
  if (name === 'id') {
    const kind = KIND_CASES.find((k) => route.url.startsWith(`${k.base}/`));
    if (kind) return values[`${kind.kind}Id`];
    if (route.url.startsWith('/api/Blog/')) return values.blogId;
    if (route.url.startsWith('/api/Properties/')) return values.propertyId;
    if (route.url.startsWith('/api/Sms/batches/')) return values.smsBatchId;
    if (route.url.startsWith('/api/ApiTokens/')) return values.apiTokenId;
  }
  const v = values[name];
  if (v === undefined) throw new Error(`The sweep has no value for :${name} of ${route.url}: add it in beforeAll`);
  return v;
}

function pathOf(route: Route, override: Record<string, string> = {}): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(override[name] ?? paramValue(route, name)));
}

/** A query the route's schema accepts, every required field filled with the owner's values. */
function queryOf(route: Route, override: Record<string, string> = {}): string {
  const props = route.schema.querystring?.properties ?? {};
  const q = new URLSearchParams();
  for (const [name, s] of Object.entries(props)) {
    if (name in override) q.set(name, override[name]);
    else if (values[name] !== undefined && (route.schema.querystring?.required ?? []).includes(name)) q.set(name, values[name]);
    else if ((route.schema.querystring?.required ?? []).includes(name)) q.set(name, isNumeric(s) ? '1' : 'x');
  }
  for (const [name, v] of Object.entries(override)) if (!(name in props)) q.set(name, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** A body from the table, or one made from the schema: the smallest value of each field's type. */
function baseBody(route: Route): Body | undefined {
  const known = bodies[`${route.method} ${route.url}`];
  if (known) return known();
  const props = route.schema.body?.properties;
  if (!props) return undefined;
  return Object.fromEntries(
    Object.entries(props).map(([k, s]) => {
      const type = typesOf(s)[0];
      return [
        k,
        type === 'integer' || type === 'number' ? 1 : type === 'boolean' ? false : type === 'array' ? [] : type === 'object' ? {} : 'x',
      ];
    }),
  );
}

interface Probe {
  name: string;
  method: string;
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
  as?: TestCouncil;
}

function probesFor(route: Route): Probe[] {
  const probes: Probe[] = [];
  const { method } = route;
  const url = pathOf(route) + queryOf(route);
  // Hostile bodies go to routes that read one; the others never look at it.
  const hasBody = !!route.schema.body || route.multipart;
  const base = hasBody ? baseBody(route) : undefined;

  // Deep nesting, in any body.
  if (hasBody) {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    probes.push({
      name: 'JSON nested 100,000 deep',
      method,
      url,
      payload: `{"a":${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
  }

  // Control characters: in the query, in each path parameter, in each text field of a valid body.
  probes.push({ name: 'NUL in the query', method, url: pathOf(route) + queryOf(route, { nameFilter: 'a\u0000b' }) });
  for (const name of Object.keys(route.schema.params?.properties ?? {}))
    probes.push({ name: `NUL in :${name}`, method, url: pathOf(route, { [name]: 'a\u0000b' }) + queryOf(route) });
  for (const [name, s] of Object.entries(route.schema.querystring?.properties ?? {}))
    if (typesOf(s).includes('string'))
      probes.push({ name: `NUL in ?${name}`, method, url: pathOf(route) + queryOf(route, { [name]: `${values[name] ?? 'a'}\u0000` }) });
  if (base) {
    for (const [path, v] of leaves(base))
      if (typeof v === 'string')
        probes.push({ name: `NUL in body.${path.join('.')}`, method, url, payload: withLeaf(base, path, `${v}\u0000x`) });
    if (route.multipart)
      probes.push({ name: 'NUL in a form field', method, url, ...form({ ...base, remarksEnglish: 'a\u0000b', BlogContent: 'a\u0000b' }) });
  }

  // Huge numbers: in every numeric query field and path parameter, and every number of a valid body.
  for (const [name, s] of Object.entries(route.schema.querystring?.properties ?? {}))
    if (isNumeric(s)) probes.push({ name: `huge ?${name}`, method, url: pathOf(route) + queryOf(route, { [name]: HUGE }) });
  for (const name of Object.keys(route.schema.params?.properties ?? {}))
    probes.push({ name: `huge :${name}`, method, url: pathOf(route, { [name]: HUGE }) + queryOf(route) });
  if (base) {
    for (const [path, v] of leaves(base)) {
      // Numbers, and text the schema also takes as a number (amounts such as areaSqm: "50");
      // identifiers written in digits (gatNo, mobileNo) are text and may be long.
      const numeric = typeof v === 'number' || (path.length === 1 && isNumeric(route.schema.body?.properties?.[path[0]]));
      if (!numeric) continue;
      probes.push({ name: `huge body.${path.join('.')} (number)`, method, url, payload: withLeaf(base, path, 1e20) });
      probes.push({ name: `huge body.${path.join('.')} (text)`, method, url, payload: withLeaf(base, path, HUGE) });
    }
  }

  // Broken multipart: cut off, and without a boundary.
  if (hasBody) {
    const whole = multipart([
      { name: 'field', value: 'value' },
      { name: 'file', value: Buffer.alloc(64, 1), filename: 'a.png', contentType: 'image/png' },
    ]);
    probes.push({
      name: 'multipart cut off',
      method,
      url,
      payload: whole.payload.subarray(0, whole.payload.length - 40),
      headers: whole.headers,
    });
    probes.push({
      name: 'multipart without boundary',
      method,
      url,
      payload: whole.payload,
      headers: { 'content-type': 'multipart/form-data' },
    });
  }
  return probes;
}

/** Every string, number or null inside a body, with its path. */
function leaves(value: unknown, path: string[] = []): Array<[string[], unknown]> {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [[path, value]];
}

/** A copy of the body with the value at `path` replaced. */
function withLeaf(body: Body, path: string[], value: unknown): Body {
  const copy = structuredClone(body);
  let at: Record<string, unknown> = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

function form(body: Body) {
  return multipart(Object.entries(body).map(([name, v]) => ({ name, value: v === null ? 'null' : String(v) })));
}

const expectEnvelope4xx = (label: string, res: { statusCode: number; body: string }) => {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const body = JSON.parse(res.body);
  expect(body, label).toMatchObject({ isSuccess: false, result: null });
  expect(typeof body.message === 'string' && body.message.length > 0, label).toBe(true);
};

beforeAll(async () => {
  // The sweep sends more than a token's default 120 requests a minute.
  t = await buildTestApp({ apiTokenRateLimit: 1_000_000 });
  owner = await createCouncil(t.app, { isAdmin: true, prefix: 'sweep_owner' });
  other = await createCouncil(t.app, { isAdmin: true, prefix: 'sweep_other' });
  const tokenBody = { name: 'sweep', scopes: [...API_SCOPES] };
  values.apiTokenId = String(
    (await injectAs(t.app, owner, { method: 'POST', url: '/api/ApiTokens', payload: tokenBody })).json().result.id,
  );
  bodies['POST /api/ApiTokens'] = () => structuredClone(tokenBody);
  const secret = (await injectAs(t.app, other, { method: 'POST', url: '/api/ApiTokens', payload: tokenBody })).json().result.token;
  otherToken = { ...other, token: secret, auth: { authorization: `Bearer ${secret}` } };
  values.userId = String(owner.userId);
  values.pageNumber = '1';
  values.pageSize = '10';

  for (const kind of KIND_CASES) {
    const record = await createValid(t.app, owner, kind);
    values[`${kind.kind}Id`] = String(record[kind.idField]);
    const valid = kind.valid();
    for (const v of Object.values(valid)) if (typeof v === 'string' && /^\d{12}$/.test(v)) secrets.push(v);
    bodies[`POST ${kind.base}`] = () => kind.valid();
    bodies[`PUT ${kind.base}/:id`] = () => kind.valid();
  }

  const blog = { blogTitle: 'ग्रामसभा', blogContent: 'सकाळी ११ वाजता', eventDate: '2026-08-15' };
  values.blogId = String((await injectAs(t.app, owner, { method: 'POST', url: '/api/Blog', payload: blog })).json().result.blogId);
  bodies['POST /api/Blog'] = () => ({ ...blog });
  bodies['PUT /api/Blog/:id'] = () => ({ ...blog });

  const slide = multipart([{ name: 'ImageFile', value: await photo('png'), filename: 's.png', contentType: 'image/png' }]);
  values.corosalId = String(
    (await injectAs(t.app, owner, { method: 'POST', url: '/api/Corosal', payload: slide.payload, headers: slide.headers })).json().result[0]
      .corosalId,
  );

  const property = {
    malmattaNo: 'SW-1',
    malkacheNav: 'रमेश गणपत पाटील',
    bhogwatdarakNav: 'स्वतः',
    mobileNo: '9812345670',
    gatNo: '45',
    citySurveyNo: '102',
    malmattaVarnan: 'आर.सी.सी. घर',
    buildingType: 'rcc',
    usage: 'residential',
    milkatBandhakamYear: 2010,
    areaSqm: '50',
    landRate: '1200',
  };
  secrets.push(property.mobileNo);
  const registered = await injectAs(t.app, owner, {
    method: 'POST',
    url: '/api/GrampanchayatImport/register-owner-property',
    payload: property,
  });
  if (registered.statusCode !== 201) throw new Error(`property: ${registered.body}`);
  values.malmattaNo = property.malmattaNo;
  values.ownerId = String(registered.json().result.ownerId);
  values.propertyId = String(registered.json().result.propertyId);
  bodies['POST /api/GrampanchayatImport/register-owner-property'] = () => ({ ...property, malmattaNo: 'SW-2' });
  for (const m of ['PUT', 'POST']) {
    bodies[`${m} /api/OwnerProperty/UpdateOwner`] = () => ({
      ownerId: Number(values.ownerId),
      malkacheNav: 'रमेश पाटील',
      mobileNo: '9812345670',
    });
    bodies[`${m} /api/OwnerProperty/UpdateOwner/:ownerId`] = () => ({ malkacheNav: 'रमेश पाटील', mobileNo: '9812345670' });
    bodies[`${m} /api/OwnerProperty/UpdateProperty`] = () => ({ ...property, propertyId: Number(values.propertyId) });
  }

  const transfer = {
    malmatta_no: property.malmattaNo,
    ferfar_karan: 'खरेदीखत',
    sadya_malakache_nav: property.malkacheNav,
    bhogwatadharak_nav: 'स्वतः',
    navin_malakache_nav: 'सुरेश रामचंद्र जाधव',
    varasache_nav: '',
    ferfar_date: '2026-04-15',
    reference_no: 'दस्त 1234',
    note: '',
  };
  const ferfar = await injectAs(t.app, owner, { method: 'POST', url: '/api/PropertyTransfer/add', payload: transfer });
  if (ferfar.statusCode !== 201) throw new Error(`transfer: ${ferfar.body}`);
  values.ferfarNumber = String(ferfar.json().result.ferfarNumber);
  bodies['POST /api/PropertyTransfer/add'] = () => ({ ...transfer });

  // Tax (issue 10): a demand with arrears, and one payment with its receipt.
  const kar = { malmattaNo: property.malmattaNo, magilGharpatti: '100' };
  const added = await injectAs(t.app, owner, { method: 'POST', url: '/api/KarImport/kar-details/add', payload: kar });
  if (added.statusCode !== 201) throw new Error(`kar details: ${added.body}`);
  bodies['POST /api/KarImport/kar-details/add'] = () => ({ ...kar });
  const payment = {
    karid: added.json().result.karId,
    paid_gharpatti: '10',
    paid_method: 'cash',
    note: '',
    paid_on: new Date().toISOString().slice(0, 10),
  };
  const paid = await injectAs(t.app, owner, { method: 'POST', url: '/api/KarImport/apply-payment-simple', payload: payment });
  if (paid.statusCode !== 201) throw new Error(`payment: ${paid.body}`);
  values.paymentId = String(paid.json().result.payment.paymentId);
  values.receiptId = paid.json().result.payment.receiptId;
  bodies['POST /api/KarImport/apply-payment-simple'] = () => ({ ...payment, paid_gharpatti: '1' });

  const {
    createdByUserId: _c,
    updatedAt: _u,
    ...profile
  } = (await injectAs(t.app, owner, { method: 'GET', url: '/api/Site/profile/mine' })).json().result;
  // A new council's profile has no office name yet, which a save requires.
  bodies['PUT /api/Site/profile'] = () => ({ ...structuredClone(profile), officeName: 'ग्रामपंचायत कार्यालय' });
  const rates = (await injectAs(t.app, owner, { method: 'GET', url: '/api/TaxRates' })).json().result;
  bodies['PUT /api/TaxRates'] = () => structuredClone(rates);
  bodies['POST /api/User/login'] = () => ({ username: 'sweep_nobody', password: 'Wrong-pass-2026' });
  bodies['POST /api/User/register'] = () => ({ username: 'sweep_new', email: 'a@example.org', password: 'Sweep-pass-2026' });
  values.type = 'malmatta';
  values.q = '1';

  // SMS (issue 11): one gram sabha batch through the log provider (the transfer above left SW-1's owner without a mobile).
  await injectAs(t.app, owner, {
    method: 'POST',
    url: '/api/GrampanchayatImport/register-owner-property',
    payload: { ...property, malmattaNo: 'SW-SMS', mobileNo: '9812345671' },
  });
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  const gramsabha = { date: tomorrow, time: '11:00', password: owner.password };
  const batch = await injectAs(t.app, owner, { method: 'POST', url: '/api/Sms/gramsabha', payload: gramsabha });
  if (batch.statusCode !== 202) throw new Error(`sms: ${batch.body}`);
  values.smsBatchId = String(batch.json().result.batchId);
  bodies['POST /api/Sms/gramsabha'] = () => ({ ...gramsabha });
  bodies['POST /api/Sms/dues'] = () => ({ password: owner.password });
  bodies['POST /api/Sms/preview'] = () => ({ kind: 'gramsabha', date: tomorrow, time: '11:00' });
  bodies['PUT /api/Sms/templates'] = () => ({ kind: 'dues', body: 'मालमत्ता {malmattaNo}: {amount}' });
});
afterAll(async () => {
  await t?.close();
});

describe('every route answers hostile input with a 4xx envelope', () => {
  it('finds the routes (a route list that shrank would make the sweep pass for nothing)', () => {
    expect(apiRoutes().length).toBeGreaterThan(50);
  });

  it('finds no number in a query or path without an upper bound in its schema', () => {
    const unbounded: string[] = [];
    const walk = (s: (Schema & { maximum?: number }) | undefined, where: string) => {
      if (!s) return;
      if ((s.type === 'integer' || s.type === 'number') && s.maximum === undefined) unbounded.push(where);
      for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${where}.${k}`);
      (s.anyOf ?? []).forEach((v, i) => walk(v, `${where}|${i}`));
    };
    for (const route of apiRoutes()) {
      walk(route.schema.querystring, `${route.method} ${route.url} query`);
      walk(route.schema.params, `${route.method} ${route.url} params`);
    }
    expect(unbounded).toEqual([]);
  });

  it('refuses deep nesting, control characters, huge numbers and broken multipart', async () => {
    const failures: string[] = [];
    // Each answer must also be one the OpenAPI document lists for the operation (issue 15).
    const documented = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths as Record<
      string,
      Record<string, { responses: Record<string, unknown> }>
    >;
    for (const route of apiRoutes()) {
      // Undocumented routes (the document itself) are left out of it on purpose.
      const responses = documented[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]?.responses;
      for (const p of probesFor(route)) {
        const label = `${route.method} ${route.url} — ${p.name}`;
        const res = await injectAs(t.app, p.as ?? owner, { method: p.method as 'GET', url: p.url, payload: p.payload, headers: p.headers });
        try {
          expectEnvelope4xx(label, res);
        } catch (err) {
          failures.push((err as Error).message.split('\n')[0]);
        }
        if (responses && !(String(res.statusCode) in responses))
          failures.push(`${label}: ${res.statusCode} is not in its OpenAPI responses`);
      }
    }
    expect(failures).toEqual([]);
    // Had a probe ended the owner's session, every later probe would have stopped at the login check.
    expect((await injectAs(t.app, owner, { method: 'GET', url: '/api/User/me' })).statusCode).toBe(200);
  });

  it.each([
    ['its staff login', () => other],
    ['an API token with every scope', () => otherToken],
  ])("never lets another council (%s) change, or read the private data of, the owner's records", async (_how, who) => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const label = `${route.method} ${route.url} as another council`;
      const base = route.method === 'GET' || route.method === 'DELETE' ? undefined : baseBody(route);
      const touchesOwner =
        /:\w+/.test(route.url) ||
        Object.keys(route.schema.querystring?.properties ?? {}).some((k) => ['malmattaNo', 'ferfarNumber'].includes(k)) ||
        (base && ('ownerId' in base || 'propertyId' in base || 'malmatta_no' in base));
      if (!touchesOwner) continue;
      const res = await injectAs(t.app, who(), {
        method: route.method as 'GET',
        url: pathOf(route) + queryOf(route),
        payload: base && !route.multipart ? base : undefined,
        ...(base && route.multipart ? form(base) : {}),
      });
      for (const s of secrets) if (res.body.includes(s)) failures.push(`${label}: answered the owner's ${s}`);
      // A list or lookup by query answers the other council's own (empty) data; a public page its public view.
      if (PUBLIC_READS.test(`${route.method} ${route.url}`) || (route.method === 'GET' && !/:\w+/.test(route.url))) {
        if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode}`);
        continue;
      }
      try {
        expectEnvelope4xx(label, res);
      } catch (err) {
        failures.push((err as Error).message.split('\n')[0]);
      }
    }
    expect(failures).toEqual([]);
  });
});
