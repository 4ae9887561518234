// POST /api/public/verify: anyone checks a PDF the portal signed (issue 31). Limited like the other
// public routes: per client address a minute, and per council an hour for a PDF that names one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Invalid } from '../../lib/errors.ts';
import { ok } from '../../lib/schema.ts';
import { RouteLimit } from '../properties/public-limits.ts';
import { verifyPdf } from './verify.ts';
import { verifySchema } from './schema.ts';

const verifyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limit = new RouteLimit(app.limits, 'verify', app.config.publicLimits.verify);

  app.post('/api/public/verify', { schema: verifySchema }, async (request) => {
    await limit.takeAddress(request.ip);
    if (!request.isMultipart()) throw new Invalid('file', 'PDF multipart/form-data म्हणून पाठवा. / Send the PDF as multipart/form-data.');
    let pdf: Buffer | undefined;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw new Invalid(part.fieldname, 'is not an accepted file field; send `file`');
      pdf = await part.toBuffer();
    }
    if (!pdf?.length) throw new Invalid('file', 'तपासायची PDF निवडा. / Choose the PDF to check.');
    const council = /\/GP_Record \(\w+ \S+ (\d+) /.exec(pdf.toString('latin1'))?.[1];
    if (council && (await app.db.user.count({ where: { id: Number(council) } }))) await limit.takeCouncil(Number(council));
    const result = await verifyPdf(app.db, pdf, app.today(), app.config.publicUserId);
    return ok(result, result.reason);
  });
};

export default verifyRoutes;
