// The scopes an API token may carry, with the labels the staff screen shows. The server's route
// table (server/modules/apiTokens/scopes.ts) says which routes each scope opens.

export const API_SCOPES = [
  'certificates:read',
  'certificates:write',
  'properties:read',
  'properties:write',
  'payments:write',
  'sms:send',
  'site:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, { mr: string; en: string }> = {
  'certificates:read': { mr: 'प्रमाणपत्रे पाहणे', en: 'Read certificates' },
  'certificates:write': { mr: 'प्रमाणपत्रे नोंदवणे व बदलणे', en: 'Register and change certificates' },
  'properties:read': { mr: 'मालमत्ता नोंदवही, कर मागणी व फेरफार पाहणे', en: 'Read the property register, tax demand and transfers' },
  'properties:write': { mr: 'मालमत्ता नोंदवही, कर दर व फेरफार बदलणे', en: 'Change the property register, tax rates and transfers' },
  'payments:write': { mr: 'कर भरणा घेणे', en: 'Take tax payments' },
  'sms:send': { mr: 'SMS पाठवणे', en: 'Send SMS notices' },
  'site:write': { mr: 'संकेतस्थळ माहिती, बातम्या व फोटो बदलणे', en: 'Change the site profile, news and photos' },
};

/** Every secret starts with this, so the server tells it from a login token (JWT) before verifying. */
export const API_TOKEN_PREFIX = 'gpp_';
