// GET /api/health: is the portal up and can it reach its database.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../lib/schema.ts';
import { databaseAnswers } from './sql.ts';

const Health = Type.Object({ database: Type.String(), databaseKind: Type.String(), uptimeSeconds: Type.Number() });

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['Health'],
        summary: 'Portal and database status',
        response: {
          200: Envelope(Health, {
            examples: [{ isSuccess: true, message: 'ok', result: { database: 'up', databaseKind: 'postgresql', uptimeSeconds: 86400 } }],
          }),
          503: Type.Object(Envelope(Health).properties, { description: 'The database is not reachable: isSuccess false, database "down"' }),
        },
      },
    },
    async (_request, reply) => {
      const result = { database: 'up', databaseKind: app.dbKind, uptimeSeconds: Math.round(process.uptime()) };
      try {
        await databaseAnswers(app.db);
        return { isSuccess: true, message: 'ok', result };
      } catch (err) {
        app.log.error({ err }, 'health: database unreachable');
        reply.code(503);
        return { isSuccess: false, message: 'The database is not reachable.', result: { ...result, database: 'down' } };
      }
    },
  );
};

export default healthRoutes;
