// Issue 28: what the audit trail keeps for the site, certificate, SMS and token writes, and how
// GET /api/Audit answers: each council its own rows, paged and filtered; the rows themselves can
// never be changed or removed, not even through the portal's own connection.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { createCouncil, injectAs, useCouncil, useTestApp, type TestCouncil } from '../../helpers/app.ts';
import { caseOf, createValid, KIND_CASES, send } from '../../helpers/certificates.ts';
import { expectEnvelope4xx } from '../../helpers/route-sweep.ts';
import { rccHouse } from '../../helpers/tax-seed.ts';

const WEBHOOK_TOKEN = 'audit-webhook-token';
const smsDefaults = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-audit-'));
  const sms = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x' }).sms;
  fs.rmSync(dir, { recursive: true, force: true });
  return sms;
};
const t = useTestApp({ sms: { ...smsDefaults(), worker: false, webhookToken: WEBHOOK_TOKEN } });
const c = useCouncil(t);

interface Item {
  id: string;
  actor: { userId: number | null; userName: string | null; tokenId: number | null };
  address: string | null;
  entity: string;
  entityId: string | null;
  recordEntity: string | null;
  recordId: string | null;
  action: string;
  changes: Record<string, { old: unknown; new: unknown }> | null;
}

async function audit(council: TestCouncil, query: string) {
  const res = await injectAs(t.app, council, { method: 'GET', url: `/api/Audit?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { items: Item[]; totalCount: number; totalPages: number; pageNumber: number };
}

/** India's date, as the filters read a day. */
const indiaDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + offsetDays * 86_400_000));

describe('what a certificate change records', () => {
  it('shows the changed name old → new, with the staff member and the address they came from', async () => {
    const birth = caseOf('birth');
    const record = await createValid(t.app, c, birth);
    const id = String(record[birth.idField]);
    const res = await injectAs(t.app, c, {
      method: 'PUT',
      url: `${birth.base}/${id}`,
      payload: { childFullNameEnglish: 'Aarav D. Patil' },
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode, res.body).toBe(200);

    const { items } = await audit(c, `entity=BirthCertificate&entityId=${id}`);
    expect(items.map((i) => i.action)).toEqual(['update', 'create']);
    expect(items[0]).toMatchObject({
      entity: 'BirthCertificate',
      entityId: id,
      actor: { userId: c.userId, userName: c.username, tokenId: null },
      address: '203.0.113.7',
      changes: { childFullNameEnglish: { old: 'Aarav Dnyaneshwar Patil', new: 'Aarav D. Patil' } },
    });
    // Only what changed: an untouched field is not listed as "changed" to itself.
    expect(Object.keys(items[0].changes!)).toEqual(['childFullNameEnglish']);
  });

  it('never stores a whole Aadhaar number, and still notes a change between two ending alike', async () => {
    const council = await createCouncil(t.app);
    const full: string[] = [];
    for (const kind of KIND_CASES) {
      const valid = kind.valid();
      for (const v of Object.values(valid)) if (typeof v === 'string' && /^\d{12}$/.test(v)) full.push(v);
      const record = await createValid(t.app, council, kind, valid);
      const field = Object.keys(valid).find((k) => /^\d{12}$/.test(String(valid[k])))!;
      // The same last four digits: masked, old and new read alike, but the number did change.
      const changed = `99999999${String(valid[field]).slice(-4)}`;
      full.push(changed);
      const res = await send(t.app, council, kind, { [field]: changed }, { id: String(record[kind.idField]) });
      expect(res.statusCode, res.body).toBe(200);
      const entity = `${kind.kind[0].toUpperCase()}${kind.kind.slice(1)}Certificate`;
      const { items } = await audit(council, `entity=${entity}&entityId=${record[kind.idField]}`);
      expect(items[0].changes?.[field], kind.kind).toEqual({
        old: `XXXX XXXX ${changed.slice(-4)}`,
        new: `XXXX XXXX ${changed.slice(-4)}`,
      });
    }
    const rows = await t.database.sql.query<{ changes: string }>(
      `SELECT coalesce("changes"::text, '') AS changes FROM "AuditEntry" WHERE "createdByUserId" = $1`,
      [council.userId],
    );
    expect(rows.length).toBeGreaterThanOrEqual(KIND_CASES.length * 2);
    const text = rows.map((r) => r.changes).join('\n');
    // No 12 digits standing alone (an uploaded photo's random hex name may hold a run of them).
    expect(text).not.toMatch(/(?<![\da-z])\d{12}(?![\da-z])/i);
    for (const number of full) expect(text).not.toContain(number);
  });
});

describe('who acted', () => {
  it("names the API token that made a change, with its council's account", async () => {
    const council = await createCouncil(t.app);
    const made = await injectAs(t.app, council, {
      method: 'POST',
      url: '/api/ApiTokens',
      payload: { name: 'records office', scopes: ['certificates:write'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id: tokenId, token } = made.json().result as { id: number; token: string };
    const machine: TestCouncil = { ...council, token, auth: { authorization: `Bearer ${token}` } };
    const record = await createValid(t.app, machine, caseOf('residence'));

    const { items } = await audit(council, `entity=ResidenceCertificate&entityId=${record[caseOf('residence').idField]}`);
    expect(items).toHaveLength(1);
    expect(items[0].actor).toEqual({ userId: council.userId, userName: council.username, tokenId });
    // The token's own creation: its shown prefix and scopes, never the secret or its hash.
    const [created] = (await audit(council, `entity=ApiToken&entityId=${tokenId}`)).items;
    expect(created).toMatchObject({ action: 'create', actor: { tokenId: null } });
    expect(created.changes).toMatchObject({ name: { new: 'records office' }, scopes: { new: '["certificates:write"]' } });
    expect(JSON.stringify(created.changes)).not.toContain(token.slice(10));
    // The trail names people and addresses: an API token may not read it.
    expect((await injectAs(t.app, machine, { method: 'GET', url: '/api/Audit' })).statusCode).toBe(403);
  });

  it("names the gateway for a delivery report, kept with the message's council", async () => {
    const council = await createCouncil(t.app);
    const property = rccHouse('AU-1', 'रमेश गणपत पाटील', { mobileNo: '9812345670' });
    const registered = await injectAs(t.app, council, {
      method: 'POST',
      url: '/api/GrampanchayatImport/register-owner-property',
      payload: property,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const sent = await injectAs(t.app, council, {
      method: 'POST',
      url: '/api/Sms/gramsabha',
      payload: { date: indiaDay(2), time: '11:00', password: council.password },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const batchId = sent.json().result.batchId as number;
    // As the outbox worker leaves a message the gateway took.
    const [m] = await t.database.sql.query<{ id: number; mobile: string }>(
      `UPDATE "SmsMessage" SET "status" = 'sent', "providerId" = $2 WHERE "batchId" = $1 RETURNING "id", "mobile"`,
      [batchId, `audit-${batchId}`],
    );
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/Sms/delivery/msg91?token=${WEBHOOK_TOKEN}`,
      payload: { requestId: `audit-${batchId}`, number: m.mobile, status: '1' },
    });
    expect(report.json().result).toEqual({ updated: 1 });

    const { items } = await audit(council, `entity=SmsBatch&entityId=${batchId}`);
    expect(items.map((i) => [i.entity, i.action])).toEqual([
      ['SmsMessage', 'delivery'],
      ['SmsBatch', 'send'],
    ]);
    expect(items[0]).toMatchObject({
      entityId: String(m.id),
      recordEntity: 'SmsBatch',
      recordId: String(batchId),
      actor: { userId: null, userName: 'MSG91', tokenId: null },
      changes: { status: { old: 'sent', new: 'delivered' } },
    });
    expect(items[1].changes).toMatchObject({ kind: { new: 'gramsabha' }, recipients: { new: 1 } });

    // A report naming no message of ours changes nothing and leaves no row.
    const before = (await audit(council, 'pageSize=1')).totalCount;
    const stray = await t.app.inject({
      method: 'POST',
      url: `/api/Sms/delivery/msg91?token=${WEBHOOK_TOKEN}`,
      payload: { requestId: 'nobody', number: m.mobile, status: '1' },
    });
    expect(stray.json().result).toEqual({ updated: 0 });
    expect((await audit(council, 'pageSize=1')).totalCount).toBe(before);
  });
});

describe('GET /api/Audit', () => {
  it("never lists another council's rows", async () => {
    const other = await createCouncil(t.app);
    const record = await createValid(t.app, c, caseOf('death'));
    const id = String(record[caseOf('death').idField]);
    expect((await audit(c, `entity=DeathCertificate&entityId=${id}`)).totalCount).toBe(1);
    const theirs = await audit(other, `entity=DeathCertificate&entityId=${id}`);
    expect(theirs).toMatchObject({ items: [], totalCount: 0 });
    const all = await audit(other, 'pageSize=100');
    expect(all.items.filter((i) => i.actor.userId === c.userId || i.entityId === id)).toEqual([]);
  });

  it('pages newest first', async () => {
    const council = await createCouncil(t.app);
    for (const text of ['पहिला', 'दुसरा', 'तिसरा']) {
      const res = await injectAs(t.app, council, {
        method: 'PUT',
        url: '/api/Sms/templates',
        payload: { kind: 'dues', body: `${text}: मालमत्ता {malmattaNo}: {amount}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const first = await audit(council, 'entity=SmsTemplate&pageSize=2&pageNumber=1');
    const second = await audit(council, 'entity=SmsTemplate&pageSize=2&pageNumber=2');
    expect(first).toMatchObject({ totalCount: 3, totalPages: 2, pageNumber: 1 });
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    const ids = [...first.items, ...second.items].map((i) => BigInt(i.id));
    expect(ids).toEqual([...ids].sort((a, b) => (b > a ? 1 : -1)));
    expect(first.items[0].changes?.body.new).toMatch(/^तिसरा/);
    expect(second.items[0]).toMatchObject({ action: 'create', entityId: 'dues' });
    expect((await audit(council, 'entity=SmsTemplate&pageSize=2&pageNumber=3')).items).toEqual([]);
  });

  it('filters by entity, entityId and the days from/to (India time)', async () => {
    const council = await createCouncil(t.app);
    const kind = caseOf('birth');
    const a = await createValid(t.app, council, kind);
    await createValid(t.app, council, kind);
    await createValid(t.app, council, caseOf('death'));
    expect((await audit(council, 'entity=BirthCertificate')).totalCount).toBe(2);
    expect((await audit(council, 'entity=DeathCertificate')).totalCount).toBe(1);
    const one = await audit(council, `entity=BirthCertificate&entityId=${a[kind.idField]}`);
    expect(one.items.map((i) => i.entityId)).toEqual([String(a[kind.idField])]);

    const today = indiaDay();
    expect((await audit(council, `entity=BirthCertificate&from=${today}&to=${today}`)).totalCount).toBe(2);
    expect((await audit(council, `entity=BirthCertificate&from=${indiaDay(1)}`)).totalCount).toBe(0);
    expect((await audit(council, `entity=BirthCertificate&to=${indiaDay(-1)}`)).totalCount).toBe(0);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await audit(council, `entity=BirthCertificate&from=${encodeURIComponent(later)}`)).totalCount).toBe(0);
  });

  it('answers 400 with the envelope for a date it cannot read, or entityId without entity', async () => {
    for (const query of [
      'from=2026-13-45',
      'to=2026-02-30',
      'to=yesterday',
      'from=2026-04-01T10:00:00',
      'entityId=12',
      'from=2026-05-02&to=2026-05-01',
    ])
      expectEnvelope4xx(query, await injectAs(t.app, c, { method: 'GET', url: `/api/Audit?${query}` }));
    const res = await injectAs(t.app, c, { method: 'GET', url: '/api/Audit?entityId=12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/entity/);
  });
});

describe('the trail is append-only', () => {
  it("refuses UPDATE, DELETE and TRUNCATE, also through the portal's own connection", async () => {
    const council = await createCouncil(t.app);
    await createValid(t.app, council, caseOf('birth'));
    const [row] = await t.database.sql.query<{ id: string; action: string }>(
      `SELECT id::text AS id, action FROM "AuditEntry" WHERE "createdByUserId" = $1 ORDER BY id DESC LIMIT 1`,
      [council.userId],
    );
    const refused = (op: string) => new RegExp(`append-only: ${op} of "AuditEntry" refused`);
    await expect(t.database.sql.query(`UPDATE "AuditEntry" SET "action" = 'forged' WHERE id = $1::bigint`, [row.id])).rejects.toThrow(
      refused('UPDATE'),
    );
    await expect(t.database.sql.query(`DELETE FROM "AuditEntry" WHERE id = $1::bigint`, [row.id])).rejects.toThrow(refused('DELETE'));
    await expect(t.database.sql.exec(`TRUNCATE "AuditEntry"`)).rejects.toThrow(refused('TRUNCATE'));
    const [after] = await t.database.sql.query<{ action: string }>(`SELECT action FROM "AuditEntry" WHERE id = $1::bigint`, [row.id]);
    expect(after).toEqual({ action: row.action });
  });
});
