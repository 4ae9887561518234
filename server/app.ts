// Builds the Fastify instance: external plugins, then our plugins, then one module per area.
// It does not listen; main.ts and the tests do that.
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import helmet from 'helmet';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { OpenDatabase } from './db/open.ts';
import { MULTIPART_LIMITS, useUploadStore } from './lib/uploads.ts';
import { databaseUploads } from './modules/cluster/files.ts';
import { s3Uploads } from './modules/cluster/s3-files.ts';
import database from './plugins/database.ts';
import envelope, { clientErrorEnvelope, frameworkErrorEnvelope } from './plugins/envelope.ts';
import inputGuard from './plugins/input-guard.ts';
import rateLimit from './plugins/rate-limit.ts';
import auth from './plugins/auth.ts';
import openapi from './plugins/openapi.ts';
import spa from './plugins/spa.ts';
import healthRoutes from './modules/health/routes.ts';
import userRoutes from './modules/users/routes.ts';
import siteRoutes from './modules/site/routes.ts';
import carouselRoutes from './modules/carousel/routes.ts';
import blogRoutes from './modules/blog/routes.ts';
import certificateRoutes from './modules/certificates/routes.ts';
import captchaRoutes from './modules/captcha/routes.ts';
import propertyRoutes from './modules/properties/routes.ts';
import transferRoutes from './modules/transfers/routes.ts';
import taxRoutes from './modules/tax/routes.ts';
import smsRoutes from './modules/sms/routes.ts';
import apiTokenRoutes from './modules/apiTokens/routes.ts';
import auditRoutes from './modules/audit/routes.ts';
import backupRoutes from './modules/backups/routes.ts';
import reconciliationRoutes from './modules/reconciliation/routes.ts';
import districtRoutes from './modules/districts/routes.ts';
import signingRoutes from './modules/signing/routes.ts';
import verifyRoutes from './modules/verify/routes.ts';
import auditContext from './modules/audit/context.ts';
import { LoginLimiter } from './modules/users/service.ts';
import { databaseLimits, memoryLimits, type Limits } from './modules/cluster/limits.ts';
import { lazySerializerFactory, lazyValidatorFactory } from './lib/lazy-schemas.ts';
import { configurePdfPool } from './lib/pdf/pool.ts';
import { todayInIndia } from '../common/dates.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Every route as registered, for the security sweep (tests/server/security/) and checks at start. */
    routeList: RouteOptions[];
    /** Request limits: in memory on the embedded database, in the database on PostgreSQL (every
     *  portal process on it counts together, issue 32). */
    limits: Limits;
    /** One login limit: logins and re-entered passwords (SMS sending) count together. */
    loginLimiter: LoginLimiter;
    /** Today in India as the tax year's jobs, entries and checks see it: a test moves it across years. */
    today: () => Date;
  }
}

/** Believes the nearest `hops` proxies (Fastify itself no longer honours a bare hop count). Only
 *  right when the port is reachable through those proxies alone; README says so. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(
  config: Config,
  database_: OpenDatabase,
  logger: FastifyServerOptions['logger'] = { level: config.logLevel },
) {
  configurePdfPool({ workers: config.pdfWorkers });
  const app = Fastify({
    logger,
    // Off unless configured: otherwise any client could write its own address in X-Forwarded-For.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    clientErrorHandler: clientErrorEnvelope,
    frameworkErrors: frameworkErrorEnvelope,
    // Keep ajv from silently turning "abc" into 0 for numbers; we want a clear 400 instead.
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: false } },
    // Route schemas compile on first use, not at start (server/lib/lazy-schemas.ts says why).
    schemaController: {
      compilersFactory: { buildValidator: lazyValidatorFactory() as never, buildSerializer: lazySerializerFactory() as never },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('config', config);
  app.decorate('routeList', [] as RouteOptions[]);
  app.decorate('limits', database_.kind === 'postgresql' ? databaseLimits(database_.prisma, config.limitKeyPrefix) : memoryLimits());
  app.decorate('loginLimiter', new LoginLimiter(app.limits));
  app.decorate('today', () => todayInIndia());
  app.addHook('onRoute', (route) => {
    app.routeList.push(route as RouteOptions);
  });

  // 1. external plugins
  // helmet's middleware made once: @fastify/helmet made it anew on every request, parsing the
  // policy each time (1–2% of a public page's CPU, bench/request-cost.ts).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (Emotion) inserts <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The office logo may come from another image host; slides and photos are ours.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The portal is served over plain http on a LAN too; HSTS belongs to the TLS proxy in front.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, { limits: { fileSize: config.uploadLimitBytes, ...MULTIPART_LIMITS } });

  // 2. our plugins
  await app.register(database, { database: database_ });
  await app.register(envelope);
  await app.register(inputGuard);
  await app.register(rateLimit, { perToken: config.apiTokenRateLimit, perAddress: config.addressRateLimit });
  await app.register(auth, { secret: config.jwtSecret, operator: config.adminUsername, listen: database_.listen });
  await app.register(openapi);
  await app.register(auditContext);

  // 3. areas
  await app.register(healthRoutes);
  await app.register(userRoutes);
  await app.register(siteRoutes);
  await app.register(carouselRoutes);
  await app.register(blogRoutes);
  await app.register(certificateRoutes);
  await app.register(captchaRoutes);
  await app.register(propertyRoutes);
  await app.register(transferRoutes);
  await app.register(taxRoutes);
  await app.register(smsRoutes);
  await app.register(apiTokenRoutes);
  await app.register(auditRoutes);
  await app.register(backupRoutes);
  await app.register(reconciliationRoutes);
  await app.register(districtRoutes);
  await app.register(signingRoutes);
  await app.register(verifyRoutes);

  // Uploaded images in the database (several portal processes, issue 32): every area's writes to
  // DATA_DIR/uploads go there instead (lib/uploads.ts), and /uploads/ is served from it.
  const uploadsDir = path.join(config.dataDir, 'uploads');
  if (config.uploadStore === 'database') {
    const stopUsing = useUploadStore(uploadsDir, databaseUploads(database_.prisma));
    app.addHook('onClose', async () => stopUsing());
  } else if (config.uploadStore === 's3' && config.uploadS3) {
    // Or in S3-compatible storage (UPLOAD_S3_URL), the same way.
    const store = s3Uploads(config.uploadS3);
    const stopUsing = useUploadStore(uploadsDir, store);
    app.addHook('onClose', async () => {
      stopUsing();
      store.close();
    });
  }
  await app.register(spa, { webDist: config.webDist, uploadsDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
