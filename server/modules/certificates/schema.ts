// Contract of the certificate routes, generated from the field tables (common/certificates) so the four kinds
// cannot drift apart. Bodies may carry fields we do not know (the earlier client sends some); they
// are ignored. Rules a schema cannot say in a clerk's words (12 digits, required but empty, dates)
// are checked in service.ts.
import { Type, type Static, type TSchema } from 'typebox';
import { ETAG, Envelope, IfMatchHeaders, Paged, errors, ok } from '../../lib/schema.ts';
import { choiceValues } from '../../../common/fields/index.ts';
import type { Field, Kind } from './kinds.ts';

const nullableString = (options: object = {}) => Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });

function inputSchema(f: Field): TSchema {
  switch (f.type.t) {
    case 'text':
      return Type.String({ maxLength: f.type.max });
    case 'aadhaar':
      return Type.String({ maxLength: 20, description: '12 digits; empty when unknown' });
    case 'mobile':
      return Type.String({ maxLength: 20, description: '10 digits; empty when unknown' });
    case 'choice':
      return Type.String({ maxLength: 50, description: choiceValues(f.type).join(', ') });
    // Numbers may come as text or null from a form; service.ts reads them and words the refusal.
    // String first: Fastify's Ajv coerces into the first branch that fits, and an integer branch
    // would turn "" and null into 0, hiding an empty required count (ageOfDeceased) from the service.
    case 'int':
      return Type.Union([Type.String(), Type.Integer(), Type.Null()], {
        description: `Whole number 0–${f.type.max}; 0, "" or null when empty`,
      });
    case 'decimal':
      return Type.Union([Type.String(), Type.Number(), Type.Null()], { description: `Number 0–${f.type.max}; 0, "" or null when empty` });
    case 'date':
      return nullableString({ maxLength: 40, description: 'YYYY-MM-DD (an ISO date-time is accepted); null when empty' });
  }
}

function outputSchema(f: Field): TSchema {
  switch (f.type.t) {
    case 'int':
      return Type.Integer();
    case 'decimal':
      return Type.Number();
    case 'date':
      return nullableString({ description: 'YYYY-MM-DD' });
    default:
      return Type.String();
  }
}

/** POST and PUT bodies (JSON kinds). PUT changes the fields it carries and keeps the others. */
export function bodySchema(kind: Kind) {
  const props: Record<string, TSchema> = {};
  for (const f of kind.fields) props[f.name] = Type.Optional(inputSchema(f));
  for (const id of [kind.idField, ...kind.idAliases])
    props[id] = Type.Optional(Type.Unsafe({ description: 'Ignored: the id in the path counts' }));
  props.createdByUserId = Type.Optional(Type.Unsafe({ description: 'Ignored: the record belongs to the council of the token' }));
  return Type.Object(props, { additionalProperties: true });
}

/** A certificate as the API answers it. Every property is optional because the public read (no token,
 *  or another council's) carries only the publicFields of kinds.ts, Aadhaar and mobile masked. */
export function recordSchema(kind: Kind) {
  const props: Record<string, TSchema> = { [kind.idField]: Type.String({ format: 'uuid' }) };
  for (const f of kind.fields) props[f.name] = Type.Optional(outputSchema(f));
  if (kind.kind === 'marriage') {
    for (const p of ['husbandPhotoUrl', 'wifePhotoUrl', 'witness1PhotoUrl', 'witness2PhotoUrl', 'witness3PhotoUrl'])
      props[p] = Type.Optional(nullableString({ description: 'Path of the stored photo under the site root, or null' }));
  }
  props.createdByUserId = Type.Optional(Type.Integer());
  props.version = Type.Optional(Type.Integer({ description: 'Moves up on every change; also the ETag. Send it back as If-Match on PUT.' }));
  props.createdAt = Type.Optional(Type.String());
  props.updatedAt = Type.Optional(Type.String());
  props.view = Type.Optional(
    Type.Union([Type.Literal('full'), Type.Literal('public')], { description: 'Which view this is (reads by id)' }),
  );
  props.officeName = Type.Optional(Type.String({ description: 'Issuing office, Marathi (reads by id, for the page header)' }));
  props.officeNameEnglish = Type.Optional(Type.String());
  props.recordFingerprint = Type.Optional(
    Type.String({ description: 'Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31)' }),
  );
  props.signedBy = Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: "Reads by id: who signs the council's PDFs now; null before the first" }),
  );
  return Type.Object(props, { additionalProperties: false });
}

export const ListQuery = Type.Object({
  userId: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 2147483647,
      description: "Accepted for the earlier client; another council's id answers 404",
    }),
  ),
  pageNumber: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  nameFilter: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Part of the English or Marathi name, any case (births and deaths: or of the CRS registration number, 3 or more characters)',
    }),
  ),
});
export type ListQuery = Static<typeof ListQuery>;

/** Any string: a malformed id is simply not found (404), like an unknown one. */
export const IdParams = Type.Object({ id: Type.String({ maxLength: 100, description: 'The certificate id (a UUID)' }) });

const pdfResponse = {
  description: 'The certificate, A4, Marathi and English, with a QR code to its public page',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};

const MULTIPART_NOTE =
  'multipart/form-data: every field as a text part, and the photos husbandPhoto, wifePhoto, witness1Photo..witness3Photo ' +
  '(JPEG, PNG or WebP by content, at most 600 KB each; husband and wife photos required on create, kept on update when not sent). ' +
  'A JSON body is accepted too (without photos).';

/** Examples in the document (birth, the main list integrators read): a body the form sends and the record saved. */
const birthRecord = {
  birthCertificatesId: 'f47aa12e-2952-48b3-8a47-e553f68c62c6',
  serialNo: 12,
  registrationNo: 'B-2026/001',
  registrationDate: '2026-01-12',
  birthDate: '2026-01-01',
  birthDateWords: 'एक जानेवारी दोन हजार सव्वीस',
  childFullNameMarathi: 'आरव ज्ञानेश्वर पाटील',
  childFullNameEnglish: 'Aarav Dnyaneshwar Patil',
  childAadharNumber: '123456789012',
  gender: 'Male',
  nationality: 'Indian',
  birthPlaceMarathi: 'प्राथमिक आरोग्य केंद्र, पिंपळगाव',
  birthPlaceEnglish: 'Primary Health Centre, Pimpalgaon',
  addressAtBirthMarathi: 'मु. पो. पिंपळगाव',
  addressAtBirthEnglish: 'At post Pimpalgaon',
  permanentAddressMarathi: 'मु. पो. पिंपळगाव',
  permanentAddressEnglish: 'At post Pimpalgaon',
  fatherFullNameMarathi: 'ज्ञानेश्वर कृष्ण पाटील',
  fatherFullNameEnglish: 'Dnyaneshwar Krishna Patil',
  fatherAadharNumber: '234567890123',
  fatherMobileNumber: '9876543210',
  fatherBirthDate: null,
  fatherEducation: '',
  fatherOccupation: 'farming',
  fatherReligion: '',
  motherFullNameMarathi: 'प्रियांका पाटील',
  motherFullNameEnglish: 'Priyanka Patil',
  motherAadharNumber: '345678901234',
  motherMobileNumber: '9123456789',
  motherBirthDate: '1998-04-30',
  motherEducation: '',
  motherOccupation: 'housewife',
  motherReligion: '',
  motherAgeAtMarriage: 0,
  motherAgeAtChildbirth: 0,
  informantName: '',
  informantAddress: '',
  deliveryLocation: 'Hospital',
  deliveryAttendant: 'Doctor',
  numberOfLivingChildren: 1,
  gestationPeriodWeeks: 0,
  birthWeightKg: 3.25,
  remarksMarathi: '',
  remarksEnglish: '',
  createdByUserId: 3,
  version: 1,
  createdAt: '2026-01-12T06:10:00.000Z',
  updatedAt: '2026-01-12T06:10:00.000Z',
};
const {
  birthCertificatesId: _id,
  birthDateWords: _words,
  createdByUserId: _by,
  version: _v,
  createdAt: _c,
  updatedAt: _u,
  ...birthBody
} = birthRecord;
const EXAMPLES: Partial<Record<Kind['kind'], { body: object; record: object }>> = { birth: { body: birthBody, record: birthRecord } };

export function schemasFor(kind: Kind) {
  const record = recordSchema(kind);
  const example = EXAMPLES[kind.kind];
  const answer = (message?: string, paged = false) =>
    example
      ? {
          examples: [
            ok(paged ? { items: [example.record], pageNumber: 1, pageSize: 10, totalPages: 1, totalCount: 1 } : example.record, message),
          ],
        }
      : {};
  const tags = ['Certificates'];
  // getBirthCertificatesPaged, createDeathCertificate, …: the kind's name as the path spells it.
  const noun = `${kind.kind[0].toUpperCase()}${kind.kind.slice(1)}Certificate`;
  // Marriage photos are resized one at a time: a long queue answers 503.
  const photos = kind.kind === 'marriage' ? errors(413, 503) : {};
  const body =
    kind.kind === 'marriage'
      ? { consumes: ['multipart/form-data', 'application/json'], description: MULTIPART_NOTE }
      : {
          body: example
            ? Type.Object(bodySchema(kind).properties, { additionalProperties: true, examples: [example.body] })
            : bodySchema(kind),
        };
  return {
    list: {
      operationId: `get${noun}sPaged`,
      tags,
      summary: `List your council's ${kind.label}s, newest first`,
      querystring: ListQuery,
      response: { 200: Envelope(Paged(record), answer(undefined, true)), ...errors(404) },
    },
    read: {
      operationId: `get${noun}`,
      tags,
      summary: `Read a ${kind.label}: the public view without a token (Aadhaar masked), the full record with its council's token`,
      params: IdParams,
      // The owner's full read carries the ETag; the public view has no version.
      response: { 200: Envelope(record, { headers: ETAG }), ...errors(404) },
    },
    create: {
      operationId: `create${noun}`,
      tags,
      summary: `Register a ${kind.label}`,
      ...body,
      // 409: the registration number is taken in this council.
      response: { 201: Envelope(record, { ...answer('Saved'), headers: ETAG }), ...errors(409), ...photos },
    },
    update: {
      operationId: `update${noun}`,
      tags,
      summary: `Update a ${kind.label} of your council (fields not sent are kept). With If-Match (the ETag read), 409 when someone changed it since`,
      params: IdParams,
      ...body,
      headers: IfMatchHeaders,
      response: { 200: Envelope(record, { headers: ETAG }), ...errors(404, 409), ...photos },
    },
    nextNumber: {
      operationId: `get${noun}NextNumber`,
      tags,
      summary: `The registration number the form suggests for a new ${kind.label}: the latest one plus one, not yet taken (empty when there is none to count on); for a birth also the serial number (अनुक्रमांक), the council's highest plus one`,
      response: {
        200: Envelope(Type.Object({ registrationNumber: Type.String(), serialNo: Type.Optional(Type.Integer({ minimum: 1 })) })),
      },
    },
    pdf: {
      operationId: `get${noun}Pdf`,
      tags,
      summary: `Download a ${kind.label} of your council as PDF`,
      params: IdParams,
      produces: ['application/pdf'],
      response: { 200: pdfResponse, ...errors(404) },
    },
  };
}
