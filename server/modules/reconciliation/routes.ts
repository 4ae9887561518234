// /api/Reconciliation (issue 30): staff routes of the token's council.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/schema.ts';
import { Invalid } from '../../lib/errors.ts';
import { actorOf, councilOf } from '../../plugins/auth.ts';
import type { Payment } from '../tax/schema.ts';
import { queueReceipts } from '../sms/service.ts';
import { importStatement, matchCredit, unmatchedCredits } from './service.ts';
import { matchSchema, statementSchema, unmatchedSchema } from './schema.ts';
import { readStatement, type ColumnChoice } from './statement.ts';

/** The `columns` query: a JSON object of header names or column numbers. */
function columnsOf(raw: string | undefined): ColumnChoice | undefined {
  if (!raw?.trim()) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new Invalid(
      'columns',
      'columns हे JSON असावे / columns must be JSON: {"date":"Txn Date","narration":"Description","credit":"Credit"}',
    );
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Invalid('columns', 'columns must be a JSON object');
  const out: ColumnChoice = {};
  for (const [k, c] of Object.entries(v)) {
    if (!['date', 'narration', 'reference', 'credit'].includes(k))
      throw new Invalid('columns', `unknown column role "${k}": date, narration, reference or credit`);
    if (typeof c !== 'string' && !(typeof c === 'number' && Number.isInteger(c) && c > 0))
      throw new Invalid('columns', `${k}: a header name or a column number`);
    out[k as keyof ColumnChoice] = c;
  }
  return out;
}

const reconciliationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The payer's receipt SMS (issue 30) through the SMS outbox: the log provider always, a DLT
   *  gateway only with the receipt's own template (SMS_DLT_TEMPLATE_RECEIPT). A failure to queue
   *  is logged: the receipts stand. */
  const smsReceipts = async (councilId: number, receipts: Payment[]) => {
    const { provider, templateIds } = app.config.sms;
    if (!receipts.length || (provider !== 'log' && !templateIds.receipt)) return 0;
    try {
      return await queueReceipts(
        app.db,
        councilId,
        provider,
        receipts.map((p) => ({
          karId: p.karId,
          malmattaNo: p.malmattaNo,
          amount: p.amountTotal,
          link: `${app.config.publicBaseUrl}/receiptqr/${p.receiptId}`,
        })),
      );
    } catch (err) {
      app.log.error({ err }, 'receipt SMS could not be queued');
      return 0;
    }
  };

  app.post('/api/Reconciliation/statement', { schema: statementSchema, preHandler: app.requireStaff }, async (request) => {
    if (!request.isMultipart())
      throw new Invalid('file', 'बँक स्टेटमेंट फाइल पाठवा / Send the bank statement (CSV or XLSX) as multipart/form-data, field file.');
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw new Invalid('file', 'बँक स्टेटमेंट फाइल निवडा / Choose the bank statement file (field file).');
    const credits = await readStatement(await file.toBuffer(), columnsOf(request.query.columns));
    const dryRun = request.query.dryRun ?? true;
    const { receipts, ...result } = await importStatement(app.db, councilOf(request).userId, credits, {
      dryRun,
      actor: actorOf(request),
      fileName: file.filename,
    });
    const council = councilOf(request).userId;
    const sms = dryRun ? 0 : await smsReceipts(council, receipts);
    const t = result.totals;
    const message = dryRun
      ? `${t.credits} जमा: ${t.matched} जुळल्या, ${t.already} आधीच घेतल्या, ${t.unmatched} जुळल्या नाहीत / ${t.credits} credits: ${t.matched} matched, ${t.already} already taken, ${t.unmatched} unmatched`
      : `${receipts.length} पावत्या यशस्वीरीत्या केल्या, ${t.unmatched} जुळल्या नाहीत, ${sms} SMS / ${receipts.length} receipts made, ${t.unmatched} credits unmatched, ${sms} receipt SMS queued`;
    return ok(result, message);
  });

  app.post('/api/Reconciliation/match', { schema: matchSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const { matched, payment } = await matchCredit(
      app.db,
      councilOf(request).userId,
      request.body.bankReference.trim(),
      request.body.malmattaNo,
      actorOf(request),
    );
    await smsReceipts(councilOf(request).userId, [payment]);
    reply.code(201);
    return ok(
      { matched, receiptNo: payment.receiptNo, financialYear: payment.financialYear, paymentId: payment.paymentId },
      `पावती क्र. ${payment.receiptNo} (${payment.financialYear}) यशस्वीरीत्या केली / Receipt ${payment.receiptNo} made`,
    );
  });

  app.get('/api/Reconciliation/unmatched', { schema: unmatchedSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await unmatchedCredits(app.db, councilOf(request).userId, request.query.pageNumber, request.query.pageSize)),
  );
};
export default reconciliationRoutes;
