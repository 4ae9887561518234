// /api/Site: the office's own public content. Our addition to the spec, where this content was fixed
// in the page code: here it is data per council account, so another panchayat can make the portal
// theirs without touching code. Also puts the profile into index.html's head (meta.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotFound } from '../../lib/errors.ts';
import { ok } from '../../lib/schema.ts';
import { trimBody } from '../../lib/trim.ts';
import { councilOf } from '../../plugins/auth.ts';
import { siteMeta } from './meta.ts';
import { mineSchema, publicProfileSchema, setupSchema, updateSchema } from './schema.ts';
import { getProfile, publicUserId, setupStatus, updateProfile } from './service.ts';

const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const meta = siteMeta(app);
  // The SPA plugin, which owns indexTransforms, is registered after the areas.
  app.addHook('onReady', async () => { app.indexTransforms.push(meta.transform); });

  app.get('/api/Site/profile', { schema: publicProfileSchema }, async (request) => {
    const userId = request.query.userId ?? (await publicUserId(app));
    if (!userId) throw new NotFound('No council account exists yet.');
    return ok(await getProfile(app.db, userId));
  });

  app.get('/api/Site/profile/mine', { schema: mineSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await getProfile(app.db, councilOf(request).userId)));

  app.get('/api/Site/setup', { schema: setupSchema, preHandler: app.requireStaff }, async (request) =>
    ok(setupStatus(await getProfile(app.db, councilOf(request).userId), app.config)));

  app.put('/api/Site/profile', { schema: updateSchema, preValidation: trimBody, preHandler: app.requireStaff }, async (request) => {
    const profile = await updateProfile(app.db, councilOf(request).userId, request.body);
    meta.invalidate();
    return ok(profile, 'Site profile saved');
  });
};

export default siteRoutes;
