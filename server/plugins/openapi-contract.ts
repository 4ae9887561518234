// What the OpenAPI document says once for every operation: the conventions (info.description), the
// areas (tags), the error answers (components.responses) and which of them each operation can give,
// derived from how the route is guarded and what it reads. plugins/openapi.ts applies it.
import type { RouteOptions } from 'fastify';

/** How a route is guarded: by its preHandler (app.requireStaff, requireAdmin, optionalStaff). */
export type Guard = 'staff' | 'optional' | 'none';

/** A guard made elsewhere (say a per-scope check made by a factory) is documented by setting this
 *  property on the hook function: `check[GUARD] = 'staff'`. tests/server/openapi.test.ts finds a guard
 *  that answers 401 without being documented. */
export const GUARD = Symbol.for('gpp.openapiGuard');

export const BEARER = { type: 'http', scheme: 'bearer' } as const;
export const BEARER_DESCRIPTION =
  'Either a staff login token (POST /api/User/login, valid 2 hours) or an API token (`gpp_…`, made by an administrator on ' +
  'the API tokens screen; it works on the routes its scopes allow). Sent as `Authorization: Bearer <token>`.';

/** The security requirement an operation states. optional: anonymous, or a token that shows more. */
export function securityOf(guard: Guard) {
  if (guard === 'staff') return [{ bearer: [] as string[] }];
  if (guard === 'optional') return [{}, { bearer: [] as string[] }];
  return [];
}

export const TAGS = [
  { name: 'Health', description: 'Is the portal up and can it reach its database.' },
  { name: 'User', description: 'Council (gram panchayat) accounts: login, logout, registration by an administrator.' },
  { name: 'ApiTokens', description: 'API tokens for machines (integrators): made, listed and revoked by an administrator.' },
  { name: 'Site', description: 'The office’s own public content (name, address, statistics, schemes, committees) per council.' },
  { name: 'Corosal', description: 'Home page slides (the spec’s spelling). Reads are public.' },
  { name: 'Blog', description: 'Home page news items. Reads are public.' },
  {
    name: 'Certificates',
    description:
      'Birth, death, residence and marriage certificates (जन्म, मृत्यू, रहिवासी, विवाह दाखले): paged lists, registration, ' +
      'corrections with If-Match, PDFs. The read by id is the public QR page (Aadhaar masked) unless the owning council’s token comes.',
  },
  { name: 'Properties', description: 'The property register (Namuna 8, मालमत्ता नोंदवही): owners, assessment, Excel import, PDF extract.' },
  { name: 'TaxRates', description: 'The council’s assessment rates (ready-reckoner, construction rates, tax rates per 1000).' },
  { name: 'Transfers', description: 'Transfers of property (ferfar, फेरफार): the old owner is kept, marked replaced.' },
  {
    name: 'Tax',
    description: 'The tax demand (Namuna 9, कर मागणी), payments with Namuna 10 receipts, the tax list and the yearly rollover.',
  },
  { name: 'Depreciation', description: 'The yearly depreciation (ghasara, घसारा) update of building values.' },
  { name: 'SMS', description: 'Gram sabha and dues notices through the configured SMS gateway (DLT templates), with per-message status.' },
  {
    name: 'Audit',
    description: 'The audit trail (इतिहास): who changed which record, when, from where; append-only, staff login only.',
  },
  { name: 'Backups', description: 'Backups of the whole portal (database and uploads): list, make one now, download. Staff login only.' },
  {
    name: 'Reconciliation',
    description: 'The bank statement read against the demand bills (बँक विवरण जुळवणी): UPI and bank credits become Namuna 10 receipts.',
  },
  { name: 'Public', description: 'What citizens reach without a login: captcha, property search, QR checks of receipts and certificates.' },
  {
    name: 'District',
    description:
      'Councils grouped into a district (जिल्हा) by the portal’s operator, and a district account’s totals: never records (every other route answers it 403).',
  },
  {
    name: 'Signing',
    description:
      "The key that signs the council's certificates, Namuna 8 extracts and receipts (a DSC, or a self-issued one). Staff login only.",
  },
];

/** The error answers, each the envelope with `isSuccess: false` and `result: null`. */
const ERRORS: Record<number, { name: string; description: string; message: string; retryAfter?: boolean }> = {
  400: {
    name: 'BadRequest',
    description: 'A value is missing or wrong; the message names the field. Also a malformed body or control characters.',
    message: 'pageSize: must be <= 100',
  },
  401: {
    name: 'Unauthorized',
    description: 'No token, or the token is invalid, expired, revoked or logged out (on login: a wrong name or password).',
    message: 'Please log in: this needs a staff login.',
  },
  403: {
    name: 'Forbidden',
    description: 'The token may not do this: an administrator’s action, or an API token without the scope it needs.',
    message: 'Only an administrator account can do this.',
  },
  404: {
    name: 'NotFound',
    description: 'No such record in the token’s council (another council’s record is not found either).',
    message: 'No such property in this council’s register.',
  },
  409: {
    name: 'Conflict',
    description:
      'The record changed since it was read (If-Match names an older version), a number already taken, or an ' +
      'Idempotency-Key used for another payment. The message says which and what to do.',
    message: 'Someone else changed this record after you opened it. Reload it to see their changes, then make yours again.',
  },
  413: { name: 'PayloadTooLarge', description: 'The body or an uploaded file is over the limit.', message: 'The upload is too large.' },
  414: {
    name: 'URITooLong',
    description: 'A path parameter is longer than 100 characters.',
    message: 'A part of the address is too long: at most 100 characters between two slashes.',
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body is not JSON (or multipart/form-data where the operation says so).',
    message: 'Unsupported content type.',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Over the rate limit (per token, or per address on public searches and login). Wait Retry-After seconds.',
    message: 'Too many requests. Please wait a moment and try again.',
    retryAfter: true,
  },
  500: {
    name: 'InternalError',
    description: 'Something failed on the server; details are in its log only.',
    message: 'Something went wrong on the server. Please try again; if it persists, tell the administrator.',
  },
  502: {
    name: 'BadGateway',
    description: 'The SMS gateway did not answer as expected.',
    message: 'SMS शिल्लक मिळाली नाही / Could not read the SMS balance: timeout',
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'The server is at its limit for this kind of work (password checks, image processing), or its database is not ' +
      'answering. Retry after Retry-After seconds.',
    message: 'The server is busy checking other logins. Please try again in a few seconds.',
    retryAfter: true,
  },
};

export const ERROR_STATUSES = Object.keys(ERRORS).map(Number);

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 1, example: 30 },
};

/** components.responses for the statuses the document uses (an unused component is a lint warning). */
export function errorComponents(used: Set<number>) {
  const responses: Record<string, unknown> = {};
  for (const status of [...used].sort()) {
    const e = ERRORS[status];
    responses[e.name] = {
      description: e.description,
      ...(e.retryAfter ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ErrorEnvelope' },
          example: { isSuccess: false, message: e.message, result: null },
        },
      },
    };
  }
  const retry = [...used].some((s) => ERRORS[s].retryAfter);
  return { responses, headers: retry ? { RetryAfter: RETRY_AFTER } : {} };
}

export const errorRef = (status: number) => ({ $ref: `#/components/responses/${ERRORS[status].name}` });

interface RouteSchema {
  body?: unknown;
  consumes?: string[];
}

/** The error statuses an operation can give besides those its schema declares (404, 409, 502, 503…). */
export function derivedErrors(route: RouteOptions, guard: Guard): number[] {
  const schema = (route.schema ?? {}) as RouteSchema;
  // Every route: a control character in the path or query (input guard), or a value its schema refuses;
  // the per-address (or per-token) request limit of plugins/rate-limit.ts; and the database not
  // answering (503, plugins/envelope.ts).
  const out = [400, 429, 500, 503];
  if (guard === 'staff') out.push(401, 403);
  // A path parameter longer than the router keeps (plugins/envelope.ts, frameworkErrorEnvelope).
  if (route.url.includes(':')) out.push(414);
  // A body is limited in size (1 MB of JSON, UPLOAD_LIMIT_MB per file) and must be of a type it reads.
  if (schema.body || schema.consumes?.length) out.push(413, 415);
  return out;
}

/** The conventions, written once (issue 15): the document's info.description. */
export const CONVENTIONS = `The REST API of a Gram Panchayat Portal: what the portal's own screens use, open to integrators
(a district dashboard, a state portal, a village's own app).

## Envelope
Every \`/api\` answer is JSON \`{ "isSuccess": true, "message": "Success", "result": … }\`, errors included:
\`{ "isSuccess": false, "message": "pageSize: must be <= 100", "result": null }\`. The message says what to change,
naming the field (400); 5xx messages are generic, details stay in the server's log. A body field an operation
does not name answers 400 (\`foo: is not an accepted field\`), except where the earlier client sends whole
records back: there the fields the operation does not name are ignored. No body field ever sets a record's
council, id, version or timestamps. PDFs and Excel files are the
exceptions on success (their errors are still the envelope).

## Authentication
\`Authorization: Bearer <token>\`, where the token is either a staff login token (\`POST /api/User/login\`, valid
2 hours) or an API token (\`gpp_…\`, made by an administrator on the API tokens screen, shown once). An API token
works on the routes its scopes allow (\`certificates:read\`, \`certificates:write\`, \`properties:read\`,
\`properties:write\`, \`payments:write\`, \`sms:send\`, \`site:write\`), never on account management; a missing scope
answers 403 naming it. Records always belong to the token's council: an id of another council in a query or
body never widens what a token sees. Operations with \`security: []\` are public.

## Paging
Lists take \`pageNumber\` (from 1, default 1) and \`pageSize\` (default 10, largest 100; more answers 400) and
answer \`{ items (or rows), pageNumber, pageSize, totalPages, totalCount }\`. A search counts its matches up to
10,000: past that \`totalCapped\` is true and \`totalCount\` is 10,000 (show "10,000+").

## Rate limits
Each API token may make \`API_TOKEN_RATE_LIMIT\` requests a minute (120 unless the office set another), every
other \`/api\` request counts against its client address (\`API_ADDRESS_RATE_LIMIT\`). Every \`/api\` answer
carries \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` (seconds) and \`RateLimit-Policy\`. Over
the limit the answer is 429 with \`Retry-After\` (seconds). Login, the captcha and the public property routes
have their own tighter limits per address (the property routes also per council, an hour), also 429 with
\`Retry-After\`; a 503 (server busy, or its database not answering) carries \`Retry-After\` too. The public
property autocomplete and search also take a solved proof-of-work challenge each (\`GET /api/public/pow\`, sent
as \`altcha\`), and a property certificate opened from a council's signed QR link (\`?s=\`) skips the council's limit.

## Idempotency
\`POST /api/KarImport/apply-payment-simple\` takes an \`Idempotency-Key\` header (a fresh UUID per payment the
clerk means). A retry with the same key and the same amounts answers the first payment (200, \`repeated: true\`)
and takes nothing more; the same key with other amounts answers 409.

## Optimistic concurrency
Editable records (certificates, news items, the site profile, the tax rates, properties and their owners
(\`version\` and \`ownerVersion\` on a register row), SMS templates) carry a \`version\`, also sent as the \`ETag\`
(\`"3"\`). Send it back as \`If-Match: "3"\` on \`PUT\`: if someone changed the record since, the answer is 409
and nothing is written. Without \`If-Match\` the fields sent are applied to the newest record.

## Values
Money travels as decimal strings with two places (\`"1276.00"\`); dates as \`YYYY-MM-DD\`; Marathi text as UTF-8.
Field names are the earlier client's, kept exactly (\`malmattaNo\`, \`paid_gharpatti\`).`;
