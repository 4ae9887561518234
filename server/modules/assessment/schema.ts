// Contract of the council's assessment rates (GET/PUT /api/TaxRates, served on the register's
// routes) and of when a change of an assessment takes effect. Not in the spec (it shows the computed
// columns, not how they are reached); the shape is common/property/assessment.ts `Rates`.
import { Type, type Static, type TObject } from 'typebox';
import { BUILDING_TYPE_KEYS, USAGE_KEYS } from '../../../common/property/assessment.ts';
import { Envelope, errors } from '../../lib/schema.ts';

/** A rupee amount or factor: a plain decimal with at most 2 places (numbers are accepted and read as text). */
const Decimal = (description: string) => Type.String({ pattern: '^\\d{1,9}(\\.\\d{1,2})?$', description });
const PerKey = <K extends string>(keys: readonly K[], description: string) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, Decimal(description)])) as Record<K, ReturnType<typeof Decimal>>, {
    additionalProperties: false,
  });

/** When a change of what the tax follows from takes effect (our addition, issue 26). */
export const AssessmentChangeFields = {
  applyFrom: Type.Optional(
    Type.Union([Type.Literal('next'), Type.Literal('current')], {
      description:
        'next: from the next tax year (the default once this year is billed; the bill already raised stays); current: this tax year, ' +
        'correcting its demand by entries (needs orderReference when it is billed)',
    }),
  ),
  orderReference: Type.Optional(
    Type.String({ maxLength: 100, description: 'The order or resolution number a change to a billed year is made under' }),
  ),
};

export const Rates = Type.Object(
  {
    landRate: Decimal('Ready-reckoner land rate, ₹ per m² (a property may carry its own)'),
    constructionRate: PerKey(BUILDING_TYPE_KEYS, 'Construction rate, ₹ per m² of built-up area'),
    taxRate: PerKey(BUILDING_TYPE_KEYS, 'Tax rate per ₹1000 of capital value, inside the legal band of the building type'),
    weightage: PerKey(USAGE_KEYS, 'Weightage (भारांक) of the use'),
    depreciation: Type.Array(
      Type.Object(
        {
          // Null first: ajv's type coercion would otherwise read a null as the integer 0.
          maxAge: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 500 })], {
            description: 'Last age of the band in years; null for the last band',
          }),
          kachha: Decimal('Factor for kachha / semi-pucca buildings, 0 to 1'),
          pucca: Decimal('Factor for pucca buildings, 0 to 1'),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 30 },
    ),
    slabs: Type.Array(
      Type.Object(
        {
          maxSqft: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 10_000_000 })], {
            description: 'Upper plot area of the slab in sq ft; null for the last slab',
          }),
          divabatti: Decimal('Street-light tax a year, ₹'),
          arogya: Decimal('Health tax a year, ₹'),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 20 },
    ),
    waterTax: Decimal('General water tax a year for a built property, ₹'),
  },
  { additionalProperties: false },
);
export type Rates = Static<typeof Rates>;

/** What a save may send: any of the document's parts; a per-type or per-use table may name only
 *  some of its keys (the others keep their stored rates). The depreciation and slab tables go whole. */
/** Some of a per-key table's keys, none other (Type.Partial would let unknown keys through). */
const Some = <T extends TObject>(table: T) => Type.Partial(table, { additionalProperties: false });
export const RatesPatch = Type.Object(
  {
    landRate: Type.Optional(Rates.properties.landRate),
    constructionRate: Type.Optional(Some(Rates.properties.constructionRate)),
    taxRate: Type.Optional(Some(Rates.properties.taxRate)),
    weightage: Type.Optional(Some(Rates.properties.weightage)),
    depreciation: Type.Optional(Rates.properties.depreciation),
    slabs: Type.Optional(Rates.properties.slabs),
    waterTax: Type.Optional(Rates.properties.waterTax),
    ...AssessmentChangeFields,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type RatesPatch = Static<typeof RatesPatch>;

const Band = Type.Object({ mr: Type.String(), en: Type.String(), kind: Type.String(), min: Type.String(), max: Type.String() });
export const RatesResult = Type.Object({
  rates: Rates,
  /** True while the council has not saved its own rates: the common defaults of the domain notes apply. */
  isDefault: Type.Boolean(),
  /** Moves up on every save (0 while the defaults apply): the ETag, and what a save's If-Match names. */
  version: Type.Integer({ minimum: 0 }),
  effectiveTaxYear: Type.Integer({ description: 'The tax year these rates are in force from (0: since always): the newest version' }),
  currentTaxYear: Type.Integer({ description: 'The tax year today falls in' }),
  billed: Type.Boolean({
    description:
      'Whether this tax year’s demand is raised: a change then takes effect from the next year unless applied to this one under an order',
  }),
  inForce: Type.Optional(
    Type.Object(
      { effectiveTaxYear: Type.Integer(), rates: Rates },
      { description: 'The rates in force this year, when the newest are not yet' },
    ),
  ),
  buildingTypes: Type.Record(Type.String(), Band),
  usages: Type.Record(Type.String(), Type.Object({ mr: Type.String(), en: Type.String() })),
});
export type RatesResult = Static<typeof RatesResult>;

export const getRatesSchema = {
  operationId: 'getTaxRates',
  tags: ['TaxRates'],
  summary: "The council's assessment rates (the defaults until it saves its own), with the legal band of each tax rate",
  response: { 200: Envelope(RatesResult) },
};
export const putRatesSchema = {
  operationId: 'updateTaxRates',
  tags: ['TaxRates'],
  summary:
    'Saves the council\'s assessment rates (the parts sent; the rest keep theirs); a tax rate outside its legal band is refused. With If-Match (the version read; "0" before the first save), 409 when someone saved since',
  body: RatesPatch,
  response: { 200: Envelope(RatesResult), ...errors(409) },
};

export const RevisionBody = Type.Object({
  effectiveTaxYear: Type.Integer({ minimum: 2000, maximum: 2200, description: 'The tax year the revised assessments take effect from' }),
  dryRun: Type.Optional(Type.Boolean({ default: true, description: 'true (default): only list what would change' })),
  orderReference: Type.Optional(
    Type.String({ maxLength: 100, description: 'The resolution of the revision; required when the year’s demand is already raised' }),
  ),
});
const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description: 'Rupees as a decimal string with 2 places' });
export const revisionSchema = {
  operationId: 'reviseAssessments',
  tags: ['TaxRates'],
  summary: 'A general revision (rule 17, every four years): every property assessed again with the rates in force from a tax year',
  description:
    'Each property’s annual tax old → new and the totals. A dry run writes nothing; applying it writes a version of every assessment ' +
    'from that year and records the revision. Our addition (issue 26).',
  body: RevisionBody,
  response: {
    200: Envelope(
      Type.Object({
        effectiveTaxYear: Type.Integer(),
        financialYear: Type.String(),
        dryRun: Type.Boolean(),
        properties: Type.Integer(),
        changed: Type.Integer(),
        oldTotal: Money,
        newTotal: Money,
        lines: Type.Array(Type.Object({ propertyId: Type.Integer(), malmattaNo: Type.String(), oldTotal: Money, newTotal: Money })),
      }),
    ),
  },
};
