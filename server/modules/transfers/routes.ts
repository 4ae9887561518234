// /api/PropertyTransfer: ferfar entries (spec 2.1, 2.6, 3, 5), scoped to the council of the token.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotFound } from '../../lib/errors.ts';
import { ok } from '../../lib/schema.ts';
import { trimBody } from '../../lib/trim.ts';
import { councilOf } from '../../plugins/auth.ts';
import { addSchema, byFerfarSchema, historySchema } from './schema.ts';
import { addTransfer, ownershipHistory, transferByNumber } from './service.ts';

const transferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/PropertyTransfer/add',
    { schema: addSchema, preValidation: trimBody, preHandler: app.requireStaff },
    async (request, reply) => {
      const transfer = await addTransfer(app.db, councilOf(request).userId, request.body, app.today());
      reply.code(201);
      return ok(transfer, `फेरफार क्रमांक ${transfer.ferfarNumber} नोंदवला / Transfer recorded as ferfar ${transfer.ferfarNumber}`);
    },
  );

  app.get('/api/PropertyTransfer/get-by-ferfar', { schema: byFerfarSchema, preHandler: app.requireStaff }, async (request) => {
    const council = councilOf(request).userId;
    if (request.query.createdByUserId && request.query.createdByUserId !== council) throw new NotFound('मालमत्ता हस्तांतरण सापडले नाही');
    return ok(await transferByNumber(app.db, council, request.query.ferfarNumber));
  });

  app.get('/api/PropertyTransfer/history', { schema: historySchema, preHandler: app.requireStaff }, async (request) =>
    ok(await ownershipHistory(app.db, councilOf(request).userId, request.query.malmattaNo)),
  );
};
export default transferRoutes;
