// What a clerk types about a property and its owner, read and checked: the register form, the update
// form and the Excel import all come through here. The tax columns are never read from input: they
// are the assessment's (server/modules/assessment/).
import { Invalid, Conflict } from '../../lib/errors.ts';
import {
  BUILDING_TYPE_KEYS,
  USAGE_KEYS,
  fromHundredths,
  hundredths,
  type BuildingType,
  type Usage,
} from '../../../common/property/assessment.ts';
import { malmattaKey } from '../../../common/property/malmatta.ts';
import { PROPERTY_INPUTS } from '../../../common/property/columns.ts';
import type { FactsRow } from '../assessment/versions.ts';
import type { RegisterBody } from './schema.ts';
import { blank } from '../../lib/form.ts';

/** A building type the earlier client does not send: its records are assessed as RCC until a clerk says otherwise. */
export const DEFAULT_BUILDING_TYPE: BuildingType = 'rcc';

export type Facts = {
  malmattaNo: string;
  malmattaKey: string;
  gatNo: string;
  citySurveyNo: string;
  roadLane: string;
  malmattaVarnan: string;
  buildingType: BuildingType;
  usage: Usage;
  milkatBandhakamYear: number;
  areaSqm: string;
  plotAreaSqm: string | null;
  /** The property's own land rate; null: the council's. */
  ownLandRate: string | null;
  aapilacheNikalAndFerfar: string;
  vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: string;
};
export type OwnerFacts = { malkacheNav: string; bhogwatdarakNav: string; mobileNo: string };

/** The facts the assessment is computed from: a change of any of them is a change of the tax. */
export const ASSESSED_FACTS = ['buildingType', 'usage', 'milkatBandhakamYear', 'areaSqm', 'plotAreaSqm', 'ownLandRate'] as const;

/** A non-negative amount with at most 2 places, as hundredths; empty is 0. */
function amount(field: string, v: unknown): bigint {
  if (blank(v)) return 0n;
  let h: bigint;
  try {
    h = hundredths(typeof v === 'number' ? String(v) : (v as string), field);
  } catch {
    throw new Invalid(field, 'must be a number with at most 2 decimal places');
  }
  if (h < 0n) throw new Invalid(field, 'must not be negative');
  if (h > 99_999_999_99n) throw new Invalid(field, 'is too large');
  return h;
}

/** A mobile number as 10 digits: blanks, a leading +91 or 0 are dropped. */
export function tenDigitMobile(field: string, v: string): string {
  const digits = v.replace(/[\s-]/g, '').replace(/^(\+?91|0)(?=\d{10}$)/, '');
  if (!/^[6-9]\d{9}$/.test(digits)) throw new Invalid(field, 'must be a 10-digit mobile number (starting with 6, 7, 8 or 9)');
  return digits;
}

/** The fields the table (common/property/columns.ts) marks required, of the owner or of the property. */
const requiredOf = (of: 'owner' | 'property') => PROPERTY_INPUTS.filter((c) => c.of === of && 'required' in c.input).map((c) => c.name);
const REQUIRED = { owner: requiredOf('owner'), property: requiredOf('property') };

/** 400 naming the first required field left empty. */
function requireFilled(body: object, of: 'owner' | 'property') {
  for (const f of REQUIRED[of]) if (blank((body as Record<string, unknown>)[f])) throw new Invalid(f, 'is required');
}

export function readOwner(body: Partial<OwnerFacts>): OwnerFacts {
  requireFilled(body, 'owner');
  return {
    malkacheNav: body.malkacheNav!.trim(),
    bhogwatdarakNav: body.bhogwatdarakNav!.trim(),
    mobileNo: tenDigitMobile('mobileNo', body.mobileNo!),
  };
}

export function readProperty(body: RegisterBody, thisYear: number): Facts {
  requireFilled(body, 'property');
  const key = malmattaKey(body.malmattaNo);
  if (!key) throw new Invalid('malmattaNo', 'must contain a number or letters');
  const buildingType = (blank(body.buildingType) ? DEFAULT_BUILDING_TYPE : body.buildingType) as BuildingType;
  if (!BUILDING_TYPE_KEYS.includes(buildingType)) throw new Invalid('buildingType', `must be one of ${BUILDING_TYPE_KEYS.join(', ')}`);
  const usage = (blank(body.usage) ? 'residential' : body.usage) as Usage;
  if (!USAGE_KEYS.includes(usage)) throw new Invalid('usage', `must be one of ${USAGE_KEYS.join(', ')}`);
  const yearText = blank(body.milkatBandhakamYear) ? '0' : String(body.milkatBandhakamYear).trim();
  if (!/^\d{1,4}$/.test(yearText)) throw new Invalid('milkatBandhakamYear', 'must be a year such as 2010');
  const year = Number(yearText);
  if (year !== 0 && year < 1800) throw new Invalid('milkatBandhakamYear', 'must be a year from 1800 on (0 when there is no building)');
  if (year > thisYear) throw new Invalid('milkatBandhakamYear', `must not be in the future (after ${thisYear})`);
  let areaSqm = amount('areaSqm', body.areaSqm);
  // The earlier client may send only sq ft.
  if (areaSqm === 0n && !blank(body.area)) areaSqm = (amount('area', body.area) * 10000n + 53819n) / 107639n;
  const plot = blank(body.plotAreaSqm) ? null : amount('plotAreaSqm', body.plotAreaSqm);
  const land = amount('landRate', body.landRate);
  return {
    malmattaNo: body.malmattaNo.trim(),
    malmattaKey: key,
    gatNo: body.gatNo.trim(),
    citySurveyNo: body.citySurveyNo.trim(),
    roadLane: body.roadLane?.trim() ?? '',
    malmattaVarnan: body.malmattaVarnan?.trim() ?? '',
    buildingType,
    usage,
    milkatBandhakamYear: year,
    areaSqm: fromHundredths(areaSqm),
    plotAreaSqm: plot === null ? null : fromHundredths(plot),
    ownLandRate: land > 0n ? fromHundredths(land) : null,
    aapilacheNikalAndFerfar: body.aapilacheNikalAndFerfar?.trim() ?? '',
    vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: body.vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera?.trim() ?? '',
  };
}

/** The facts as the assessment reads them. */
export const factsRowOf = (propertyId: number, f: Facts): FactsRow => ({
  propertyId,
  malmattaNo: f.malmattaNo,
  buildingType: f.buildingType,
  usage: f.usage,
  milkatBandhakamYear: f.milkatBandhakamYear,
  areaSqm: f.areaSqm,
  plotAreaSqm: f.plotAreaSqm,
  ownLandRate: f.ownLandRate,
});

export function duplicate(typed: string, existing?: string) {
  const as = existing && existing !== typed ? ` (नोंद: ${existing})` : '';
  return new Conflict(
    `मालमत्ता क्रमांक ${typed} आधीच नोंदलेला आहे${as}. / Property number ${typed} is already registered${existing && existing !== typed ? ` as ${existing}` : ''}.`,
  );
}

/** "%" and "_" typed in a search are letters, not wildcards. */
export const likeText = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
