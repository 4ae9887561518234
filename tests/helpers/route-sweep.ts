// The app's own route list walked with real values: councils with a record of every kind, a valid
// body for each write route and the owner's ids for path and query parameters. The security tests
// (sweep.test.ts, write-keys.test.ts) send each route hostile variants of these; a route added
// later is walked without anyone listing it, and fails loudly until it has the values it needs.
import { expect } from 'vitest';
import type { RouteOptions } from 'fastify';
import { buildTestApp, createCouncil, injectAs, uniqueUsername, type TestApp, type TestCouncil } from './app.ts';
import { createValid, KIND_CASES, photo, type Body } from './certificates.ts';
import { multipart } from './multipart.ts';
import { API_SCOPES } from '../../common/api-scopes.ts';
import { taxYearOf } from '../../common/property/tax.ts';
import type { Config } from '../../server/config.ts';

export type { Body };

export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
  additionalProperties?: unknown;
}
export interface Route {
  method: string;
  url: string;
  schema: { params?: Schema; querystring?: Schema; body?: Schema };
  multipart: boolean;
}

const MULTIPART_ROUTES = new Set([
  'POST /api/Corosal',
  'POST /api/Site/logo',
  'POST /api/GrampanchayatImport/excel',
  'POST /api/MarriageCertificate',
  'PUT /api/MarriageCertificate/:id',
  'POST /api/Reconciliation/statement',
]);
/** Reads anyone may make (QR pages, the public site); the other council gets the public view. */
export const PUBLIC_READS = /^GET \/api\/(health|captcha|Site\/profile$|Corosal\/by-user|Blog\/by-user|public\/|\w+Certificate\/:id$)/;

export const typesOf = (s: Schema | undefined): string[] => (!s ? [] : s.anyOf ? s.anyOf.flatMap(typesOf) : s.type ? [s.type] : []);
export const isNumeric = (s: Schema | undefined) => typesOf(s).some((x) => x === 'integer' || x === 'number');

export interface RouteSweep {
  t: TestApp;
  /** The council whose records the routes are called with. */
  owner: TestCouncil;
  /** Another council (an administrator too). */
  other: TestCouncil;
  /** The other council again, through an API token holding every scope. */
  otherToken: TestCouncil;
  /** Values for path and query parameters: the owner's records. */
  values: Record<string, string>;
  /** Text of the owner's that no other council may ever see: full Aadhaar and mobile numbers. */
  secrets: string[];
  /** Every /api route with its methods apart (HEAD and OPTIONS left out). */
  routes(): Route[];
  /** The route's path with the owner's values (or the overrides) in its parameters. */
  pathOf(route: Route, override?: Record<string, string>): string;
  /** A query the route's schema accepts, every required field filled with the owner's values. */
  queryOf(route: Route, override?: Record<string, string>): string;
  /** A valid body from the table, or one made from the schema: the smallest value of each field's type. */
  baseBody(route: Route): Body | undefined;
}

/** A body as multipart text fields. */
export function form(body: Body) {
  return multipart(Object.entries(body).map(([name, v]) => ({ name, value: v === null ? 'null' : String(v) })));
}

export const expectEnvelope4xx = (label: string, res: { statusCode: number; body: string }) => {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const body = JSON.parse(res.body);
  expect(body, label).toMatchObject({ isSuccess: false, result: null });
  expect(typeof body.message === 'string' && body.message.length > 0, label).toBe(true);
};

/** Builds the app (no per-token limit: a sweep sends more than 120 requests a minute) and seeds it. */
export async function seedRouteSweep(overrides: Partial<Config> = {}): Promise<RouteSweep> {
  // The owner is the portal's operator too (ADMIN_USERNAME): the backups are its alone.
  const ownerName = uniqueUsername('sweep_owner');
  const t = await buildTestApp({ apiTokenRateLimit: 1_000_000, adminUsername: ownerName, ...overrides });
  const values: Record<string, string> = {};
  const secrets: string[] = [];
  /** A valid body per "METHOD url", the base the hostile variants change one field of. */
  const bodies: Record<string, () => Body> = {};
  function apiRoutes(): Route[] {
    const out: Route[] = [];
    for (const r of t.app.routeList as RouteOptions[]) {
      if (!r.url.startsWith('/api/') || r.url.startsWith('/api/docs')) continue;
      for (const method of [r.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        out.push({
          method,
          url: r.url,
          schema: (r.schema ?? {}) as Route['schema'],
          multipart: MULTIPART_ROUTES.has(`${method} ${r.url}`),
        });
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
    if (v === undefined)
      throw new Error(`The sweep has no value for :${name} of ${route.url}: add it in seedRouteSweep (tests/helpers/route-sweep.ts)`);
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

  const owner = await createCouncil(t.app, { isAdmin: true, username: ownerName });
  const other = await createCouncil(t.app, { isAdmin: true, prefix: 'sweep_other' });
  const tokenBody = { name: 'sweep', scopes: [...API_SCOPES] };
  values.apiTokenId = String(
    (await injectAs(t.app, owner, { method: 'POST', url: '/api/ApiTokens', payload: tokenBody })).json().result.id,
  );
  bodies['POST /api/ApiTokens'] = () => structuredClone(tokenBody);
  const secret = (await injectAs(t.app, other, { method: 'POST', url: '/api/ApiTokens', payload: tokenBody })).json().result.token;
  const otherToken: TestCouncil = { ...other, token: secret, auth: { authorization: `Bearer ${secret}` } };
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
  // The books (issue 26): a correction by order, a bounced cheque, a revision's dry run, the registers of this tax year.
  const taxYear = taxYearOf(new Date());
  values.taxYear = String(taxYear);
  // The kar row names no owner: the adjustment takes the property's owner (one replaced by the transfer still names it).
  values.karOwnerId = values.ownerId;
  bodies['POST /api/KarImport/adjustment'] = () => ({
    ownerId: Number(values.karOwnerId),
    head: 'gharpatti',
    taxYear,
    amount: '1',
    kind: 'correction',
    reason: 'sweep',
    orderReference: 'ORD-1',
  });
  bodies['POST /api/KarImport/payment/:paymentId/reverse'] = () => ({ reason: 'धनादेश परत आला' });
  bodies['POST /api/TaxRates/revision'] = () => ({ effectiveTaxYear: taxYear + 1, dryRun: true });

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
  // A district (issue 32) of the other council: the owner (the operator) groups it.
  bodies['POST /api/Districts'] = () => ({ name: 'सातारा', councilIds: [other.userId] });
  // A backup's name (GET /api/Backups/:name): one the owner made.
  values.name = (await injectAs(t.app, owner, { method: 'POST', url: '/api/Backups', payload: {} })).json().result.name;
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

  return { t, owner, other, otherToken, values, secrets, routes: apiRoutes, pathOf, queryOf, baseBody };
}
