// /api/Audit: the council's audit trail (issue 28). Staff login only: API tokens are refused by the
// scope table (apiTokens/scopes.ts), as the trail names people and addresses.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/schema.ts';
import { councilOf } from '../../plugins/auth.ts';
import { listSchema } from './schema.ts';
import { listAudit } from './service.ts';

const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/Audit', { schema: listSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await listAudit(app.db, councilOf(request).userId, request.query, councilOf(request).isAdmin)),
  );
};

export default auditRoutes;
