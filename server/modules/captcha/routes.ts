// GET /api/captcha. The store is shared with the routes that check answers (app.captcha).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { ok } from '../../lib/schema.ts';
import { SlidingWindow } from '../../lib/rate-limit.ts';
import { captchaSchema } from './schema.ts';
import { CaptchaStore } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance { captcha: CaptchaStore }
}

const captchaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.decorate('captcha', new CaptchaStore());
  const perAddress = new SlidingWindow(60);
  app.get('/api/captcha', { schema: captchaSchema }, async (request, reply) => {
    perAddress.take(request.ip, 'Too many captchas from this address. Please wait a minute.');
    reply.header('cache-control', 'no-store');
    return ok(app.captcha.create());
  });
};
export default fp(captchaRoutes, { name: 'captcha' });
