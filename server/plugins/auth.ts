// JWT login tokens and the guards routes use. The council account comes from the verified token
// only: no route reads createdByUserId from a query or body to decide access.
import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from '../lib/errors.ts';

export interface Council {
  userId: number;
  username: string;
  isAdmin: boolean;
}

/** `ver` is the account's token version when the token was issued; logout moves the version up. */
interface TokenPayload {
  sub: string;
  name: string;
  ver: number;
  iat?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in council account; set by requireStaff (and by optionalStaff when a valid token came). */
    council?: Council;
  }
  interface FastifyInstance {
    requireStaff: (request: FastifyRequest) => Promise<void>;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    optionalStaff: (request: FastifyRequest) => Promise<void>;
    signToken: (user: { id: number; username: string; tokenVersion: number }) => string;
  }
}

export const TOKEN_LIFETIME = '2h';
const TOKEN_MAX_AGE_MS = 2 * 60 * 60 * 1000;

export default fp(async function auth(app: FastifyInstance, opts: { secret: string }) {
  await app.register(jwt, {
    secret: opts.secret,
    sign: { algorithm: 'HS256', expiresIn: TOKEN_LIFETIME },
    // One algorithm, an expiry and an age limit are required: a token signed with our secret but
    // made to live forever (no exp, or a far exp) is still refused.
    verify: { algorithms: ['HS256'], requiredClaims: ['sub', 'iat', 'exp', 'ver'], maxAge: TOKEN_MAX_AGE_MS },
  });

  app.decorate('signToken', (user: { id: number; username: string; tokenVersion: number }) =>
    app.jwt.sign({ sub: String(user.id), name: user.username, ver: user.tokenVersion } satisfies TokenPayload),
  );

  // Whatever answers a request that carried a token may hold that council's data (lists, the full
  // Aadhaar number): no browser or proxy may keep a copy.
  app.addHook('onSend', async (request, reply) => {
    if (request.headers.authorization && request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  async function councilFrom(request: FastifyRequest): Promise<Council> {
    if (!request.headers.authorization) throw new Unauthorized('Please log in: this needs a staff login.');
    let payload: TokenPayload;
    try {
      payload = await request.jwtVerify<TokenPayload>();
    } catch (err) {
      const expired = (err as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
      throw new Unauthorized(
        expired ? 'The session has expired. Please log in again.' : 'The login token is not valid. Please log in again.',
      );
    }
    const id = typeof payload.sub === 'string' && /^[1-9]\d{0,9}$/.test(payload.sub) ? Number(payload.sub) : NaN;
    if (!Number.isSafeInteger(id) || id > 2_147_483_647 || !Number.isInteger(payload.ver))
      throw new Unauthorized('The login token is not valid. Please log in again.');
    const user = await app.db.user.findUnique({
      where: { id },
      select: { id: true, username: true, isAdmin: true, passwordChangedAt: true, tokenVersion: true },
    });
    // A token issued before the password last changed (reset) or before a logout no longer counts.
    if (!user || (payload.iat ?? 0) < Math.floor(user.passwordChangedAt.getTime() / 1000) || payload.ver !== user.tokenVersion)
      throw new Unauthorized('The login token is no longer valid. Please log in again.');
    return { userId: user.id, username: user.username, isAdmin: user.isAdmin };
  }

  app.decorate('requireStaff', async (request: FastifyRequest) => {
    request.council = await councilFrom(request);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    request.council = await councilFrom(request);
    if (!request.council.isAdmin) throw new Forbidden('Only an administrator account can do this.');
  });
  // Public routes that show more to the owning council: a bad token just means "anonymous".
  app.decorate('optionalStaff', async (request: FastifyRequest) => {
    if (!request.headers.authorization) return;
    try {
      request.council = await councilFrom(request);
    } catch {
      request.council = undefined;
    }
  });
});

/** The council of a route behind requireStaff. */
export function councilOf(request: FastifyRequest): Council {
  if (!request.council) throw new Unauthorized();
  return request.council;
}
