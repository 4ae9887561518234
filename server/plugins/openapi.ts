// OpenAPI generated from the routes' TypeBox schemas: JSON at /api/openapi.json, UI at /api/docs.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Gram Panchayat Portal API',
        version: '1',
        description:
          'Every response is the envelope { isSuccess, message, result }. Staff routes take a bearer token from POST /api/User/login; ' +
          "the council account is always the token's, never an id from the query or body.",
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    refResolver: { buildLocalReference: (json, _base, _frag, i) => (json.$id as string) || `def-${i}` },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
