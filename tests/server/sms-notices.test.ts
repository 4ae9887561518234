// SMS notices through the `log` provider: who gets them, the text and its segments, the password
// re-entered, the outbox worked to the end, a worker stopped mid-batch, and scoping to the council.
import { describe, expect, it } from 'vitest';
import { countSegments, normaliseMobile, templateProblem, DEFAULT_TEMPLATES } from '../../common/sms.ts';
import { OUTCOME_UNKNOWN, STALE_CLAIM_SECONDS, SmsWorker } from '../../server/modules/sms/worker.ts';
import type { SmsGateway } from '../../server/modules/sms/gateways.ts';
import { useTestApp, createCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';
import { propertyWithKar, registerRcc, tomorrowIso } from '../helpers/tax.ts';

const councils: number[] = [];
const t = useTestApp();

async function council() {
  const c = await createCouncil(t.app, { prefix: 'sms' });
  councils.push(c.userId);
  return c;
}
async function startWorker() {
  const w = t.app.sms.worker;
  await w.stop();
  w.scope = [...councils];
  await w.start();
}
const setMobile = (c: TestCouncil, malmattaNo: string, mobileNo: string) =>
  t.app.db.owner.updateMany({ where: { createdByUserId: c.userId, malmattaNo }, data: { mobileNo } });
const post = (c: TestCouncil, url: string, payload: object) => injectAs(t.app, c, { method: 'POST', url, payload });
/** Runs a worker of the test's own over this council's messages until the batch is done, then stops it. */
async function workToTheEnd(worker: SmsWorker, c: TestCouncil, batchId: number) {
  worker.scope = [c.userId];
  // The restart of the one process that works this outbox (the embedded database's setting): every
  // claim it finds is a crash's leftover, however fresh.
  worker.settleOlderThan = 0;
  await worker.start();
  await finished(c, batchId);
  await worker.stop();
}
/** A gateway of the `log` kind that sends through `send`: what a test counts, holds or times. */
const gatewayOf = (send: SmsGateway['send']): SmsGateway => ({ name: 'log', balance: async () => '0', send });
/** With the app's worker stopped, a new council's gram sabha notice to this many owners (mobiles
 *  `${mobilePrefix}01`, `02`, …, or the register's default), queued and not yet sent. */
async function queuedNotice(owners: number, mobilePrefix?: string) {
  await t.app.sms.worker.stop();
  const c = await council();
  for (let i = 1; i <= owners; i++)
    await registerRcc(t.app, c, String(i), mobilePrefix ? { mobileNo: `${mobilePrefix}${String(i).padStart(2, '0')}` } : {});
  const id: number = (await post(c, '/api/Sms/gramsabha', { date: tomorrowIso(), time: '10:00', password: c.password })).json().result
    .batchId;
  return { c, id };
}
async function finished(c: TestCouncil, batchId: number) {
  let body: { status: string; messages: { status: string }[] } = { status: '', messages: [] };
  await expect
    .poll(
      async () => {
        body = (await injectAs(t.app, c, { method: 'GET', url: `/api/Sms/batches/${batchId}` })).json().result;
        return body.status;
      },
      { timeout: 15_000, interval: 50 },
    )
    .toMatch(/^done/);
  return body;
}

describe('text rules', () => {
  it('normalises mobiles: spaces, +91, 91, leading 0; refuses the rest', () => {
    expect(normaliseMobile(' 98765 43210 ')).toBe('9876543210');
    expect(normaliseMobile('+91 98765-43210')).toBe('9876543210');
    expect(normaliseMobile('919876543210')).toBe('9876543210');
    expect(normaliseMobile('09876543210')).toBe('9876543210');
    for (const bad of ['', '12345', '5876543210', '98765432101', 'abcdefghij', '+1 9876543210']) expect(normaliseMobile(bad)).toBeNull();
  });

  it('counts Marathi as Unicode (70, then 67 a part) and English as GSM (160, then 153)', () => {
    expect(countSegments('अ'.repeat(70))).toEqual({ length: 70, segments: 1, unicode: true });
    expect(countSegments('अ'.repeat(71)).segments).toBe(2);
    expect(countSegments('अ'.repeat(134)).segments).toBe(2);
    expect(countSegments('अ'.repeat(135)).segments).toBe(3);
    expect(countSegments('a'.repeat(160))).toEqual({ length: 160, segments: 1, unicode: false });
    expect(countSegments('a'.repeat(161)).segments).toBe(2);
    expect(countSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSegments('a'.repeat(307)).segments).toBe(3);
    // ₹ is not in the GSM set: an English text with it goes as Unicode.
    expect(countSegments('Dues ₹100').unicode).toBe(true);
  });

  it('a template must keep each DLT variable exactly once', () => {
    expect(templateProblem('gramsabha', DEFAULT_TEMPLATES.gramsabha)).toBeNull();
    expect(templateProblem('dues', DEFAULT_TEMPLATES.dues)).toBeNull();
    expect(templateProblem('gramsabha', 'ग्रामसभा {date} रोजी')).toMatch(/\{time\}/);
    expect(templateProblem('dues', '{malmattaNo} {amount} {amount}')).toMatch(/\{amount\}/);
    expect(templateProblem('dues', '{malmattaNo} {amount} {name}')).toMatch(/\{name\}/);
  });
});

describe('gram sabha notice', () => {
  it('asks for both date and time, and refuses a past date, before any password check', async () => {
    const c = await council();
    for (const body of [{ date: tomorrowIso() }, { time: '11:00' }, {}]) {
      const res = await post(c, '/api/Sms/gramsabha', { ...body, password: c.password });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('कृपया तारीख आणि वेळ दोन्ही निवडा.');
    }
    const past = await post(c, '/api/Sms/gramsabha', { date: '2020-01-01', time: '11:00', password: c.password });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/आधीची/);
  });

  it('answers the Marathi message for a wrong password, sends nothing, and counts toward the login limit', async () => {
    const c = await council();
    await registerRcc(t.app, c, '1');
    const res = await post(c, '/api/Sms/gramsabha', { date: tomorrowIso(), time: '11:00', password: 'not-my-password-9' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ isSuccess: false, message: 'चुकीचा पासवर्ड. कृपया पुन्हा प्रयत्न करा.' });
    expect(await t.app.db.smsBatch.count({ where: { createdByUserId: c.userId } })).toBe(0);
    // 10 attempts a minute per address and username: one was spent above, nine more wrong ones fill it.
    for (let i = 0; i < 9; i++) expect((await post(c, '/api/Sms/dues', { password: `wrong-pass-${i}` })).statusCode).toBe(403);
    const limited = await post(c, '/api/Sms/dues', { password: c.password });
    expect(limited.statusCode).toBe(429);
    const login = await t.app.inject({ method: 'POST', url: '/api/User/login', payload: { username: c.username, password: c.password } });
    expect(login.statusCode).toBe(429);
  });

  it('previews the text, its length and segments, and sends once to each distinct valid mobile', async () => {
    const c = await council();
    await registerRcc(t.app, c, '1');
    await registerRcc(t.app, c, '2');
    await registerRcc(t.app, c, '3');
    await registerRcc(t.app, c, '4');
    await setMobile(c, '2', '9876543210'); // the same as 1: sent once
    await setMobile(c, '3', '12345');
    await setMobile(c, '4', '');
    const other = await council();
    await registerRcc(t.app, other, '1', { mobileNo: '9123456789' });

    const pv = await post(c, '/api/Sms/preview', { kind: 'gramsabha', date: tomorrowIso(), time: '11:30' });
    expect(pv.statusCode).toBe(200);
    const p = pv.json().result;
    expect(p.message).toContain('11:30');
    expect(p.message).not.toMatch(/\{date\}|\{time\}/);
    expect(p).toMatchObject({ recipients: 1, unicode: true, length: p.message.length, segments: Math.ceil(p.message.length / 67) });
    expect(p.totalSegments).toBe(p.segments);
    expect(p.skipped.map((s: { malmattaNo: string }) => s.malmattaNo).sort()).toEqual(['3', '4']);

    const res = await post(c, '/api/Sms/gramsabha', {
      createdByUserId: other.userId,
      date: tomorrowIso(),
      time: '11:30',
      password: c.password,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe('ग्रामसभा संदेश यशस्वीरीत्या पाठवला!');
    expect(res.json().result).toMatchObject({ recipients: 1 });
    await startWorker();
    const batch = await finished(c, res.json().result.batchId);
    expect(batch).toMatchObject({ status: 'done', total: 1, sent: 1, failed: 0, skippedCount: 2, provider: 'log' });
    expect(batch.messages).toEqual([expect.objectContaining({ mobile: '9876543210', status: 'sent', text: p.message })]);
    // The other council's owner got nothing.
    expect(await t.app.db.smsMessage.count({ where: { createdByUserId: other.userId } })).toBe(0);
  });
});

describe('dues notice', () => {
  it('goes to owners with an outstanding total above zero, with the property number and ₹ amount', async () => {
    const c = await council();
    await propertyWithKar(t.app, c, '10', { magilGharpatti: '123456' });
    const paidUp = await propertyWithKar(t.app, c, '11');
    await t.app.db.karDetail.update({ where: { karId: paidUp.kar.karId }, data: { total: 0 } });
    await setMobile(c, '11', '9000000011');
    const res = await post(c, '/api/Sms/dues', { password: c.password });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe('थकीत सूचना यशस्वीरीत्या पाठवली!');
    await startWorker();
    const batch = await finished(c, res.json().result.batchId);
    expect(batch.messages).toHaveLength(1);
    const kar = await t.app.db.karDetail.findFirstOrThrow({ where: { createdByUserId: c.userId, malmattaNo: '10' } });
    const amount = Number(kar.total.toFixed(2));
    expect(amount).toBeGreaterThan(123456);
    const shown = `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(amount)}`;
    expect(batch.messages[0]).toMatchObject({ status: 'sent', malmattaNo: '10' });
    expect((batch.messages[0] as unknown as { text: string }).text).toContain(`मालमत्ता क्रमांक 10 वर ${shown}`);
  });

  it('refuses a template without its DLT variables and uses a saved one', async () => {
    const c = await council();
    const bad = await injectAs(t.app, c, { method: 'PUT', url: '/api/Sms/templates', payload: { kind: 'dues', body: 'कर भरा {amount}' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/\{malmattaNo\}/);
    const good = await injectAs(t.app, c, {
      method: 'PUT',
      url: '/api/Sms/templates',
      payload: { kind: 'dues', body: 'Property {malmattaNo}: pay {amount}' },
    });
    expect(good.statusCode).toBe(200);
    expect((await injectAs(t.app, c, { method: 'GET', url: '/api/Sms/templates' })).json().result.dues).toBe(
      'Property {malmattaNo}: pay {amount}',
    );
    const other = await council();
    expect((await injectAs(t.app, other, { method: 'GET', url: '/api/Sms/templates' })).json().result.dues).toBe(DEFAULT_TEMPLATES.dues);
  });
});

describe('batches', () => {
  it('another council cannot read or retry a batch', async () => {
    const c = await council();
    await registerRcc(t.app, c, '1');
    const id = (await post(c, '/api/Sms/gramsabha', { date: tomorrowIso(), time: '10:00', password: c.password })).json().result.batchId;
    const other = await council();
    expect((await injectAs(t.app, other, { method: 'GET', url: `/api/Sms/batches/${id}` })).statusCode).toBe(404);
    expect((await injectAs(t.app, other, { method: 'POST', url: `/api/Sms/batches/${id}/retry` })).statusCode).toBe(404);
    expect((await injectAs(t.app, other, { method: 'GET', url: '/api/Sms/batches' })).json().result.items).toEqual([]);
    expect((await injectAs(t.app, c, { method: 'GET', url: '/api/Sms/batches' })).json().result.items[0]).toMatchObject({
      batchId: id,
      kind: 'gramsabha',
    });
    expect((await injectAs(t.app, undefined, { method: 'GET', url: '/api/Sms/batches' })).statusCode).toBe(401);
  });

  it("the app's worker settles every claim at start only on the embedded database, its one process", () => {
    expect(t.app.sms.worker.settleOlderThan).toBe(t.app.dbKind === 'postgresql' ? STALE_CLAIM_SECONDS : 0);
  });

  it('a worker stopped mid-batch and a new one started send every message exactly once', async () => {
    const { c, id } = await queuedNotice(12, '90000000');
    const sent: string[] = [];
    const counting = gatewayOf(async (m) => {
      sent.push(m.mobile);
      return { providerId: `p${sent.length}` };
    });
    const first = new SmsWorker(t.app.db, counting, 1000);
    first.scope = [c.userId];
    first.limit = 5;
    await first.start();
    await expect.poll(() => first.handled, { timeout: 10_000 }).toBe(5);
    await first.stop();
    expect(sent).toHaveLength(5);
    // A crash right after a claim leaves a row `sending`: the next worker queues it again.
    const [left] = await t.app.db.smsMessage.findMany({ where: { batchId: id, status: 'queued' }, take: 1 });
    await t.app.db.smsMessage.update({ where: { id: left.id }, data: { status: 'sending' } });

    await workToTheEnd(new SmsWorker(t.app.db, counting, 1000), c, id);
    expect(sent).toHaveLength(12);
    expect(new Set(sent).size).toBe(12);
  });

  it('after a crash with messages at the gateway, sends the rest once and marks those as of unknown outcome, never sending them twice by itself', async () => {
    const { c, id } = await queuedNotice(12, '91000000');
    const sent: string[] = [];
    let release = () => {};
    const hanging = new Promise<void>((resolve) => (release = resolve));
    // The third message's call never comes back: the process "dies" with its group in flight.
    const dying = gatewayOf(async (m) => {
      sent.push(m.mobile);
      if (sent.length === 3) await hanging;
      return { providerId: `p${sent.length}` };
    });
    const quiet = { error: () => {} };
    const first = new SmsWorker(t.app.db, dying, 1000, quiet);
    first.scope = [c.userId];
    await first.start();
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(8);
    // The first worker is abandoned, not stopped: as after a kill, its answers are never written.
    // All 12 were claimed; the first 8 were handed to the gateway, the other 4 never left.
    expect(await t.app.db.smsMessage.count({ where: { batchId: id, status: 'sending' } })).toBe(12);
    const inFlight = await t.app.db.smsMessage.findMany({ where: { batchId: id, status: 'sending', handedAt: { not: null } } });
    expect(inFlight).toHaveLength(8);

    const healthy = gatewayOf(async (m) => (sent.push(m.mobile), { providerId: `q${sent.length}` }));
    await workToTheEnd(new SmsWorker(t.app.db, healthy, 1000, quiet), c, id);
    expect(sent).toHaveLength(12);
    expect(new Set(sent).size).toBe(12);
    const rows = await t.app.db.smsMessage.findMany({ where: { batchId: id }, orderBy: { id: 'asc' } });
    const unknown = rows.filter((r) => r.status === 'failed');
    expect(unknown.map((r) => r.id).sort()).toEqual(inFlight.map((r) => r.id).sort());
    expect(new Set(unknown.map((r) => r.error))).toEqual(new Set([OUTCOME_UNKNOWN]));
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(4);
    const detail = (await injectAs(t.app, c, { method: 'GET', url: `/api/Sms/batches/${id}` })).json().result;
    expect(detail).toMatchObject({ status: 'done-with-failures', failed: 8, sent: 4 });
    release();
  });

  it('hands messages to the gateway no faster than the per-second limit', async () => {
    const { c, id } = await queuedNotice(10, '91000000');
    const starts: number[] = [];
    const timed = gatewayOf(async () => {
      starts.push(Date.now());
      return { providerId: 'x' };
    });
    await workToTheEnd(new SmsWorker(t.app.db, timed, 20), c, id);
    expect(starts).toHaveLength(10);
    // 20 a second: one start every 50 ms, so ten span at least 450 ms (timers may fire a millisecond early).
    expect(starts[9] - starts[0]).toBeGreaterThanOrEqual(440);
  });

  it('retry puts failed messages back in the queue', async () => {
    const { c, id } = await queuedNotice(1);
    await t.app.db.smsMessage.updateMany({ where: { batchId: id }, data: { status: 'failed', error: 'Fast2SMS: Invalid Authentication' } });
    const detail = (await injectAs(t.app, c, { method: 'GET', url: `/api/Sms/batches/${id}` })).json().result;
    expect(detail).toMatchObject({ status: 'done-with-failures', failed: 1 });
    expect(detail.messages[0].error).toMatch(/Invalid Authentication/);
    const res = await injectAs(t.app, c, { method: 'POST', url: `/api/Sms/batches/${id}/retry` });
    expect(res.json().result).toEqual({ requeued: 1 });
    await startWorker();
    expect((await finished(c, id)).messages[0].status).toBe('sent');
  });

  it('balance of the log provider', async () => {
    const c = await council();
    const res = await injectAs(t.app, c, { method: 'GET', url: '/api/Sms/balance' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ provider: 'log' });
  });
});
