// /api/ApiTokens: the council's staff make, list and revoke tokens for machines. Any staff login of
// the council account may (the account is the council; isAdmin only marks the account that may
// create other councils' accounts). An API token can never reach these routes (scopes.ts: never).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/schema.ts';
import { councilOf } from '../../plugins/auth.ts';
import { createSchema, listSchema, revokeSchema } from './schema.ts';
import { createToken, listTokens, revokeToken } from './service.ts';

const apiTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/ApiTokens', { schema: createSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const created = await createToken(app.db, councilOf(request).userId, request.body);
    reply.code(201).header('cache-control', 'no-store');
    return ok(created, 'API token created. Copy it now: it will not be shown again.');
  });

  app.get('/api/ApiTokens', { schema: listSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await listTokens(app.db, councilOf(request).userId)),
  );

  app.delete('/api/ApiTokens/:id', { schema: revokeSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await revokeToken(app.db, councilOf(request).userId, request.params.id), 'API token revoked'),
  );
};

export default apiTokenRoutes;
