// Login tokens (JWT) and API tokens (gpp_…), the guards routes use, and the one tenant-scoping rule
// (ownCouncil, ownRecord below). The council account comes from the verified token only: no route
// reads createdByUserId from a query or body to decide access.
// An API token reaches a staff route only when its scopes cover the route in the one table,
// server/modules/apiTokens/scopes.ts; a route missing from the table is refused to tokens.
import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, NotFound, Unauthorized } from '../lib/errors.ts';
import { apiTokenSecret, authenticateToken, type AuthenticatedToken } from '../modules/apiTokens/service.ts';
import { accessFor, NEVER } from '../modules/apiTokens/scopes.ts';
import { sessionAccounts } from '../modules/users/sessions.ts';
import type { OpenDatabase } from '../db/open.ts';

export interface Council {
  userId: number;
  username: string;
  isAdmin: boolean;
  /** Set when the request came with an API token rather than a staff login. */
  apiTokenId?: number;
  /** Set for a district account (issue 32): it reaches DISTRICT_ROUTES only. */
  districtId?: number;
}

/** What a district account may call: its district's totals and its own login. Every other route
 *  behind a login answers it 403 (a district reads totals, never a council's records). */
export const DISTRICT_ROUTES = new Set([
  'GET /api/District/summary',
  'GET /api/User/me',
  'POST /api/User/logout',
  'PUT /api/User/password',
]);
const DISTRICT_REFUSAL =
  'जिल्हा खाते फक्त एकूण आकडे पाहू शकते, ग्रामपंचायतींच्या नोंदी नाही. / A district account sees totals only, never a council’s records.';

/** `ver` is the account's token version when the token was issued; logout moves the version up. */
interface TokenPayload {
  sub: string;
  name: string;
  ver: number;
  iat?: number;
  /** A district account's district: such a token is refused before any route reads its input. */
  dst?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in council account; set by requireStaff (and by optionalStaff when a valid token came). */
    council?: Council;
    /** The API token the request carried (checked and counted in onRequest). */
    apiToken?: AuthenticatedToken;
  }
  interface FastifyInstance {
    requireStaff: (request: FastifyRequest) => Promise<void>;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** The portal's operator: the administrator account ADMIN_USERNAME names (backups hold every council's records). */
    requireOperator: (request: FastifyRequest) => Promise<void>;
    /** Whether an account is that operator (GET /api/User/me says so, for the dashboard). */
    isOperator: (account: { username: string; isAdmin: boolean }) => boolean;
    optionalStaff: (request: FastifyRequest) => Promise<void>;
    signToken: (user: { id: number; username: string; tokenVersion: number; districtId?: number | null }) => string;
  }
}

export const TOKEN_LIFETIME = '2h';
const TOKEN_MAX_AGE_MS = 2 * 60 * 60 * 1000;
/** How far a token's issue time may lie ahead of this server's clock (another server's clock, a
 *  little off). The age limit counts from iat, so a token "issued" next year would live until then. */
export const TOKEN_CLOCK_SKEW_S = 60;

export default fp(async function auth(app: FastifyInstance, opts: { secret: string; operator: string; listen?: OpenDatabase['listen'] }) {
  await app.register(jwt, {
    secret: opts.secret,
    sign: { algorithm: 'HS256', expiresIn: TOKEN_LIFETIME },
    // One algorithm, an expiry and an age limit are required: a token signed with our secret but
    // made to live forever (no exp, or a far exp) is still refused.
    verify: { algorithms: ['HS256'], requiredClaims: ['sub', 'iat', 'exp', 'ver'], maxAge: TOKEN_MAX_AGE_MS },
  });

  const readAccount = await sessionAccounts(app.db, opts.listen);

  app.decorate('signToken', (user: { id: number; username: string; tokenVersion: number; districtId?: number | null }) =>
    app.jwt.sign({
      sub: String(user.id),
      name: user.username,
      ver: user.tokenVersion,
      ...(user.districtId ? { dst: user.districtId } : {}),
    } satisfies TokenPayload),
  );

  // A district account (issue 32) reads totals only: every route behind a login but its own refuses
  // its token with 403 before the route reads its input (councilFrom checks the account again).
  async function refuseDistrict(request: FastifyRequest) {
    const auth = request.headers.authorization;
    if (!auth || apiTokenSecret(auth)) return;
    const claimed = app.jwt.decode<TokenPayload>(auth.replace(/^Bearer\s+/i, ''));
    if (!claimed?.dst) return;
    try {
      await request.jwtVerify();
    } catch {
      return; // not ours: the route's guard answers 401
    }
    throw new Forbidden(DISTRICT_REFUSAL);
  }
  app.addHook('onRoute', (route) => {
    const guards: unknown[] = [route.preHandler].flat();
    const guarded = guards.some(
      (h) => h === app.requireStaff || h === app.requireAdmin || h === app.requireOperator || h === app.optionalStaff,
    );
    const methods = [route.method].flat().filter((m) => !DISTRICT_ROUTES.has(`${m} ${route.url}`));
    if (guarded && methods.length)
      route.preValidation = [...[route.preValidation ?? []].flat(), refuseDistrict] as typeof route.preValidation;
  });

  // Whatever answers a request that carried a token may hold that council's data (lists, the full
  // Aadhaar number): no browser or proxy may keep a copy.
  app.addHook('onSend', async (request, reply) => {
    if (request.headers.authorization && request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  // Every /api request is counted once, before anything else is done for it: against its API
  // token when it carries a valid one (which also sets request.apiToken), else against its address.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const secret = apiTokenSecret(request.headers.authorization);
    if (!secret) return app.rateLimit.address(request, reply);
    let token: AuthenticatedToken;
    try {
      token = await authenticateToken(app.db, secret, request.ip);
    } catch (err) {
      // A wrong token is counted against the address, so guessing tokens is limited like any request.
      await app.rateLimit.address(request, reply);
      throw err;
    }
    await app.rateLimit.token(token.id, reply);
    request.apiToken = token;
  });

  /** The council of an API token, when its scopes cover the route; 403 naming what is missing otherwise. */
  function councilOfToken(request: FastifyRequest, token: AuthenticatedToken): Council {
    const url = request.routeOptions.url;
    const route = `${request.method} ${url ?? request.url.split('?')[0]}`;
    const access = url ? accessFor(request.method, url) : undefined;
    if (access === NEVER)
      throw new Forbidden(`API tokens cannot use ${route}: accounts, sessions and tokens are managed only with a staff login.`);
    if (!access) throw new Forbidden(`API tokens cannot use ${route}: it is not open to API tokens.`);
    if (!token.scopes.includes(access))
      throw new Forbidden(`This API token lacks the scope ${access}, which ${route} needs. Ask the council office for a token with it.`);
    return { userId: token.council.userId, username: token.council.username, isAdmin: false, apiTokenId: token.id };
  }

  async function councilFrom(request: FastifyRequest): Promise<Council> {
    if (request.apiToken) return councilOfToken(request, request.apiToken);
    if (!request.headers.authorization) throw new Unauthorized('Please log in: this needs a staff login.');
    // Never handed to the JWT check: an API token outside /api was not checked in onRequest.
    if (apiTokenSecret(request.headers.authorization)) throw new Unauthorized('The API token is not valid here.');
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
    if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + TOKEN_CLOCK_SKEW_S)
      throw new Unauthorized('The login token is not valid. Please log in again.');
    const user = await readAccount(id);
    // A token issued before the password last changed (reset) or before a logout no longer counts.
    if (!user || (payload.iat ?? 0) < Math.floor(user.passwordChangedAt.getTime() / 1000) || payload.ver !== user.tokenVersion)
      throw new Unauthorized('The login token is no longer valid. Please log in again.');
    if (user.districtId !== null) {
      const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
      if (!DISTRICT_ROUTES.has(route)) throw new Forbidden(DISTRICT_REFUSAL);
      return { userId: user.id, username: user.username, isAdmin: false, districtId: user.districtId };
    }
    return { userId: user.id, username: user.username, isAdmin: user.isAdmin };
  }

  app.decorate('requireStaff', async (request: FastifyRequest) => {
    request.council = await councilFrom(request);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    request.council = await councilFrom(request);
    if (request.council.apiTokenId) throw new Forbidden('API tokens cannot do this: it needs an administrator logged in as staff.');
    if (!request.council.isAdmin) throw new Forbidden('Only an administrator account can do this.');
  });
  // A backup holds every council's records with full Aadhaar numbers: it is the portal operator's, the
  // administrator account ADMIN_USERNAME names (the first account, made at install; a panchayat
  // hosting itself logs in with it). Another council's administrator may not take it: 403.
  const operator = opts.operator.trim().toLowerCase();
  app.decorate(
    'isOperator',
    (account: { username: string; isAdmin: boolean }) => account.isAdmin && account.username.toLowerCase() === operator,
  );
  app.decorate('requireOperator', async (request: FastifyRequest) => {
    await app.requireAdmin(request);
    if (!app.isOperator(councilOf(request)))
      throw new Forbidden(
        'बॅकअपमध्ये सर्व ग्रामपंचायतींच्या नोंदी असतात: फक्त पोर्टल चालवणारे खाते (ADMIN_USERNAME) ते घेऊ शकते. / ' +
          "A backup holds every council's records: only the portal's operator account (ADMIN_USERNAME) may list, make or download backups.",
      );
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

/** Who did it, as the books and audit records name them: the staff login, or the API token. */
export function actorOf(request: FastifyRequest): string {
  if (request.apiToken) return `API token "${request.apiToken.name}" (#${request.apiToken.id})`;
  return councilOf(request).username;
}

/** The council of a route behind requireStaff. */
export function councilOf(request: FastifyRequest): Council {
  if (!request.council) throw new Unauthorized();
  return request.council;
}

// Tenant scoping, the one rule. A staff route works for the council of its token, and whatever belongs
// to another council is answered as what does not exist: 404 with the route's not-found message
// (plugins/openapi-contract.ts documents it so), never 403 or an empty page, so no id tells one
// council anything about another. Services take the council id and put it in every query; these two
// helpers are where a route or service compares a council id itself.

/** The answer for a council id of another council when the route names no record of its own. */
export const NO_SUCH_COUNCIL = 'No such council account for this login.';

/** The council id of a route behind requireStaff. The earlier client sends its council's id along
 *  (userId, createdByUserId or grampanchayatId in the path, query or body): `sent`, when it names a
 *  council, must be this one; another council's answers 404 with `notFound`, the message of the
 *  record the route reads, as for a record that does not exist. */
export function ownCouncil(request: FastifyRequest, sent?: number | null, notFound = NO_SUCH_COUNCIL): number {
  const council = councilOf(request).userId;
  if (sent && sent !== council) throw new NotFound(notFound);
  return council;
}

/** A row read by its id alone (a certificate, whose QR page is public): the row when it is the
 *  council's; another council's, or none, answers 404 with `notFound`. */
export function ownRecord<T extends { createdByUserId?: unknown }>(row: T | null | undefined, councilId: number, notFound: string): T {
  if (!row || row.createdByUserId !== councilId) throw new NotFound(notFound);
  return row;
}
