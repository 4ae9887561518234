// The property register (Namuna 8) and the council's assessment rates, on the spec's paths
// (GET/PUT /api/TaxRates is the path the property-register issue names). Every route is scoped to
// the council of the token; a council id in the path or query never widens it.
import { MESSAGES } from '../../../common/glossary.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/schema.ts';
import { actorOf, councilOf, ownCouncil } from '../../plugins/auth.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { attachment } from '../../lib/download.ts';
import { readWorkbook, templateWorkbook } from './excel.ts';
import { renderInWorker } from '../../pdf-jobs.ts';
import { signatureFor } from '../signing/request.ts';
import { officeOf, publicUserId } from '../site/service.ts';
import { trimBody } from '../../lib/trim.ts';
import { etagOf, ifMatchVersion } from '../../lib/versions.ts';
import {
  byMalmattaSchema,
  importSchema,
  namuna8Schema,
  ownersSchema,
  templateSchema,
  propertyCertificateSchema,
  publicPropertySchema,
  suggestSchema,
  pagedSchema,
  registerSchema,
  updateOwnerByIdSchemas,
  updateOwnerSchemas,
  updatePropertySchemas,
} from './schema.ts';
import { certificatePath, isCertificateSignature } from '../../lib/signed-links.ts';
import { POW_FIELD, POW_MESSAGES } from '../../../common/pow.ts';
import { publicRouteLimits } from './public-limits.ts';
import { importRegister } from './import.ts';
import { getRatesSchema, putRatesSchema, revisionSchema } from '../assessment/schema.ts';
import {
  listOwners,
  listProperties,
  namuna8Of,
  noSuchProperty,
  propertyByNumber,
  registerProperty,
  updateOwner,
  updateProperty,
} from './register.ts';
import { councilExists, propertyCertificate, publicProperty, suggest } from './public.ts';
import { rateLabels, versionInForce } from '../assessment/rates.ts';
import { changeRates, ratesForScreen, revise } from '../tax/revision.ts';
import { upiBillOfProperty } from '../tax/bills.ts';
import { taxYearLabel, taxYearOf } from '../../../common/property/tax.ts';

const propertyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The rates screen's view: the newest rates (what it edits) and, while they are not in force yet, those that are. */
  const ratesView = async (council: number) => {
    const { versions, newest, currentTaxYear, billed } = await ratesForScreen(app.db, council, app.today());
    const now = versionInForce(versions, currentTaxYear);
    return {
      rates: newest.rates,
      isDefault: newest.version === 0,
      version: newest.version,
      effectiveTaxYear: newest.effectiveTaxYear,
      currentTaxYear,
      billed,
      ...(now !== newest ? { inForce: { effectiveTaxYear: now.effectiveTaxYear, rates: now.rates } } : {}),
      ...rateLabels(),
    };
  };

  app.get('/api/TaxRates', { schema: getRatesSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const view = await ratesView(councilOf(request).userId);
    reply.header('etag', etagOf(view.version));
    return ok(view);
  });

  app.put('/api/TaxRates', { schema: putRatesSchema, preHandler: app.requireStaff }, async (request, reply) => {
    const council = councilOf(request).userId;
    const { applyFrom, orderReference, ...patch } = request.body;
    const { outcome } = await changeRates(
      app.db,
      council,
      patch,
      { applyFrom, orderReference, ifMatch: ifMatchVersion(request.headers['if-match']) },
      actorOf(request),
      app.today(),
    );
    app.refreshStatistics(['PropertyAssessment', 'TaxEntry'], outcome.written.length);
    const view = await ratesView(council);
    reply.header('etag', etagOf(view.version));
    const from = taxYearLabel(outcome.effectiveTaxYear);
    const corrected = outcome.corrected
      ? ` ${outcome.corrected} मालमत्तांच्या चालू मागणीत दुरुस्ती. / ${outcome.corrected} properties' current demand corrected.`
      : '';
    return ok(
      view,
      `कर दर ${from} पासून लागू, ${outcome.written.length} आकारण्या. / Rates in force from ${from}; ${outcome.written.length} assessments.${corrected}`,
    );
  });

  app.post('/api/TaxRates/revision', { schema: revisionSchema, preHandler: app.requireStaff }, async (request) => {
    const { effectiveTaxYear, dryRun = true, orderReference } = request.body;
    const result = await revise(
      app.db,
      councilOf(request).userId,
      { effectiveTaxYear, dryRun, orderReference },
      actorOf(request),
      app.today(),
    );
    if (!dryRun) app.refreshStatistics(['PropertyAssessment', 'TaxEntry'], result.properties);
    const from = taxYearLabel(effectiveTaxYear);
    return ok(
      result,
      dryRun
        ? `${result.changed} मालमत्तांचा कर बदलेल (${from} पासून). / ${result.changed} of ${result.properties} properties' tax would change from ${from}.`
        : `फेरआकारणी ${from} पासून लागू. / The revision is in force from ${from}.`,
    );
  });

  app.post(
    '/api/GrampanchayatImport/register-owner-property',
    { schema: registerSchema, preValidation: trimBody, preHandler: app.requireStaff },
    async (request, reply) => {
      const row = await registerProperty(app.db, councilOf(request).userId, request.body, actorOf(request), app.today());
      reply.code(201).header('etag', etagOf(row.version));
      return ok(row, MESSAGES.propertyRecorded);
    },
  );

  app.get('/api/Properties/paged', { schema: pagedSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await listProperties(app.db, ownCouncil(request, request.query.createdByUserId), request.query)),
  );

  app.get(
    '/api/OwnerProperty/GetByMalmatta/:malmattaNo/:userId',
    { schema: byMalmattaSchema, preHandler: app.requireStaff },
    async (request, reply) => {
      const { malmattaNo, userId } = request.params;
      const row = await propertyByNumber(app.db, ownCouncil(request, userId, noSuchProperty(malmattaNo)), malmattaNo);
      // The row carries both versions; the ETag is the property's (UpdateProperty's If-Match).
      reply.header('etag', etagOf(row.version));
      return ok([row]);
    },
  );

  app.get('/api/OwnerProperty/OwnersWithProperties', { schema: ownersSchema, preHandler: app.requireStaff }, async (request) =>
    ok(await listOwners(app.db, ownCouncil(request, request.query.grampanchayatId), request.query)),
  );

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
        const row = await updateProperty(app.db, councilOf(request).userId, request.body, actorOf(request), app.today(), ifMatch);
        reply.header('etag', etagOf(row.version));
        const { effectiveTaxYear, ...result } = row;
        return ok(
          result,
          effectiveTaxYear === undefined
            ? 'Property updated'
            : `मालमत्ता अद्ययावत; नवीन आकारणी ${taxYearLabel(effectiveTaxYear)} पासून. / Property updated; the new assessment is in force from ${taxYearLabel(effectiveTaxYear)}.`,
        );
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
    const report = await importRegister(
      app.db,
      councilOf(request).userId,
      rows,
      request.query.dryRun ?? true,
      actorOf(request),
      app.today(),
      file.filename,
    );
    if (report.written) app.refreshStatistics(['Property', 'Owner', 'PropertyAssessment'], report.created);
    const message = report.problems.length
      ? `${report.problems.length} rows need correcting; nothing was written.`
      : report.written
        ? `${report.created} properties registered, ${report.unchanged} already there.`
        : `All ${report.rows} rows are good.`;
    return ok(report, message);
  });

  app.get('/api/GrampanchayatImport/namuna8-pdf', { schema: namuna8Schema, preHandler: app.requireStaff }, async (request, reply) => {
    const { malmattaNo, createdByUserId } = request.query;
    const council = ownCouncil(request, createdByUserId, noSuchProperty(malmattaNo));
    const property = await namuna8Of(app.db, council, malmattaNo, taxYearOf(app.today()));
    const qrUrl = app.config.publicBaseUrl + certificatePath(app.config.jwtSecret, council, property.malmattaNo);
    const office = await officeOf(app.db, council);
    const signature = await signatureFor(app.db, app.config, council, office, {
      kind: 'namuna8',
      id: property.malmattaNo,
      registrationNumber: property.malmattaNo,
      data: property,
    });
    const pdf = await renderInWorker('namuna8', property, office, qrUrl, app.today(), signature);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachment(`Number8_${property.malmattaNo}`))
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  // Public: always the council of PUBLIC_USER_ID (or the one in a certificate's QR link); answers
  // carry no internal ids and mask the mobile number. Each route is limited per client address and
  // per council (public-limits.ts, security issue 25): the address first, so one address over its
  // limit costs nothing more; the council only for a request that would answer its records.
  const limits = publicRouteLimits(app.limits, app.config.publicLimits);
  const publicCouncil = async () => {
    const id = await publicUserId(app);
    if (!id) throw new NotFound('No council account exists yet.');
    return id;
  };

  // The autocomplete and the search each need a solved proof-of-work challenge of their council
  // (GET /api/public/pow), checked before the captcha so a refused one leaves the captcha open.
  const provenWork = async (payload: string | undefined, council: number) => {
    const refusal = await app.pow.check(payload, council);
    if (refusal) throw new Invalid(POW_FIELD, POW_MESSAGES[refusal]);
  };

  app.get('/api/public/properties/suggest', { schema: suggestSchema }, async (request) => {
    await limits.suggest.takeAddress(request.ip);
    const council = await publicCouncil();
    await provenWork(request.query.altcha, council);
    await limits.suggest.takeCouncil(council);
    return ok(await suggest(app.db, council, request.query.type, request.query.q));
  });

  app.get('/api/public/properties/:malmattaNo', { schema: publicPropertySchema }, async (request, reply) => {
    await limits.search.takeAddress(request.ip);
    const { captchaId, captcha, altcha } = request.query;
    const council = await publicCouncil();
    await provenWork(altcha, council);
    if (!captcha?.trim()) throw new Invalid('captcha', 'कॅप्चा आवश्यक आहे');
    if (!captchaId || !(await app.captcha.check(captchaId, captcha))) throw new Invalid('captcha', 'चुकीचा कॅप्चा कोड');
    await limits.search.takeCouncil(council);
    reply.header('cache-control', 'no-store');
    const property = await publicProperty(app.db, council, request.params.malmattaNo, app.today());
    const upi = property.dues ? await upiBillOfProperty(app.db, council, property.malmattaNo, app.today()) : null;
    return ok({ ...property, upi, certificateLink: certificatePath(app.config.jwtSecret, council, property.malmattaNo) });
  });

  // A link the council signed (its printed QR code, the search's link) is one scan away: a generous
  // limit per address and none per council. Without a signature, or with a wrong one, the certificate
  // is limited like the other public routes (old printed codes still open).
  app.get('/api/public/property-certificate/:malmattaNo/:userId', { schema: propertyCertificateSchema }, async (request) => {
    const { malmattaNo, userId } = request.params;
    if (isCertificateSignature(app.config.jwtSecret, userId, malmattaNo, request.query.s))
      await limits.signedCertificate.takeAddress(request.ip);
    else {
      await limits.certificate.takeAddress(request.ip);
      if (!(await councilExists(app.db, userId))) throw new NotFound('No property data found.');
      await limits.certificate.takeCouncil(userId);
    }
    return ok(await app.publicRead((db) => propertyCertificate(db, userId, malmattaNo, app.today())));
  });
};
export default propertyRoutes;
