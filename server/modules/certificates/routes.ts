// Birth, death, residence and marriage certificates on the spec's paths, one set of handlers for the
// four kinds. Lists, writes and PDFs act on the token's council only; the read by id is public
// (the QR page) and shows the full record to the owning council.
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { attachment } from '../../lib/download.ts';
import { Invalid } from '../../lib/errors.ts';
import { ok } from '../../lib/schema.ts';
import { trimBody } from '../../lib/trim.ts';
import { etagOf, ifMatchVersion } from '../../lib/versions.ts';
import { refuseBadText } from '../../lib/input-guard.ts';
import { councilOf, ownCouncil } from '../../plugins/auth.ts';
import { KINDS, MARRIAGE_PHOTOS, type Kind, type MarriagePhoto } from './kinds.ts';
import { schemasFor } from './schema.ts';
import {
  certificatePdf,
  createCertificate,
  listCertificates,
  nextFreeNumber,
  nextSerialNo,
  readCertificate,
  updateCertificate,
  type Photos,
} from './service.ts';

type Body = Record<string, unknown>;
type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** Text parts and photos of a marriage form. A JSON body (no photos) is taken as well. */
async function readForm(request: FastifyRequest): Promise<{ body: Body; photos: Photos }> {
  if (!request.isMultipart()) return { body: (request.body as Body) ?? {}, photos: {} };
  const body: Body = {};
  const photos: Photos = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const field = MARRIAGE_PHOTOS.find((p) => p.toLowerCase() === part.fieldname.toLowerCase()) as MarriagePhoto | undefined;
      if (!field) throw new Invalid(part.fieldname, `is not an accepted photo field; send ${MARRIAGE_PHOTOS.join(', ')}`);
      const data = await part.toBuffer();
      // An empty file input still sends a part; it means "no new photo".
      if (data.length > 0) photos[field] = data;
    } else {
      body[part.fieldname] = part.value;
    }
  }
  // The input guard saw no body yet: multipart text arrives only here.
  refuseBadText(body);
  return { body, photos };
}

const certificateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const photoDir = path.join(app.config.dataDir, 'uploads', 'marriage');
  for (const kind of KINDS) register(app, kind, photoDir);
};

export default certificateRoutes;

function register(app: App, kind: Kind, photoDir: string) {
  const s = schemasFor(kind);
  const marriage = kind.kind === 'marriage';
  const staff = { preHandler: app.requireStaff };
  const jsonWrite = marriage ? {} : { preValidation: trimBody };

  app.get(kind.listPath, { schema: s.list, ...staff }, async (request) =>
    ok(await listCertificates(app.db, kind, ownCouncil(request, request.query.userId), request.query)),
  );

  // Registration numbers are unique per council and kind: the form starts from this suggestion.
  app.get(`${kind.base}/next-number`, { schema: s.nextNumber, ...staff }, async (request) =>
    ok({
      registrationNumber: await nextFreeNumber(app.db, kind, councilOf(request).userId),
      serialNo: await nextSerialNo(app.db, kind, councilOf(request).userId),
    }),
  );

  app.get(`${kind.base}/:id`, { schema: s.read, preHandler: app.optionalStaff }, async (request, reply) => {
    // A QR scan (no login) reads from the standby when there is one; the owning council's read stays on the primary.
    const viewer = request.council?.userId;
    const record = viewer
      ? await readCertificate(app.db, kind, request.params.id, viewer)
      : await app.publicRead((db) => readCertificate(db, kind, request.params.id, undefined));
    // The owner's full read carries the version the edit form sends back as If-Match.
    if (typeof record.version === 'number') reply.header('etag', etagOf(record.version));
    return ok(record);
  });

  app.post(kind.base, { schema: s.create, ...staff, ...jsonWrite }, async (request, reply) => {
    const { body, photos } = marriage ? await readForm(request) : { body: request.body as Body, photos: {} };
    const record = await createCertificate(app.db, kind, councilOf(request).userId, body, { photos, photoDir });
    reply.code(201).header('etag', etagOf(record.version as number));
    return ok(record, 'Saved');
  });

  app.put(`${kind.base}/:id`, { schema: s.update, ...staff, ...jsonWrite }, async (request, reply) => {
    const ifMatch = ifMatchVersion(request.headers['if-match']);
    const { body, photos } = marriage ? await readForm(request) : { body: request.body as Body, photos: {} };
    const record = await updateCertificate(app.db, kind, councilOf(request).userId, request.params.id, body, { photos, photoDir, ifMatch });
    reply.header('etag', etagOf(record.version as number));
    return ok(record, 'Updated');
  });

  app.get(kind.pdfPath, { schema: s.pdf, ...staff }, async (request, reply) => {
    const { pdf, fileName } = await certificatePdf(app.db, kind, councilOf(request).userId, request.params.id, {
      publicBaseUrl: app.config.publicBaseUrl,
      photoDir,
      signingKeySecret: app.config.signingKeySecret,
    });
    return reply.type('application/pdf').header('content-disposition', attachment(fileName)).header('cache-control', 'no-store').send(pdf);
  });
}
