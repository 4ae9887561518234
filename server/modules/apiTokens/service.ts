// API tokens: made, listed and revoked by a council's staff; checked on every request that carries one.
import crypto from 'node:crypto';
import { inTransaction, type DbOrTx } from '../../db/transaction.ts';
import { changesOf, recordAudit } from '../audit/record.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { Invalid, NotFound, Unauthorized } from '../../lib/errors.ts';
import { API_SCOPES, API_TOKEN_PREFIX, type ApiScope } from '../../../common/api-scopes.ts';
import { parseIsoDate } from '../../../common/dates.ts';
import { isScope } from './scopes.ts';
import type { ApiTokenView } from './schema.ts';

/** 32 random bytes: 43 base64url characters after the prefix. */
const SECRET_BYTES = 32;
const SECRET_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/** How much of the secret the list shows ("gpp_Xy3k9Q…"): enough to tell tokens apart, far too little to guess the rest. */
const SHOWN_LENGTH = API_TOKEN_PREFIX.length + 6;
/** lastUsedAt/lastUsedIp are written at most this often per token, so reads do not all become writes. */
export const LAST_USED_EVERY_MS = 60_000;
const MAX_TOKENS_PER_COUNCIL = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The secret's hash as stored. A plain SHA-256 is enough (no bcrypt): the secret is 256 random
 *  bits, not a password a person chose, so there is no dictionary to try and nothing to slow down;
 *  and a fast hash lets every request find its token through the unique index. */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

/** The secret of `Authorization: Bearer gpp_…`, or undefined when the header holds something else (a JWT). */
export function apiTokenSecret(authorization: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return m && m[1].startsWith(API_TOKEN_PREFIX) ? m[1] : undefined;
}

/** End of the given day in India (the token works through that day), or the exact moment given. */
function parseExpiry(value: string, now: Date): Date {
  const v = value.trim();
  let at: Date;
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const day = parseIsoDate(v);
    if (!day) throw new Invalid('expiresAt', `is not a real date ("${value}"); use YYYY-MM-DD`);
    // Midnight after that day in India (UTC+05:30).
    at = new Date(day.getTime() + DAY_MS - IST_OFFSET_MS);
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) {
    at = new Date(v);
    if (!parseIsoDate(v) || Number.isNaN(at.getTime())) throw new Invalid('expiresAt', `is not a real date-time ("${value}")`);
  } else {
    throw new Invalid('expiresAt', `is not a date ("${value}"); use YYYY-MM-DD or an ISO date-time with its time zone`);
  }
  if (at.getTime() <= now.getTime()) throw new Invalid('expiresAt', 'must be in the future: a token that has already expired is of no use');
  return at;
}

function checkScopes(scopes: string[]): ApiScope[] {
  if (!scopes.length) throw new Invalid('scopes', `choose at least one of ${API_SCOPES.join(', ')}`);
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length)
    throw new Invalid(
      'scopes',
      `Unknown scope ${unknown.map((s) => `"${s}"`).join(', ')} in scopes; the scopes are ${API_SCOPES.join(', ')}.`,
    );
  // Kept in the table's order, each once.
  return API_SCOPES.filter((s) => scopes.includes(s));
}

export async function createToken(
  db: DbOrTx,
  councilId: number,
  input: { name: string; scopes: string[]; expiresAt?: string | null },
  now = new Date(),
) {
  const name = input.name.trim();
  if (!name) throw new Invalid('name', 'must not be empty: name the program or partner that will use the token');
  const scopes = checkScopes(input.scopes);
  const expiresAt = input.expiresAt ? parseExpiry(input.expiresAt, now) : null;
  const live = await db.apiToken.count({ where: { createdByUserId: councilId, revokedAt: null } });
  if (live >= MAX_TOKENS_PER_COUNCIL)
    throw new Invalid('name', `cannot add a token: this council already has ${live} tokens in use; revoke the ones no longer needed first`);
  const token = API_TOKEN_PREFIX + crypto.randomBytes(SECRET_BYTES).toString('base64url');
  return inTransaction(db, async (tx) => {
    const row = await tx.apiToken.create({
      data: { createdByUserId: councilId, name, scopes, expiresAt, tokenHash: hashSecret(token), prefix: token.slice(0, SHOWN_LENGTH) },
    });
    // The shown prefix tells tokens apart as the list does; the secret and its hash never enter the trail.
    await recordAudit(tx, {
      councilId,
      entity: 'ApiToken',
      entityId: row.id,
      action: 'create',
      changes: changesOf(null, row, ['name', 'prefix', 'scopes', 'expiresAt']),
    });
    return { id: row.id, token };
  });
}

const listed = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  expiresAt: true,
  lastUsedAt: true,
  lastUsedIp: true,
  revokedAt: true,
  createdAt: true,
} as const;

type Listed = Prisma.ApiTokenGetPayload<{ select: typeof listed }>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
function view(row: Listed): ApiTokenView {
  return {
    ...row,
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The council's tokens, newest first, without any secret (only the hash is stored anyway). */
export async function listTokens(db: DbOrTx, councilId: number): Promise<ApiTokenView[]> {
  const rows = await db.apiToken.findMany({ where: { createdByUserId: councilId }, select: listed, orderBy: { id: 'desc' } });
  return rows.map(view);
}

/** Revokes a token of the council; the next request carrying it is refused. Revoking twice keeps the first time. */
export async function revokeToken(db: DbOrTx, councilId: number, id: number, now = new Date()): Promise<ApiTokenView> {
  return inTransaction(db, async (tx) => {
    const found = await tx.apiToken.findFirst({ where: { id, createdByUserId: councilId }, select: listed });
    if (!found) throw new NotFound('No such API token for this council.');
    if (!found.revokedAt) await tx.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
    const after = await tx.apiToken.findUniqueOrThrow({ where: { id }, select: listed });
    // A second revoke changes nothing but is still the clerk's act: its row has no changes.
    await recordAudit(tx, {
      councilId,
      entity: 'ApiToken',
      entityId: id,
      action: 'revoke',
      changes: changesOf(found, after, ['revokedAt']),
    });
    return view(after);
  });
}

/** The council's tokens that still work: not revoked, not expired. A password reset says how many. */
export function liveTokenCount(db: DbOrTx, councilId: number, now = new Date()): Promise<number> {
  return db.apiToken.count({
    where: { createdByUserId: councilId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
  });
}

/** Revokes every token of the council still in use (with a password reset, when the staff choose it);
 *  answers how many. */
export async function revokeAllTokens(db: DbOrTx, councilId: number, now = new Date()): Promise<number> {
  const { count } = await db.apiToken.updateMany({
    where: { createdByUserId: councilId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    data: { revokedAt: now },
  });
  return count;
}

export interface AuthenticatedToken {
  id: number;
  name: string;
  scopes: string[];
  council: { userId: number; username: string };
}

/** The live token the secret belongs to, or 401 saying why not. Notes when and from where it was
 *  used, at most once a minute per token (and whenever the address changes). */
export async function authenticateToken(db: DbOrTx, secret: string, ip: string, now = new Date()): Promise<AuthenticatedToken> {
  if (!SECRET_SHAPE.test(secret)) throw new Unauthorized('The API token is not valid: check that it was copied whole.');
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hashSecret(secret) },
    select: {
      id: true,
      name: true,
      scopes: true,
      expiresAt: true,
      revokedAt: true,
      lastUsedAt: true,
      lastUsedIp: true,
      user: { select: { id: true, username: true } },
    },
  });
  if (!row) throw new Unauthorized('The API token is not valid: check that it was copied whole.');
  if (row.revokedAt) throw new Unauthorized('The API token was revoked. Ask the council office for a new one.');
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime())
    throw new Unauthorized(`The API token expired on ${row.expiresAt.toISOString()}. Ask the council office for a new one.`);
  const ipShort = ip.slice(0, 64);
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS || row.lastUsedIp !== ipShort) {
    // Conditional, so a burst of requests that all read the old time write it once.
    await db.apiToken.updateMany({
      where: {
        id: row.id,
        OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: new Date(now.getTime() - LAST_USED_EVERY_MS) } }, { NOT: { lastUsedIp: ipShort } }],
      },
      data: { lastUsedAt: now, lastUsedIp: ipShort },
    });
  }
  return { id: row.id, name: row.name, scopes: row.scopes, council: { userId: row.user.id, username: row.user.username } };
}
