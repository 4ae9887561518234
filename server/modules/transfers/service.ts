// Ferfar (फेरफार): a property passes to a new owner. The register is amended, never overwritten: the
// old owner's record stays, marked inactive and linked from the new one, and the transfer itself is
// kept with its reason, date, reference and a ferfar number from the council's gap-free sequence.
import { isoDay, parseIsoDate, todayInIndia } from '../../../common/dates.ts';
import { malmattaKey } from '../../../common/property/malmatta.ts';
import { NO_HEIR, TRANSFER_FIELDS } from '../../../common/property/transfer.ts';
import { normaliseMobile } from '../../../common/sms.ts';
import { nextNumber } from '../../db/counter.ts';
import type { Db } from '../../db/open.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import type { PropertyTransfer } from '../../generated/prisma/client.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { Transfer, TransferBody } from './schema.ts';
import { lockProperty } from './sql.ts';
import { changesOf, recordAudit } from '../audit/record.ts';

/** The form's required fields (spec 5): a missing one answers "{label} is required.". */
const REQUIRED = TRANSFER_FIELDS.filter((f) => f.required);

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** Names compared as a person reads them: blanks and letter case do not matter. */
const sameName = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();

function toTransfer(t: PropertyTransfer): Transfer {
  return {
    ferfarNumber: t.ferfarNumber,
    malmattaNo: t.malmattaNo,
    ferfarKaran: t.ferfarKaran,
    ferfarDate: isoDay(t.ferfarDate),
    sadyaMalakacheNav: t.sadyaMalakacheNav,
    bhogwatdarakachNav: t.bhogwatdarakachNav,
    navinMalakacheNav: t.navinMalakacheNav,
    varasacheNav: t.varasacheNav,
    referenceNo: t.referenceNo,
    note: t.note,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** What the trail shows of a transfer: its number, the owner before and after, and why. */
const AUDITED = [
  'ferfarNumber',
  'ferfarKaran',
  'ferfarDate',
  'sadyaMalakacheNav',
  'navinMalakacheNav',
  'bhogwatdarakachNav',
  'varasacheNav',
  'referenceNo',
] as const;

export async function addTransfer(db: Db, councilId: number, body: TransferBody, today = todayInIndia()): Promise<Transfer> {
  for (const f of REQUIRED) if (!text(body[f.name])) throw new Invalid(f.name, `${f.en} is required.`);
  const date = parseIsoDate(text(body.ferfar_date));
  if (!date) throw new Invalid('ferfar_date', 'Transfer Date must be a valid date (YYYY-MM-DD).');
  if (date > today) throw new Invalid('ferfar_date', 'Transfer Date must not be in the future.');
  const typed = text(body.malmatta_no);
  const current = text(body.sadya_malakache_nav);
  const newOwner = text(body.navin_malakache_nav);
  const occupier = text(body.bhogwatadharak_nav);
  const typedMobile = text(body.navin_malakache_mobile);
  const mobileNo = typedMobile ? normaliseMobile(typedMobile) : '';
  if (mobileNo === null)
    throw new Invalid(
      'navin_malakache_mobile',
      'नवीन मालकाचा मोबाईल क्रमांक १० अंकी असावा (६, ७, ८ किंवा ९ ने सुरू) / New Owner Mobile must be a 10-digit mobile number starting with 6, 7, 8 or 9.',
    );

  const saved = await db.$transaction(async (tx) => {
    // The property row is locked first, so two transfers of one property run one after the other.
    const property = await lockProperty(tx, councilId, malmattaKey(typed));
    if (!property) throw new Invalid('malmatta_no', `Malmatta Number ${typed} is not in this council's register.`);
    const owner = await tx.owner.findFirst({ where: { propertyId: property.propertyId, isActive: true }, orderBy: { ownerId: 'desc' } });
    if (!owner) throw new Conflict(`Property ${property.malmattaNo} has no active owner to transfer from.`);
    // A form filled before another transfer landed names an owner who no longer holds the property.
    if (!sameName(owner.malkacheNav, current))
      throw new Conflict(
        `The current owner of ${property.malmattaNo} is ${owner.malkacheNav}, not ${current}. Reload the property and try again.`,
      );
    if (sameName(owner.malkacheNav, newOwner)) throw new Invalid('navin_malakache_nav', 'New Owner Name is the same as the current owner.');

    const ferfarNumber = await nextNumber(tx, councilId, 'ferfar', 0);
    await tx.owner.update({ where: { ownerId: owner.ownerId }, data: { isActive: false, version: { increment: 1 } } });
    await tx.owner.create({
      data: {
        propertyId: property.propertyId,
        createdByUserId: councilId,
        malmattaNo: property.malmattaNo,
        malkacheNav: newOwner,
        bhogwatdarakNav: occupier,
        mobileNo,
        reason: 'transfer',
        previousOwnerId: owner.ownerId,
      },
    });
    await tx.karDetail.updateMany({ where: { propertyId: property.propertyId }, data: { malkacheNav: newOwner } });
    const transfer = await tx.propertyTransfer.create({
      data: {
        createdByUserId: councilId,
        ferfarNumber,
        propertyId: property.propertyId,
        malmattaNo: property.malmattaNo,
        ferfarKaran: text(body.ferfar_karan),
        ferfarDate: date,
        sadyaMalakacheNav: owner.malkacheNav,
        bhogwatdarakachNav: occupier,
        navinMalakacheNav: newOwner,
        varasacheNav: text(body.varasache_nav) || NO_HEIR,
        referenceNo: text(body.reference_no),
        note: text(body.note),
      },
    });
    await recordAudit(tx, {
      councilId,
      entity: 'PropertyTransfer',
      entityId: transfer.id,
      record: { entity: 'Property', id: property.propertyId },
      action: 'create',
      changes: changesOf(null, transfer, AUDITED),
    });
    return transfer;
  });
  return toTransfer(saved);
}

/** The spec's fallback message of the transfer lookup (spec 8): no such ferfar in the council. */
export const NO_SUCH_TRANSFER = 'मालमत्ता हस्तांतरण सापडले नाही';

export async function transferByNumber(db: DbOrTx, councilId: number, ferfarNumber: number): Promise<Transfer> {
  const t = await db.propertyTransfer.findUnique({ where: { createdByUserId_ferfarNumber: { createdByUserId: councilId, ferfarNumber } } });
  if (!t) throw new NotFound(NO_SUCH_TRANSFER);
  return toTransfer(t);
}

/** Every owner a property has had, newest first, each with the transfer that made it the owner. */
export async function ownershipHistory(db: DbOrTx, councilId: number, typed: string) {
  const property = await db.property.findFirst({
    where: { createdByUserId: councilId, malmattaKey: malmattaKey(typed) },
    select: {
      malmattaNo: true,
      owners: { orderBy: { ownerId: 'desc' } },
      transfers: { orderBy: { ferfarNumber: 'desc' } },
    },
  });
  if (!property) throw new NotFound(`No property ${typed} in this council's register.`);
  // The k-th transfer (oldest first) made the (k+1)-th owner.
  const ownersOldestFirst = [...property.owners].reverse();
  const transfersOldestFirst = [...property.transfers].reverse();
  const madeBy = new Map(ownersOldestFirst.map((o, i) => [o.ownerId, i > 0 ? (transfersOldestFirst[i - 1]?.ferfarNumber ?? null) : null]));
  return {
    malmattaNo: property.malmattaNo,
    owners: property.owners.map((o) => ({
      ownerId: o.ownerId,
      malkacheNav: o.malkacheNav,
      bhogwatdarakNav: o.bhogwatdarakNav,
      isActive: o.isActive,
      reason: o.reason,
      since: o.createdAt.toISOString(),
      ferfarNumber: o.reason === 'transfer' ? (madeBy.get(o.ownerId) ?? null) : null,
    })),
    transfers: property.transfers.map(toTransfer),
  };
}
