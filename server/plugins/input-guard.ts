// Guards every route's input before its schema sees it: JSON nested deeper than MAX_JSON_DEPTH is
// refused while parsing; control characters and ill-formed Unicode in the body, query or path answer
// 400 naming the field (NUL would otherwise reach PostgreSQL and fail there); and a body field the
// route's schema does not name is refused, or, where the spec's earlier client sends extras, dropped
// before the handler sees the body, so no write can take a field nobody declared.
import fp from 'fastify-plugin';
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { closeObjects, dropUndeclared, jsonDepth, MAX_JSON_DEPTH, refuseBadText, type SchemaNode } from '../lib/input-guard.ts';

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

  // A body schema that says `additionalProperties: true` is one the earlier client sends extras to:
  // they are dropped. Every other object of a body refuses what it does not name.
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body as SchemaNode | undefined;
    if (!body || typeof body !== 'object') return;
    if (body.additionalProperties === true) {
      const drop: preValidationHookHandler = async (request) => dropUndeclared(request.body, body);
      route.preValidation = [drop, ...[route.preValidation ?? []].flat()];
    } else {
      route.schema = { ...route.schema, body: closeObjects(body) };
    }
  });

  app.addHook('preValidation', async (request) => {
    refuseBadText(request.params);
    refuseBadText(request.query);
    refuseBadText(request.body);
  });
});
