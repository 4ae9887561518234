// /api/Districts (the operator groups councils) and /api/District/summary (a district account's totals).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/schema.ts';
import { Forbidden } from '../../lib/errors.ts';
import { councilOf } from '../../plugins/auth.ts';
import { taxYearOf } from '../../../common/property/tax.ts';
import { createDistrictSchema, districtSummarySchema } from './schema.ts';
import { createDistrict, districtSummary } from './service.ts';

const districtRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/Districts', { schema: createDistrictSchema, preHandler: app.requireOperator }, async (request, reply) => {
    const districtId = await createDistrict(app.db, councilOf(request).userId, request.body);
    reply.code(201);
    return ok({ districtId }, 'जिल्हा तयार झाला / District created');
  });

  app.get('/api/District/summary', { schema: districtSummarySchema, preHandler: app.requireStaff }, async (request) => {
    const { districtId } = councilOf(request);
    if (!districtId) throw new Forbidden('हे पान जिल्हा खात्यासाठी आहे / Only a district account reads a district’s totals.');
    return ok(await districtSummary(app.db, districtId, request.query.taxYear ?? taxYearOf(app.today())));
  });
};

export default districtRoutes;
