// /api/Sms: the gateway's balance, the notice templates and preview, sending through the outbox
// (gram sabha, dues) and the batches with each message's status. All scoped to the token's council;
// sending needs the staff member's own password again.
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import crypto from 'node:crypto';
import { SMS_VARIABLES, normaliseMobile } from '../../../common/sms.ts';
import { AppError, Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import { ok } from '../../lib/schema.ts';
import { etagOf, ifMatchVersion } from '../../lib/versions.ts';
import { councilOf, ownCouncil } from '../../plugins/auth.ts';
import { confirmPassword } from '../users/service.ts';
import { GatewayError, gatewayFor, type SmsGateway } from './gateways.ts';
import {
  balanceSchema,
  batchSchema,
  msg91DeliverySchema,
  batchesSchema,
  duesSchema,
  gramsabhaSchema,
  previewSchema,
  retrySchema,
  saveTemplateSchema,
  templatesSchema,
} from './schema.ts';
import {
  SMS_MESSAGES,
  batchDetail,
  recordDelivery,
  gramsabhaValues,
  listBatches,
  preview,
  queueBatch,
  retryBatch,
  saveTemplate,
  templatesWithVersions,
} from './service.ts';
import { SmsWorker } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sms: { gateway: SmsGateway; worker: SmsWorker };
  }
}

const BALANCE_CACHE_MS = 60_000;

const smsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const gateway = gatewayFor(app.config.sms);
  const worker = new SmsWorker(app.db, gateway, app.config.sms.perSecond, app.log);
  // The embedded database has one process: every claim found at start is this process's own, left
  // by a crash. (On PostgreSQL other portals work the outbox too: the worker's default.)
  if (app.dbKind !== 'postgresql') worker.settleOlderThan = 0;
  app.decorate('sms', { gateway, worker });
  app.addHook('onReady', async () => {
    if (app.config.sms.worker) await worker.start();
  });
  app.addHook('onClose', async () => {
    await worker.stop();
  });

  let cached: { at: number; value: { provider: string; balance: string; checkedAt: string } } | null = null;
  app.get('/api/Sms/balance', { schema: balanceSchema, preHandler: app.requireStaff }, async () => {
    if (!cached || Date.now() - cached.at > BALANCE_CACHE_MS) {
      try {
        const balance = await gateway.balance();
        cached = { at: Date.now(), value: { provider: gateway.name, balance, checkedAt: new Date().toISOString() } };
      } catch (err) {
        if (err instanceof GatewayError) throw new AppError(502, `SMS शिल्लक मिळाली नाही / Could not read the SMS balance: ${err.message}`);
        throw err;
      }
    }
    return ok(cached.value);
  });

  const templatesView = async (councilId: number) => {
    const { texts, versions } = await templatesWithVersions(app.db, councilId);
    return { ...texts, variables: SMS_VARIABLES, versions };
  };
  // Two records in one answer: each one's version is in the body (versions), not an ETag.
  app.get('/api/Sms/templates', { schema: templatesSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await templatesView(councilOf(request).userId)),
  );
  app.put('/api/Sms/templates', { schema: saveTemplateSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const councilId = councilOf(request).userId;
    const ifMatch = ifMatchVersion(request.headers['if-match']);
    const version = await saveTemplate(app.db, councilId, request.body.kind, request.body.body, ifMatch);
    reply.header('etag', etagOf(version));
    return ok(await templatesView(councilId), 'साचा जतन केला / Template saved');
  });

  app.post('/api/Sms/preview', { schema: previewSchema, preHandler: app.requireStaff }, async (request) => {
    const { kind, date, time, body } = request.body;
    const values = kind === 'gramsabha' ? gramsabhaValues(date, time) : {};
    return ok(await preview(app.db, councilOf(request).userId, kind, values, body));
  });

  const authorise = async (request: FastifyRequest, councilId: number, password: string | undefined) => {
    // A machine has no password to re-enter: the council granted its token the sms:send scope,
    // which the auth plugin has checked already.
    if (request.council?.apiTokenId) return;
    if (!password) throw new Invalid('password', 'कृपया आपला पासवर्ड टाका. / Please enter your password.');
    await confirmPassword(app.db, app.loginLimiter, request.ip, councilId, password, SMS_MESSAGES.wrongPassword);
  };

  app.post('/api/Sms/gramsabha', { schema: gramsabhaSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const councilId = councilOf(request).userId;
    const values = gramsabhaValues(request.body.date, request.body.time);
    await authorise(request, councilId, request.body.password);
    const queued = await queueBatch(app.db, councilId, 'gramsabha', gateway.name, values);
    app.refreshStatistics(['SmsMessage'], queued.recipients);
    worker.wake();
    cached = null; // the screen reads the balance again after sending
    reply.code(202);
    return ok(queued, SMS_MESSAGES.gramsabhaSent);
  });

  app.post('/api/Sms/dues', { schema: duesSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const councilId = councilOf(request).userId;
    await authorise(request, councilId, request.body.password);
    const queued = await queueBatch(app.db, councilId, 'dues', gateway.name, {});
    app.refreshStatistics(['SmsMessage'], queued.recipients);
    worker.wake();
    cached = null;
    reply.code(202);
    return ok(queued, SMS_MESSAGES.duesSent);
  });

  app.get('/api/Sms/batches', { schema: batchesSchema, preHandler: app.requireStaff }, async (request) =>
    ok(
      await listBatches(
        app.db,
        ownCouncil(request, Number(request.query.createdByUserId) || undefined),
        request.query.pageNumber,
        request.query.pageSize,
      ),
    ),
  );

  app.get('/api/Sms/batches/:id', { schema: batchSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await batchDetail(app.db, councilOf(request).userId, request.params.id)),
  );

  app.post('/api/Sms/batches/:id/retry', { schema: retrySchema, preHandler: app.requireStaff }, async (request) => {
    const requeued = await retryBatch(app.db, councilOf(request).userId, request.params.id);
    worker.wake();
    return ok({ requeued }, `${requeued} संदेश पुन्हा रांगेत / ${requeued} messages queued again`);
  });

  // MSG91 pushes delivery reports here (status 1 delivered; 2, 16, 17, 25 failed). Public, so it
  // must carry SMS_WEBHOOK_TOKEN; without one configured there are no delivery reports.
  app.post('/api/Sms/delivery/msg91', { schema: msg91DeliverySchema }, async (request) => {
    const expected = app.config.sms.webhookToken;
    if (!expected) throw new NotFound('Delivery reports are not configured (SMS_WEBHOOK_TOKEN).');
    const given = Buffer.from(request.query.token);
    if (given.length !== Buffer.byteLength(expected) || !crypto.timingSafeEqual(given, Buffer.from(expected)))
      throw new Forbidden('Wrong webhook token.');
    const { requestId, number, telNum, status, desc, failureReason } = request.body;
    const mobile = normaliseMobile(number ?? telNum ?? '');
    if (!requestId || !mobile) throw new Invalid('requestId', 'requestId and number are required');
    const code = String(status ?? '').toLowerCase();
    const delivered = code === '1' || code === 'delivered';
    const updated = await recordDelivery(
      app.db,
      requestId,
      mobile,
      delivered,
      `MSG91: ${desc || failureReason || `status ${code}`}`,
      'MSG91',
    );
    return ok({ updated });
  });
};

// Not encapsulated: app.sms (the gateway and the worker) is read by tests and by the shutdown.
export default fp(smsRoutes, { name: 'sms' });
