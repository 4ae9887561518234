// The council's assessment rates: read (defaults until saved) and saved after the checks the schema
// cannot express (legal bands, ascending tables, factors at most 1).
import type { Db } from '../../db/open.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { refuseControlCharacters } from '../../lib/input-guard.ts';
import { todayInIndia } from '../../../common/dates.ts';
import {
  BUILDING_TYPES,
  BUILDING_TYPE_KEYS,
  DEFAULT_RATES,
  USAGES,
  USAGE_KEYS,
  assess,
  fromHundredths,
  hundredths,
  taxRateOutOfBand,
  type Assessment,
  type BuildingType,
  type Rates,
  type Usage,
} from '../../../common/property/assessment.ts';
import { malmattaKey } from '../../../common/property/malmatta.ts';
import { maskMobile } from '../../lib/aadhaar.ts';
import { officeOf } from '../site/service.ts';
import { followAssessment } from '../tax/service.ts';
import type { OwnersQuery, PagedQuery, PropertyRow, RatesPatch, RegisterBody, UpdateOwnerBody, UpdatePropertyBody } from './schema.ts';
import { StaleRecord } from '../../lib/versions.ts';

const ONE = hundredths('1');

/** The rates the council's assessments use, with their version (0 while the defaults apply). */
export async function ratesOf(db: DbOrTx, councilId: number): Promise<{ rates: Rates; isDefault: boolean; version: number }> {
  const row = await db.taxRateSetting.findUnique({ where: { createdByUserId: councilId }, select: { rates: true, version: true } });
  return row
    ? { rates: row.rates as unknown as Rates, isDefault: false, version: row.version }
    : { rates: DEFAULT_RATES, isDefault: true, version: 0 };
}

/** Decimals as the schema lets them in ("1.2", "01.20") written the one way the computation prints
 *  them; only the parts sent. */
function normalise(rates: RatesPatch): RatesPatch {
  const d = (v: string) => fromHundredths(hundredths(v));
  const each = <T extends Record<string, string | undefined>>(o: T) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, d(v!)])) as T;
  const out: RatesPatch = {};
  if (rates.landRate !== undefined) out.landRate = d(rates.landRate);
  if (rates.constructionRate) out.constructionRate = each(rates.constructionRate);
  if (rates.taxRate) out.taxRate = each(rates.taxRate);
  if (rates.weightage) out.weightage = each(rates.weightage);
  if (rates.depreciation) out.depreciation = rates.depreciation.map((r) => ({ maxAge: r.maxAge, kachha: d(r.kachha), pucca: d(r.pucca) }));
  if (rates.slabs) out.slabs = rates.slabs.map((s) => ({ maxSqft: s.maxSqft, divabatti: d(s.divabatti), arogya: d(s.arogya) }));
  if (rates.waterTax !== undefined) out.waterTax = d(rates.waterTax);
  return out;
}

/** Checks what was sent: each rate of a per-type or per-use table on its own, the depreciation
 *  and slab tables (always sent whole) for their order. */
export function checkRates(rates: RatesPatch) {
  for (const type of BUILDING_TYPE_KEYS) {
    const tax = rates.taxRate?.[type];
    const out = tax === undefined ? null : taxRateOutOfBand(type, tax);
    if (out) throw new Invalid(`taxRate.${type}`, out);
    const construction = rates.constructionRate?.[type];
    if (type !== 'openLand' && construction !== undefined && hundredths(construction) === 0n)
      throw new Invalid(`constructionRate.${type}`, `${BUILDING_TYPES[type].en}: the construction rate must be more than 0`);
  }
  for (const [use, w] of Object.entries(rates.weightage ?? {}))
    if (w !== undefined && hundredths(w) === 0n) throw new Invalid(`weightage.${use}`, 'must be more than 0');
  (rates.depreciation ?? []).forEach((row, i, depreciation) => {
    const last = i === depreciation.length - 1;
    if (last !== (row.maxAge === null))
      throw new Invalid(
        `depreciation.${i}.maxAge`,
        last ? 'the last band has no upper age (null)' : 'only the last band may be open-ended',
      );
    if (i > 0 && row.maxAge !== null && row.maxAge <= depreciation[i - 1].maxAge!)
      throw new Invalid(`depreciation.${i}.maxAge`, 'the bands must go up in age');
    for (const kind of ['kachha', 'pucca'] as const)
      if (hundredths(row[kind]) > ONE || hundredths(row[kind]) === 0n)
        throw new Invalid(`depreciation.${i}.${kind}`, 'a depreciation factor is more than 0 and at most 1.00');
  });
  (rates.slabs ?? []).forEach((slab, i, slabs) => {
    const last = i === slabs.length - 1;
    if (last !== (slab.maxSqft === null))
      throw new Invalid(`slabs.${i}.maxSqft`, last ? 'the last slab has no upper area (null)' : 'only the last slab may be open-ended');
    if (i > 0 && slab.maxSqft !== null && slab.maxSqft <= slabs[i - 1].maxSqft!)
      throw new Invalid(`slabs.${i}.maxSqft`, 'the slabs must go up in area');
  });
}

/** The per-type and per-use tables: a save merges the rates sent into the stored ones key by key. */
const RATE_MAPS = ['constructionRate', 'taxRate', 'weightage'] as const;

/** Saves the rates sent (any of the document's parts; a per-type or per-use table may name only
 *  some of its keys) in one statement that merges them into the stored document, so two clerks
 *  changing different rates at the same moment both keep theirs. With `ifMatch` (the version the
 *  screen read; 0 for never saved) only while the document is still at that version, else 409. */
export async function saveRates(
  db: DbOrTx,
  councilId: number,
  input: RatesPatch,
  ifMatch?: number,
): Promise<{ rates: Rates; version: number }> {
  const patch = normalise(input);
  checkRates(patch);
  const { constructionRate, taxRate, weightage, ...whole } = patch;
  const maps = { constructionRate, taxRate, weightage };
  // A first save starts from the defaults; the stored document is merged in SQL, never read here.
  const first = {
    ...DEFAULT_RATES,
    ...whole,
    ...Object.fromEntries(RATE_MAPS.map((m) => [m, { ...DEFAULT_RATES[m], ...maps[m] }])),
  } as Rates;
  const merged = (t: string) =>
    `${t}."rates" || $2::jsonb || jsonb_build_object(${RATE_MAPS.map(
      (m, i) => `'${m}', COALESCE(${t}."rates"->'${m}', '{}'::jsonb) || $${i + 3}::jsonb`,
    ).join(', ')})`;
  const params = [councilId, JSON.stringify(whole), ...RATE_MAPS.map((m) => JSON.stringify(maps[m] ?? {}))];
  type Saved = { rates: Rates; version: number };
  let saved: Saved[];
  if (ifMatch === undefined)
    saved = await db.$queryRawUnsafe<Saved[]>(
      `INSERT INTO "TaxRateSetting" ("createdByUserId", "rates", "version", "updatedAt") VALUES ($1, $6::jsonb, 1, now())
       ON CONFLICT ("createdByUserId") DO UPDATE SET "rates" = ${merged('"TaxRateSetting"')},
         "version" = "TaxRateSetting"."version" + 1, "updatedAt" = now()
       RETURNING "rates", "version"`,
      ...params,
      JSON.stringify(first),
    );
  else if (ifMatch === 0)
    // Two first saves of the defaults: the key lets one in.
    saved = await db.$queryRawUnsafe<Saved[]>(
      `INSERT INTO "TaxRateSetting" ("createdByUserId", "rates", "version", "updatedAt") VALUES ($1, $2::jsonb, 1, now())
       ON CONFLICT ("createdByUserId") DO NOTHING RETURNING "rates", "version"`,
      councilId,
      JSON.stringify(first),
    );
  else
    saved = await db.$queryRawUnsafe<Saved[]>(
      `UPDATE "TaxRateSetting" s SET "rates" = ${merged('s')}, "version" = s."version" + 1, "updatedAt" = now()
       WHERE s."createdByUserId" = $1 AND s."version" = $6 RETURNING "rates", "version"`,
      ...params,
      ifMatch,
    );
  if (!saved.length) throw new StaleRecord();
  return saved[0];
}

/** The labels and bands the rates screen shows beside the numbers. */
export function rateLabels() {
  return {
    buildingTypes: Object.fromEntries(
      BUILDING_TYPE_KEYS.map((k) => {
        const t = BUILDING_TYPES[k];
        return [k, { mr: t.mr, en: t.en, kind: t.kind, min: t.band[0], max: t.band[1] }];
      }),
    ),
    usages: Object.fromEntries(Object.entries(USAGES).map(([k, u]) => [k, { mr: u.mr, en: u.en }])),
  };
}

// ---------------------------------------------------------------- the register (Namuna 8)

/** A building type the earlier client does not send: its records are assessed as RCC until a clerk says otherwise. */
export const DEFAULT_BUILDING_TYPE: BuildingType = 'rcc';

type Facts = {
  malmattaNo: string;
  malmattaKey: string;
  gatNo: string;
  citySurveyNo: string;
  malmattaVarnan: string;
  buildingType: BuildingType;
  usage: Usage;
  milkatBandhakamYear: number;
  areaSqm: string;
  plotAreaSqm: string | null;
  landRate: string | null;
  aapilacheNikalAndFerfar: string;
  vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: string;
};
type OwnerFacts = { malkacheNav: string; bhogwatdarakNav: string; mobileNo: string };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

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

function readOwner(body: Partial<OwnerFacts>): OwnerFacts {
  for (const f of ['malkacheNav', 'bhogwatdarakNav', 'mobileNo'] as const) if (blank(body[f])) throw new Invalid(f, 'is required');
  return {
    malkacheNav: body.malkacheNav!.trim(),
    bhogwatdarakNav: body.bhogwatdarakNav!.trim(),
    mobileNo: tenDigitMobile('mobileNo', body.mobileNo!),
  };
}

function readProperty(body: RegisterBody, thisYear: number): Facts {
  for (const f of ['malmattaNo', 'gatNo', 'citySurveyNo'] as const) if (blank(body[f])) throw new Invalid(f, 'is required');
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
    malmattaVarnan: body.malmattaVarnan?.trim() ?? '',
    buildingType,
    usage,
    milkatBandhakamYear: year,
    areaSqm: fromHundredths(areaSqm),
    plotAreaSqm: plot === null ? null : fromHundredths(plot),
    landRate: land > 0n ? fromHundredths(land) : null,
    aapilacheNikalAndFerfar: body.aapilacheNikalAndFerfar?.trim() ?? '',
    vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: body.vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera?.trim() ?? '',
  };
}

/** The stored columns of an assessment (Namuna 8), computed, never typed. */
export function assessedColumns(a: Assessment) {
  return {
    area: a.area,
    areaSqm: a.areaSqm,
    landRate: a.landRate,
    constructionRate: a.constructionRate,
    buildingRate: a.buildingRate,
    ghasaraRate: a.ghasaraRate,
    buildingBharank: a.buildingBharank,
    bhandavaliRateRs: a.bhandavaliRateRs,
    karachaRateRs: a.karachaRateRs,
    gharpatti: a.gharpatti,
    divabatti: a.divabatti,
    arogya: a.arogya,
    panipatti: a.panipatti,
    total: a.total,
  };
}

const ROW_SELECT = {
  propertyId: true,
  malmattaNo: true,
  gatNo: true,
  citySurveyNo: true,
  malmattaVarnan: true,
  buildingType: true,
  usage: true,
  milkatBandhakamYear: true,
  area: true,
  areaSqm: true,
  plotAreaSqm: true,
  landRate: true,
  constructionRate: true,
  buildingRate: true,
  ghasaraRate: true,
  ghasaraDarUpdatedYear: true,
  buildingBharank: true,
  bhandavaliRateRs: true,
  karachaRateRs: true,
  gharpatti: true,
  divabatti: true,
  arogya: true,
  panipatti: true,
  total: true,
  aapilacheNikalAndFerfar: true,
  vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: true,
  propertyCreatedAt: true,
  updatedAt: true,
  version: true,
  owners: {
    where: { isActive: true },
    take: 1,
    orderBy: { ownerId: 'desc' },
    select: { ownerId: true, malkacheNav: true, bhogwatdarakNav: true, mobileNo: true, version: true },
  },
} as const;

type Selected = Prisma.PropertyGetPayload<{ select: typeof ROW_SELECT }>;
const money = (d: { toFixed(n: number): string }) => d.toFixed(2);

function toRow(p: Selected): PropertyRow {
  const { version: ownerVersion, ...owner } = p.owners[0] ?? { ownerId: 0, malkacheNav: '', bhogwatdarakNav: '', mobileNo: '', version: 0 };
  return {
    ...owner,
    ownerVersion,
    propertyId: p.propertyId,
    malmattaNo: p.malmattaNo,
    gatNo: p.gatNo,
    citySurveyNo: p.citySurveyNo,
    malmattaVarnan: p.malmattaVarnan,
    buildingType: p.buildingType,
    usage: p.usage,
    milkatBandhakamYear: p.milkatBandhakamYear,
    area: money(p.area),
    areaSqm: money(p.areaSqm),
    plotAreaSqm: p.plotAreaSqm === null ? null : money(p.plotAreaSqm),
    landRate: money(p.landRate),
    constructionRate: money(p.constructionRate),
    buildingRate: money(p.buildingRate),
    ghasaraRate: money(p.ghasaraRate),
    ghasaraDarUpdatedYear: p.ghasaraDarUpdatedYear,
    buildingBharank: money(p.buildingBharank),
    bhandavaliRateRs: money(p.bhandavaliRateRs),
    karachaRateRs: money(p.karachaRateRs),
    gharpatti: money(p.gharpatti),
    divabatti: money(p.divabatti),
    arogya: money(p.arogya),
    panipatti: money(p.panipatti),
    total: money(p.total),
    aapilacheNikalAndFerfar: p.aapilacheNikalAndFerfar,
    vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: p.vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera,
    propertyCreatedAt: p.propertyCreatedAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    version: p.version,
  };
}

/** Registers a property and its owner in one transaction, with the assessment of this year. */
export async function registerProperty(db: Db, councilId: number, body: RegisterBody): Promise<PropertyRow> {
  const year = todayInIndia().getUTCFullYear();
  const facts = readProperty(body, year);
  const owner = readOwner(body);
  const { rates } = await ratesOf(db, councilId);
  const assessed = assess(rates, { ...facts, constructionYear: facts.milkatBandhakamYear }, year);
  try {
    const created = await db.$transaction(async (tx) => {
      const taken = await tx.property.findFirst({
        where: { createdByUserId: councilId, malmattaKey: facts.malmattaKey },
        select: { malmattaNo: true },
      });
      if (taken) throw duplicate(facts.malmattaNo, taken.malmattaNo);
      const property = await tx.property.create({
        data: { ...facts, ...assessedColumns(assessed), ghasaraDarUpdatedYear: year, createdByUserId: councilId },
        select: { propertyId: true },
      });
      await tx.owner.create({
        data: { ...owner, propertyId: property.propertyId, malmattaNo: facts.malmattaNo, createdByUserId: councilId, reason: 'new' },
      });
      return tx.property.findUniqueOrThrow({ where: { propertyId: property.propertyId }, select: ROW_SELECT });
    });
    return toRow(created);
  } catch (err) {
    // Two clerks registering one number at the same moment: the unique key decides.
    if ((err as { code?: string }).code === 'P2002') throw duplicate(facts.malmattaNo);
    throw err;
  }
}

function duplicate(typed: string, existing?: string) {
  const as = existing && existing !== typed ? ` (नोंद: ${existing})` : '';
  return new Conflict(
    `मालमत्ता क्रमांक ${typed} आधीच नोंदलेला आहे${as}. / Property number ${typed} is already registered${existing && existing !== typed ? ` as ${existing}` : ''}.`,
  );
}

/** "%" and "_" typed in a search are letters, not wildcards. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** An owner-name search: 1-2 letters match the start of the name (the prefix index; "र" finds रमेश,
 *  "an" finds Anil), 3 or more anywhere in it, in any letter case (the trigram index). */
/** The owner (alias o) whose name matches a lower-case term: 1-2 letters at the start of any word
 *  (search_word_starts GIN index: "पा" finds पाटील), 3 or more anywhere (trigram index). */
const ownerNameMatches = (term: string) =>
  [...term].length >= 3
    ? Prisma.sql`o."malkacheNav" ILIKE ${`%${likeText(term)}%`}`
    : Prisma.sql`search_word_starts(o."malkacheNav") @> ARRAY[${term}]::text[]`;

/** Lists count matching rows up to this many. */
export const COUNT_CAP = 10_000;

/**
 * One page of the council's register, newest first, with the count of matches up to COUNT_CAP
 * ("10,000+" past it). An owner name matches as ownerNameMatches says, on the active owner.
 */
export async function listProperties(db: Db, councilId: number, q: PagedQuery) {
  const { pageNumber, pageSize } = q;
  const skip = (pageNumber - 1) * pageSize;
  const number = q.searchMalmatta ? malmattaKey(q.searchMalmatta) : '';
  const name = q.searchName?.trim().toLowerCase() ?? '';
  // 1-2 characters of a number match its start (prefix index), longer ones anywhere (trigrams).
  const numberAnywhere = [...number].length >= 3;
  const pattern = numberAnywhere ? `%${likeText(number)}%` : `${likeText(number)}%`;
  const numberMatches = number ? Prisma.sql`AND p."malmattaKey" LIKE ${pattern}` : Prisma.empty;
  let counted: number;
  let rows: Selected[];
  if (!name) {
    // The whole register or a number: counted without an order (so the planner may count on an
    // index alone), the page straight along the primary key, newest first.
    const where: Prisma.PropertyWhereInput = {
      createdByUserId: councilId,
      ...(number ? { malmattaKey: numberAnywhere ? { contains: likeText(number) } : { startsWith: likeText(number) } } : {}),
    };
    [{ n: counted }] = await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM "Property" p WHERE p."createdByUserId" = ${councilId} ${numberMatches} LIMIT ${COUNT_CAP + 1}) AS m`;
    rows =
      skip >= counted
        ? []
        : await db.property.findMany({ where, select: ROW_SELECT, orderBy: { propertyId: 'desc' }, skip, take: pageSize });
  } else {
    // A name search starts from the owners' name index (trigram or word starts); one row comes back
    // with the count and the page's ids. Starting from the register and testing each property's
    // owner read every property of the council (PGlite: 30-45 ms at 50,000), and sending the
    // thousands of matching ids here to be sorted cost more than sorting them in SQL.
    const [r] = await db.$queryRaw<{ n: number; ids: number[] }[]>`
      WITH m AS MATERIALIZED (
        SELECT DISTINCT o."propertyId" AS id FROM "Owner" o
        ${number ? Prisma.sql`JOIN "Property" p ON p."propertyId" = o."propertyId"` : Prisma.empty}
        WHERE o."createdByUserId" = ${councilId} AND o."isActive" AND ${ownerNameMatches(name)} ${numberMatches}
        LIMIT ${COUNT_CAP + 1}
      )
      SELECT (SELECT count(*) FROM m)::int AS n, ARRAY(SELECT id FROM m ORDER BY id DESC LIMIT ${pageSize} OFFSET ${skip}) AS ids`;
    counted = r.n;
    let ids = r.ids.map(Number);
    if (counted > COUNT_CAP)
      // More than COUNT_CAP matching names are dense: walking the register newest first finds a page soon.
      ids = (
        await db.$queryRaw<{ id: number }[]>`
          SELECT p."propertyId" AS id FROM "Property" p
          WHERE p."createdByUserId" = ${councilId} ${numberMatches}
            AND EXISTS (SELECT 1 FROM "Owner" o WHERE o."propertyId" = p."propertyId" AND o."isActive" AND ${ownerNameMatches(name)})
          ORDER BY p."propertyId" DESC LIMIT ${pageSize} OFFSET ${skip}`
      ).map((row) => row.id);
    const found = ids.length ? await db.property.findMany({ where: { propertyId: { in: ids } }, select: ROW_SELECT }) : [];
    const byId = new Map(found.map((p) => [p.propertyId, p]));
    rows = ids.map((id) => byId.get(id)).filter((p): p is Selected => p !== undefined);
  }
  const capped = counted > COUNT_CAP;
  const total = capped ? COUNT_CAP : counted;
  return {
    rows: rows.map(toRow),
    pageNumber,
    pageSize,
    totalPages: Math.ceil(total / pageSize),
    totalCount: total,
    totalCapped: capped,
  };
}

/** One property of the council by number (either digit style), or 404. */
export async function propertyByNumber(db: DbOrTx, councilId: number, typed: string): Promise<PropertyRow> {
  const p = await db.property.findFirst({ where: { createdByUserId: councilId, malmattaKey: malmattaKey(typed) }, select: ROW_SELECT });
  if (!p) throw new NotFound(`मालमत्ता क्रमांक ${typed} सापडला नाही. / No property ${typed} in this council's register.`);
  return toRow(p);
}

export async function listOwners(db: Db, councilId: number, q: OwnersQuery) {
  const { rows, ...page } = await listProperties(db, councilId, {
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    searchMalmatta: q.malmattaNo,
    searchName: q.ownerName,
  });
  return { items: rows, ...page };
}

const idOf = (field: string, v: unknown): number => {
  const n = typeof v === 'number' ? v : /^\d{1,10}$/.test(String(v ?? '').trim()) ? Number(String(v).trim()) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 2147483647) throw new Invalid(field, 'is required (a record id)');
  return n;
};

/** Corrects the active owner's details: only the fields sent change, in one statement that also
 *  moves the owner's version up. With `ifMatch` (the owner's version as read, `ownerVersion` of the
 *  row) only while the owner is still at that version, else 409. */
export async function updateOwner(
  db: Db,
  councilId: number,
  ownerIdRaw: unknown,
  body: UpdateOwnerBody,
  ifMatch?: number,
): Promise<PropertyRow> {
  const ownerId = idOf('ownerId', ownerIdRaw);
  const owner = await db.owner.findFirst({
    where: { ownerId, createdByUserId: councilId },
    select: { propertyId: true, isActive: true, version: true },
  });
  if (!owner) throw new NotFound('No such owner in this council’s register.');
  if (!owner.isActive) throw replacedOwner();
  if (ifMatch !== undefined && ifMatch !== owner.version) throw new StaleRecord();
  const data: Partial<OwnerFacts> = {};
  for (const f of ['malkacheNav', 'bhogwatdarakNav'] as const) {
    if (body[f] === undefined) continue;
    if (blank(body[f])) throw new Invalid(f, 'is required');
    data[f] = body[f]!.trim();
  }
  if (body.mobileNo !== undefined) data.mobileNo = tenDigitMobile('mobileNo', body.mobileNo);
  await db.$transaction(async (tx) => {
    const { count } = await tx.owner.updateMany({
      where: { ownerId, isActive: true, ...(ifMatch === undefined ? {} : { version: ifMatch }) },
      data: { ...data, version: { increment: 1 } },
    });
    // Changed meanwhile (If-Match), or ended by a transfer that landed between the read and now.
    if (count === 0) throw ifMatch === undefined ? replacedOwner() : new StaleRecord();
    // The tax list and receipts name the owner from the kar record.
    if (data.malkacheNav)
      await tx.karDetail.updateMany({ where: { propertyId: owner.propertyId }, data: { malkacheNav: data.malkacheNav } });
  });
  return toRow(await db.property.findUniqueOrThrow({ where: { propertyId: owner.propertyId }, select: ROW_SELECT }));
}

const replacedOwner = () => new Conflict('This owner was replaced by a transfer (ferfar); correct the current owner instead.');

/** The register's columns a field of the update body sets (the sq ft area sets the m² one). */
const FACT_OF: Record<string, (keyof Facts)[]> = {
  malmattaNo: ['malmattaNo', 'malmattaKey'],
  area: ['areaSqm'],
  ...Object.fromEntries(
    (
      [
        'gatNo',
        'citySurveyNo',
        'malmattaVarnan',
        'buildingType',
        'usage',
        'milkatBandhakamYear',
        'areaSqm',
        'plotAreaSqm',
        'landRate',
        'aapilacheNikalAndFerfar',
        'vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera',
      ] as const
    ).map((f) => [f, [f]]),
  ),
};

/** Changes a property's recorded facts and computes its assessment again, in one transaction with
 *  its current tax demand. Only the fields sent (and the computed columns) are written, in one
 *  statement that holds only while the property is still at the version it was read at: with
 *  `ifMatch` (the version the form read) a property changed since answers 409; without it (older
 *  integrators) the change is applied again on top of the newer record, so two clerks changing
 *  different fields both keep theirs. */
export async function updateProperty(db: Db, councilId: number, body: UpdatePropertyBody, ifMatch?: number): Promise<PropertyRow> {
  const propertyId = idOf('propertyId', body.propertyId);
  const sent = Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== undefined && k in FACT_OF));
  const written = new Set(Object.keys(sent).flatMap((k) => FACT_OF[k]));
  for (let attempt = 0; ; attempt++) {
    try {
      const updated = await db.$transaction(async (tx) => {
        const { rates } = await ratesOf(tx, councilId);
        const current = await tx.property.findFirst({ where: { propertyId, createdByUserId: councilId }, select: ROW_SELECT });
        if (!current) throw new NotFound('No such property in this council’s register.');
        if (ifMatch !== undefined && ifMatch !== current.version) throw new StaleRecord();
        const row = toRow(current);
        const merged = { ...row, ...sent } as RegisterBody;
        // The area in sq ft is derived: only an explicit new sq ft value without m² counts.
        if (body.areaSqm === undefined && body.area !== undefined) merged.areaSqm = '';
        const year = current.ghasaraDarUpdatedYear || todayInIndia().getUTCFullYear();
        const facts = readProperty(merged, todayInIndia().getUTCFullYear());
        if (facts.malmattaKey !== malmattaKey(current.malmattaNo)) {
          const taken = await tx.property.findFirst({
            where: { createdByUserId: councilId, malmattaKey: facts.malmattaKey, NOT: { propertyId } },
            select: { malmattaNo: true },
          });
          if (taken) throw duplicate(facts.malmattaNo, taken.malmattaNo);
        }
        const assessed = assess(rates, { ...facts, constructionYear: facts.milkatBandhakamYear }, year);
        const changed = Object.fromEntries(Object.entries(facts).filter(([k]) => written.has(k as keyof Facts)));
        const { count } = await tx.property.updateMany({
          where: { propertyId, version: current.version },
          data: { ...changed, ...assessedColumns(assessed), version: { increment: 1 } },
        });
        if (count === 0) throw new StaleRecord();
        // The current tax demand (Namuna 9) follows the new assessment in this same transaction.
        await followAssessment(tx, councilId, [propertyId]);
        if (facts.malmattaNo !== current.malmattaNo) {
          await tx.owner.updateMany({ where: { propertyId }, data: { malmattaNo: facts.malmattaNo, version: { increment: 1 } } });
          await tx.karDetail.updateMany({ where: { propertyId }, data: { malmattaNo: facts.malmattaNo } });
        }
        return tx.property.findUniqueOrThrow({ where: { propertyId }, select: ROW_SELECT });
      });
      return toRow(updated);
    } catch (err) {
      if (err instanceof StaleRecord && ifMatch === undefined && attempt < 10) continue;
      if ((err as { code?: string }).code === 'P2002') throw duplicate(String(body.malmattaNo ?? ''));
      throw err;
    }
  }
}

// ---------------------------------------------------------------- public (no login)

/** At most 10 suggestions for the public search box: numbers that start with what was typed come first. */
export async function suggest(db: Db, councilId: number, type: 'malmatta' | 'owner', q: string) {
  if (type === 'malmatta') {
    const key = malmattaKey(q);
    if (!key) return [];
    const rows = await db.property.findMany({
      where: { createdByUserId: councilId, malmattaKey: { startsWith: likeText(key) } },
      select: { malmattaNo: true, owners: { where: { isActive: true }, take: 1, select: { malkacheNav: true } } },
      orderBy: [{ malmattaKey: 'asc' }],
      take: 10,
    });
    return rows.map((r) => ({ malmattaNo: r.malmattaNo, malkacheNav: r.owners[0]?.malkacheNav ?? '' }));
  }
  const name = q.trim().toLowerCase();
  if (!name) return [];
  return db.$queryRaw<{ malmattaNo: string; malkacheNav: string }[]>`
    SELECT p."malmattaNo", o."malkacheNav"
    FROM (
      -- The ten names first, then their properties: joining every match before the sort read
      -- thousands of properties for a one-letter term.
      SELECT o."propertyId", o."malkacheNav" FROM "Owner" o
      WHERE o."createdByUserId" = ${councilId} AND o."isActive" AND ${ownerNameMatches(name)}
      ORDER BY o."malkacheNav" LIMIT 10
    ) o JOIN "Property" p ON p."propertyId" = o."propertyId"
    ORDER BY o."malkacheNav"`;
}

const HEADS = [
  ['gharpatti', 'Gharpatti'],
  ['divabatti', 'Divabatti'],
  ['arogyakar', 'Arogyakar'],
  ['panipatti', 'Panipatti'],
] as const;

/** What a citizen sees of a property: the register columns, the owner's mobile masked, the outstanding tax per head. */
export async function publicProperty(db: Db, councilId: number, typed: string) {
  const p = await db.property.findFirst({
    where: { createdByUserId: councilId, malmattaKey: malmattaKey(typed) },
    select: { ...ROW_SELECT, karDetails: { take: 1 } },
  });
  if (!p) throw new NotFound('प्रदान केलेला मालमत्ता क्रमांक सापडला नाही.');
  const row = toRow(p);
  const kar = p.karDetails[0];
  const dues = kar
    ? {
        ...Object.fromEntries(
          HEADS.map(([head, col]) => {
            const magil = kar[`magil${col}`],
              chalu = kar[`chalu${col}`];
            return [head, { magil: money(magil), chalu: money(chalu), total: money(magil.plus(chalu)) }];
          }),
        ),
        total: money(kar.total),
        karupdatedYear: kar.karupdatedYear,
      }
    : null;
  return {
    malmattaNo: row.malmattaNo,
    malkacheNav: row.malkacheNav,
    bhogwatdarakNav: row.bhogwatdarakNav,
    mobileNo: maskMobile(row.mobileNo),
    gatNo: row.gatNo,
    citySurveyNo: row.citySurveyNo,
    malmattaVarnan: row.malmattaVarnan,
    milkatBandhakamYear: row.milkatBandhakamYear,
    areaSqm: row.areaSqm,
    landRate: row.landRate,
    buildingRate: row.buildingRate,
    constructionRate: row.constructionRate,
    ghasaraRate: row.ghasaraRate,
    bhandavaliRateRs: row.bhandavaliRateRs,
    karachaRateRs: row.karachaRateRs,
    gharpatti: row.gharpatti,
    divabatti: row.divabatti,
    arogya: row.arogya,
    panipatti: row.panipatti,
    total: row.total,
    dues: dues as never,
  };
}

/** The public property tax certificate (spec 2.9) of a council's property; 404 when either is unknown. */
export async function propertyCertificate(db: Db, councilId: number, typed: string) {
  const p = await db.property.findFirst({ where: { createdByUserId: councilId, malmattaKey: malmattaKey(typed) }, select: ROW_SELECT });
  if (!p) throw new NotFound('No property data found.');
  const row = toRow(p);
  const office = await officeOf(db, councilId);
  return [
    {
      malmattaNo: row.malmattaNo,
      malkacheNav: row.malkacheNav,
      bhogwatdarakNav: row.bhogwatdarakNav,
      mobileNo: maskMobile(row.mobileNo),
      gatNo: row.gatNo,
      malmattaVarnan: row.malmattaVarnan,
      areaSqm: row.areaSqm,
      milkatBandhakamYear: row.milkatBandhakamYear,
      propertyCreatedAt: row.propertyCreatedAt,
      constructionRate: row.constructionRate,
      ghasaraRate: row.ghasaraRate,
      bhandavaliRateRs: row.bhandavaliRateRs,
      karachaRateRs: row.karachaRateRs,
      gharpatti: row.gharpatti,
      divabatti: row.divabatti,
      arogya: row.arogya,
      panipatti: row.panipatti,
      total: row.total,
      officeName: office.officeName,
      officeNameEnglish: office.officeNameEnglish,
    },
  ];
}

// ---------------------------------------------------------------- Excel import

export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}
export interface ImportReport {
  dryRun: boolean;
  rows: number;
  /** Rows that would be (dry run) or were registered. */
  created: number;
  /** Rows already in the register with the same details: importing a file twice changes nothing. */
  unchanged: number;
  problems: ImportProblem[];
  written: boolean;
}

const SAME_FIELDS = [
  'malmattaNo',
  'gatNo',
  'citySurveyNo',
  'malmattaVarnan',
  'buildingType',
  'usage',
  'milkatBandhakamYear',
  'areaSqm',
] as const;

/** Checks every row first; writes only when all are good and it is not a dry run, in one transaction
 *  and a few set-based statements (5,000 rows: two inserts, not 10,000). */
export async function importRegister(
  db: Db,
  councilId: number,
  rows: { row: number; values: Record<string, string> }[],
  dryRun: boolean,
): Promise<ImportReport> {
  const year = todayInIndia().getUTCFullYear();
  const { rates } = await ratesOf(db, councilId);
  const problems: ImportProblem[] = [];
  const fresh: { facts: Facts; owner: OwnerFacts; assessed: Assessment }[] = [];
  const firstRowOf = new Map<string, number>();
  const read: { row: number; facts: Facts; owner: OwnerFacts }[] = [];

  for (const { row, values } of rows) {
    try {
      // The input guard sees only the request; a workbook's cells are text of their own.
      refuseControlCharacters(values);
      const facts = readProperty(values as unknown as RegisterBody, year);
      const owner = readOwner(values);
      const seen = firstRowOf.get(facts.malmattaKey);
      if (seen) {
        problems.push({ row, field: 'malmattaNo', message: `${facts.malmattaNo} appears again (first in row ${seen})` });
        continue;
      }
      firstRowOf.set(facts.malmattaKey, row);
      read.push({ row, facts, owner });
    } catch (err) {
      if (!(err instanceof Invalid)) throw err;
      problems.push({ row, field: err.field ?? 'row', message: err.message });
    }
  }

  // What is already registered under the same numbers, in one query per 1,000 keys.
  const existing = new Map<string, Selected & { malmattaKey: string }>();
  const keys = read.map((r) => r.facts.malmattaKey);
  for (let i = 0; i < keys.length; i += 1000) {
    const found = await db.property.findMany({
      where: { createdByUserId: councilId, malmattaKey: { in: keys.slice(i, i + 1000) } },
      select: { ...ROW_SELECT, malmattaKey: true },
    });
    for (const p of found) existing.set(p.malmattaKey, p);
  }
  let unchanged = 0;
  for (const r of read) {
    const have = existing.get(r.facts.malmattaKey);
    if (!have) {
      fresh.push({ ...r, assessed: assess(rates, { ...r.facts, constructionYear: r.facts.milkatBandhakamYear }, year) });
      continue;
    }
    const row = toRow(have);
    const same =
      SAME_FIELDS.every((f) => String(row[f]) === String(r.facts[f])) &&
      row.malkacheNav === r.owner.malkacheNav &&
      row.bhogwatdarakNav === r.owner.bhogwatdarakNav &&
      row.mobileNo === r.owner.mobileNo;
    if (same) unchanged++;
    else
      problems.push({
        row: r.row,
        field: 'malmattaNo',
        message: `${r.facts.malmattaNo} is already registered with other details; change it in the register, not by import`,
      });
  }
  problems.sort((a, b) => a.row - b.row);
  const report = { dryRun, rows: rows.length, created: fresh.length, unchanged, problems, written: false };
  if (dryRun || problems.length || !fresh.length) return report;

  await db.$transaction((tx) => insertRegisterRows(tx, councilId, year, fresh), { timeout: 120_000 });
  return { ...report, written: true };
}

const PROPERTY_COLUMNS: [string, string][] = [
  ['malmattaNo', 'text'],
  ['malmattaKey', 'text'],
  ['gatNo', 'text'],
  ['citySurveyNo', 'text'],
  ['malmattaVarnan', 'text'],
  ['buildingType', 'text'],
  ['usage', 'text'],
  ['milkatBandhakamYear', 'int'],
  ['plotAreaSqm', 'numeric'],
  ['area', 'numeric'],
  ['areaSqm', 'numeric'],
  ['landRate', 'numeric'],
  ['constructionRate', 'numeric'],
  ['buildingRate', 'numeric'],
  ['ghasaraRate', 'numeric'],
  ['buildingBharank', 'numeric'],
  ['bhandavaliRateRs', 'numeric'],
  ['karachaRateRs', 'numeric'],
  ['gharpatti', 'numeric'],
  ['divabatti', 'numeric'],
  ['arogya', 'numeric'],
  ['panipatti', 'numeric'],
  ['total', 'numeric'],
  ['aapilacheNikalAndFerfar', 'text'],
  ['vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera', 'text'],
];
const OWNER_COLUMNS: [string, string][] = [
  ['malmattaKey', 'text'],
  ['malkacheNav', 'text'],
  ['bhogwatdarakNav', 'text'],
  ['mobileNo', 'text'],
];
const q = (c: string) => `"${c}"`;
const recordset = (cols: [string, string][]) => cols.map(([c, t]) => `${q(c)} ${t}`).join(', ');

/** Many new properties with their owners in two set-based statements: the rows travel as one JSON
 *  parameter (jsonb_to_recordset). Prisma's createMany binds every value as its own parameter, which
 *  took 5.8 s for 5,000 properties on the embedded database; this takes a fraction of a second. */
async function insertRegisterRows(
  tx: Prisma.TransactionClient,
  councilId: number,
  year: number,
  rows: { facts: Facts; owner: OwnerFacts; assessed: Assessment }[],
) {
  const properties = rows.map(({ facts, assessed }) => ({ ...facts, ...assessedColumns(assessed) }));
  const names = PROPERTY_COLUMNS.map(([c]) => q(c)).join(', ');
  await tx.$executeRawUnsafe(
    `INSERT INTO "Property" ("createdByUserId", "ghasaraDarUpdatedYear", "updatedAt", ${names})
     SELECT $2::int, $3::int, now(), ${names} FROM jsonb_to_recordset($1::jsonb) AS r(${recordset(PROPERTY_COLUMNS)})`,
    JSON.stringify(properties),
    councilId,
    year,
  );
  const owners = rows.map(({ facts, owner }) => ({ ...owner, malmattaKey: facts.malmattaKey }));
  await tx.$executeRawUnsafe(
    `INSERT INTO "Owner" ("propertyId", "createdByUserId", "malmattaNo", "malkacheNav", "bhogwatdarakNav", "mobileNo", "reason", "updatedAt")
     SELECT p."propertyId", $2::int, p."malmattaNo", r."malkacheNav", r."bhogwatdarakNav", r."mobileNo", 'new', now()
     FROM jsonb_to_recordset($1::jsonb) AS r(${recordset(OWNER_COLUMNS)})
     JOIN "Property" p ON p."createdByUserId" = $2::int AND p."malmattaKey" = r."malmattaKey"`,
    JSON.stringify(owners),
    councilId,
  );
}
