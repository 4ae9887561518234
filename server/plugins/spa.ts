// Serves the built web app and uploaded images. Hashed assets are cached for a year and sent
// pre-compressed (.br/.gz written at build time); every other non-API GET gets index.html so deep
// links such as /birthqr/{id} open the app. Unknown /api paths answer the 404 envelope.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './envelope.ts';

export type IndexTransform = (html: string, request: FastifyRequest) => string | Promise<string>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Areas add head metadata to the served index.html here (site profile, Open Graph…). */
    indexTransforms: IndexTransform[];
  }
}

const YEAR = 'public, max-age=31536000, immutable';

export default fp(async function spa(app: FastifyInstance, opts: { webDist: string; uploadsDir: string }) {
  app.decorate('indexTransforms', [] as IndexTransform[]);
  fs.mkdirSync(opts.uploadsDir, { recursive: true });

  // Upload names are random and never reused, so they can be cached as long as assets.
  await app.register(fastifyStatic, {
    root: opts.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders: (res) => res.header('cache-control', YEAR),
  });

  const indexFile = path.join(opts.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (!hasWeb) app.log.warn(`No built web app in ${opts.webDist}: run "npm run build". The API works without it.`);
  else {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders: (res, filePath) =>
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? YEAR : 'public, max-age=3600'),
    });
  }
  let template: string | undefined;
  async function serveIndex(request: FastifyRequest, reply: FastifyReply) {
    template ??= fs.readFileSync(indexFile, 'utf8');
    let html = template;
    for (const t of app.indexTransforms) html = await t(html, request);
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }
  // The static plugin would answer "/" as a directory listing (403); the app is the answer.
  if (hasWeb) app.get('/', { schema: { hide: true } }, serveIndex);

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    // "/api" and below only: the staff screen /apiTokens is the app's.
    if (/^\/api(\/|\?|$)/.test(url) || url.startsWith('/uploads/'))
      return sendError(reply, 404, `No such address: ${request.method} ${url.split('?')[0]}`);
    if (!hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) return sendError(reply, 404, 'Not found.');
    // A file-like path that is not there (old hashed asset) is a real 404, not the app.
    if (/\.[a-z0-9]{2,5}$/i.test(url.split('?')[0])) return sendError(reply, 404, 'Not found.');
    return serveIndex(request, reply);
  });
});
