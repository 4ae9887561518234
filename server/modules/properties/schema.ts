// Contract of the council's assessment rates (GET/PUT /api/TaxRates). Not in the spec (it shows the
// computed columns, not how they are reached); the shape is common/property/assessment.ts `Rates`.
import { Type, type Static } from 'typebox';
import { BUILDING_TYPE_KEYS, USAGE_KEYS } from '../../../common/property/assessment.ts';
import { Envelope, errorResponses } from '../../lib/schema.ts';

/** A rupee amount or factor: a plain decimal with at most 2 places (numbers are accepted and read as text). */
const Decimal = (description: string) => Type.String({ pattern: '^\\d{1,9}(\\.\\d{1,2})?$', description });
const PerKey = <K extends string>(keys: readonly K[], description: string) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, Decimal(description)])) as Record<K, ReturnType<typeof Decimal>>, { additionalProperties: false });

export const Rates = Type.Object({
  landRate: Decimal('Ready-reckoner land rate, ₹ per m² (a property may carry its own)'),
  constructionRate: PerKey(BUILDING_TYPE_KEYS, 'Construction rate, ₹ per m² of built-up area'),
  taxRate: PerKey(BUILDING_TYPE_KEYS, 'Tax rate per ₹1000 of capital value, inside the legal band of the building type'),
  weightage: PerKey(USAGE_KEYS, 'Weightage (भारांक) of the use'),
  depreciation: Type.Array(Type.Object({
    // Null first: ajv's type coercion would otherwise read a null as the integer 0.
    maxAge: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 500 })], { description: 'Last age of the band in years; null for the last band' }),
    kachha: Decimal('Factor for kachha / semi-pucca buildings, 0 to 1'),
    pucca: Decimal('Factor for pucca buildings, 0 to 1'),
  }, { additionalProperties: false }), { minItems: 1, maxItems: 30 }),
  slabs: Type.Array(Type.Object({
    maxSqft: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 10_000_000 })], { description: 'Upper plot area of the slab in sq ft; null for the last slab' }),
    divabatti: Decimal('Street-light tax a year, ₹'),
    arogya: Decimal('Health tax a year, ₹'),
  }, { additionalProperties: false }), { minItems: 1, maxItems: 20 }),
  waterTax: Decimal('General water tax a year for a built property, ₹'),
}, { additionalProperties: false });
export type Rates = Static<typeof Rates>;

const Band = Type.Object({ mr: Type.String(), en: Type.String(), kind: Type.String(), min: Type.String(), max: Type.String() });
export const RatesResult = Type.Object({
  rates: Rates,
  /** True while the council has not saved its own rates: the common defaults of the domain notes apply. */
  isDefault: Type.Boolean(),
  buildingTypes: Type.Record(Type.String(), Band),
  usages: Type.Record(Type.String(), Type.Object({ mr: Type.String(), en: Type.String() })),
});

export const getRatesSchema = {
  tags: ['TaxRates'],
  summary: "The council's assessment rates (the defaults until it saves its own), with the legal band of each tax rate",
  security: [{ bearer: [] }],
  response: { 200: Envelope(RatesResult), ...errorResponses },
};
export const putRatesSchema = {
  tags: ['TaxRates'],
  summary: "Saves the council's assessment rates; a tax rate outside its legal band is refused",
  security: [{ bearer: [] }],
  body: Rates,
  response: { 200: Envelope(RatesResult), ...errorResponses },
};
