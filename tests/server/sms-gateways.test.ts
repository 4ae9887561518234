// Each HTTP gateway adapter against a fake gateway over real HTTP: the request it makes (keys,
// DLT ids, variables, numbers), its balance, and its error answers in words (bad key, no balance,
// DLT template mismatch, timeout). Then the whole path through the app: balance cached a minute,
// a batch sent through Fast2SMS with a failure kept with the gateway's reason, transient errors retried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSmsConfig, type SmsConfig, type SmsProvider } from '../../server/config.ts';
import { GatewayError, gatewayFor } from '../../server/modules/sms/gateways.ts';
import { buildTestApp, createCouncil, injectAs, type TestApp, type TestCouncil } from '../helpers/app.ts';
import { startFakeGateway, type FakeGateway } from '../helpers/fake-sms-gateway.ts';
import { registerRcc, tomorrowIso } from '../helpers/tax.ts';

let fake: FakeGateway;
beforeAll(async () => {
  fake = await startFakeGateway();
});
afterAll(async () => {
  await fake?.close();
});

const configFor = (provider: SmsProvider, apiKey: string, template = 'T-DUES'): SmsConfig => ({
  ...loadSmsConfig({}),
  provider,
  apiKey,
  senderId: 'GRMPNC',
  entityId: '1201160000000000001',
  templateIds: { gramsabha: 'T-GS', dues: template },
  gatewayUrl: fake.url,
  // Generous: a busy CI machine can take longer than a fraction of a second to answer locally. The
  // timeout case sets its own short one (the fake gateway never answers it).
  timeoutMs: 10_000,
  worker: false,
});
const sms = { mobile: '9876543210', kind: 'dues' as const, text: 'मालमत्ता 12 वर ₹1,276.00 थकीत', variables: ['12', '₹1,276.00'] };

async function failure(p: Promise<unknown>): Promise<GatewayError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}

describe.each(['msg91', 'fast2sms', 'textlocal'] as const)('%s adapter', (provider) => {
  it('sends with the key, the DLT ids, the variables and the number, and reads the balance', async () => {
    const g = gatewayFor(configFor(provider, 'good'));
    const before = fake.sends().length;
    const { providerId } = await g.send(sms);
    expect(providerId).not.toBe('');
    const req = fake.sends()[before];
    if (provider === 'msg91') {
      expect(req.headers.authkey).toBe('good');
      expect(JSON.parse(req.body)).toMatchObject({
        template_id: 'T-DUES',
        DLT_TE_ID: '1201160000000000001',
        recipients: [{ mobiles: '919876543210', var1: '12', var2: '₹1,276.00' }],
      });
    } else if (provider === 'fast2sms') {
      expect(req.headers.authorization).toBe('good');
      expect(JSON.parse(req.body)).toMatchObject({
        route: 'dlt',
        sender_id: 'GRMPNC',
        message: 'T-DUES',
        entity_id: '1201160000000000001',
        variables_values: '12|₹1,276.00',
        numbers: '9876543210',
      });
    } else {
      const form = new URLSearchParams(req.body);
      expect(Object.fromEntries(form)).toMatchObject({ apikey: 'good', sender: 'GRMPNC', numbers: '919876543210', message: sms.text });
    }
    expect(await g.balance()).toBe({ msg91: '1500', fast2sms: '812.50', textlocal: '977' }[provider]);
  });

  it('a wrong key fails for good with the gateway’s words', async () => {
    const g = gatewayFor(configFor(provider, 'bad'));
    const err = await failure(g.send(sms));
    expect(err.transient).toBe(false);
    expect(err.message).toMatch(/Authentication|Invalid login/);
    expect((await failure(g.balance())).message).toMatch(/Authentication|Invalid login/);
  });

  it('no balance fails for good', async () => {
    const err = await failure(gatewayFor(configFor(provider, 'poor')).send(sms));
    expect(err.transient).toBe(false);
    expect(err.message).toMatch(/balance|credits/i);
  });

  it('a DLT template mismatch fails for good', async () => {
    const g = gatewayFor(configFor(provider, 'good', 'wrong'));
    const err = await failure(g.send(provider === 'textlocal' ? { ...sms, text: 'WRONG text' } : sms));
    expect(err.transient).toBe(false);
    expect(err.message).toMatch(/template/i);
  });

  it('a gateway that does not answer is a timeout, retried later', async () => {
    const g = gatewayFor({ ...configFor(provider, 'slow'), timeoutMs: 300 });
    const started = Date.now();
    const err = await failure(g.send(sms));
    expect(err.transient).toBe(true);
    expect(err.message).toMatch(/timeout/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('through the app (Fast2SMS)', () => {
  let t: TestApp;
  let c: TestCouncil;
  afterAll(async () => {
    await t?.close();
  });

  it('reads the balance once a minute and answers a gateway error in words', async () => {
    t = await buildTestApp({ sms: { ...configFor('fast2sms', 'flaky'), perSecond: 1000 } });
    c = await createCouncil(t.app, { prefix: 'smsgw' });
    const walletCalls = () => fake.requests.filter((r) => r.path === '/dev/wallet').length;
    const before = walletCalls();
    const first = await injectAs(t.app, c, { method: 'GET', url: '/api/Sms/balance' });
    expect(first.json().result).toMatchObject({ provider: 'fast2sms', balance: '812.50' });
    await injectAs(t.app, c, { method: 'GET', url: '/api/Sms/balance' });
    expect(walletCalls()).toBe(before + 1);

    const broken = await buildTestApp({ sms: configFor('fast2sms', 'bad') });
    try {
      const res = await injectAs(broken.app, await createCouncil(broken.app, { prefix: 'smsgw' }), {
        method: 'GET',
        url: '/api/Sms/balance',
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ isSuccess: false, message: expect.stringContaining('Invalid Authentication') });
    } finally {
      await broken.close();
    }
  });

  it('sends a batch: a 5xx is retried with backoff, each number reaches the gateway once it succeeds', async () => {
    await registerRcc(t.app, c, '1', { mobileNo: '9811111111' });
    await registerRcc(t.app, c, '2', { mobileNo: '9822222222' });
    const res = await injectAs(t.app, c, {
      method: 'POST',
      url: '/api/Sms/gramsabha',
      payload: { date: tomorrowIso(), time: '10:00', password: c.password },
    });
    expect(res.statusCode).toBe(202);
    const id = res.json().result.batchId;
    // The first try of each number got a 503: queued again with a backoff of 2 s.
    await t.app.db.smsMessage.updateMany({ where: { batchId: id }, data: { nextAttemptAt: new Date() } });
    t.app.sms.worker.scope = [c.userId];
    await t.app.sms.worker.start();
    let detail: { status: string; sent: number; messages: { attempts: number; status: string; providerId: string }[] } = {
      status: '',
      sent: 0,
      messages: [],
    };
    await expect
      .poll(
        async () => {
          // Skip the backoff wait: the test is about the outcome, not the clock.
          await t.app.db.smsMessage.updateMany({ where: { batchId: id, status: 'queued' }, data: { nextAttemptAt: new Date(0) } });
          t.app.sms.worker.wake();
          detail = (await injectAs(t.app, c, { method: 'GET', url: `/api/Sms/batches/${id}` })).json().result;
          return detail.status;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe('done');
    expect(detail.sent).toBe(2);
    for (const m of detail.messages) {
      expect(m.attempts).toBe(2);
      expect(m.providerId).toMatch(/^f2s-/);
    }
  });
});

describe('MSG91 delivery reports', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('marks a sent message delivered or failed from the webhook, which needs its token', async () => {
    t = await buildTestApp({ sms: { ...configFor('msg91', 'good'), perSecond: 1000, webhookToken: 'hook-secret-1' } });
    const c = await createCouncil(t.app, { prefix: 'smsdlr' });
    await registerRcc(t.app, c, '1', { mobileNo: '9833333333' });
    await registerRcc(t.app, c, '2', { mobileNo: '9844444444' });
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    const id = (
      await injectAs(t.app, c, {
        method: 'POST',
        url: '/api/Sms/gramsabha',
        payload: { date: tomorrow, time: '10:00', password: c.password },
      })
    ).json().result.batchId;
    t.app.sms.worker.scope = [c.userId];
    await t.app.sms.worker.start();
    type Msg = { mobile: string; status: string; providerId: string; error: string };
    const messages = async (): Promise<Msg[]> =>
      (await injectAs(t.app, c, { method: 'GET', url: `/api/Sms/batches/${id}` })).json().result.messages;
    await expect.poll(async () => (await messages()).map((m) => m.status), { timeout: 15_000 }).toEqual(['sent', 'sent']);
    const [a, b] = await messages();

    const hook = (token: string, body: object) =>
      t.app.inject({ method: 'POST', url: `/api/Sms/delivery/msg91?token=${token}`, payload: body });
    expect((await hook('wrong', { requestId: a.providerId, number: `91${a.mobile}`, status: '1' })).statusCode).toBe(403);
    expect(
      (await hook('hook-secret-1', { requestId: a.providerId, number: `91${a.mobile}`, status: '1', desc: 'DELIVERED' })).json().result,
    ).toEqual({ updated: 1 });
    expect(
      (await hook('hook-secret-1', { requestId: b.providerId, telNum: `91${b.mobile}`, status: '17', desc: 'Blocked number' })).json()
        .result,
    ).toEqual({ updated: 1 });
    // Another message's request id with this number changes nothing.
    expect((await hook('hook-secret-1', { requestId: a.providerId, number: `91${b.mobile}`, status: '1' })).json().result).toEqual({
      updated: 0,
    });
    const after = await messages();
    expect(after.map((m) => m.status)).toEqual(['delivered', 'failed']);
    expect(after[1].error).toBe('MSG91: Blocked number');
  });
});
