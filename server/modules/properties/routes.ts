// The property register (Namuna 8) and the council's assessment rates, on the spec's paths
// (GET/PUT /api/TaxRates is the path the property-register issue names). Every route is scoped to
// the council of the token; a council id in the path or query never widens it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/schema.ts';
import { councilOf } from '../../plugins/auth.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { SlidingWindow } from '../../lib/rate-limit.ts';
import { attachment } from '../../lib/download.ts';
import { readWorkbook, templateWorkbook } from './excel.ts';
import { renderInWorker } from '../../pdf-jobs.ts';
import { officeOf, publicUserId } from '../site/service.ts';
import { trimBody } from '../../lib/trim.ts';
import { etagOf, ifMatchVersion } from '../../lib/versions.ts';
import {
  byMalmattaSchema,
  getRatesSchema,
  importSchema,
  namuna8Schema,
  ownersSchema,
  templateSchema,
  propertyCertificateSchema,
  publicPropertySchema,
  suggestSchema,
  pagedSchema,
  putRatesSchema,
  registerSchema,
  updateOwnerByIdSchemas,
  updateOwnerSchemas,
  updatePropertySchemas,
} from './schema.ts';
import {
  importRegister,
  listOwners,
  listProperties,
  propertyByNumber,
  propertyCertificate,
  publicProperty,
  suggest,
  rateLabels,
  ratesOf,
  registerProperty,
  saveRates,
  updateOwner,
  updateProperty,
} from './service.ts';

const propertyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/TaxRates', { schema: getRatesSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const { rates, isDefault, version } = await ratesOf(app.db, councilOf(request).userId);
    reply.header('etag', etagOf(version));
    return ok({ rates, isDefault, version, ...rateLabels() });
  });

  app.put('/api/TaxRates', { schema: putRatesSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const ifMatch = ifMatchVersion(request.headers['if-match']);
    const { rates, version } = await saveRates(app.db, councilOf(request).userId, request.body, ifMatch);
    reply.header('etag', etagOf(version));
    return ok({ rates, isDefault: false, version, ...rateLabels() }, 'कर दर जतन केले / Rates saved');
  });

  app.post(
    '/api/GrampanchayatImport/register-owner-property',
    { schema: registerSchema, preValidation: trimBody, preHandler: app.requireStaff },
    async (request, reply) => {
      const row = await registerProperty(app.db, councilOf(request).userId, request.body);
      reply.code(201).header('etag', etagOf(row.version));
      return ok(row, 'मलमत्ता यशस्वीपणे नोंदवली गेली!');
    },
  );

  app.get('/api/Properties/paged', { schema: pagedSchema, preHandler: app.requireStaff }, async (request) => {
    const council = councilOf(request).userId;
    const { createdByUserId, pageNumber, pageSize } = request.query;
    // As the certificate lists do: another council's id shows an empty page, never its rows.
    if (createdByUserId && createdByUserId !== council)
      return ok({ rows: [], pageNumber, pageSize, totalPages: 0, totalCount: 0, totalCapped: false });
    return ok(await listProperties(app.db, council, request.query));
  });

  app.get(
    '/api/OwnerProperty/GetByMalmatta/:malmattaNo/:userId',
    { schema: byMalmattaSchema, preHandler: app.requireStaff },
    async (request, reply) => {
      const council = councilOf(request).userId;
      if (request.params.userId !== council) throw new NotFound('No such property in this council’s register.');
      const row = await propertyByNumber(app.db, council, request.params.malmattaNo);
      // The row carries both versions; the ETag is the property's (UpdateProperty's If-Match).
      reply.header('etag', etagOf(row.version));
      return ok([row]);
    },
  );

  app.get('/api/OwnerProperty/OwnersWithProperties', { schema: ownersSchema, preHandler: app.requireStaff }, async (request) => {
    const council = councilOf(request).userId;
    const { grampanchayatId, pageNumber, pageSize } = request.query;
    if (grampanchayatId && grampanchayatId !== council)
      return ok({ items: [], pageNumber, pageSize, totalPages: 0, totalCount: 0, totalCapped: false });
    return ok(await listOwners(app.db, council, request.query));
  });

  // The earlier client sends PUT, retries with POST after a 405, and tries /UpdateOwner/{ownerId} too: all answer alike.
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/api/OwnerProperty/UpdateOwner',
      schema: updateOwnerSchemas[method],
      preValidation: trimBody,
      preHandler: app.requireStaff,
      handler: async (request, reply) => {
        const ifMatch = ifMatchVersion(request.headers['if-match']);
        const row = await updateOwner(app.db, councilOf(request).userId, request.body.ownerId, request.body, ifMatch);
        reply.header('etag', etagOf(row.ownerVersion));
        return ok(row, 'Owner updated');
      },
    });
    app.route({
      method,
      url: '/api/OwnerProperty/UpdateOwner/:ownerId',
      schema: updateOwnerByIdSchemas[method],
      preValidation: trimBody,
      preHandler: app.requireStaff,
      handler: async (request, reply) => {
        const ifMatch = ifMatchVersion(request.headers['if-match']);
        const row = await updateOwner(app.db, councilOf(request).userId, request.params.ownerId, request.body, ifMatch);
        reply.header('etag', etagOf(row.ownerVersion));
        return ok(row, 'Owner updated');
      },
    });
    app.route({
      method,
      url: '/api/OwnerProperty/UpdateProperty',
      schema: updatePropertySchemas[method],
      preValidation: trimBody,
      preHandler: app.requireStaff,
      handler: async (request, reply) => {
        const ifMatch = ifMatchVersion(request.headers['if-match']);
        const row = await updateProperty(app.db, councilOf(request).userId, request.body, ifMatch);
        reply.header('etag', etagOf(row.version));
        return ok(row, 'Property updated');
      },
    });
  }

  app.get('/api/GrampanchayatImport/template.xlsx', { schema: templateSchema, preHandler: app.requireStaff }, async (_request, reply) =>
    reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', attachment('namuna8-import-template', 'xlsx'))
      .send(await templateWorkbook()),
  );

  app.post('/api/GrampanchayatImport/excel', { schema: importSchema, preHandler: app.requireStaff }, async (request) => {
    if (!request.isMultipart()) throw new Invalid('file', 'send the workbook as multipart/form-data with one .xlsx file');
    const file = await request.file();
    if (!file) throw new Invalid('file', 'is required: choose the .xlsx workbook');
    const rows = await readWorkbook(await file.toBuffer());
    const report = await importRegister(app.db, councilOf(request).userId, rows, request.query.dryRun ?? true);
    if (report.written) app.refreshStatistics(['Property', 'Owner', 'KarDetail'], report.created);
    const message = report.problems.length
      ? `${report.problems.length} rows need correcting; nothing was written.`
      : report.written
        ? `${report.created} properties registered, ${report.unchanged} already there.`
        : `All ${report.rows} rows are good.`;
    return ok(report, message);
  });

  app.get('/api/GrampanchayatImport/namuna8-pdf', { schema: namuna8Schema, preHandler: app.requireStaff }, async (request, reply) => {
    const council = councilOf(request).userId;
    const { malmattaNo, createdByUserId } = request.query;
    if (createdByUserId && createdByUserId !== council) throw new NotFound('No such property in this council’s register.');
    const property = await propertyByNumber(app.db, council, malmattaNo);
    const qrUrl = `${app.config.publicBaseUrl}/propertyqr/${encodeURIComponent(property.malmattaNo)}/${council}`;
    const pdf = await renderInWorker('namuna8', property, await officeOf(app.db, council), qrUrl);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachment(`Number8_${property.malmattaNo}`))
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  // Public: always the council of PUBLIC_USER_ID (or the one in a certificate's QR link); answers
  // carry no internal ids and mask the mobile number.
  const suggestions = new SlidingWindow(120);
  const lookups = new SlidingWindow(20);
  const publicCouncil = async () => {
    const id = await publicUserId(app);
    if (!id) throw new NotFound('No council account exists yet.');
    return id;
  };

  app.get('/api/public/properties/suggest', { schema: suggestSchema }, async (request) => {
    suggestions.take(request.ip, 'Too many searches from this address. Please wait a minute.');
    return ok(await suggest(app.db, await publicCouncil(), request.query.type, request.query.q));
  });

  app.get('/api/public/properties/:malmattaNo', { schema: publicPropertySchema }, async (request, reply) => {
    lookups.take(request.ip, 'Too many searches from this address. Please wait a minute.');
    const { captchaId, captcha } = request.query;
    if (!captcha?.trim()) throw new Invalid('captcha', 'कॅप्चा आवश्यक आहे');
    if (!captchaId || !app.captcha.check(captchaId, captcha)) throw new Invalid('captcha', 'चुकीचा कॅप्चा कोड');
    reply.header('cache-control', 'no-store');
    return ok(await publicProperty(app.db, await publicCouncil(), request.params.malmattaNo));
  });

  app.get('/api/public/property-certificate/:malmattaNo/:userId', { schema: propertyCertificateSchema }, async (request) =>
    ok(await propertyCertificate(app.db, request.params.userId, request.params.malmattaNo)),
  );
};
export default propertyRoutes;
