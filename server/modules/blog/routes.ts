// /api/Blog: home page news. Reads are public; writes need a staff token and touch only that
// council's items. createdByUserId in the body is accepted (the spec's client sends it) and ignored.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/schema.ts';
import { trimBody } from '../../lib/trim.ts';
import { etagOf, ifMatchVersion } from '../../lib/versions.ts';
import { councilOf } from '../../plugins/auth.ts';
import { createSchema, deleteSchema, listSchema, updateSchema } from './schema.ts';
import { createPost, deletePost, listPosts, updatePost } from './service.ts';

const blogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/Blog/by-user/:userId', { schema: listSchema }, async (request) =>
    ok(await app.publicRead((db) => listPosts(db, request.params.userId))),
  );

  app.post('/api/Blog', { schema: createSchema, preValidation: trimBody, preHandler: app.requireStaff }, async (request, reply) => {
    const item = await createPost(app.db, councilOf(request).userId, request.body);
    reply.code(201).header('etag', etagOf(item.version));
    return ok(item, 'News item created');
  });

  app.put('/api/Blog/:id', { schema: updateSchema, preValidation: trimBody, preHandler: app.requireStaff }, async (request, reply) => {
    const item = await updatePost(
      app.db,
      councilOf(request).userId,
      request.params.id,
      request.body,
      ifMatchVersion(request.headers['if-match']),
    );
    reply.header('etag', etagOf(item.version));
    return ok(item, 'News item updated');
  });

  app.delete('/api/Blog/:id', { schema: deleteSchema, preHandler: app.requireStaff }, async (request) => {
    await deletePost(app.db, councilOf(request).userId, request.params.id);
    return ok({ blogId: request.params.id }, 'News item deleted');
  });
};

export default blogRoutes;
