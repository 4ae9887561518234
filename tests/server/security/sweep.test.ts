// Every route of the API, taken from the app's own route list (so a new route is swept without
// anyone listing it), gets the hostile inputs of issue 13: deeply nested JSON, control characters,
// huge numbers, broken multipart bodies and another council's token. Each must answer a 4xx
// envelope; another council's token gets the one answer for a record of another council, 404 as for
// one that does not exist (its reads of public pages may answer 200, but never the owner's data).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, type TestCouncil } from '../../helpers/app.ts';
import { multipart } from '../../helpers/multipart.ts';
import {
  expectEnvelope4xx,
  form,
  isNumeric,
  typesOf,
  PUBLIC_READS,
  seedRouteSweep,
  type Body,
  type Route,
  type RouteSweep,
  type Schema,
} from '../../helpers/route-sweep.ts';

let sweep: RouteSweep;
const HUGE = '99999999999999999999';
/** The names under which the earlier client sends its council's id (plugins/auth.ts, ownCouncil). */
const COUNCIL_IDS = ['userId', 'createdByUserId', 'grampanchayatId'];
/** Where another council's record is answered with something other than 404, the status and a part of
 *  the message. A property number typed into a form is input: 400 naming the number, the same for
 *  another council's property as for one nobody has (the kar-details form answers alike). */
const NOT_404: Array<[RegExp, number, string]> = [
  [/^POST \/api\/PropertyTransfer\/add$/, 400, "is not in this council's register"],
  // The operator's alone, whatever the name: 403 before any file is looked at, so it tells nothing.
  [/^GET \/api\/Backups\/:name$/, 403, 'ADMIN_USERNAME'],
];

interface Probe {
  name: string;
  method: string;
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
  as?: TestCouncil;
  /** The field the answer's message must name. */
  names?: string;
  /** The status the answer must have, where only one is right. */
  status?: number;
}

function probesFor(route: Route): Probe[] {
  const probes: Probe[] = [];
  const { method } = route;
  const url = sweep.pathOf(route) + sweep.queryOf(route);
  // Hostile bodies go to routes that read one; the others never look at it.
  const hasBody = !!route.schema.body || route.multipart;
  const base = hasBody ? sweep.baseBody(route) : undefined;

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
  probes.push({ name: 'NUL in the query', method, url: sweep.pathOf(route) + sweep.queryOf(route, { nameFilter: 'a\u0000b' }) });
  for (const name of Object.keys(route.schema.params?.properties ?? {}))
    probes.push({ name: `NUL in :${name}`, method, url: sweep.pathOf(route, { [name]: 'a\u0000b' }) + sweep.queryOf(route) });
  for (const [name, s] of Object.entries(route.schema.querystring?.properties ?? {}))
    if (typesOf(s).includes('string'))
      probes.push({
        name: `NUL in ?${name}`,
        method,
        url: sweep.pathOf(route) + sweep.queryOf(route, { [name]: `${sweep.values[name] ?? 'a'}\u0000` }),
      });
  if (base) {
    for (const [path, v] of leaves(base))
      if (typeof v === 'string') {
        const field = path.join('.');
        probes.push({ name: `NUL in body.${field}`, method, url, payload: withLeaf(base, path, `${v}\u0000x`), names: field });
        // A lone surrogate is no character: PostgreSQL refuses it in JSON and keeps U+FFFD in text (issue 25).
        probes.push({ name: `lone surrogate in body.${field}`, method, url, payload: withLeaf(base, path, `${v}\ud800`), names: field });
      }
    if (route.multipart)
      probes.push({ name: 'NUL in a form field', method, url, ...form({ ...base, remarksEnglish: 'a\u0000b', BlogContent: 'a\u0000b' }) });
  }

  // A path parameter the router itself refuses: broken percent-encoding (400), over 100 characters (414).
  for (const name of Object.keys(route.schema.params?.properties ?? {})) {
    const at = sweep.pathOf(route, { [name]: 'PARAM_HERE' });
    probes.push({ name: `%FF in :${name}`, method, url: at.replace('PARAM_HERE', '%FF') + sweep.queryOf(route), status: 400 });
    probes.push({
      name: `101 characters in :${name}`,
      method,
      url: at.replace('PARAM_HERE', '7'.repeat(101)) + sweep.queryOf(route),
      status: 414,
    });
  }

  // Huge numbers: in every numeric query field and path parameter, and every number of a valid body.
  for (const [name, s] of Object.entries(route.schema.querystring?.properties ?? {}))
    if (isNumeric(s)) probes.push({ name: `huge ?${name}`, method, url: sweep.pathOf(route) + sweep.queryOf(route, { [name]: HUGE }) });
  for (const name of Object.keys(route.schema.params?.properties ?? {}))
    probes.push({ name: `huge :${name}`, method, url: sweep.pathOf(route, { [name]: HUGE }) + sweep.queryOf(route) });
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

beforeAll(async () => {
  sweep = await seedRouteSweep();
});
afterAll(async () => {
  await sweep?.t.close();
});

describe('every route answers hostile input with a 4xx envelope', () => {
  it('finds the routes (a route list that shrank would make the sweep pass for nothing)', () => {
    expect(sweep.routes().length).toBeGreaterThan(50);
  });

  it('finds no number in a query or path without an upper bound in its schema', () => {
    const unbounded: string[] = [];
    const walk = (s: (Schema & { maximum?: number }) | undefined, where: string) => {
      if (!s) return;
      if ((s.type === 'integer' || s.type === 'number') && s.maximum === undefined) unbounded.push(where);
      for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${where}.${k}`);
      (s.anyOf ?? []).forEach((v, i) => walk(v, `${where}|${i}`));
    };
    for (const route of sweep.routes()) {
      walk(route.schema.querystring, `${route.method} ${route.url} query`);
      walk(route.schema.params, `${route.method} ${route.url} params`);
    }
    expect(unbounded).toEqual([]);
  });

  it('refuses deep nesting, control characters, lone surrogates, broken or long path parts, huge numbers and broken multipart', async () => {
    const failures: string[] = [];
    // Each answer must also be one the OpenAPI document lists for the operation (issue 15).
    const documented = (await sweep.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths as Record<
      string,
      Record<string, { responses: Record<string, unknown> }>
    >;
    for (const route of sweep.routes()) {
      // Undocumented routes (the document itself) are left out of it on purpose.
      const responses = documented[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]?.responses;
      for (const p of probesFor(route)) {
        const label = `${route.method} ${route.url} — ${p.name}`;
        const res = await injectAs(sweep.t.app, p.as ?? sweep.owner, {
          method: p.method as 'GET',
          url: p.url,
          payload: p.payload,
          headers: p.headers,
        });
        try {
          expectEnvelope4xx(label, res);
          if (p.names && !res.json().message.startsWith(`${p.names}:`))
            failures.push(`${label}: the message does not name the field: ${res.body}`);
          if (p.status && res.statusCode !== p.status) failures.push(`${label}: ${res.statusCode}, not ${p.status}: ${res.body}`);
        } catch (err) {
          failures.push((err as Error).message.split('\n')[0]);
        }
        if (responses && !(String(res.statusCode) in responses))
          failures.push(`${label}: ${res.statusCode} is not in its OpenAPI responses`);
      }
    }
    expect(failures).toEqual([]);
    // Had a probe ended the owner's session, every later probe would have stopped at the login check.
    expect((await injectAs(sweep.t.app, sweep.owner, { method: 'GET', url: '/api/User/me' })).statusCode).toBe(200);
  });

  it.each([
    ['its staff login', () => sweep.other],
    ['an API token with every scope', () => sweep.otherToken],
  ])("answers another council (%s) 404 for the owner's records, as for records that do not exist", async (how, who) => {
    const failures: string[] = [];
    for (const route of sweep.routes()) {
      const label = `${route.method} ${route.url} as another council`;
      const base = route.method === 'GET' || route.method === 'DELETE' ? undefined : sweep.baseBody(route);
      const query = Object.keys(route.schema.querystring?.properties ?? {});
      // The earlier client sends its council's id along: here the owner's.
      const councilIds = Object.fromEntries(query.filter((k) => COUNCIL_IDS.includes(k)).map((k) => [k, String(sweep.owner.userId)]));
      const touchesOwner =
        /:\w+/.test(route.url) ||
        Object.keys(councilIds).length > 0 ||
        query.some((k) => ['malmattaNo', 'ferfarNumber', 'ownerId'].includes(k) && route.schema.querystring?.required?.includes(k)) ||
        (base && ('ownerId' in base || 'propertyId' in base || 'malmatta_no' in base || 'karid' in base));
      if (!touchesOwner) continue;
      const res = await injectAs(sweep.t.app, who(), {
        method: route.method as 'GET',
        url: sweep.pathOf(route) + sweep.queryOf(route, councilIds),
        payload: base && !route.multipart ? base : undefined,
        ...(base && route.multipart ? form(base) : {}),
      });
      for (const secret of sweep.secrets) if (res.body.includes(secret)) failures.push(`${label}: answered the owner's ${secret}`);
      // A public page answers its public view to anyone.
      if (PUBLIC_READS.test(`${route.method} ${route.url}`)) {
        if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode}`);
        continue;
      }
      const [, status, message] = NOT_404.find(([re]) => re.test(`${route.method} ${route.url}`)) ?? [/./, 404, ''];
      // An API token is refused account management outright, before any record is looked at.
      if (how.startsWith('an API token') && res.statusCode === 403 && res.json().message.startsWith('API tokens cannot use')) continue;
      try {
        expectEnvelope4xx(label, res);
        if (res.statusCode !== status) failures.push(`${label}: ${res.statusCode}, not ${status}: ${res.body.slice(0, 200)}`);
        else if (!res.json().message.includes(message)) failures.push(`${label}: ${res.body.slice(0, 200)}`);
      } catch (err) {
        failures.push((err as Error).message.split('\n')[0]);
      }
    }
    expect(failures).toEqual([]);
  });
});
