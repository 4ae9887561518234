// The district view's contract (issue 32): an operator groups councils into a district; a district
// account reads their totals, never their records.
import { Type, type Static } from 'typebox';
import { Envelope, errors } from '../../lib/schema.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description: 'Rupees with paise, exact' });

export const DistrictBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, description: 'The district’s name, e.g. सातारा' }),
    councilIds: Type.Array(Id, { minItems: 1, maxItems: 5000, uniqueItems: true, description: 'The council accounts it groups' }),
  },
  { additionalProperties: false },
);
export type DistrictBody = Static<typeof DistrictBody>;

export const createDistrictSchema = {
  operationId: 'createDistrict',
  tags: ['District'],
  summary: 'Group councils into a district (the portal’s operator only); a council belongs to one district at most',
  body: DistrictBody,
  response: { 201: Envelope(Type.Object({ districtId: Type.Integer() })), ...errors(404, 409) },
};

const Certificates = Type.Object({ birth: Type.Integer(), death: Type.Integer(), residence: Type.Integer(), marriage: Type.Integer() });

const Totals = Type.Object({
  properties: Type.Integer(),
  demand: Money,
  collected: Money,
  balance: Money,
  collectionPercent: Type.Number({ description: 'collected ÷ demand × 100, two decimals; 0 with no demand' }),
  certificates: Certificates,
  smsSent: Type.Integer({ description: 'SMS messages the gateway took in the tax year' }),
});

const CouncilTotals = Type.Object({ councilId: Type.Integer(), name: Type.String(), ...Totals.properties });

export const DistrictSummary = Type.Object({
  district: Type.Object({ districtId: Type.Integer(), name: Type.String() }),
  taxYear: Type.Integer(),
  councils: Type.Array(CouncilTotals),
  total: Totals,
  /** Certificates issued per month of the tax year, by kind, the councils together. */
  certificatesByMonth: Type.Array(Type.Object({ month: Type.String({ description: 'YYYY-MM, India time' }), ...Certificates.properties })),
});
export type DistrictSummary = Static<typeof DistrictSummary>;

export const districtSummarySchema = {
  operationId: 'getDistrictSummary',
  tags: ['District'],
  summary:
    'A district account’s totals per council and for the district: properties, the tax year’s demand, collection, balance, certificates, SMS',
  querystring: Type.Object({ taxYear: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2200, description: 'default: this one' })) }),
  response: { 200: Envelope(DistrictSummary) },
};
