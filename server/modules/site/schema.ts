// Contract of /api/Site: the office's own public content (name, address, statistics, schools,
// schemes, committees, services) as data per council account.
import { Type, type Static } from 'typebox';
import { ETAG, Envelope, IfMatchHeaders, IntId, errors, ok } from '../../lib/schema.ts';

const Text = (maxLength: number, description?: string) => Type.String({ maxLength, description });
/** Required text: the route trims strings first, so blank counts as empty. */
const Filled = (maxLength: number, description?: string) => Type.String({ minLength: 1, maxLength, description });
const TextList = (maxItems: number, maxLength = 500) => Type.Array(Filled(maxLength), { maxItems });

export const BENEFICIARIES = ['Farmer', 'Student', 'Women', 'Senior', 'General', 'Business'] as const;

export const Stat = Type.Object({
  /** Lets the web pick an icon and know which card opens the schools/anganwadi list. */
  key: Type.Optional(
    Type.String({ maxLength: 40, pattern: '^[a-z][a-zA-Z0-9]*$', description: 'population, families, farmland, schools, anganwadis, …' }),
  ),
  label: Filled(100, 'e.g. लोकसंख्या'),
  value: Filled(50, 'e.g. 2,500+'),
});
export type Stat = Static<typeof Stat>;

/** A school (शाळा) or anganwadi centre (अंगणवाडी केंद्र). */
export const Centre = Type.Object({
  name: Filled(200),
  head: Text(200, 'Principal of a school, supervisor (sevika) of an anganwadi'),
  children: Type.Integer({ minimum: 0, maximum: 100000, description: 'Students or children' }),
  teachers: Type.Integer({ minimum: 0, maximum: 10000, description: 'Teachers or staff' }),
});
export type Centre = Static<typeof Centre>;

// yojana: a government scheme
export const Scheme = Type.Object({
  title: Filled(200),
  description: Text(1000),
  badge: Text(60, 'Short label on the card'),
  beneficiary: Type.Enum(BENEFICIARIES, { description: 'Category of the beneficiary filter (the filter adds All)' }),
  details: Text(4000),
  eligibility: TextList(30),
  benefits: TextList(30),
});
export type Scheme = Static<typeof Scheme>;

// samiti: a village committee
export const Committee = Type.Object({
  name: Filled(200),
  chairperson: Text(200),
  viceChairperson: Text(200),
  members: TextList(50, 200),
  responsibilities: TextList(30),
});
export type Committee = Static<typeof Committee>;

// seva: a service the office gives
export const Service = Type.Object({ title: Filled(200), description: Text(1000) });
export type Service = Static<typeof Service>;

// One schema with two types, not anyOf: ajv's type coercion would turn null into 0 in an anyOf's number branch.
const Coordinate = (limit: number) =>
  Type.Unsafe<number | null>({ type: ['number', 'null'], minimum: -limit, maximum: limit, description: 'Degrees; null when not set' });

export const SiteProfileBody = Type.Object({
  officeName: Filled(200, 'Marathi name, e.g. ग्रामपंचायत कार्यालय, …'),
  officeNameEnglish: Text(200),
  block: Text(100, 'Taluka (block), Marathi'),
  blockEnglish: Text(100),
  district: Text(100, 'District, Marathi'),
  districtEnglish: Text(100),
  address: Text(500),
  postalCode: Text(10, 'PIN code: 6 digits, or empty'),
  phone: Text(20),
  email: Text(254),
  logoUrl: Text(500, 'https:// address or a path on this site; empty for the built-in emblem'),
  // Our addition: the spec's footer icons pointed to "#". Optional in a save, so a client that
  // does not know them keeps what the office entered.
  facebookUrl: Type.Optional(Text(500, "The office's Facebook page, https://…; empty: no icon")),
  twitterUrl: Type.Optional(Text(500, "The office's X (Twitter) account, https://…; empty: no icon")),
  instagramUrl: Type.Optional(Text(500, "The office's Instagram account, https://…; empty: no icon")),
  // Issue 30: with a UPI id, every 9-क bill and the public property result carry a UPI QR code.
  upiId: Type.Optional(Text(100, "The panchayat bank account's UPI id (VPA), name@handle; empty: no UPI QR")),
  upiPayeeName: Type.Optional(Text(100, 'The payee name UPI apps show; empty: the office name')),
  latitude: Coordinate(90),
  longitude: Coordinate(180),
  summary: Text(4000),
  stats: Type.Array(Stat, { maxItems: 12 }),
  facilities: TextList(30, 200),
  schools: Type.Array(Centre, { maxItems: 30 }),
  anganwadis: Type.Array(Centre, { maxItems: 30 }),
  schemes: Type.Array(Scheme, { maxItems: 60 }),
  committees: Type.Array(Committee, { maxItems: 20 }),
  services: Type.Array(Service, { maxItems: 60 }),
});
export type SiteProfileBody = Static<typeof SiteProfileBody>;

/** As stored: every text may be empty, the office name too until the office enters it (a new
 *  council's profile holds nothing about the village; readers leave empty fields out). */
export const SiteProfile = Type.Object({
  createdByUserId: Type.Integer(),
  version: Type.Integer({ description: 'Moves up on every save (0: never saved); send it back as If-Match on PUT' }),
  ...SiteProfileBody.properties,
  officeName: Text(200, 'Marathi name; empty until the office enters it'),
  facebookUrl: Text(500),
  twitterUrl: Text(500),
  instagramUrl: Text(500),
  upiId: Text(100),
  upiPayeeName: Text(100),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type SiteProfile = Static<typeof SiteProfile>;

export const ProfileQuery = Type.Object({
  userId: Type.Optional(IntId),
});

export const publicProfileSchema = {
  operationId: 'getSiteProfile',
  tags: ['Site'],
  summary: 'The public site profile (default public council, or ?userId=)',
  description: 'Public content, no token. Our addition: the spec had this content fixed in the page code.',
  querystring: ProfileQuery,
  response: { 200: Envelope(SiteProfile), ...errors(404) },
};
export const mineSchema = {
  operationId: 'getMySiteProfile',
  tags: ['Site'],
  summary: "The token's council's site profile (for the edit screen)",
  response: { 200: Envelope(SiteProfile, { headers: ETAG }) },
};
export const updateSchema = {
  operationId: 'updateSiteProfile',
  tags: ['Site'],
  summary: "Replace the token's council's site profile; with If-Match (its version), 409 when someone saved it since",
  // A client may send back what it read, version included: accepted and ignored (If-Match counts).
  body: Type.Object({ ...SiteProfileBody.properties, version: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })) }),
  headers: IfMatchHeaders,
  response: { 200: Envelope(SiteProfile, { headers: ETAG }), ...errors(404, 409) },
};

// The first-run setup's state, for the staff dashboard.
export const SetupStatus = Type.Object({
  complete: Type.Boolean({ description: 'Every required setup field is filled' }),
  missing: Type.Array(Type.String(), { description: 'Required setup fields still empty (common/site-setup.ts)' }),
  missingOptional: Type.Array(Type.String(), { description: 'Optional setup fields still empty' }),
  publicBaseUrl: Type.String({ description: 'The address certificate QR codes point at (PUBLIC_BASE_URL)' }),
  publicBaseUrlSet: Type.Boolean({ description: 'PUBLIC_BASE_URL is set in the environment' }),
  publicBaseUrlLocal: Type.Boolean({ description: 'The address names this computer (localhost): QR codes will not open on a phone' }),
});
export type SetupStatus = Static<typeof SetupStatus>;

export const setupSchema = {
  operationId: 'getSiteSetup',
  tags: ['Site'],
  summary: "What the token's council still has to enter, and whether QR codes can reach the portal",
  description: 'Staff only. Our addition (issue 14): drives the first-run setup and the dashboard notice.',
  response: { 200: Envelope(SetupStatus) },
};

export const LogoResult = Type.Object({
  logoUrl: Type.String({ description: "Path of the stored logo under /uploads/site/; save it as the profile's logoUrl" }),
});
export const logoSchema = {
  operationId: 'uploadSiteLogo',
  tags: ['Site'],
  summary: 'Upload the office logo (multipart/form-data)',
  description:
    'Part `LogoFile`: a JPEG, PNG or WebP image, checked by content, at most UPLOAD_LIMIT_MB (else 413). Stored as ' +
    'a PNG of at most 256 px; the answer is its path, which PUT /api/Site/profile saves as logoUrl. Our addition (issue 14).',
  consumes: ['multipart/form-data'],
  response: {
    201: Envelope(LogoResult, { examples: [ok({ logoUrl: '/uploads/site/logo-5e0c1f9a2b3d4c6e.png' }, 'Logo uploaded')] }),
    ...errors(413, 503),
  },
};
