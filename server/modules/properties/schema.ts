// Contract of the property register (Namuna 8): registration, the paged list, corrections, the
// Excel import, the extract, and what the public pages show. The rates are the assessment area's
// (server/modules/assessment/schema.ts).
import { MESSAGES } from '../../../common/glossary.ts';
import {
  Type,
  type Static,
  type TInteger,
  type TNull,
  type TNumber,
  type TOptional,
  type TSchema,
  type TString,
  type TUnion,
} from 'typebox';
import {
  CERTIFICATE_VIEW,
  PROPERTY_COLUMNS,
  PROPERTY_INPUTS,
  PUBLIC_VIEW,
  type PropertyColumn,
  type PropertyInput,
} from '../../../common/property/columns.ts';
import { TAX_HEADS, type TaxHeadKey } from '../../../common/property/tax.ts';
import { Envelope, XLSX, errors, fileResponse, ok, putAndPost } from '../../lib/schema.ts';
import { AssessmentChangeFields } from '../assessment/schema.ts';
import { IMPORT_LIMIT_ROWS, WORKBOOK_LIMITS, megabytes } from './excel.ts';

// ---------------------------------------------------------------- the register (Namuna 8)

const Text = (maxLength: number, description?: string) => Type.String({ maxLength, description });
const Required = (maxLength: number, description?: string) => Type.String({ minLength: 1, maxLength, description });
/** Numbers of the form may come as numbers or text ("" for an empty box, which counts as 0). */
const Amount = (description: string) => Type.Union([Type.String({ maxLength: 20 }), Type.Number()], { description });
type TAmount = TUnion<[TString, TNumber]>;

// The schemas are built from the property table, common/property/columns.ts; the types below say
// what each kind of column becomes, so the built objects keep their field types.
type Column = (typeof PROPERTY_COLUMNS)[number];
type Input = (typeof PROPERTY_INPUTS)[number];

/** The body field of what a clerk types into a column. */
function bodyField(input: PropertyInput): TSchema {
  const a = input.accepts;
  if (a.t === 'text') return input.required ? Required(a.max, input.about) : Type.Optional(Text(a.max, input.about));
  if (a.t === 'year') return Type.Optional(Type.Union([Type.String({ maxLength: 6 }), Type.Integer()], { description: input.about }));
  return Type.Optional(a.nullable ? Type.Union([Amount(input.about), Type.Null()]) : Amount(input.about));
}
type BodyField<I> = I extends { accepts: { t: 'text' } }
  ? I extends { required: true }
    ? TString
    : TOptional<TString>
  : I extends { accepts: { t: 'year' } }
    ? TOptional<TUnion<[TString, TInteger]>>
    : I extends { accepts: { nullable: true } }
      ? TOptional<TUnion<[TAmount, TNull]>>
      : TOptional<TAmount>;
type Aliased = Extract<Input, { input: { alias: object } }>;
type BodyFields = { [C in Input as C['name']]: BodyField<C['input']> } & {
  [C in Aliased as C['input']['alias']['name']]: TOptional<TAmount>;
};

/** What the clerk records, in the table's order (an alias right after its field). The tax columns
 *  are computed from these and the council's rates; a client that sends them (the earlier one did)
 *  has them ignored. */
export const PropertyFields = Object.fromEntries(
  PROPERTY_INPUTS.flatMap((c) => {
    const input: PropertyInput = c.input;
    return [[c.name, bodyField(input)], ...(input.alias ? [[input.alias.name, Type.Optional(Amount(input.alias.about))]] : [])];
  }),
) as BodyFields;

const registerExample = {
  malmattaNo: '१२/अ',
  malkacheNav: 'रमेश गणपत पाटील',
  bhogwatdarakNav: 'स्वतः',
  mobileNo: '9812345670',
  gatNo: '45',
  citySurveyNo: '102',
  malmattaVarnan: 'आर.सी.सी. घर',
  buildingType: 'rcc',
  usage: 'residential',
  milkatBandhakamYear: 2010,
  areaSqm: '50',
  landRate: '1200',
};
export const RegisterBody = Type.Object(
  { ...PropertyFields, createdByUserId: Type.Optional(Type.Unknown({ description: 'Ignored: the council of the token' })) },
  { additionalProperties: true, examples: [registerExample] },
);
export type RegisterBody = Static<typeof RegisterBody>;

const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description: 'Rupees as a decimal string with 2 places' });

/** A column of the row as the answer carries it. */
function rowField(c: PropertyColumn): TSchema {
  const described = c.about ? { description: c.about } : undefined;
  if (c.wire === 'int') return Type.Integer(described);
  if (c.wire === 'money') return Money;
  if (c.wire === 'money?') return Type.Union([Money, Type.Null()], described);
  return Type.String(described);
}
type RowField<C> = C extends { wire: 'int' } ? TInteger : C extends { wire: 'money?' } ? TUnion<[TString, TNull]> : TString;
type RowFields = { [C in Column as C['name']]: RowField<C> };
const rowFields = <N extends Column['name']>(names: readonly N[]) =>
  Object.fromEntries(names.map((n) => [n, rowField(PROPERTY_COLUMNS.find((c) => c.name === n)!)])) as Pick<RowFields, N>;

/** One property with its active owner: the spec's paged-list row, plus what the register adds. */
export const PropertyRow = Type.Object(rowFields(PROPERTY_COLUMNS.map((c) => c.name)));
export type PropertyRow = Static<typeof PropertyRow>;

export const registerSchema = {
  operationId: 'registerOwnerProperty',
  tags: ['Properties'],
  summary: 'Registers a property with its owner; the assessment (Namuna 8 columns) is computed from the council’s rates',
  body: RegisterBody,
  response: {
    201: Envelope(PropertyRow, {
      examples: [
        ok(
          {
            ownerId: 41,
            propertyId: 128,
            serialNo: 17,
            malmattaNo: '१२/अ',
            malkacheNav: 'रमेश गणपत पाटील',
            bhogwatdarakNav: 'स्वतः',
            mobileNo: '9812345670',
            gatNo: '45',
            citySurveyNo: '102',
            roadLane: 'मारुती मंदिर रस्ता',
            malmattaVarnan: 'आर.सी.सी. घर',
            buildingType: 'rcc',
            usage: 'residential',
            milkatBandhakamYear: 2010,
            area: '538.20',
            areaSqm: '50.00',
            plotAreaSqm: null,
            landRate: '1200.00',
            ownLandRate: '1200.00',
            assessmentFromYear: 2026,
            constructionRate: '18000.00',
            buildingRate: '14400.00',
            ghasaraRate: '0.80',
            ghasaraDarUpdatedYear: 2026,
            buildingBharank: '1.00',
            bhandavaliRateRs: '780000.00',
            karachaRateRs: '1.20',
            gharpatti: '936.00',
            divabatti: '20.00',
            arogya: '20.00',
            panipatti: '300.00',
            total: '1276.00',
            aapilacheNikalAndFerfar: '',
            vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: '',
            propertyCreatedAt: '2026-04-02T05:30:00.000Z',
            updatedAt: '2026-04-02T05:30:00.000Z',
            version: 1,
            ownerVersion: 1,
          },
          MESSAGES.propertyRecorded,
        ),
      ],
    }),
    ...errors(409),
  },
};

export const PagedQuery = Type.Object({
  createdByUserId: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 2147483647,
      description: 'The council id the earlier client sends; another council’s answers 404',
    }),
  ),
  pageNumber: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  searchMalmatta: Type.Optional(Type.String({ maxLength: 50, description: 'Part of the property number, either digit style' })),
  searchName: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the owner name' })),
});
export type PagedQuery = Static<typeof PagedQuery>;

export const pagedSchema = {
  operationId: 'getPropertiesPaged',
  tags: ['Properties'],
  summary: 'The council’s properties with their active owners, newest first, paged and searchable',
  querystring: PagedQuery,
  response: {
    200: Envelope(
      Type.Object({
        rows: Type.Array(PropertyRow),
        pageNumber: Type.Integer(),
        pageSize: Type.Integer(),
        totalPages: Type.Integer(),
        totalCount: Type.Integer(),
        totalCapped: Type.Boolean({
          description: 'true when more than 10,000 match: totalCount then says 10,000 and the screen shows "10,000+"',
        }),
      }),
    ),
    ...errors(404),
  },
};

export const ByMalmattaParams = Type.Object({
  malmattaNo: Type.String({ minLength: 1, maxLength: 50, description: 'Property number, either digit style' }),
  userId: Type.Integer({
    minimum: 0,
    maximum: 2147483647,
    description: 'The council id the earlier client sends; another council’s gives 404',
  }),
});
export const byMalmattaSchema = {
  operationId: 'getPropertyByMalmatta',
  tags: ['Properties'],
  summary: 'A property of the council by its number, as a one-item list (the spec’s client reads the first)',
  params: ByMalmattaParams,
  response: { 200: Envelope(Type.Array(PropertyRow)), ...errors(404) },
};

export const OwnersQuery = Type.Object({
  grampanchayatId: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 2147483647,
      description: 'The council id the earlier client sends; another council’s answers 404',
    }),
  ),
  pageNumber: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  ownerName: Type.Optional(Type.String({ maxLength: 100 })),
  malmattaNo: Type.Optional(Type.String({ maxLength: 50 })),
});
export type OwnersQuery = Static<typeof OwnersQuery>;
export const ownersSchema = {
  operationId: 'getOwnersWithProperties',
  tags: ['Properties'],
  summary: 'Owners with their properties (the admin cards), paged, filtered by owner name and property number',
  querystring: OwnersQuery,
  response: {
    200: Envelope(
      Type.Object({
        items: Type.Array(PropertyRow),
        pageNumber: Type.Integer(),
        pageSize: Type.Integer(),
        totalPages: Type.Integer(),
        totalCount: Type.Integer(),
        totalCapped: Type.Boolean({ description: 'true when more than 10,000 match' }),
      }),
    ),
    ...errors(404),
  },
};

type OwnerInput = Extract<Input, { of: 'owner' }>;
const OWNER_INPUTS = PROPERTY_INPUTS.filter((c): c is OwnerInput => c.of === 'owner');
const ownerFields = Object.fromEntries(
  OWNER_INPUTS.map((c) => [c.name, Type.Optional(Type.String({ maxLength: (c.input.accepts as { max: number }).max }))]),
) as { [C in OwnerInput as C['name']]: TOptional<TString> };

/** A correction of the active owner's details (a change of owner is a transfer, /api/PropertyTransfer/add). */
export const UpdateOwnerBody = Type.Object(
  {
    ownerId: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.String({ maxLength: 12 })])),
    malmattaNo: Type.Optional(Type.String({ maxLength: 50, description: 'Ignored: the number belongs to the property (UpdateProperty)' })),
    ...ownerFields,
  },
  { additionalProperties: true },
);
export type UpdateOwnerBody = Static<typeof UpdateOwnerBody>;

export const UpdatePropertyBody = Type.Object(
  {
    propertyId: Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.String({ maxLength: 12 })], {
      description: 'The property to change',
    }),
    ownerId: Type.Optional(Type.Unknown({ description: 'Ignored here: owner details change through UpdateOwner' })),
    ...Object.fromEntries(
      Object.entries(PropertyFields)
        .filter(([k]) => !OWNER_INPUTS.some((c) => c.name === k))
        .map(([k, v]) => [k, Type.Optional(v)]),
    ),
    ...AssessmentChangeFields,
  },
  { additionalProperties: true },
);
export type UpdatePropertyBody = Static<typeof UpdatePropertyBody> & Partial<RegisterBody>;

export const OwnerIdParams = Type.Object({ ownerId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

const updateResponse = { 200: Envelope(PropertyRow), ...errors(404, 409) };
const updateOwner = {
  tags: ['Properties'],
  summary:
    'Corrects the active owner’s name, occupier or mobile, only the fields sent (PUT or POST; the owner id in the body or the path). With If-Match (the row’s ownerVersion), 409 when someone changed the owner since',
  body: UpdateOwnerBody,
  response: updateResponse,
};
export const updateOwnerSchemas = putAndPost(updateOwner, 'updateOwner');
export const updateOwnerByIdSchemas = putAndPost({ ...updateOwner, params: OwnerIdParams }, 'updateOwnerById');
const updateProperty = {
  tags: ['Properties'],
  summary:
    'Changes a property’s recorded facts, only the fields sent (PUT or POST). A change of what the tax follows from (type, use, year, areas, own land rate) makes a new assessment from the tax year applyFrom names; a description, number or remark never touches tax. With If-Match (the row’s version), 409 when someone changed the property since',
  body: UpdatePropertyBody,
  response: updateResponse,
};
export const updatePropertySchemas = putAndPost(updateProperty, 'updateProperty');

// ---------------------------------------------------------------- public (no login)

/** The solved proof-of-work challenge of GET /api/public/pow: every autocomplete and search needs a fresh one. */
const Altcha = Type.Optional(
  Type.String({
    maxLength: 2048,
    description: 'A solved challenge of GET /api/public/pow: base64 of JSON { challenge, solution } (ALTCHA v2). Required; one per request',
  }),
);
export const SuggestQuery = Type.Object({
  type: Type.Union([Type.Literal('malmatta'), Type.Literal('owner')], { description: 'Search by property number or by owner name' }),
  q: Type.String({ minLength: 1, maxLength: 50, description: 'At least one character' }),
  altcha: Altcha,
});
export const suggestSchema = {
  operationId: 'suggestPublicProperties',
  tags: ['Public'],
  summary:
    'Autocomplete of the public property search: at most 10 property numbers with their owner names, after a proof of work (limited per address and per council)',
  querystring: SuggestQuery,
  response: {
    200: Envelope(Type.Array(Type.Object({ malmattaNo: Type.String(), malkacheNav: Type.String() }))),
    // 400 without a solved challenge; 404 when no council account exists yet; 429 over the per-address or per-council limit.
    ...errors(404, 429),
  },
};

const Head = Type.Object({ magil: Money, chalu: Money, total: Money });
export const PublicDues = Type.Object({
  ...(Object.fromEntries(TAX_HEADS.map((h) => [h.key, Head])) as Record<TaxHeadKey, typeof Head>),
  total: Money,
  karupdatedYear: Type.Integer(),
});
/** A view of the row (common/property/columns.ts) with the owner's mobile masked, as `masked` says. */
const viewFields = <N extends Column['name']>(view: readonly N[], masked: string) => ({
  ...rowFields(view),
  ...(view.includes('mobileNo' as N) ? { mobileNo: Type.String({ description: masked }) } : {}),
});

export const PublicProperty = Type.Object({
  ...viewFields(PUBLIC_VIEW, 'Masked: XXXXXX1234'),
  dues: Type.Union([PublicDues, Type.Null()], { description: 'Outstanding tax per head; null when the office has no tax record for it' }),
});
export type PublicProperty = Static<typeof PublicProperty>;
/** The search's answer: the property and its signed certificate link. */
/** The UPI payment of what is outstanding (issue 30). */
export const UpiPayment = Type.Object({
  link: Type.String({
    description: 'upi://pay?pa=…&pn=…&am=…&cu=INR&tr=<billNo>&tn=… (NPCI linking specification); a phone opens the UPI app',
  }),
  amount: Money,
  billNo: Type.String({ description: 'The 9-क bill the payment names (tr), e.g. GP2026B17' }),
});
export const PublicPropertyAnswer = Type.Object({
  ...PublicProperty.properties,
  upi: Type.Union([UpiPayment, Type.Null()], {
    description: 'Pay the outstanding total by UPI; null when the office has set no UPI id or nothing is due',
  }),
  certificateLink: Type.String({
    description:
      'The property tax certificate page of this property, signed as its printed QR code is: /propertyqr/{malmattaNo}/{council}?s=…',
  }),
});
export type PublicPropertyAnswer = Static<typeof PublicPropertyAnswer>;
export const PublicPropertyQuery = Type.Object({
  captchaId: Type.Optional(Type.String({ maxLength: 40 })),
  captcha: Type.Optional(Type.String({ maxLength: 10 })),
  altcha: Altcha,
});
export const publicPropertySchema = {
  operationId: 'getPublicProperty',
  tags: ['Public'],
  summary:
    'A property of the public council with its outstanding tax, after a captcha and a proof of work (limited per address and per council)',
  params: Type.Object({ malmattaNo: Type.String({ minLength: 1, maxLength: 50 }) }),
  querystring: PublicPropertyQuery,
  response: { 200: Envelope(PublicPropertyAnswer), ...errors(404, 429) },
};

export const CertificateRow = Type.Object({
  ...viewFields(CERTIFICATE_VIEW, 'Masked'),
  officeName: Type.String(),
  officeNameEnglish: Type.String(),
});
export type CertificateRow = Static<typeof CertificateRow>;
export const propertyCertificateSchema = {
  operationId: 'getPropertyCertificate',
  tags: ['Public'],
  summary:
    'The public property tax certificate (spec 2.9) the Namuna 8 QR code opens; a one-item list (limited per address and per council)',
  params: Type.Object({
    malmattaNo: Type.String({ minLength: 1, maxLength: 50 }),
    userId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  }),
  querystring: Type.Object({
    s: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          'The signature the council’s QR code carries (HMAC of the council and the property number). With the right one the ' +
          'certificate is limited per address only (PUBLIC_SIGNED_CERTIFICATE_LIMIT); without it, or with a wrong one, per address ' +
          'and per council (PUBLIC_CERTIFICATE_ADDRESS_LIMIT, PUBLIC_CERTIFICATE_COUNCIL_LIMIT)',
      }),
    ),
  }),
  response: { 200: Envelope(Type.Array(CertificateRow)), ...errors(404, 429) },
};

export const ImportQuery = Type.Object({
  dryRun: Type.Optional(
    Type.Boolean({ default: true, description: 'true (default): check every row and write nothing; false: write when every row is good' }),
  ),
});
export const ImportReport = Type.Object({
  dryRun: Type.Boolean(),
  rows: Type.Integer(),
  created: Type.Integer(),
  unchanged: Type.Integer(),
  written: Type.Boolean(),
  problems: Type.Array(
    Type.Object({ row: Type.Integer({ description: 'Row number in the sheet' }), field: Type.String(), message: Type.String() }),
  ),
});
export type ImportReport = Static<typeof ImportReport>;
export const importSchema = {
  operationId: 'importProperties',
  tags: ['Properties'],
  summary:
    'Imports the register from an .xlsx (multipart, one file): reports every bad row; writes nothing unless all are good; a second import of the same file changes nothing',
  description:
    `The first sheet is read: at most ${IMPORT_LIMIT_ROWS.toLocaleString('en-IN')} rows under its header line, a part of the ` +
    `workbook unpacking to at most ${megabytes(WORKBOOK_LIMITS.partBytes)} (the sheet's XML), ${megabytes(WORKBOOK_LIMITS.totalBytes)} ` +
    `in all and ${WORKBOOK_LIMITS.ratio} times the file's size, in at most ${WORKBOOK_LIMITS.parts.toLocaleString('en-IN')} parts; ` +
    'checked in the zip directory before the workbook is read and again while it is read, a 400 in Marathi then English naming ' +
    'the limit beyond. The file itself is at most UPLOAD_LIMIT_MB (default 10 MB, else 413). One workbook is read at a time and ' +
    'one more waits; a further one answers 503 with Retry-After.',
  querystring: ImportQuery,
  consumes: ['multipart/form-data'],
  response: { 200: Envelope(ImportReport), ...errors(413, 503) },
};
export const templateSchema = {
  operationId: 'getPropertyImportTemplate',
  tags: ['Properties'],
  summary: 'The import template (.xlsx) with Marathi headers',
  produces: [XLSX],
  response: { 200: fileResponse(XLSX, 'namuna8-import-template.xlsx') },
};

export const namuna8Schema = {
  operationId: 'getNamuna8Pdf',
  tags: ['Properties'],
  summary: 'The Namuna 8 extract of one property as a PDF (A4 landscape), file name Number8_{malmattaNo}.pdf',
  querystring: Type.Object({
    malmattaNo: Type.String({ minLength: 1, maxLength: 50 }),
    createdByUserId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Another council’s id answers 404' })),
  }),
  produces: ['application/pdf'],
  response: { 200: fileResponse('application/pdf', 'Number8_{malmattaNo}.pdf'), ...errors(404) },
};
