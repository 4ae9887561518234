// Who is acting, for the audit trail, without passing the request through every service: each
// route's handler runs inside an AsyncLocalStorage context holding its request (wrapped at route
// registration, after the guards have set request.council). Work outside a request (the nightly
// backup, a command line tool) has no context and is recorded as the portal's own.
import { AsyncLocalStorage } from 'node:async_hooks';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

export interface AuditActor {
  userId: number | null;
  userName: string | null;
  tokenId: number | null;
  address: string | null;
}

interface RequestContext {
  request: FastifyRequest;
  /** Audit rows this request appended (committed or not): the walk of the write routes reads it. */
  written: number;
}

const context = new AsyncLocalStorage<RequestContext>();

/** The portal itself (a scheduled job, a command run on the server). */
export const PORTAL: AuditActor = { userId: null, userName: null, tokenId: null, address: null };

export function currentActor(): AuditActor {
  const request = context.getStore()?.request;
  if (!request) return PORTAL;
  const council = request.council;
  return {
    userId: council?.userId ?? null,
    userName: council?.username ?? null,
    tokenId: council?.apiTokenId ?? request.apiToken?.id ?? null,
    address: request.ip ?? null,
  };
}

export function noteAuditWritten() {
  const store = context.getStore();
  if (store) store.written++;
}

/** Runs fn as the given request (tests, and jobs a request starts and awaits). */
export const asRequest = <T>(request: FastifyRequest, fn: () => T): T => context.run({ request, written: 0 }, fn);

declare module 'fastify' {
  interface FastifyRequest {
    /** How many audit rows the request's handler appended (set when the handler returns or throws). */
    auditRows?: number;
  }
}

/** Wraps every route's handler in the request's context. Registered before the routes. */
export default fp(async function auditContext(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const handler = route.handler;
    route.handler = function auditedHandler(this: unknown, request, reply) {
      const store: RequestContext = { request, written: 0 };
      return context.run(store, async () => {
        try {
          return await (handler as (...a: unknown[]) => unknown).call(this, request, reply);
        } finally {
          request.auditRows = store.written;
        }
      });
    } as RouteOptions['handler'];
  });
});
