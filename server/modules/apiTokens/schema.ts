// Contract of /api/ApiTokens: keys for machines (integrators), managed by the council's staff login.
import { Type, type Static } from 'typebox';
import { Envelope, IntId, errors } from '../../lib/schema.ts';
import { API_SCOPES } from '../../../common/api-scopes.ts';

const When = (description: string) => Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

export const ApiTokenView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the secret, to tell tokens apart; the secret itself is never shown again' }),
  scopes: Type.Array(Type.String()),
  expiresAt: When('When the token stops working; null: it does not expire'),
  lastUsedAt: When('When it was last used (noted at most once a minute)'),
  lastUsedIp: Type.Union([Type.String(), Type.Null()], { description: 'The address it was last used from' }),
  revokedAt: When('When it was revoked; null while it works'),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ApiTokenView = Static<typeof ApiTokenView>;

export const CreateApiTokenBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Who or what uses it, e.g. "जिल्हा डॅशबोर्ड"', examples: ['जिल्हा डॅशबोर्ड'] }),
  scopes: Type.Array(Type.String({ maxLength: 40 }), {
    minItems: 1,
    maxItems: API_SCOPES.length,
    description: `One or more of: ${API_SCOPES.join(', ')}`,
    examples: [['certificates:read']],
  }),
  expiresAt: Type.Optional(
    Type.Union([Type.String({ maxLength: 40 }), Type.Null()], {
      description:
        'YYYY-MM-DD (works through that day, India time) or an ISO date-time with its zone; must be in the future. Left out: no expiry',
    }),
  ),
});
export type CreateApiTokenBody = Static<typeof CreateApiTokenBody>;

export const CreatedApiToken = Type.Object({
  id: Type.Integer(),
  token: Type.String({ description: 'The secret, shown this once: send it as Authorization: Bearer <token>' }),
});

const staff = { tags: ['ApiTokens'] };

export const createSchema = {
  ...staff,
  operationId: 'createApiToken',
  summary: 'Make an API token for your council (staff login only); the answer holds the secret, shown once',
  body: CreateApiTokenBody,
  response: { 201: Envelope(CreatedApiToken) },
};
export const listSchema = {
  ...staff,
  operationId: 'getApiTokens',
  summary: "Your council's API tokens, newest first, without their secrets (staff login only)",
  response: { 200: Envelope(Type.Array(ApiTokenView)) },
};
export const revokeSchema = {
  ...staff,
  operationId: 'revokeApiToken',
  summary: 'Revoke an API token of your council: the next request carrying it is refused (staff login only)',
  params: Type.Object({ id: IntId }),
  response: { 200: Envelope(ApiTokenView), ...errors(404) },
};
