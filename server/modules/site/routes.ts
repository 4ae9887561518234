// /api/Site: the office's own public content. Our addition to the spec, where this content was fixed
// in the page code: here it is data per council account, so another panchayat can make the portal
// theirs without touching code. Also puts the profile into index.html's head (meta.ts).
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { ok } from '../../lib/schema.ts';
import { trimBody } from '../../lib/trim.ts';
import { etagOf, ifMatchVersion } from '../../lib/versions.ts';
import { councilOf } from '../../plugins/auth.ts';
import { siteMeta } from './meta.ts';
import { logoSchema, mineSchema, publicProfileSchema, setupSchema, updateSchema } from './schema.ts';
import { getProfile, publicUserId, setupStatus, updateProfile, uploadLogo } from './service.ts';

/** The one LogoFile part of the upload; the multipart plugin answers 413 past UPLOAD_LIMIT_MB. */
async function readLogo(request: FastifyRequest): Promise<{ logo: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new Invalid('LogoFile', 'send the logo as multipart/form-data');
  let logo: Buffer | undefined;
  let fileName = '';
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname.toLowerCase() !== 'logofile')
      throw new Invalid(part.fieldname, 'is not an accepted file field; send the logo as LogoFile');
    if (logo) throw new Invalid('LogoFile', 'send one image');
    logo = await part.toBuffer();
    fileName = part.filename ?? '';
  }
  if (!logo?.length) throw new Invalid('LogoFile', 'choose an image');
  return { logo, fileName };
}

const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const meta = siteMeta(app);
  const siteDir = path.join(app.config.dataDir, 'uploads', 'site');
  // The SPA plugin, which owns indexTransforms, is registered after the areas.
  app.addHook('onReady', async () => {
    app.indexTransforms.push(meta.transform);
  });

  app.get('/api/Site/profile', { schema: publicProfileSchema }, async (request) => {
    const userId = request.query.userId ?? (await publicUserId(app));
    if (!userId) throw new NotFound('No council account exists yet.');
    return ok(await app.publicRead((db) => getProfile(db, userId)));
  });

  app.get('/api/Site/profile/mine', { schema: mineSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const profile = await getProfile(app.db, councilOf(request).userId);
    reply.header('etag', etagOf(profile.version));
    return ok(profile);
  });

  app.get('/api/Site/setup', { schema: setupSchema, preHandler: app.requireStaff }, async (request) =>
    ok(setupStatus(await getProfile(app.db, councilOf(request).userId), app.config)),
  );

  app.post('/api/Site/logo', { schema: logoSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const { logo, fileName } = await readLogo(request);
    const logoUrl = await uploadLogo(app.db, siteDir, councilOf(request).userId, logo, fileName);
    reply.code(201);
    return ok({ logoUrl }, 'Logo uploaded');
  });

  app.put('/api/Site/profile', { schema: updateSchema, preValidation: trimBody, preHandler: app.requireStaff }, async (request, reply) => {
    const profile = await updateProfile(app.db, councilOf(request).userId, request.body, ifMatchVersion(request.headers['if-match']));
    reply.header('etag', etagOf(profile.version));
    meta.invalidate();
    return ok(profile, 'Site profile saved');
  });
};

export default siteRoutes;
