// Which staff routes an API token may call, and with which scope: the one table. The auth plugin
// asks it on every staff route a token reaches; a route it does not know is refused (fail closed),
// and tests/server/api-tokens.test.ts fails when a staff route is in no row.
import { API_SCOPES, type ApiScope } from '../../../common/api-scopes.ts';

/** Only a person logged in as staff: account management, sessions, the tokens themselves. */
export const NEVER = 'never';
export type Access = ApiScope | typeof NEVER;

interface Row {
  /** Matches the route's URL pattern as registered (request.routeOptions.url, e.g. /api/Blog/:id). */
  url: RegExp;
  /** GET and HEAD. */
  read: Access;
  /** POST, PUT, PATCH, DELETE. */
  write: Access;
}

/** First match wins. */
export const ROUTE_SCOPES: Row[] = [
  { url: /^\/api\/(User|ApiTokens)(\/|$)/, read: NEVER, write: NEVER },
  // The audit trail names people and addresses; a backup holds every register with full Aadhaar numbers.
  { url: /^\/api\/(Audit|Backups)(\/|$)/, read: NEVER, write: NEVER },
  // Districts (issue 32) are the operator's and district accounts': many councils' totals at once.
  { url: /^\/api\/(District|Districts)(\/|$)/, read: NEVER, write: NEVER },
  // The key that signs the council's documents.
  { url: /^\/api\/SigningKey$/, read: NEVER, write: NEVER },
  { url: /^\/api\/(Birth|Death|Residence|Marriage)Certificate(\/|$)/, read: 'certificates:read', write: 'certificates:write' },
  // Taking a payment (kar bharna); reading payments and receipts is reading the tax demand.
  { url: /^\/api\/KarImport\/apply-payment-simple$/, read: NEVER, write: 'payments:write' },
  // A read that the spec's client makes with POST: the properties with dues.
  { url: /^\/api\/Properties\/due$/, read: 'properties:read', write: 'properties:read' },
  // The property register (Namuna 8), the tax demand (Namuna 9), tax rates, the import, transfers (ferfar).
  {
    url: /^\/api\/(OwnerProperty|Properties|GrampanchayatImport|KarImport|TaxRates|PropertyTransfer)(\/|$)/,
    read: 'properties:read',
    write: 'properties:write',
  },
  // The outbox, templates and balance belong with sending.
  { url: /^\/api\/Sms\//, read: 'sms:send', write: 'sms:send' },
  // The council's own profile is read to be edited (its version is what If-Match names).
  { url: /^\/api\/(Site|Corosal|Blog)(\/|$)/, read: 'site:write', write: 'site:write' },
  // The bank statement taken into receipts, and the credits waiting for a clerk (issue 30).
  { url: /^\/api\/Reconciliation(\/|$)/, read: 'payments:write', write: 'payments:write' },
];

const READ_METHODS = new Set(['GET', 'HEAD']);

/** What a token needs for the route, or undefined when the table has no row for it (refused). */
export function accessFor(method: string, url: string): Access | undefined {
  const row = ROUTE_SCOPES.find((r) => r.url.test(url));
  if (!row) return undefined;
  return READ_METHODS.has(method.toUpperCase()) ? row.read : row.write;
}

export function isScope(name: string): name is ApiScope {
  return (API_SCOPES as readonly string[]).includes(name);
}
