// The tax demand, payments and receipts, the tax list, the yearly rollover and the depreciation
// update, on the spec's paths (spec 7). Every staff route is scoped to the council of the token; a
// council id in the path or query that is not the token's answers 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { TAX_MESSAGES } from '../../../common/property/tax.ts';
import { ok } from '../../lib/schema.ts';
import { trimBody } from '../../lib/trim.ts';
import { actorOf, councilOf, ownCouncil } from '../../plugins/auth.ts';
import { attachment } from '../../lib/download.ts';
import { certificatePath } from '../../lib/signed-links.ts';
import { isoDay } from '../../../common/dates.ts';
import { fromPaise } from '../../../common/money.ts';
import { taxYearLabel, taxYearOf } from '../../../common/property/tax.ts';
import { XLSX } from '../../lib/schema.ts';
import { officeOf } from '../site/service.ts';
import { renderInWorker } from '../../pdf-jobs.ts';
import { signatureFor } from '../signing/request.ts';
import { writeTaxList } from './excel.ts';
import { upiBillOf } from './bills.ts';
import {
  addKarSchema,
  adjustmentSchema,
  applyPaymentSchema,
  collectionSchema,
  dcbSchema,
  decreaseAllSchema,
  decreaseOneSchema,
  detailsByOwnerSchema,
  dueSchema,
  excelSchema,
  ghasaraStatusSchema,
  historySchema,
  ledgerSchema,
  listSchemas,
  maganiPdfSchema,
  namuna9ExcelSchema,
  namuna9PdfSchema,
  namuna9Schema,
  publicReceiptSchema,
  receiptPdfSchema,
  recalcSchema,
  reverseSchema,
} from './schema.ts';
import { depreciateAll, depreciateOne, dueProperties, ghasaraStatus, rollover, rolloverMessage } from './yearly.ts';
import { addKarDetails, karByOwner } from './kar.ts';
import { applyPayment, heldOfReceipt, paymentById, paymentHistory, publicReceipt, reversePayment } from './payments.ts';
import { adjust } from './adjustments.ts';
import { billOf, dcb, ledgerOf, namuna9, namuna9Document } from './registers.ts';
import { collectionSummary, listKar, listOrder } from './list.ts';
import { writeNamuna9 } from './excel.ts';

const taxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/KarImport/details-by-owner', { schema: detailsByOwnerSchema, preHandler: app.requireStaff }, async (request) => {
    const rows = await karByOwner(app.db, councilOf(request).userId, request.query.ownerId);
    return ok(rows, rows.length ? 'Success' : TAX_MESSAGES.noKar);
  });

  app.post(
    '/api/KarImport/kar-details/add',
    { schema: addKarSchema, preValidation: trimBody, preHandler: app.requireStaff },
    async (request, reply) => {
      const kar = await addKarDetails(app.db, councilOf(request).userId, request.body, actorOf(request), app.today());
      reply.code(201);
      return ok(kar, 'कर तपशील नोंदवला / Kar details saved');
    },
  );

  app.post(
    '/api/KarImport/apply-payment-simple',
    { schema: applyPaymentSchema, preValidation: trimBody, preHandler: app.requireStaff },
    async (request, reply) => {
      const outcome = await applyPayment(
        app.db,
        councilOf(request).userId,
        request.body,
        actorOf(request),
        request.headers['idempotency-key'],
        app.today(),
      );
      reply.code(outcome.repeated ? 200 : 201);
      return ok(outcome, TAX_MESSAGES.paid);
    },
  );

  app.get('/api/KarImport/collection-summary', { schema: collectionSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await collectionSummary(app.db, councilOf(request).userId, app.today())),
  );

  app.get('/api/KarImport/payment-history', { schema: historySchema, preHandler: app.requireStaff }, async (request) =>
    ok(await paymentHistory(app.db, councilOf(request).userId, request.query.ownerId)),
  );

  app.get('/api/KarImport/receipt-pdf/:paymentId', { schema: receiptPdfSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const council = councilOf(request).userId;
    const payment = await paymentById(app.db, council, request.params.paymentId);
    const office = await officeOf(app.db, council);
    const signature = await signatureFor(app.db, app.config, council, office, {
      kind: 'receipt',
      id: String(payment.paymentId),
      registrationNumber: `${payment.financialYear}/${payment.receiptNo}`,
      data: payment,
    });
    const pdf = await renderInWorker('receipt', payment, office, `${app.config.publicBaseUrl}/receiptqr/${payment.receiptId}`, {
      held: await heldOfReceipt(app.db, payment),
      signature,
    });
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', attachment(`Receipt_${payment.financialYear}_${payment.receiptNo}`))
      .send(pdf);
  });

  app.get('/api/KarImport/magani-pdf', { schema: maganiPdfSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const council = ownCouncil(request, request.query.createdByUserId);
    const bill = await billOf(app.db, council, request.query.ownerId);
    const kar = bill.kar;
    const qrUrl = app.config.publicBaseUrl + certificatePath(app.config.jwtSecret, council, kar.malmattaNo);
    // The bill's number and UPI QR (issue 30): only with a UPI id on the site profile and something due.
    const upi = await upiBillOf(app.db, council, kar.karId, app.today());
    const pdf = await renderInWorker(
      'demandBill',
      {
        malmattaNo: kar.malmattaNo,
        ownerName: kar.malkacheNav,
        taxYear: bill.taxYear,
        heads: bill.heads.map((h) => ({
          key: h.key,
          arrears: fromPaise(h.arrears),
          demand: fromPaise(h.demand),
          collected: fromPaise(h.collected),
          remitted: fromPaise(h.remitted),
          balance: fromPaise(h.balance),
        })),
        advance: fromPaise(bill.advance),
        corrections: bill.corrections.map((c) => ({ ...c, amount: fromPaise(c.amount) })),
        payments: bill.payments,
        upi,
      },
      await officeOf(app.db, council),
      qrUrl,
      app.today(),
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
      ok(await listKar(app.db, ownCouncil(request, request.query.userId), request.query, app.today())),
    );

  app.get('/api/OwnerProperty/KarDetails/excel', { schema: excelSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const council = ownCouncil(request, request.query.userId);
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
      .header('content-disposition', attachment(`kar-details-${isoDay(app.today())}`, 'xlsx'))
      .send(out);
  });

  app.post('/api/KarImport/recalc-by-user/:userId', { schema: recalcSchema, preHandler: app.requireStaff }, async (request) => {
    const council = ownCouncil(request, request.params.userId);
    const result = await rollover(app.db, council, { dryRun: request.query.dryRun, actor: actorOf(request) }, app.today());
    if (!result.dryRun) app.refreshStatistics(['KarDetail', 'TaxEntry'], result.updated * 4 * result.years.length);
    return ok(result, rolloverMessage(result));
  });

  // The earlier client may post no body at all: that (and only that, not a body of another kind) is read as {}.
  const noBodyIsEmpty = async (request: FastifyRequest) => {
    if (request.body === undefined && !request.headers['content-type']) request.body = {};
  };
  app.post('/api/Properties/due', { schema: dueSchema, preValidation: noBodyIsEmpty, preHandler: app.requireStaff }, async (request) => {
    const sent = Number(request.body.createdByUserId) || undefined;
    const rows = await dueProperties(app.db, ownCouncil(request, sent), app.today().getUTCFullYear());
    return ok(rows, rows.length ? 'Success' : TAX_MESSAGES.noneDue);
  });

  app.get('/api/Properties/ghasara-status', { schema: ghasaraStatusSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await ghasaraStatus(app.db, councilOf(request).userId, app.today().getUTCFullYear())),
  );

  app.post('/api/Properties/decrease-ghasara', { schema: decreaseAllSchema, preHandler: app.requireStaff }, async (request) => {
    const result = await depreciateAll(app.db, councilOf(request).userId, actorOf(request), app.today());
    app.refreshStatistics(['Property', 'PropertyAssessment'], result.updated);
    return ok(
      result,
      result.updated
        ? `${result.updated} मालमत्तांचा घसारा दर अद्ययावत केला, ${result.financialYear} पासून लागू. / ${result.updated} properties updated, in force from ${result.financialYear}.`
        : TAX_MESSAGES.noneDue,
    );
  });

  app.post('/api/Properties/:id/decrease-ghasara', { schema: decreaseOneSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await depreciateOne(app.db, councilOf(request).userId, request.params.id, actorOf(request), app.today())),
  );

  app.get('/api/public/receipt/:receiptId', { schema: publicReceiptSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await app.publicRead((db) => publicReceipt(db, request.params.receiptId)));
  });

  // ---------------------------------------------------------------- the books (issue 26)

  app.post(
    '/api/KarImport/adjustment',
    { schema: adjustmentSchema, preValidation: trimBody, preHandler: app.requireStaff },
    async (request) => {
      const kar = await adjust(app.db, councilOf(request).userId, request.body, actorOf(request), app.today());
      const kind = request.body.kind === 'remission' ? 'माफी नोंदवली / Remission recorded' : 'दुरुस्ती नोंदवली / Correction recorded';
      return ok(kar, kind);
    },
  );

  app.post(
    '/api/KarImport/payment/:paymentId/reverse',
    { schema: reverseSchema, preValidation: trimBody, preHandler: app.requireStaff },
    async (request) => {
      const outcome = await reversePayment(
        app.db,
        councilOf(request).userId,
        request.params.paymentId,
        request.body.reason,
        actorOf(request),
        app.today(),
      );
      const p = outcome.payment;
      return ok(
        outcome,
        `पावती ${p.financialYear}/${p.receiptNo} रद्द केली; रक्कम पुन्हा थकबाकीत. / Receipt ${p.financialYear}/${p.receiptNo} cancelled; its amount is owed again.`,
      );
    },
  );

  app.get('/api/KarImport/ledger', { schema: ledgerSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await ledgerOf(app.db, councilOf(request).userId, request.query.ownerId)),
  );

  const yearOf = (taxYear: number | undefined) => taxYear ?? taxYearOf(app.today());

  app.get('/api/KarImport/namuna9', { schema: namuna9Schema, preHandler: app.requireStaff }, async (request) => {
    const { pageNumber, pageSize } = request.query;
    return ok(await namuna9(app.db, councilOf(request).userId, yearOf(request.query.taxYear), pageNumber, pageSize));
  });

  app.get('/api/KarImport/namuna9-pdf', { schema: namuna9PdfSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const council = councilOf(request).userId;
    const year = yearOf(request.query.taxYear);
    const pdf = await renderInWorker('namuna9', await namuna9Document(app.db, council, year), await officeOf(app.db, council), app.today());
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', attachment(`Namuna9_${taxYearLabel(year)}`))
      .send(pdf);
  });

  app.get('/api/KarImport/namuna9/excel', { schema: namuna9ExcelSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const council = councilOf(request).userId;
    const year = yearOf(request.query.taxYear);
    const out = new PassThrough();
    writeNamuna9(app.db, council, year, out).catch((err: Error) => {
      if (out.destroyed) request.log.info('Namuna 9 Excel: the download was closed before its end');
      else request.log.error({ err }, 'Namuna 9 Excel failed while streaming');
      out.destroy(err);
    });
    return reply
      .type(XLSX)
      .header('cache-control', 'no-store')
      .header('content-disposition', attachment(`namuna9-${taxYearLabel(year)}`, 'xlsx'))
      .send(out);
  });

  app.get('/api/KarImport/dcb', { schema: dcbSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await dcb(app.db, councilOf(request).userId, yearOf(request.query.taxYear))),
  );
};
export default taxRoutes;
