// /api/Corosal (the spec's spelling): home page slides. Reads are public; uploads and deletes need a
// staff token. CreatedByUserId in the upload is accepted (the spec's client sends it) and ignored:
// the token's council owns the slides, even when the field names another account.
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Invalid } from '../../lib/errors.ts';
import { refuseBadText } from '../../lib/input-guard.ts';
import { ok } from '../../lib/schema.ts';
import { councilOf } from '../../plugins/auth.ts';
import { deleteSchema, listSchema, orderSchema, uploadSchema } from './schema.ts';
import { deleteSlide, listSlides, prepareImage, reorderSlides, saveSlides, type PreparedImage } from './service.ts';

/** Reads the parts in order; each file is checked and resized before the next is read. The
 *  multipart plugin throws 413 when a file passes UPLOAD_LIMIT_MB; nothing is on disk by then. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new Invalid('ImageFile', 'send the images as multipart/form-data');
  const images: PreparedImage[] = [];
  const captions: string[] = [];
  for await (const part of request.parts()) {
    const field = part.fieldname.toLowerCase();
    if (part.type === 'file') {
      if (field !== 'imagefile') throw new Invalid(part.fieldname, 'is not an accepted file field; send images as ImageFile');
      const data = await part.toBuffer();
      // A form's empty file input still sends a part with no name and no bytes.
      if (data.length === 0 && !part.filename) continue;
      images.push({ ...(await prepareImage(data)), fileName: part.filename ?? '' });
    } else if (field === 'blogcontent') {
      refuseBadText(part.value, part.fieldname);
      captions.push(String(part.value ?? ''));
    }
  }
  return { images, captions };
}

const carouselRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const dir = path.join(app.config.dataDir, 'uploads', 'carousel');
  fs.mkdirSync(dir, { recursive: true });

  app.get('/api/Corosal/by-user/:userId', { schema: listSchema }, async (request) =>
    ok(await app.publicRead((db) => listSlides(db, request.params.userId))),
  );

  app.post('/api/Corosal', { schema: uploadSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const { images, captions } = await readUpload(request);
    const items = await saveSlides(app.db, dir, councilOf(request).userId, images, captions);
    reply.code(201);
    return ok(items, 'Upload successful');
  });

  app.put('/api/Corosal/order', { schema: orderSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await reorderSlides(app.db, councilOf(request).userId, request.body.corosalIds), 'Order saved'),
  );

  app.delete('/api/Corosal/:corosalId', { schema: deleteSchema, preHandler: app.requireStaff }, async (request) => {
    await deleteSlide(app.db, dir, councilOf(request).userId, request.params.corosalId);
    return ok({ corosalId: request.params.corosalId }, 'Deleted');
  });
};

export default carouselRoutes;
