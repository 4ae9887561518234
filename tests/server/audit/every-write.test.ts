// Issue 28: every write route of the app's own route list (a route added later is walked too) leaves
// exactly one AuditEntry row when it succeeds, naming the council, the actor and what it changed.
// A route that answers 2xx with zero rows, or two, fails the walk; so does a write route this walk
// cannot make succeed (add its valid call to CALLS below).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { injectAs } from '../../helpers/app.ts';
import { form, seedRouteSweep, type Route, type RouteSweep } from '../../helpers/route-sweep.ts';
import { multipart } from '../../helpers/multipart.ts';
import { makeDsc } from '../../helpers/dsc.ts';
import { caseOf, couplePhotos, marriageForm, photo } from '../../helpers/certificates.ts';
import { loadConfig } from '../../../server/config.ts';

let sweep: RouteSweep;

/** POSTs that change nothing: a read the spec's client makes with POST, a preview. They must leave no row. */
const NOT_WRITES = new Map([
  ['POST /api/Properties/due', 'the properties with dues: a read the earlier client makes with POST'],
  ['POST /api/Sms/preview', 'shows the text a notice would have; sends and stores nothing'],
  ['POST /api/public/verify', 'checks a signed PDF; stores nothing'],
]);
/** Walked last, in this order: they end the caller's session. */
const LAST = ['PUT /api/User/password', 'POST /api/User/logout'];
const NEW_PASSWORD = 'Sweep-changed-2026';
const WEBHOOK_TOKEN = 'sweep-webhook-token';

type Call = Omit<InjectOptions, 'method'> & { url: string; as?: 'owner' | 'anonymous' };
/** Valid calls the route sweep's base bodies do not give (files, a successful login). */
const CALLS: Record<string, () => Promise<Call> | Call> = {
  'POST /api/User/login': () => ({ url: '/api/User/login', payload: { username: sweep.owner.username, password: sweep.owner.password } }),
  'POST /api/Corosal': async () => {
    const slide = multipart([{ name: 'ImageFile', value: await photo('png'), filename: 's.png', contentType: 'image/png' }]);
    return { url: '/api/Corosal', payload: slide.payload, headers: slide.headers };
  },
  'POST /api/public/verify': () => {
    const pdf = multipart([{ name: 'file', value: Buffer.from('%PDF-1.7\n%%EOF\n'), filename: 'd.pdf', contentType: 'application/pdf' }]);
    return { url: '/api/public/verify', payload: pdf.payload, headers: pdf.headers, as: 'anonymous' };
  },
  'POST /api/SigningKey': () => {
    const dsc = makeDsc('SWEEP SIGNER', 'Sweep-dsc-1');
    const key = multipart([
      { name: 'password', value: dsc.password },
      { name: 'file', value: dsc.p12, filename: 'dsc.p12', contentType: 'application/x-pkcs12' },
    ]);
    return { url: '/api/SigningKey', payload: key.payload, headers: key.headers };
  },
  'POST /api/Site/logo': async () => {
    const logo = multipart([{ name: 'LogoFile', value: await photo('png'), filename: 'logo.png', contentType: 'image/png' }]);
    return { url: '/api/Site/logo', payload: logo.payload, headers: logo.headers };
  },
  // Site, slides, certificates, SMS, accounts and tokens.
  // Walked next to last (LAST): the change ends every session of the account, the walk's too.
  'PUT /api/User/password': () => ({
    url: '/api/User/password',
    payload: { currentPassword: sweep.owner.password, newPassword: NEW_PASSWORD },
  }),
  // After the password change: a session of the new password, opened before the walk counts rows.
  'POST /api/User/logout': async () => {
    const login = await sweep.t.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { username: sweep.owner.username, password: NEW_PASSWORD },
    });
    return { url: '/api/User/logout', as: 'anonymous', headers: { authorization: `Bearer ${login.json().token}` } };
  },
  'PUT /api/Corosal/order': async () => {
    const slides = (await injectAs(sweep.t.app, sweep.owner, { method: 'GET', url: `/api/Corosal/by-user/${sweep.owner.userId}` })).json()
      .result as { corosalId: number }[];
    return { url: '/api/Corosal/order', payload: { corosalIds: slides.map((s) => s.corosalId).reverse() } };
  },
  'POST /api/MarriageCertificate': async () => {
    const { payload, headers } = marriageForm(caseOf('marriage').valid(), await couplePhotos());
    return { url: '/api/MarriageCertificate', payload, headers };
  },
  // Its own property with a mobile and arrears, apart from the register's walk.
  'POST /api/Sms/dues': async () => {
    const property = {
      malmattaNo: 'SW-DUES',
      malkacheNav: 'सीता रामराव शिंदे',
      bhogwatdarakNav: 'स्वतः',
      mobileNo: '9812345672',
      gatNo: '46',
      citySurveyNo: '103',
      malmattaVarnan: 'आर.सी.सी. घर',
      buildingType: 'rcc',
      usage: 'residential',
      milkatBandhakamYear: 2010,
      areaSqm: '40',
      landRate: '1000',
    };
    for (const [url, payload] of [
      ['/api/GrampanchayatImport/register-owner-property', property],
      ['/api/KarImport/kar-details/add', { malmattaNo: property.malmattaNo, magilGharpatti: '50' }],
    ] as const) {
      const res = await injectAs(sweep.t.app, sweep.owner, { method: 'POST', url, payload });
      if (res.statusCode !== 201) throw new Error(`${url}: ${res.body}`);
    }
    return { url: '/api/Sms/dues', payload: { password: sweep.owner.password } };
  },
  // A gateway's report on a message it was handed: no login, the webhook's token.
  'POST /api/Sms/delivery/msg91': async () => {
    // Unique per run: test files share the PostgreSQL database, and a report names no council.
    const requestId = `sweep-report-${sweep.values.smsBatchId}`;
    const [m] = await sweep.t.database.sql.query<{ mobile: string }>(
      `UPDATE "SmsMessage" SET "status" = 'sent', "providerId" = $2
        WHERE "id" = (SELECT min("id") FROM "SmsMessage" WHERE "batchId" = $1) RETURNING "mobile"`,
      [Number(sweep.values.smsBatchId), requestId],
    );
    return {
      url: `/api/Sms/delivery/msg91?token=${WEBHOOK_TOKEN}`,
      as: 'anonymous',
      payload: { requestId, number: m.mobile, status: '1' },
    };
  },

  // The property register, transfers, tax rates, the tax books.
  'PUT /api/TaxRates': () => ({ url: '/api/TaxRates', payload: { waterTax: '350', applyFrom: 'next' } }),
  // A real revision: a dry run writes nothing, and one route cannot be both.
  'POST /api/TaxRates/revision': () => ({
    url: '/api/TaxRates/revision',
    payload: { effectiveTaxYear: Number(sweep.values.taxYear) + 1, dryRun: false, orderReference: 'ठराव 7' },
  }),
  // The seed's owner of SW-1 was replaced by its transfer: the walk corrects the current one.
  'PUT /api/OwnerProperty/UpdateOwner': async () => ownerCall('PUT', false),
  'POST /api/OwnerProperty/UpdateOwner': async () => ownerCall('POST', false),
  'PUT /api/OwnerProperty/UpdateOwner/:ownerId': async () => ownerCall('PUT', true),
  'POST /api/OwnerProperty/UpdateOwner/:ownerId': async () => ownerCall('POST', true),
  'POST /api/GrampanchayatImport/excel': async () => {
    const wb = new ExcelJS.Workbook();
    const res = await injectAs(sweep.t.app, sweep.owner, { method: 'GET', url: '/api/GrampanchayatImport/template.xlsx' });
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    wb.worksheets[0].addRow(['SW-XL', 'गणेश पवार', 'स्वतः', '9812345672', '46', '103', 'घर', 'rcc', 'residential', 2012, 40, '', 1200]);
    const file = multipart([
      { name: 'file', value: Buffer.from(await wb.xlsx.writeBuffer()), filename: 'namuna8.xlsx', contentType: XLSX_TYPE },
    ]);
    return { url: '/api/GrampanchayatImport/excel?dryRun=false', payload: file.payload, headers: file.headers };
  },
  'POST /api/PropertyTransfer/add': async () => {
    const body = sweep.baseBody({ method: 'POST', url: '/api/PropertyTransfer/add', schema: {}, multipart: false })!;
    const { malkacheNav } = await currentOwner();
    return { url: '/api/PropertyTransfer/add', payload: { ...body, sadya_malakache_nav: malkacheNav, navin_malakache_nav: 'अनिल शिंदे' } };
  },
  // SW-1 has its kar record: a property of its own, registered for this call.
  'POST /api/KarImport/kar-details/add': async () => {
    await registerSw('SW-KAR');
    return { url: '/api/KarImport/kar-details/add', payload: { malmattaNo: 'SW-KAR', magilGharpatti: '50' } };
  },
  // Every kar record carries this tax year: the rollover is walked on the first day of the next
  // one (the route reads the clock once; the clock comes back for the routes after it).
  'POST /api/KarImport/recalc-by-user/:userId': () => {
    const app = sweep.t.app;
    const real = app.today;
    const next = new Date(Date.UTC(Number(sweep.values.taxYear) + 1, 3, 1));
    app.today = () => {
      app.today = real;
      return next;
    };
    return { url: `/api/KarImport/recalc-by-user/${sweep.owner.userId}` };
  },
  // A bank statement applied: one credit that names no property, kept for a clerk (issue 30).
  'POST /api/Reconciliation/statement': () => statementCall(`SWEEP-${Date.now()}`),
  // That credit assigned by hand: a statement of its own imported first.
  'POST /api/Reconciliation/match': async () => {
    const bankReference = `SWEEP-M-${Date.now()}`;
    const imported = await injectAs(sweep.t.app, sweep.owner, { method: 'POST', ...statementCall(bankReference) });
    expect(imported.statusCode).toBe(200);
    return { url: '/api/Reconciliation/match', payload: { bankReference, malmattaNo: sweep.values.malmattaNo } };
  },
  // Properties registered this year are not due; the walk's are made a year older in that respect.
  'POST /api/Properties/decrease-ghasara': async () => {
    await notDepreciatedThisYear();
    return { url: '/api/Properties/decrease-ghasara' };
  },
  'POST /api/Properties/:id/decrease-ghasara': async () => {
    await notDepreciatedThisYear();
    return { url: `/api/Properties/${sweep.values.propertyId}/decrease-ghasara` };
  },
};

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** SW-1's active owner now (the transfers of the walk replace it). */
async function currentOwner(): Promise<{ ownerId: number; malkacheNav: string }> {
  const url = `/api/OwnerProperty/GetByMalmatta/SW-1/${sweep.owner.userId}`;
  return (await injectAs(sweep.t.app, sweep.owner, { method: 'GET', url })).json().result[0];
}

async function ownerCall(method: 'PUT' | 'POST', inPath: boolean): Promise<Call> {
  const { ownerId } = await currentOwner();
  const body = { malkacheNav: 'सुरेश जाधव', mobileNo: '9812345670' };
  return inPath
    ? { url: `/api/OwnerProperty/UpdateOwner/${ownerId}`, payload: body }
    : { url: '/api/OwnerProperty/UpdateOwner', payload: { ownerId, ...body } };
}

async function registerSw(malmattaNo: string) {
  const body = sweep.baseBody({ method: 'POST', url: '/api/GrampanchayatImport/register-owner-property', schema: {}, multipart: false })!;
  const res = await injectAs(sweep.t.app, sweep.owner, {
    method: 'POST',
    url: '/api/GrampanchayatImport/register-owner-property',
    payload: { ...body, malmattaNo },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function notDepreciatedThisYear() {
  await sweep.t.database.sql.query(
    `UPDATE "Property" SET "ghasaraDarUpdatedYear" = "ghasaraDarUpdatedYear" - 1 WHERE "createdByUserId" = $1`,
    [sweep.owner.userId],
  );
}

const key = (r: Route) => `${r.method} ${r.url}`;

/** A bank statement of one credit that names no property, applied. */
function statementCall(bankReference: string): Call {
  const csv = `Date,Narration,Chq./Ref.No.,Deposit Amt.\n05/11/26,NEFT-DONATION,${bankReference},10.00\n`;
  const file = multipart([{ name: 'file', value: Buffer.from(csv), filename: 'statement.csv', contentType: 'text/csv' }]);
  return { url: '/api/Reconciliation/statement?dryRun=false', payload: file.payload, headers: file.headers };
}

async function callOf(route: Route): Promise<Call> {
  const special = CALLS[key(route)];
  if (special) return special();
  const base = sweep.baseBody(route);
  const url = sweep.pathOf(route) + sweep.queryOf(route);
  if (route.multipart) return { url, ...form(base ?? {}) };
  return base ? { url, payload: base } : { url };
}

/** The newest audit id, and the rows after it that the walk's councils own or a failed login of theirs left. */
async function lastId(): Promise<string> {
  const [r] = await sweep.t.database.sql.query<{ id: string }>(`SELECT coalesce(max(id), 0)::text AS id FROM "AuditEntry"`);
  return r.id;
}
async function rowsAfter(id: string) {
  return sweep.t.database.sql.query<{ entity: string; action: string; createdByUserId: number | null; userId: number | null }>(
    `SELECT entity, action, "createdByUserId", "userId" FROM "AuditEntry"
     WHERE id > $1::bigint AND ("createdByUserId" = $2 OR "userId" = $2) ORDER BY id`,
    [id, sweep.owner.userId],
  );
}

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-sweep-'));
  sweep = await seedRouteSweep({
    sms: { ...loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x' }).sms, worker: false, webhookToken: WEBHOOK_TOKEN },
  });
  fs.rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await sweep?.t.close();
});

describe('the audit trail of the write routes', () => {
  it('has one row for each successful write, naming the council and who acted', async () => {
    const routes = sweep
      .routes()
      .filter((r) => r.method !== 'GET')
      .sort((a, b) => LAST.indexOf(key(a)) - LAST.indexOf(key(b)) || Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const route of routes) {
      const call = await callOf(route);
      const before = await lastId();
      const res = await injectAs(sweep.t.app, call.as === 'anonymous' ? undefined : sweep.owner, {
        method: route.method as 'POST',
        ...call,
      });
      const rows = await rowsAfter(before);
      const label = `${key(route)} → ${res.statusCode}`;
      if (res.statusCode >= 300) {
        problems.push(`${label}: the walk could not make it succeed (${res.body.slice(0, 200)}); add a valid call to CALLS`);
        continue;
      }
      const expected = NOT_WRITES.has(key(route)) ? 0 : 1;
      if (rows.length !== expected) problems.push(`${label}: ${rows.length} audit rows, expected ${expected}: ${JSON.stringify(rows)}`);
      else if (expected && rows[0].createdByUserId !== sweep.owner.userId)
        problems.push(`${label}: the row names council ${rows[0].createdByUserId}, not the caller's`);
    }
    expect(problems).toEqual([]);
  });
});
