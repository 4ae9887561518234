// GET /api/captcha and GET /api/public/pow: the public search's captcha and proof-of-work challenge.
// Their stores are shared with the routes that check answers (app.captcha, app.pow).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { ok } from '../../lib/schema.ts';
import { NotFound } from '../../lib/errors.ts';
import { publicUserId } from '../site/service.ts';
import { captchaSchema, powSchema } from './schema.ts';
import { CaptchaStore } from './service.ts';
import { ProofOfWork } from './pow.ts';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaStore;
    pow: ProofOfWork;
  }
}

const captchaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.decorate('captcha', new CaptchaStore(app.db));
  app.decorate('pow', new ProofOfWork(app.db, app.config.jwtSecret, app.config.powDifficulty));
  const perAddress = app.limits.sliding('captcha', 60);
  app.get('/api/captcha', { schema: captchaSchema }, async (request, reply) => {
    await perAddress.take(request.ip, 'Too many captchas from this address. Please wait a minute.');
    reply.header('cache-control', 'no-store');
    return ok(await app.captcha.create());
  });

  // A page keeps one or two solved challenges ahead, one per autocomplete or search.
  const challenges = app.limits.sliding('pow', 120);
  app.get('/api/public/pow', { schema: powSchema }, async (request, reply) => {
    await challenges.take(
      request.ip,
      (s) => `खूप विनंत्या. कृपया ${s} सेकंदांनी पुन्हा प्रयत्न करा. / Too many requests from this address. Please try again in ${s} seconds.`,
    );
    const council = await publicUserId(app);
    if (!council) throw new NotFound('No council account exists yet.');
    reply.header('cache-control', 'no-store');
    return ok(await app.pow.challenge(council));
  });

  // Browser tests read the answer a person would read from the image. Off unless E2E_CAPTCHA_PEEK=1
  // (which config.ts refuses in production); hidden from the OpenAPI document.
  if (app.config.e2eCaptchaPeek) {
    app.get(
      '/api/test/captcha/:captchaId',
      { schema: { hide: true, params: Type.Object({ captchaId: Type.String({ maxLength: 40 }) }) } },
      async (request) => {
        const answer = await app.captcha.peek(request.params.captchaId);
        if (!answer) throw new NotFound('No open captcha with this id.');
        return ok({ answer });
      },
    );
  }
};
export default fp(captchaRoutes, { name: 'captcha' });
