// Guards every route's input before its schema sees it: JSON nested deeper than MAX_JSON_DEPTH is
// refused while parsing, and control characters in the body, query or path answer 400 naming the
// field (NUL would otherwise reach PostgreSQL and fail there).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { jsonDepth, MAX_JSON_DEPTH, refuseControlCharacters } from '../lib/input-guard.ts';

export default fp(async function inputGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text) > MAX_JSON_DEPTH)
      return done(
        new AppError(400, `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays.`),
        undefined,
      );
    parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request) => {
    refuseControlCharacters(request.params);
    refuseControlCharacters(request.query);
    refuseControlCharacters(request.body);
  });
});
