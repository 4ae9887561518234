// Request limits per API token and per client address, counted in app.limits (in memory on the
// embedded database, in the database on PostgreSQL for every portal process together).
// Every /api answer carries the RateLimit headers (IETF draft "RateLimit header fields for HTTP",
// the RateLimit-Limit/-Remaining/-Reset form) of the bucket the request was counted in: the token's
// when it carried a valid API token (counted by the auth plugin once it knows the token), else the
// address's. Over the limit: 429 with Retry-After and the envelope.
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SharedFixedWindow } from '../modules/cluster/limits.ts';
import { TooMany } from '../lib/errors.ts';

export interface RateLimitOptions {
  /** Requests a minute per API token. */
  perToken: number;
  /** Requests a minute per client address (requests without an API token). */
  perAddress: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: {
      /** Counts the request against its address's bucket; 429 when full. A page's own read
       *  (pageReadHeaders) is not counted. */
      address(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /** Counts the request against the token's bucket; 429 when full. */
      token(tokenId: number, reply: FastifyReply): Promise<void>;
      /** Headers for a server-rendered page's in-process API reads after the first (spa.ts): the
       *  visitor asked for one page, which its first read counted against the address. */
      pageReadHeaders: Record<string, string>;
    };
  }
}

const WINDOW_MS = 60_000;

// A public page reads the API in-process 2–3 times; counting each against the visitor made one
// page cost 2–3 upserts on the primary (which its standby then replays) for a limit of requests a
// visitor sends. The later reads carry this process's own secret, which no client can know.
const PAGE_READ = 'x-gp-page-read';
const pageReadSecret = crypto.randomBytes(24).toString('base64url');

async function charge(window: SharedFixedWindow, key: string, reply: FastifyReply, message: (seconds: number) => string) {
  const s = await window.hit(key);
  reply.header('ratelimit-limit', String(s.limit));
  reply.header('ratelimit-remaining', String(s.remaining));
  reply.header('ratelimit-reset', String(s.resetSeconds));
  reply.header('ratelimit-policy', `${s.limit};w=${WINDOW_MS / 1000}`);
  if (!s.allowed) throw new TooMany(message(s.resetSeconds), s.resetSeconds);
}

export default fp(async function rateLimit(app: FastifyInstance, opts: RateLimitOptions) {
  const tokens = app.limits.fixed('api-token', opts.perToken, WINDOW_MS);
  const addresses = app.limits.fixed('api-address', opts.perAddress, WINDOW_MS);
  app.decorate('rateLimit', {
    async address(request: FastifyRequest, reply: FastifyReply) {
      if (request.headers[PAGE_READ] === pageReadSecret) return;
      return charge(
        addresses,
        request.ip,
        reply,
        (s) => `Too many requests from this address: at most ${opts.perAddress} a minute. Please wait ${s} seconds and try again.`,
      );
    },
    token(tokenId: number, reply: FastifyReply) {
      return charge(
        tokens,
        String(tokenId),
        reply,
        (s) => `Too many requests with this API token: at most ${opts.perToken} a minute. Please wait ${s} seconds and try again.`,
      );
    },
    pageReadHeaders: { [PAGE_READ]: pageReadSecret },
  });
});
