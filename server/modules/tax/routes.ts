// The tax demand, payments and receipts, the tax list, the yearly rollover and the depreciation
// update, on the spec's paths (spec 7). Every staff route is scoped to the council of the token; a
// council id in the path or query that is not the token's answers 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { TAX_MESSAGES } from '../../../common/property/tax.ts';
import { NotFound } from '../../lib/errors.ts';
import { ok } from '../../lib/schema.ts';
import { trimBody } from '../../lib/trim.ts';
import { councilOf } from '../../plugins/auth.ts';
import { attachment } from '../../lib/download.ts';
import { isoDay, todayInIndia } from '../../../common/dates.ts';
import { taxYearOf } from '../../../common/property/tax.ts';
import { officeOf } from '../site/service.ts';
import { renderInWorker } from '../../pdf-jobs.ts';
import { writeTaxList } from './excel.ts';
import {
  addKarSchema,
  applyPaymentSchema,
  collectionSchema,
  decreaseAllSchema,
  decreaseOneSchema,
  detailsByOwnerSchema,
  dueSchema,
  excelSchema,
  ghasaraStatusSchema,
  historySchema,
  listSchemas,
  maganiPdfSchema,
  publicReceiptSchema,
  receiptPdfSchema,
  recalcSchema,
} from './schema.ts';
import { depreciateAll, depreciateOne, dueProperties, ghasaraStatus, rollover } from './yearly.ts';
import {
  addKarDetails,
  applyPayment,
  collectionSummary,
  demandOf,
  karByOwner,
  listKar,
  listOrder,
  paymentById,
  paymentHistory,
  publicReceipt,
} from './service.ts';

/** The council of the token; an id the earlier client sends must be the same council. */
export function scopedCouncil(request: FastifyRequest, sent?: number | null): number {
  const council = councilOf(request).userId;
  if (sent && sent !== council) throw new NotFound('No such council account for this login.');
  return council;
}

const taxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/KarImport/details-by-owner', { schema: detailsByOwnerSchema, preHandler: app.requireStaff }, async (request) => {
    const rows = await karByOwner(app.db, councilOf(request).userId, request.query.ownerId);
    return ok(rows, rows.length ? 'Success' : TAX_MESSAGES.noKar);
  });

  app.post(
    '/api/KarImport/kar-details/add',
    { schema: addKarSchema, preValidation: trimBody, preHandler: app.requireStaff },
    async (request, reply) => {
      const kar = await addKarDetails(app.db, councilOf(request).userId, request.body);
      reply.code(201);
      return ok(kar, 'कर तपशील नोंदवला / Kar details saved');
    },
  );

  app.post(
    '/api/KarImport/apply-payment-simple',
    { schema: applyPaymentSchema, preValidation: trimBody, preHandler: app.requireStaff },
    async (request, reply) => {
      const outcome = await applyPayment(app.db, councilOf(request).userId, request.body, request.headers['idempotency-key']);
      reply.code(outcome.repeated ? 200 : 201);
      return ok(outcome, TAX_MESSAGES.paid);
    },
  );

  app.get('/api/KarImport/collection-summary', { schema: collectionSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await collectionSummary(app.db, councilOf(request).userId)),
  );

  app.get('/api/KarImport/payment-history', { schema: historySchema, preHandler: app.requireStaff }, async (request) =>
    ok(await paymentHistory(app.db, councilOf(request).userId, request.query.ownerId)),
  );

  app.get('/api/KarImport/receipt-pdf/:paymentId', { schema: receiptPdfSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const council = councilOf(request).userId;
    const payment = await paymentById(app.db, council, request.params.paymentId);
    const pdf = await renderInWorker(
      'receipt',
      payment,
      await officeOf(app.db, council),
      `${app.config.publicBaseUrl}/receiptqr/${payment.receiptId}`,
    );
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', attachment(`Receipt_${payment.financialYear}_${payment.receiptNo}`))
      .send(pdf);
  });

  app.get('/api/KarImport/magani-pdf', { schema: maganiPdfSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const council = scopedCouncil(request, request.query.createdByUserId);
    const { kar, payments } = await demandOf(app.db, council, request.query.ownerId);
    const qrUrl = `${app.config.publicBaseUrl}/propertyqr/${encodeURIComponent(kar.malmattaNo)}/${council}`;
    const pdf = await renderInWorker(
      'demandBill',
      { kar, payments, taxYear: kar.karupdatedYear || taxYearOf(todayInIndia()) },
      await officeOf(app.db, council),
      qrUrl,
    );
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', attachment(`Kar_Magani_${kar.malmattaNo}`))
      .send(pdf);
  });

  // The spec's client tries the sorted path, then the plain one: both answer alike.
  for (const [url, schema] of [
    ['/api/OwnerProperty/KarDetails/Sorted', listSchemas.sorted],
    ['/api/OwnerProperty/KarDetails', listSchemas.plain],
  ] as const)
    app.get(url, { schema, preHandler: app.requireStaff }, async (request) =>
      ok(await listKar(app.db, scopedCouncil(request, request.query.userId), request.query)),
    );

  app.get('/api/OwnerProperty/KarDetails/excel', { schema: excelSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const council = scopedCouncil(request, request.query.userId);
    const out = new PassThrough();
    writeTaxList(app.db, council, listOrder(request.query.sortField, request.query.sortOrder), out).catch((err: Error) => {
      // A download closed half way (the clerk cancelled, the line dropped) stops the export: not a fault.
      if (out.destroyed) request.log.info('tax list Excel: the download was closed before its end');
      else request.log.error({ err }, 'tax list Excel failed while streaming');
      out.destroy(err);
    });
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('cache-control', 'no-store')
      .header('content-disposition', attachment(`kar-details-${isoDay(todayInIndia())}`, 'xlsx'))
      .send(out);
  });

  app.post('/api/KarImport/recalc-by-user/:userId', { schema: recalcSchema, preHandler: app.requireStaff }, async (request) => {
    const council = councilOf(request).userId;
    if (request.params.userId !== council) throw new NotFound('No such council account for this login.');
    const result = await rollover(app.db, council);
    app.refreshStatistics(['KarDetail'], result.updated);
    return ok(
      result,
      `कर वर्ष ${result.financialYear}: ${result.updated} मालमत्तांचा मागील व चालू कर अद्ययावत केला. / Tax year ${result.financialYear}: ${result.updated} records rolled over.`,
    );
  });

  // The earlier client may post no body at all: that (and only that, not a body of another kind) is read as {}.
  const noBodyIsEmpty = async (request: FastifyRequest) => {
    if (request.body === undefined && !request.headers['content-type']) request.body = {};
  };
  app.post('/api/Properties/due', { schema: dueSchema, preValidation: noBodyIsEmpty, preHandler: app.requireStaff }, async (request) => {
    const sent = Number(request.body.createdByUserId) || undefined;
    const rows = await dueProperties(app.db, scopedCouncil(request, sent));
    return ok(rows, rows.length ? 'Success' : TAX_MESSAGES.noneDue);
  });

  app.get('/api/Properties/ghasara-status', { schema: ghasaraStatusSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await ghasaraStatus(app.db, councilOf(request).userId)),
  );

  app.post('/api/Properties/decrease-ghasara', { schema: decreaseAllSchema, preHandler: app.requireStaff }, async (request) => {
    const result = await depreciateAll(app.db, councilOf(request).userId);
    app.refreshStatistics(['Property', 'KarDetail'], result.updated);
    return ok(
      result,
      result.updated ? `${result.updated} मालमत्तांचा घसारा दर अद्ययावत केला. / ${result.updated} properties updated.` : TAX_MESSAGES.noneDue,
    );
  });

  app.post('/api/Properties/:id/decrease-ghasara', { schema: decreaseOneSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await depreciateOne(app.db, councilOf(request).userId, request.params.id)),
  );

  app.get('/api/public/receipt/:receiptId', { schema: publicReceiptSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await publicReceipt(app.db, request.params.receiptId));
  });
};
export default taxRoutes;
