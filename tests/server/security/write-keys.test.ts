// Issue 25, finding 1: a body must never name the row a write lands on. Every write route of the
// app's own route list (so a new one is walked too) is sent, one at a time, each owner, id, version
// and timestamp column of the tables it writes: the owner's column set to another council's id, an
// id to another council's row, a version and a date forged. Then no row of the other council may
// have changed and every row of the caller keeps its keys (a profile save once re-keyed the
// caller's row to another council's id, and that council's public page showed the caller's text).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs } from '../../helpers/app.ts';
import { createValid, KIND_CASES } from '../../helpers/certificates.ts';
import { form, seedRouteSweep, type Body, type Route, type RouteSweep } from '../../helpers/route-sweep.ts';

let sweep: RouteSweep;

/** The table of a certificate kind ('birth' → BirthCertificate). */
const tableOfKind = (kind: string) => `${kind[0].toUpperCase()}${kind.slice(1)}Certificate`;

/** An assessment's tables and the books it may correct (issue 26). */
const ASSESSED = ['PropertyAssessment', 'KarDetail', 'TaxEntry', 'TaxBookTotal'];
/** The tables each write route writes, by its path. A write route missing here fails the walk. */
const TABLES_OF: Array<[RegExp, string[]]> = [
  [/^\/api\/User\//, ['User']],
  [/^\/api\/ApiTokens/, ['ApiToken']],
  [/^\/api\/Site\//, ['SiteProfile']],
  [/^\/api\/Corosal/, ['CarouselImage']],
  [/^\/api\/Blog/, ['BlogPost']],
  ...KIND_CASES.map((k): [RegExp, string[]] => [new RegExp(`^${k.base}`), [tableOfKind(k.kind)]]),
  [/^\/api\/TaxRates/, ['TaxRateSetting', ...ASSESSED]],
  [/^\/api\/(GrampanchayatImport|OwnerProperty)\//, ['Property', 'Owner', ...ASSESSED]],
  [/^\/api\/PropertyTransfer\//, ['PropertyTransfer', 'Owner', 'KarDetail']],
  [/^\/api\/KarImport\//, ['Payment', 'PaymentLine', 'TaxYearRun', ...ASSESSED]],
  [/^\/api\/Properties\//, ['Property', 'TaxYearRun', ...ASSESSED]],
  [/^\/api\/Sms\//, ['SmsTemplate', 'SmsBatch', 'SmsMessage']],
  [/^\/api\/Reconciliation\//, ['BankCredit', 'Payment', 'PaymentLine', 'SmsBatch', 'SmsMessage', ...ASSESSED]],
  // A backup writes a file and its audit row; it takes no body to forge keys in.
  [/^\/api\/Backups/, []],
  [/^\/api\/Districts/, ['District', 'DistrictCouncil']],
  // A key upload is a file and its password: no body to forge keys in.
  [/^\/api\/SigningKey$/, ['SigningKey']],
  // Checks a signed PDF; writes nothing.
  [/^\/api\/public\/verify$/, []],
];
/** Routes that end the caller's own session: walked apart, at the end. */
const ENDS_SESSION = new Set(['POST /api/User/logout']);

const FORGED_TIME = '2001-02-03T04:05:06.000Z';
const FORGED_VERSION = 987654;

interface Column {
  table: string;
  column: string;
  type: string;
  key: boolean;
}

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return sweep.t.database.sql.query<T & object>(sql, params) as Promise<T[]>;
}

/** Columns that say whose a row is, which row it is, which version, and when the server wrote it. */
async function keyColumns(): Promise<Column[]> {
  const rows = await query<{ table: string; column: string; type: string; key: boolean }>(`
    SELECT c.table_name AS "table", c.column_name AS "column", c.data_type AS type,
           EXISTS (SELECT 1 FROM information_schema.key_column_usage k
                   JOIN information_schema.table_constraints tc ON tc.constraint_name = k.constraint_name AND tc.table_name = k.table_name
                   WHERE tc.constraint_type = 'PRIMARY KEY' AND k.table_name = c.table_name AND k.column_name = c.column_name
                     AND k.table_schema = current_schema()) AS key
    FROM information_schema.columns c
    WHERE c.table_schema = current_schema() AND c.table_name <> '_prisma_migrations'`);
  return rows.filter(
    (c) =>
      c.key ||
      c.column === 'createdByUserId' ||
      c.column === 'version' ||
      /Id$|^id$/.test(c.column) ||
      (c.type.startsWith('timestamp') && /At$/.test(c.column)),
  );
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every row of a council in every table it owns rows of, as JSON, for an exact comparison. */
async function rowsOf(councilId: number, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const column = table === 'User' ? 'id' : 'createdByUserId';
    const rows = await query<{ row: string }>(`SELECT to_jsonb(x)::text AS row FROM ${quote(table)} x WHERE ${quote(column)} = $1`, [
      councilId,
    ]);
    out[table] = rows.map((r) => r.row).sort();
  }
  return out;
}

/** A value for the column that points at another council, or is forged outright. */
async function forged(c: Column): Promise<unknown> {
  if (c.column === 'createdByUserId') return sweep.other.userId;
  if (c.column === 'version') return FORGED_VERSION;
  if (c.type.startsWith('timestamp')) return FORGED_TIME;
  // An id: the other council's row of that table when it has one.
  const owned = c.table === 'User' ? 'id' : 'createdByUserId';
  const [row] = await query<{ v: unknown }>(
    `SELECT ${quote(c.column)} AS v FROM ${quote(c.table)} WHERE ${quote(owned)} = $1 AND ${quote(c.column)} IS NOT NULL LIMIT 1`,
    [sweep.other.userId],
  ).catch(() => []);
  if (row) return row.v;
  return c.type === 'uuid' ? crypto.randomUUID() : 2147483000;
}

function tablesOf(route: Route): string[] | undefined {
  return TABLES_OF.find(([path]) => path.test(route.url))?.[1];
}

const isWrite = (r: Route) => r.method !== 'GET';

/** The route's call with one more field: in the body (JSON or form) when it takes one, else in the query. */
function call(route: Route, field: string, value: unknown) {
  const base = sweep.baseBody(route);
  const url = sweep.pathOf(route) + sweep.queryOf(route);
  if (route.multipart) return { url, ...form({ ...(base ?? {}), [field]: value as Body[string] }) };
  if (base) return { url, payload: { ...base, [field]: value } };
  const sep = url.includes('?') ? '&' : '?';
  return { url: `${url}${sep}${encodeURIComponent(field)}=${encodeURIComponent(String(value))}` };
}

beforeAll(async () => {
  sweep = await seedRouteSweep();
  // The other council holds a row of every kind the walk points ids at.
  const other = sweep.other;
  for (const kind of KIND_CASES) await createValid(sweep.t.app, other, kind);
  await injectAs(sweep.t.app, other, {
    method: 'POST',
    url: '/api/Blog',
    payload: { blogTitle: 'दुसरी बातमी', blogContent: 'दुसऱ्या ग्रामपंचायतीची', eventDate: '2026-08-15' },
  });
  const property = await injectAs(sweep.t.app, other, {
    method: 'POST',
    url: '/api/GrampanchayatImport/register-owner-property',
    payload: {
      malmattaNo: 'OTHER-1',
      malkacheNav: 'दुसरा मालक',
      bhogwatdarakNav: 'स्वतः',
      mobileNo: '9812345699',
      gatNo: '1',
      citySurveyNo: '1',
      buildingType: 'rcc',
      usage: 'residential',
      milkatBandhakamYear: 2010,
      areaSqm: '40',
      landRate: '1000',
    },
  });
  expect(property.statusCode, property.body).toBe(201);
  const kar = await injectAs(sweep.t.app, other, {
    method: 'POST',
    url: '/api/KarImport/kar-details/add',
    payload: { malmattaNo: 'OTHER-1', magilGharpatti: '10' },
  });
  expect(kar.statusCode, kar.body).toBe(201);
});
afterAll(async () => {
  await sweep?.t.close();
});

describe('no write takes the owner, id, version or time of a row from the request', () => {
  it('knows the tables of every write route', () => {
    const unknown = sweep
      .routes()
      .filter(isWrite)
      .filter((r) => !tablesOf(r))
      .map((r) => `${r.method} ${r.url}`);
    expect(unknown).toEqual([]);
  });

  it("leaves every other council's row as it was and every row of the caller under its own keys", async () => {
    const columns = await keyColumns();
    const owned = [...new Set(columns.filter((c) => c.column === 'createdByUserId').map((c) => c.table)), 'User'];
    const otherBefore = await rowsOf(sweep.other.userId, owned);
    const pkOf = (table: string) => columns.filter((c) => c.table === table && c.key).map((c) => c.column);
    const keysOf = async () => {
      const keys: Record<string, string[]> = {};
      for (const table of owned) {
        const pk = pkOf(table);
        const column = table === 'User' ? 'id' : 'createdByUserId';
        const rows = await query<{ k: string }>(
          `SELECT jsonb_build_array(${pk.map(quote).join(', ')})::text AS k FROM ${quote(table)} WHERE ${quote(column)} = $1`,
          [sweep.owner.userId],
        );
        keys[table] = rows.map((r) => r.k).sort();
      }
      return keys;
    };
    const ownerKeysBefore = await keysOf();

    // Deletions last, and what ends the caller's session after everything.
    const routes = sweep
      .routes()
      .filter(isWrite)
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'))
      .filter((r) => !ENDS_SESSION.has(`${r.method} ${r.url}`));
    const failures: string[] = [];
    let probes = 0;
    for (const route of routes) {
      const tables = tablesOf(route)!;
      for (const c of columns.filter((col) => tables.includes(col.table))) {
        const value = await forged(c);
        const res = await injectAs(sweep.t.app, sweep.owner, { method: route.method as 'POST', ...call(route, c.column, value) });
        probes++;
        if (res.statusCode >= 500)
          failures.push(`${route.method} ${route.url} with ${c.column}=${String(value)}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(probes).toBeGreaterThan(100);
    expect(failures).toEqual([]);

    // Not one row of the other council changed, appeared or went.
    expect(await rowsOf(sweep.other.userId, owned)).toEqual(otherBefore);

    // Every row the caller had is still the caller's, under the same key, unless a DELETE took it.
    const ownerKeysAfter = await keysOf();
    const deletable = new Set(['CarouselImage', 'BlogPost', 'ApiToken']);
    for (const table of owned) {
      const lost = ownerKeysBefore[table].filter((k) => !ownerKeysAfter[table].includes(k));
      if (!deletable.has(table)) expect(lost, `${table}: rows of the caller moved or went`).toEqual([]);
      else expect(lost.length, `${table}: more rows went than the one a DELETE names`).toBeLessThanOrEqual(1);
    }

    // No forged version or time reached a row of the caller.
    for (const table of owned) {
      const column = table === 'User' ? 'id' : 'createdByUserId';
      const stamped = columns.filter((c) => c.table === table && (c.column === 'version' || c.type.startsWith('timestamp')));
      if (!stamped.length) continue;
      const checks = stamped.map((c) => (c.column === 'version' ? `${quote(c.column)} = ${FORGED_VERSION}` : `${quote(c.column)} = $2`));
      const [hit] = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${quote(table)} WHERE ${quote(column)} = $1 AND (${checks.join(' OR ')})`,
        [sweep.owner.userId, FORGED_TIME],
      );
      expect(hit.n, `${table}: a forged version or time was written`).toBe(0);
    }
  });
});

describe('the site profile save (the route the attack used)', () => {
  const save = (who = sweep.owner, extra: Record<string, unknown> = {}) =>
    injectAs(sweep.t.app, who, {
      method: 'PUT',
      url: '/api/Site/profile',
      payload: { ...sweep.baseBody({ method: 'PUT', url: '/api/Site/profile', schema: {}, multipart: false }), ...extra },
    });
  const publicProfile = async (userId: number) =>
    (await sweep.t.app.inject({ method: 'GET', url: `/api/Site/profile?userId=${userId}` })).json().result;

  it("refuses createdByUserId naming another council, writes nothing, and the other council's public page is its own", async () => {
    const third = await injectAs(sweep.t.app, sweep.owner, {
      method: 'POST',
      url: '/api/User/register',
      payload: { username: `victim_${Date.now().toString(36)}`, email: 'victim@example.org', password: 'Victim-pass-2026' },
    });
    expect(third.statusCode, third.body).toBe(201);
    const victim: number = third.json().result.userId;
    const victimBefore = await publicProfile(victim);
    const mine = await save(sweep.owner, { officeName: 'ग्रामपंचायत कार्यालय, माझे गाव' });
    expect(mine.statusCode, mine.body).toBe(200);

    for (const value of [victim, 'abc', null, -1]) {
      const res = await save(sweep.owner, { officeName: 'ग्रामपंचायत कार्यालय, दुसरे गाव', createdByUserId: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ isSuccess: false, message: 'createdByUserId: is not an accepted field', result: null });
    }
    expect(await publicProfile(victim)).toEqual(victimBefore);
    const own = await publicProfile(sweep.owner.userId);
    expect(own).toMatchObject({ createdByUserId: sweep.owner.userId, officeName: 'ग्रामपंचायत कार्यालय, माझे गाव' });
  });

  it('refuses updatedAt and any field it does not know, naming it, with a 400 instead of a 500', async () => {
    for (const [field, value] of [
      ['updatedAt', FORGED_TIME],
      ['isAdmin', true],
      ['foo', 'bar'],
    ] as const) {
      const res = await save(sweep.owner, { [field]: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(`${field}: is not an accepted field`);
    }
    // Inside a list too: a statistic with a field of its own.
    const res = await save(sweep.owner, { stats: [{ label: 'लोकसंख्या', value: '2,500', createdByUserId: sweep.other.userId }] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('createdByUserId: is not an accepted field');
  });

  it('still takes back the version it answered (accepted and ignored; If-Match decides)', async () => {
    const read = (await injectAs(sweep.t.app, sweep.owner, { method: 'GET', url: '/api/Site/profile/mine' })).json().result;
    const res = await save(sweep.owner, { version: read.version + 50 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.version).toBe(read.version + 1);
  });
});

describe('a route the earlier client sends whole records to', () => {
  it('drops the ids, owner and dates it was sent and keeps the record the council’s', async () => {
    const birth = KIND_CASES.find((k) => k.kind === 'birth')!;
    const res = await injectAs(sweep.t.app, sweep.owner, {
      method: 'POST',
      url: birth.base,
      payload: {
        ...birth.valid(),
        [birth.idField]: crypto.randomUUID(),
        createdByUserId: sweep.other.userId,
        createdAt: FORGED_TIME,
        updatedAt: FORGED_TIME,
        version: FORGED_VERSION,
        somethingElse: 'x',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json().result;
    const [row] = await query<{ owner: number; version: number; created: string }>(
      `SELECT "createdByUserId" AS owner, version, "createdAt"::text AS created FROM ${quote(tableOfKind(birth.kind))} WHERE ${quote(birth.idField)} = $1`,
      [record[birth.idField]],
    );
    expect(row.owner).toBe(sweep.owner.userId);
    expect(row.version).not.toBe(FORGED_VERSION);
    expect(row.created.startsWith('2001')).toBe(false);
    expect(record).not.toHaveProperty('somethingElse');
  });
});
