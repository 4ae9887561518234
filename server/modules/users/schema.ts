// Contract of /api/User: login and registration of council accounts.
import { Type, type Static } from 'typebox';
import { Envelope, errors } from '../../lib/schema.ts';

export const LoginBody = Type.Object(
  {
    username: Type.String({ maxLength: 64, description: 'Account name' }),
    password: Type.String({ maxLength: 200 }),
  },
  { examples: [{ username: 'gp_pimpalgaon', password: 'Pimpalgaon-2026' }] },
);

const LoginResult = Type.Object({
  userName: Type.String(),
  userId: Type.Integer(),
  token: Type.String(),
  role: Type.Optional(
    Type.Union([Type.Literal('council'), Type.Literal('district')], {
      description: 'district: the account reads /api/District/summary only',
    }),
  ),
});

/** The spec's client reads isSuccess/userName/userId/token/message at the top level; the envelope
 *  carries the same values in result. Both are always present on success. */
const loginExample = { userName: 'gp_pimpalgaon', userId: 3, token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIzIn0.c2lnbmF0dXJl' };
export const LoginResponse = Type.Object(
  {
    isSuccess: Type.Boolean(),
    message: Type.String(),
    result: LoginResult,
    userName: Type.String(),
    userId: Type.Integer(),
    token: Type.String(),
  },
  { examples: [{ isSuccess: true, message: 'Login successful', result: loginExample, ...loginExample }] },
);
export type LoginResponse = Static<typeof LoginResponse>;

export const RegisterBody = Type.Object({
  username: Type.String({ maxLength: 64 }),
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 200 }),
  isAdmin: Type.Optional(Type.Boolean({ default: false })),
  role: Type.Optional(
    Type.Union([Type.Literal('council'), Type.Literal('district')], {
      default: 'council',
      description: 'district: an account that reads one district’s totals only (made by the portal’s operator, with districtId)',
    }),
  ),
  districtId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The district of a district account' })),
});

const Account = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  isAdmin: Type.Boolean(),
});
const Me = Type.Object({
  ...Account.properties,
  isOperator: Type.Boolean({
    description: 'The portal’s operator (the administrator ADMIN_USERNAME names): the backups are its alone',
  }),
  role: Type.Optional(Type.Union([Type.Literal('council'), Type.Literal('district')])),
  districtId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});

export const loginSchema = {
  operationId: 'login',
  tags: ['User'],
  summary: 'Log in; answers a bearer token valid for 2 hours',
  body: LoginBody,
  response: {
    200: LoginResponse,
    // 401 a wrong name or password; 429 over the login limit; 503 password checks queued full.
    ...errors(401, 429, 503),
  },
};
export const registerSchema = {
  operationId: 'registerAccount',
  tags: ['User'],
  summary: 'Create a council account (administrator only)',
  body: RegisterBody,
  response: { 201: Envelope(Account), ...errors(409) },
};
export const meSchema = {
  operationId: 'getCurrentAccount',
  tags: ['User'],
  summary: 'The account of the token',
  response: { 200: Envelope(Me), ...errors(404) },
};
export const logoutSchema = {
  operationId: 'logout',
  tags: ['User'],
  summary: 'Log out: ends the tokens of this account on the server (every session of the account)',
  response: { 200: Envelope(Type.Null()) },
};

export const PasswordBody = Type.Object({
  currentPassword: Type.String({ maxLength: 200, description: 'The password the staff member logs in with now' }),
  newPassword: Type.String({ maxLength: 200, description: 'At least 10 characters with a letter and a digit; not a common password' }),
  revokeApiTokens: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        "Also revoke every API token of the council still in use (programs' keys; a password change does not end them otherwise)",
    }),
  ),
});
export const passwordSchema = {
  operationId: 'changePassword',
  tags: ['User'],
  summary: 'Change the password of the logged-in account (staff login only)',
  description:
    'Our addition (issue 25). Every login token of the account ends, this one too: the answer carries a new one. API tokens keep ' +
    'working unless revokeApiTokens is true. A wrong current password answers 403 (the session stays) and counts with the login limit.',
  body: PasswordBody,
  response: {
    200: Envelope(
      Type.Object({
        userId: Type.Integer(),
        userName: Type.String(),
        token: Type.String({ description: 'A new login token: the one the request came with no longer works' }),
        revokedApiTokens: Type.Integer({ description: 'API tokens revoked with the change (0 unless revokeApiTokens)' }),
      }),
    ),
    ...errors(429, 503),
  },
};
