// The property register's routes. So far the council's assessment rates (GET/PUT /api/TaxRates,
// the path the property-register issue names); the register itself follows.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/schema.ts';
import { councilOf } from '../../plugins/auth.ts';
import { getRatesSchema, putRatesSchema } from './schema.ts';
import { rateLabels, ratesOf, saveRates } from './service.ts';

const propertyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/TaxRates', { schema: getRatesSchema, preHandler: app.requireStaff }, async (request) => {
    const { rates, isDefault } = await ratesOf(app.db, councilOf(request).userId);
    return ok({ rates, isDefault, ...rateLabels() });
  });

  app.put('/api/TaxRates', { schema: putRatesSchema, preHandler: app.requireStaff }, async (request) => {
    const rates = await saveRates(app.db, councilOf(request).userId, request.body);
    return ok({ rates, isDefault: false, ...rateLabels() }, 'कर दर जतन केले / Rates saved');
  });
};
export default propertyRoutes;
