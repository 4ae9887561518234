// OpenAPI generated from the routes' TypeBox schemas: JSON at /api/openapi.json, UI at /api/docs.
// The routes' schema.ts files say what is theirs (operationId, tags, bodies, answers, the errors
// only they give); this plugin adds what follows from how a route is built, the same way for all:
// `security` from its guard, the errors every such route can give (openapi-contract.ts), servers,
// the version and the licence from package.json.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { root } from '../config.ts';
import {
  BEARER,
  BEARER_DESCRIPTION,
  CONVENTIONS,
  ERROR_STATUSES,
  TAGS,
  derivedErrors,
  errorComponents,
  errorRef,
  GUARD,
  securityOf,
  type Guard,
} from './openapi-contract.ts';

interface PackageJson {
  version: string;
  license?: string;
}
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson;

type Marked = { [GUARD]?: Guard };

/** How the route is guarded: app.requireStaff/requireAdmin (or a hook marked GUARD 'staff') need a token. */
export function guardOf(app: FastifyInstance, route: Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler'>): Guard {
  const handlers = [route.onRequest ?? [], route.preValidation ?? [], route.preHandler ?? []].flat() as Array<
    ((...args: never[]) => unknown) & Marked
  >;
  if (handlers.some((h) => h === app.requireStaff || h === app.requireAdmin || h === app.requireOperator || h[GUARD] === 'staff'))
    return 'staff';
  if (handlers.some((h) => h === app.optionalStaff || h[GUARD] === 'optional')) return 'optional';
  return 'none';
}

/** For success answers whose schema names no description (@fastify/swagger writes "Default Response"). */
const SUCCESS: Record<string, string> = {
  '200': 'OK: the envelope with the result',
  '201': 'Created: the envelope with the new record',
  '202': 'Accepted: queued; the envelope says what',
};

const toOpenapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

interface Operation {
  security?: unknown;
  parameters?: Array<{ in: string; required?: boolean; schema?: { default?: unknown } }>;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> } | { $ref: string }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}

/** Adds security and the shared error answers to every operation of the generated document. */
function complete(app: FastifyInstance, doc: Document): Document {
  const routes = new Map<string, RouteOptions>();
  for (const r of app.routeList) for (const m of [r.method].flat()) routes.set(`${m.toLowerCase()} ${toOpenapiPath(r.url)}`, r);
  const used = new Set<number>();
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const route = routes.get(`${method} ${p}`);
      if (!route) continue;
      const guard = guardOf(app, route);
      op.security = securityOf(guard);
      const declared = Object.keys(op.responses)
        .map(Number)
        .filter((status) => status >= 400 && ERROR_STATUSES.includes(status))
        // An error answer of another shape (health's 503 carries the status) stays as the route says.
        .filter((status) => {
          const r = op.responses[status];
          return !('content' in r) || Object.values(r.content ?? {}).every((c) => c.schema?.$ref === '#/components/schemas/ErrorEnvelope');
        });
      const errors = [...new Set([...declared, ...derivedErrors(route, guard)])];
      for (const status of errors) {
        op.responses[status] = errorRef(status);
        used.add(status);
      }
      // A query value with a default may be left out: the server fills it in (pageNumber, pageSize).
      for (const p of op.parameters ?? []) if (p.in === 'query' && p.schema?.default !== undefined) p.required = false;
      for (const [status, r] of Object.entries(op.responses))
        if ('description' in r && r.description === 'Default Response') r.description = SUCCESS[status] ?? r.description;
      op.responses = Object.fromEntries(Object.entries(op.responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
  const { responses, headers } = errorComponents(used);
  doc.components.responses = responses;
  if (Object.keys(headers).length) doc.components.headers = headers;
  return doc;
}

export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Gram Panchayat Portal API',
        version: pkg.version,
        description: CONVENTIONS,
        ...(pkg.license ? { license: { name: pkg.license, url: `https://spdx.org/licenses/${pkg.license}.html` } } : {}),
      },
      servers: [{ url: app.config.publicBaseUrl, description: 'This portal (PUBLIC_BASE_URL)' }],
      tags: TAGS,
      components: { securitySchemes: { bearer: { ...BEARER, description: BEARER_DESCRIPTION } } },
    },
    refResolver: { buildLocalReference: (json, _base, _frag, i) => (json.$id as string) || `def-${i}` },
    transformObject: (documentObject) => complete(app, (documentObject as unknown as { openapiObject: Document }).openapiObject) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
