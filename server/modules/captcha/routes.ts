// GET /api/captcha. The store is shared with the routes that check answers (app.captcha).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { ok } from '../../lib/schema.ts';
import { NotFound } from '../../lib/errors.ts';
import { SlidingWindow } from '../../lib/rate-limit.ts';
import { captchaSchema } from './schema.ts';
import { CaptchaStore } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaStore;
  }
}

const captchaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.decorate('captcha', new CaptchaStore());
  const perAddress = new SlidingWindow(60);
  app.get('/api/captcha', { schema: captchaSchema }, async (request, reply) => {
    perAddress.take(request.ip, 'Too many captchas from this address. Please wait a minute.');
    reply.header('cache-control', 'no-store');
    return ok(app.captcha.create());
  });

  // Browser tests read the answer a person would read from the image. Off unless E2E_CAPTCHA_PEEK=1
  // (which config.ts refuses in production); hidden from the OpenAPI document.
  if (app.config.e2eCaptchaPeek) {
    app.get(
      '/api/test/captcha/:captchaId',
      { schema: { hide: true, params: Type.Object({ captchaId: Type.String({ maxLength: 40 }) }) } },
      async (request) => {
        const answer = app.captcha.peek(request.params.captchaId);
        if (!answer) throw new NotFound('No open captcha with this id.');
        return ok({ answer });
      },
    );
  }
};
export default fp(captchaRoutes, { name: 'captcha' });
