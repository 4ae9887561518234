// A property's kar record (Namuna 9 row): started once with the arrears the old register carried and
// this year's demand from the assessment in force; read as the spec's row (magil, chalu, total per
// head), which is the summary of the property's entries in the books.
import { toPaise } from '../../../common/money.ts';
import { malmattaKey } from '../../../common/property/malmatta.ts';
import { TAX_HEADS, TAX_MESSAGES, taxYearLabel, taxYearOf } from '../../../common/property/tax.ts';
import type { Db } from '../../db/open.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import type { KarDetail } from '../../generated/prisma/client.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { inForce } from '../assessment/versions.ts';
import { raiseDemand, type Head } from './books.ts';
import { readAmount } from './input.ts';
import { lockKar, loadBooks, record } from './ledger.ts';
import type { AddKarBody, KarRow } from './schema.ts';
import { karRowOf, type KarListRow } from './sql.ts';
import { changesOf, recordAudit } from '../audit/record.ts';

type Decimalish = { toFixed(n: number): string };
const money = (d: Decimalish) => d.toFixed(2);
const col = (kar: KarDetail, name: string) => kar[name as keyof KarDetail] as unknown as Decimalish;

/** The spec's row of a kar record as Prisma reads it: its amounts as text, then sql.ts's one mapper. */
export function toKarRow(kar: KarDetail): KarRow {
  const amounts: Record<string, string> = { total: money(kar.total), advance: money(kar.advance) };
  for (const h of TAX_HEADS) for (const c of [`magil${h.col}`, `chalu${h.col}`]) amounts[c] = money(col(kar, c));
  return karRowOf({
    ...amounts,
    karId: kar.karId,
    propertyId: kar.propertyId,
    malmattaNo: kar.malmattaNo,
    malkacheNav: kar.malkacheNav,
    karupdatedYear: kar.karupdatedYear,
  } as KarListRow);
}

/** The property of an owner of the council (an owner replaced by a transfer still names it). */
export async function propertyOfOwner(db: DbOrTx, councilId: number, ownerId: number): Promise<number> {
  const owner = await db.owner.findFirst({ where: { ownerId, createdByUserId: councilId }, select: { propertyId: true } });
  if (!owner) throw new NotFound('No owner found for this malmatta number');
  return owner.propertyId;
}

/** The kar record of an owner's property, or 404. */
export async function karOfOwner(db: DbOrTx, councilId: number, ownerId: number): Promise<KarDetail> {
  const kar = await db.karDetail.findUnique({ where: { propertyId: await propertyOfOwner(db, councilId, ownerId) } });
  if (!kar) throw new NotFound(TAX_MESSAGES.noKar);
  return kar;
}

/** The kar record of an owner's property, as the one-item list the spec's client reads; [] when it has none. */
export async function karByOwner(db: DbOrTx, councilId: number, ownerId: number): Promise<KarRow[]> {
  const kar = await db.karDetail.findUnique({ where: { propertyId: await propertyOfOwner(db, councilId, ownerId) } });
  return kar ? [toKarRow(kar)] : [];
}

/** Each head's annual tax in a version of the assessment, in paise. */
export function annualOf(version: Record<(typeof TAX_HEADS)[number]['assessed'], string>): Record<Head, bigint> {
  return Object.fromEntries(TAX_HEADS.map((h) => [h.key, toPaise(version[h.assessed])])) as Record<Head, bigint>;
}

export const demandReason = (year: number) => `कर वर्ष ${taxYearLabel(year)} ची मागणी / Demand of tax year ${taxYearLabel(year)}`;
const OPENING_ARREARS = 'आरंभीची थकबाकी (जुन्या नोंदवहीतून) / Opening arrears brought from the old register';

/** What the trail shows of a new kar record: the arrears brought in, this year's demand, the total. */
const KAR_FIELDS = [...TAX_HEADS.flatMap((h) => [`magil${h.col}`, `chalu${h.col}`]), 'total', 'karupdatedYear'];

/** Starts a property's kar record: the arrears the old register carries (entered once, booked as the
 *  opening balance at the end of the last tax year) and this year's demand from the assessment in
 *  force. The chalu amounts a client sends are ignored. */
export async function addKarDetails(db: Db, councilId: number, body: AddKarBody, actor: string, today: Date): Promise<KarRow> {
  const arrears = Object.fromEntries(
    TAX_HEADS.map((h) => [h.key, readAmount(`magil${h.col}`, (body as Record<string, unknown>)[`magil${h.col}`])]),
  ) as Record<Head, bigint>;
  const key = malmattaKey(body.malmattaNo ?? '');
  if (!key) throw new Invalid('malmattaNo', 'is required');
  const year = taxYearOf(today);
  try {
    const kar = await db.$transaction(async (tx) => {
      const property = await tx.property.findFirst({
        where: { createdByUserId: councilId, malmattaKey: key },
        select: {
          propertyId: true,
          malmattaNo: true,
          owners: { where: { isActive: true }, take: 1, orderBy: { ownerId: 'desc' }, select: { malkacheNav: true } },
        },
      });
      if (!property)
        throw new Invalid(
          'malmattaNo',
          `मालमत्ता क्रमांक ${body.malmattaNo} नोंदवहीत नाही. / Property ${body.malmattaNo} is not in this council's register.`,
        );
      if (await tx.karDetail.findUnique({ where: { propertyId: property.propertyId }, select: { karId: true } }))
        throw new Conflict(
          `मालमत्ता ${property.malmattaNo} चा कर तपशील आधीच नोंदलेला आहे. / Property ${property.malmattaNo} already has its kar details; arrears are entered once.`,
        );
      const created = await tx.karDetail.create({
        data: {
          propertyId: property.propertyId,
          createdByUserId: councilId,
          malmattaNo: property.malmattaNo,
          malkacheNav: property.owners[0]?.malkacheNav ?? '',
          karupdatedYear: year,
        },
        select: { karId: true },
      });
      const ctx = await lockKar(tx, councilId, created.karId);
      const books = await loadBooks(tx, ctx.propertyId);
      const version = (await inForce(tx, councilId, year, [ctx.propertyId])).get(ctx.propertyId);
      if (!version) throw new Error(`property ${ctx.propertyId} has no assessment in force for ${year}`);
      // The opening balance is the last day of the year before: the books of this year open with it.
      const opening = raiseDemand(books, year - 1, arrears, OPENING_ARREARS);
      if (opening.length) await record(tx, ctx, books, opening, { date: new Date(Date.UTC(year, 2, 31)), byUser: actor });
      await record(tx, ctx, books, raiseDemand(books, year, annualOf(version), demandReason(year)), { date: today, byUser: actor });
      const row = toKarRow(await tx.karDetail.findUniqueOrThrow({ where: { karId: ctx.karId } }));
      await recordAudit(tx, {
        councilId,
        entity: 'KarDetail',
        entityId: row.karId,
        record: { entity: 'Property', id: property.propertyId },
        action: 'create',
        changes: changesOf(null, row, KAR_FIELDS),
      });
      return row;
    });
    return kar;
  } catch (err) {
    if ((err as { code?: string }).code === 'P2002')
      throw new Conflict(`Property ${body.malmattaNo} already has its kar details; arrears are entered once.`);
    throw err;
  }
}
