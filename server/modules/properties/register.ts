// The register (Namuna 8): registering a property with its owner, the paged and searched list,
// corrections of an owner's details and of a property's facts. A property's tax is its assessment
// (server/modules/assessment/): a new property is assessed from this tax year; a change of what the
// tax follows from is assessed again from the tax year the clerk chose (server/modules/tax/revision.ts
// corrects a year already billed). A description, number or remark never touches tax.
import { formatDateEnGB } from '../../../common/dates.ts';
import { formatRupees } from '../../../common/money.ts';
import { taxYearLabel, taxYearOf } from '../../../common/property/tax.ts';
import { ASSESSED_COLUMNS } from '../../../common/property/assessment.ts';
import { malmattaKey } from '../../../common/property/malmatta.ts';
import { nextNumber } from '../../db/counter.ts';
import type { Db } from '../../db/open.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { Invalid, NotFound, Conflict } from '../../lib/errors.ts';
import { blank, readId } from '../../lib/form.ts';
import { StaleRecord } from '../../lib/versions.ts';
import { inForce, type VersionRow } from '../assessment/versions.ts';
import { applyAssessmentChange, type ApplyFrom } from '../tax/revision.ts';
import { changesOf, recordAudit } from '../audit/record.ts';
import {
  ASSESSED_FACTS,
  duplicate,
  factsRowOf,
  likeText,
  readOwner,
  readProperty,
  tenDigitMobile,
  type Facts,
  type OwnerFacts,
} from './facts.ts';
import { ROW_SELECT, toRow, type Selected } from './rows.ts';
import type { PagedQuery, OwnersQuery, PropertyRow, RegisterBody, UpdateOwnerBody, UpdatePropertyBody } from './schema.ts';
import type { Namuna8 } from './pdf.ts';
import { COUNT_CAP, countProperties, ownerMatches, ownerMatchesDense } from './sql.ts';

/** The row with the tax columns of the version in force in a tax year, when its newest one is not yet. */
export function asInForce(row: PropertyRow, version: VersionRow | undefined): PropertyRow {
  if (!version) return row;
  const out: Record<string, unknown> = { ...row };
  for (const c of ASSESSED_COLUMNS) out[c] = version[c];
  return { ...(out as PropertyRow), assessmentFromYear: version.effectiveTaxYear };
}

/** The register's fields a clerk edits, as the trail shows them; `total` is the annual tax they give. */
const PROPERTY_FIELDS = [
  'malmattaNo',
  'gatNo',
  'citySurveyNo',
  'roadLane',
  'malmattaVarnan',
  'buildingType',
  'usage',
  'milkatBandhakamYear',
  'areaSqm',
  'plotAreaSqm',
  'ownLandRate',
  'aapilacheNikalAndFerfar',
  'vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera',
  'total',
] as const;
const OWNER_FIELDS = ['malkacheNav', 'bhogwatdarakNav', 'mobileNo'] as const;

/** Registers a property and its owner in one transaction, assessed from this tax year (and from
 *  any later year whose rates are already saved). */
export async function registerProperty(db: Db, councilId: number, body: RegisterBody, actor: string, today: Date): Promise<PropertyRow> {
  const year = today.getUTCFullYear();
  const facts = readProperty(body, year);
  const owner = readOwner(body);
  try {
    const created = await db.$transaction(async (tx) => {
      const taken = await tx.property.findFirst({
        where: { createdByUserId: councilId, malmattaKey: facts.malmattaKey },
        select: { malmattaNo: true },
      });
      if (taken) throw duplicate(facts.malmattaNo, taken.malmattaNo);
      const property = await tx.property.create({
        data: {
          ...facts,
          serialNo: await nextNumber(tx, councilId, 'property-serial', 0),
          ghasaraDarUpdatedYear: year,
          createdByUserId: councilId,
        },
        select: { propertyId: true },
      });
      await tx.owner.create({
        data: { ...owner, propertyId: property.propertyId, malmattaNo: facts.malmattaNo, createdByUserId: councilId, reason: 'new' },
      });
      await applyAssessmentChange(
        tx,
        councilId,
        [factsRowOf(property.propertyId, facts)],
        { fromYear: taxYearOf(today), reason: 'register', ghasaraYear: year, touchVersion: false },
        actor,
        today,
      );
      const row = toRow(await tx.property.findUniqueOrThrow({ where: { propertyId: property.propertyId }, select: ROW_SELECT }));
      // One row for the property and its first owner: the clerk registered one thing.
      await recordAudit(tx, {
        councilId,
        entity: 'Property',
        entityId: row.propertyId,
        action: 'create',
        changes: changesOf(null, row, [...PROPERTY_FIELDS, ...OWNER_FIELDS]),
      });
      return row;
    });
    return created;
  } catch (err) {
    // Two clerks registering one number at the same moment: the unique key decides.
    if ((err as { code?: string }).code === 'P2002') throw duplicate(facts.malmattaNo);
    throw err;
  }
}

/**
 * One page of the council's register, newest first, with the count of matches up to COUNT_CAP
 * ("10,000+" past it). An owner name matches as sql.ts's ownerNameMatches says, on the active owner.
 */
export async function listProperties(db: Db, councilId: number, q: PagedQuery) {
  const { pageNumber, pageSize } = q;
  const skip = (pageNumber - 1) * pageSize;
  const number = q.searchMalmatta ? malmattaKey(q.searchMalmatta) : '';
  const name = q.searchName?.trim().toLowerCase() ?? '';
  // 1-2 characters of a number match its start (prefix index), longer ones anywhere (trigrams).
  const numberAnywhere = [...number].length >= 3;
  let counted: number;
  let rows: Selected[];
  if (!name) {
    // The whole register or a number: counted without an order (so the planner may count on an
    // index alone), the page straight along the primary key, newest first.
    const where: Prisma.PropertyWhereInput = {
      createdByUserId: councilId,
      ...(number ? { malmattaKey: numberAnywhere ? { contains: likeText(number) } : { startsWith: likeText(number) } } : {}),
    };
    counted = await countProperties(db, councilId, number);
    rows =
      skip >= counted
        ? []
        : await db.property.findMany({ where, select: ROW_SELECT, orderBy: { propertyId: 'desc' }, skip, take: pageSize });
  } else {
    // A name search starts from the owners' name index (trigram or word starts); one row comes back
    // with the count and the page's ids. Starting from the register and testing each property's
    // owner read every property of the council (PGlite: 30-45 ms at 50,000), and sending the
    // thousands of matching ids here to be sorted cost more than sorting them in SQL.
    const r = await ownerMatches(db, councilId, name, number, pageSize, skip);
    counted = r.n;
    let ids = r.ids;
    if (counted > COUNT_CAP)
      // More than COUNT_CAP matching names are dense: walking the register newest first finds a page soon.
      ids = await ownerMatchesDense(db, councilId, name, number, pageSize, skip);
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

/** The 404 of a property number not in the council's register (another council's included). */
export const noSuchProperty = (typed: string) => `मालमत्ता क्रमांक ${typed} सापडला नाही. / No property ${typed} in this council's register.`;

/** One property of the council by number (either digit style), or 404. */
export async function propertyByNumber(db: DbOrTx, councilId: number, typed: string): Promise<PropertyRow> {
  const p = await db.property.findFirst({ where: { createdByUserId: councilId, malmattaKey: malmattaKey(typed) }, select: ROW_SELECT });
  if (!p) throw new NotFound(noSuchProperty(typed));
  return toRow(p);
}

/** The property as a document of a tax year shows it: the assessment in force that year. */
export async function propertyInForce(db: DbOrTx, councilId: number, typed: string, taxYear: number): Promise<PropertyRow> {
  const row = await propertyByNumber(db, councilId, typed);
  if (row.assessmentFromYear <= taxYear) return row;
  return asInForce(row, (await inForce(db, councilId, taxYear, [row.propertyId])).get(row.propertyId));
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

/** Corrects the active owner's details: only the fields sent change, in one statement that also
 *  moves the owner's version up. With `ifMatch` (the owner's version as read, `ownerVersion` of the
 *  row) only while the owner is still at that version, else 409. Never touches tax. */
export async function updateOwner(
  db: Db,
  councilId: number,
  ownerIdRaw: unknown,
  body: UpdateOwnerBody,
  ifMatch?: number,
): Promise<PropertyRow> {
  const ownerId = readId('ownerId', ownerIdRaw);
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
  return db.$transaction(async (tx) => {
    // Read again inside the transaction: the trail's old values are the ones this change replaced.
    const before = await tx.owner.findUniqueOrThrow({ where: { ownerId }, select: ownerSelect });
    const { count } = await tx.owner.updateMany({
      where: { ownerId, isActive: true, ...(ifMatch === undefined ? {} : { version: ifMatch }) },
      data: { ...data, version: { increment: 1 } },
    });
    // Changed meanwhile (If-Match), or ended by a transfer that landed between the read and now.
    if (count === 0) throw ifMatch === undefined ? replacedOwner() : new StaleRecord();
    // The tax list and receipts name the owner from the kar record.
    if (data.malkacheNav)
      await tx.karDetail.updateMany({ where: { propertyId: owner.propertyId }, data: { malkacheNav: data.malkacheNav } });
    const after = await tx.owner.findUniqueOrThrow({ where: { ownerId }, select: ownerSelect });
    // The property screen's history panel shows an owner's changes under the property.
    await recordAudit(tx, {
      councilId,
      entity: 'Owner',
      entityId: ownerId,
      record: { entity: 'Property', id: owner.propertyId },
      action: 'update',
      changes: changesOf(before, after, OWNER_FIELDS),
    });
    return toRow(await tx.property.findUniqueOrThrow({ where: { propertyId: owner.propertyId }, select: ROW_SELECT }));
  });
}

const ownerSelect = { malkacheNav: true, bhogwatdarakNav: true, mobileNo: true } as const;

const replacedOwner = () => new Conflict('This owner was replaced by a transfer (ferfar); correct the current owner instead.');

/** The register's columns a field of the update body sets (the sq ft area sets the m² one, the land
 *  rate the property's own). */
const FACT_OF: Record<string, (keyof Facts)[]> = {
  malmattaNo: ['malmattaNo', 'malmattaKey'],
  area: ['areaSqm'],
  landRate: ['ownLandRate'],
  ...Object.fromEntries(
    (
      [
        'gatNo',
        'citySurveyNo',
        'roadLane',
        'malmattaVarnan',
        'buildingType',
        'usage',
        'milkatBandhakamYear',
        'areaSqm',
        'plotAreaSqm',
        'aapilacheNikalAndFerfar',
        'vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera',
      ] as const
    ).map((f) => [f, [f]]),
  ),
};

/** Changes a property's recorded facts, only the fields sent, in one statement that holds only while
 *  the property is still at the version it was read at: with `ifMatch` (the version the form read)
 *  a property changed since answers 409; without it (older integrators) the change is applied again
 *  on top of the newer record, so two clerks changing different fields both keep theirs. When what
 *  the tax follows from changed, the property is assessed again from the year `applyFrom` names:
 *  the next tax year once this one is billed for it, unless the clerk applies it to this one under
 *  an order (its demand is then corrected by entries). */
export async function updateProperty(
  db: Db,
  councilId: number,
  body: UpdatePropertyBody,
  actor: string,
  today: Date,
  ifMatch?: number,
): Promise<PropertyRow & { effectiveTaxYear?: number }> {
  const propertyId = readId('propertyId', body.propertyId);
  const sent = Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== undefined && k in FACT_OF));
  const written = new Set(Object.keys(sent).flatMap((k) => FACT_OF[k]));
  const applyFrom = body.applyFrom as ApplyFrom | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      const updated = await db.$transaction(async (tx) => {
        const current = await tx.property.findFirst({ where: { propertyId, createdByUserId: councilId }, select: ROW_SELECT });
        if (!current) throw new NotFound('No such property in this council’s register.');
        if (ifMatch !== undefined && ifMatch !== current.version) throw new StaleRecord();
        const row = toRow(current);
        const merged = { ...row, landRate: row.ownLandRate ?? '', ...sent } as unknown as RegisterBody;
        // The area in sq ft is derived: only an explicit new sq ft value without m² counts.
        if (body.areaSqm === undefined && body.area !== undefined) merged.areaSqm = '';
        const before: Record<(typeof ASSESSED_FACTS)[number], unknown> = {
          buildingType: row.buildingType,
          usage: row.usage,
          milkatBandhakamYear: row.milkatBandhakamYear,
          areaSqm: row.areaSqm,
          plotAreaSqm: row.plotAreaSqm,
          ownLandRate: row.ownLandRate,
        };
        const facts = readProperty(merged, today.getUTCFullYear());
        if (facts.malmattaKey !== malmattaKey(current.malmattaNo)) {
          const taken = await tx.property.findFirst({
            where: { createdByUserId: councilId, malmattaKey: facts.malmattaKey, NOT: { propertyId } },
            select: { malmattaNo: true },
          });
          if (taken) throw duplicate(facts.malmattaNo, taken.malmattaNo);
        }
        const changed = Object.fromEntries(Object.entries(facts).filter(([k]) => written.has(k as keyof Facts)));
        const { count } = await tx.property.updateMany({
          where: { propertyId, version: current.version },
          data: { ...changed, version: { increment: 1 } },
        });
        if (count === 0) throw new StaleRecord();
        let effectiveTaxYear: number | undefined;
        if (ASSESSED_FACTS.some((f) => String(before[f]) !== String(facts[f]))) {
          const kar = await tx.karDetail.findUnique({ where: { propertyId }, select: { karupdatedYear: true } });
          const thisYear = taxYearOf(today);
          const billed = !!kar && kar.karupdatedYear >= thisYear;
          const fromYear = applyFrom === 'current' || (!applyFrom && !billed) ? thisYear : thisYear + 1;
          effectiveTaxYear = (
            await applyAssessmentChange(
              tx,
              councilId,
              [factsRowOf(propertyId, facts)],
              { fromYear, reason: 'facts', reference: body.orderReference, touchVersion: false },
              actor,
              today,
            )
          ).effectiveTaxYear;
        }
        if (facts.malmattaNo !== current.malmattaNo) {
          await tx.owner.updateMany({ where: { propertyId }, data: { malmattaNo: facts.malmattaNo, version: { increment: 1 } } });
          await tx.karDetail.updateMany({ where: { propertyId }, data: { malmattaNo: facts.malmattaNo } });
        }
        const after = await tx.property.findUniqueOrThrow({ where: { propertyId }, select: ROW_SELECT });
        const changes = changesOf(row, toRow(after), PROPERTY_FIELDS);
        if (effectiveTaxYear !== undefined) changes.effectiveTaxYear = { old: null, new: effectiveTaxYear };
        await recordAudit(tx, { councilId, entity: 'Property', entityId: propertyId, action: 'update', changes });
        return { row: after, effectiveTaxYear };
      });
      return { ...toRow(updated.row), ...(updated.effectiveTaxYear === undefined ? {} : { effectiveTaxYear: updated.effectiveTaxYear }) };
    } catch (err) {
      if (err instanceof StaleRecord && ifMatch === undefined && attempt < 10) continue;
      if ((err as { code?: string }).code === 'P2002') throw duplicate(String(body.malmattaNo ?? ''));
      throw err;
    }
  }
}

/** The Namuna 8 extract's data of a tax year: the property with the assessment in force that year,
 *  and its later changes: transfers (ferfar), and an assessment that takes effect after the year. */
export async function namuna8Of(db: DbOrTx, councilId: number, typed: string, taxYear: number): Promise<Namuna8> {
  const latest = await propertyByNumber(db, councilId, typed);
  const row = await propertyInForce(db, councilId, typed, taxYear);
  const transfers = await db.propertyTransfer.findMany({
    where: { propertyId: latest.propertyId, createdByUserId: councilId },
    // Newest first: where space runs out, the oldest are the ones counted instead of printed.
    orderBy: { ferfarNumber: 'desc' },
    select: { ferfarNumber: true, ferfarDate: true, ferfarKaran: true, sadyaMalakacheNav: true, navinMalakacheNav: true },
  });
  const changes = transfers.map((t) => {
    const day = formatDateEnGB(t.ferfarDate);
    return {
      // "ते" (to), not an arrow: the register's font has no arrow.
      mr: `फेरफार क्र. ${t.ferfarNumber}, ${day}: ${t.sadyaMalakacheNav} ते ${t.navinMalakacheNav} (${t.ferfarKaran})`,
      en: `Transfer No. ${t.ferfarNumber}, ${day}`,
    };
  });
  // A later assessment only when it changes the tax (a rate change for another building type writes
  // a version with the same figures).
  if (latest.assessmentFromYear > taxYear && latest.total !== row.total)
    changes.unshift({
      mr: `कर वर्ष ${taxYearLabel(latest.assessmentFromYear)} पासून नवीन आकारणी: एकूण कर ${formatRupees(latest.total)}`,
      en: `New assessment from ${taxYearLabel(latest.assessmentFromYear)}: total tax ${formatRupees(latest.total)}`,
    });
  return { ...row, changes };
}
