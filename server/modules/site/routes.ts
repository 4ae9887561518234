// /api/Site: the office's own public content. Our addition to the spec, where this content was fixed
// in the page code: here it is data per council account, so another panchayat can make the portal
// theirs without touching code. Also puts the profile into index.html's head (meta.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotFound } from '../../lib/errors.ts';
import { ok } from '../../lib/schema.ts';
import { trimBody } from '../../lib/trim.ts';
import { etagOf, ifMatchVersion } from '../../lib/versions.ts';
import { councilOf } from '../../plugins/auth.ts';
import { siteMeta } from './meta.ts';
import { mineSchema, publicProfileSchema, updateSchema } from './schema.ts';
import { getProfile, publicUserId, updateProfile } from './service.ts';

const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const meta = siteMeta(app);
  // The SPA plugin, which owns indexTransforms, is registered after the areas.
  app.addHook('onReady', async () => { app.indexTransforms.push(meta.transform); });

  app.get('/api/Site/profile', { schema: publicProfileSchema }, async (request) => {
    const userId = request.query.userId ?? (await publicUserId(app));
    if (!userId) throw new NotFound('No council account exists yet.');
    return ok(await getProfile(app.db, userId));
  });

  app.get('/api/Site/profile/mine', { schema: mineSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const profile = await getProfile(app.db, councilOf(request).userId);
    reply.header('etag', etagOf(profile.version));
    return ok(profile);
  });

  app.put('/api/Site/profile', { schema: updateSchema, preValidation: trimBody, preHandler: app.requireStaff }, async (request, reply) => {
    const profile = await updateProfile(app.db, councilOf(request).userId, request.body, ifMatchVersion(request.headers['if-match']));
    reply.header('etag', etagOf(profile.version));
    meta.invalidate();
    return ok(profile, 'Site profile saved');
  });
};

export default siteRoutes;
