// What a citizen reaches without a login: the search box's suggestions, a property with its
// outstanding tax (after the captcha), and the property tax certificate a Namuna 8 QR code opens.
// The tax figures are those in force this tax year (a change from the next year is not shown yet);
// the owner's mobile is masked.
import { malmattaKey } from '../../../common/property/malmatta.ts';
import { TAX_HEADS, taxYearOf } from '../../../common/property/tax.ts';
import { CERTIFICATE_VIEW, PUBLIC_VIEW, type PropertyColumnName } from '../../../common/property/columns.ts';
import type { Db } from '../../db/open.ts';
import { NotFound } from '../../lib/errors.ts';
import { maskMobile } from '../../lib/aadhaar.ts';
import { inForce } from '../assessment/versions.ts';
import { officeOf } from '../site/service.ts';
import { likeText } from './facts.ts';
import { asInForce } from './register.ts';
import { ownerSuggestions } from './sql.ts';
import { ROW_SELECT, money, toRow, type Selected } from './rows.ts';
import type { PropertyRow } from './schema.ts';

/** A public view of the row (common/property/columns.ts): its columns, the owner's mobile masked. */
function viewOf<N extends PropertyColumnName>(row: PropertyRow, view: readonly N[]): Pick<PropertyRow, N> {
  return Object.fromEntries(view.map((n) => [n, n === 'mobileNo' ? maskMobile(row.mobileNo) : row[n]])) as Pick<PropertyRow, N>;
}

/** The row with the assessment in force this tax year. */
async function rowInForce(db: Db, councilId: number, p: Selected, today: Date): Promise<PropertyRow> {
  const row = toRow(p);
  const year = taxYearOf(today);
  if (row.assessmentFromYear <= year) return row;
  return asInForce(row, (await inForce(db, councilId, year, [row.propertyId])).get(row.propertyId));
}

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
  return ownerSuggestions(db, councilId, name);
}

/** What a citizen sees of a property: the register columns, the owner's mobile masked, the outstanding tax per head. */
export async function publicProperty(db: Db, councilId: number, typed: string, today: Date) {
  const p = await db.property.findFirst({
    where: { createdByUserId: councilId, malmattaKey: malmattaKey(typed) },
    select: { ...ROW_SELECT, karDetails: { take: 1 } },
  });
  if (!p) throw new NotFound('प्रदान केलेला मालमत्ता क्रमांक सापडला नाही.');
  const row = await rowInForce(db, councilId, p, today);
  const kar = p.karDetails[0];
  const dues = kar
    ? {
        ...Object.fromEntries(
          TAX_HEADS.map((h) => {
            const magil = kar[`magil${h.col}`],
              chalu = kar[`chalu${h.col}`];
            return [h.key, { magil: money(magil), chalu: money(chalu), total: money(magil.plus(chalu)) }];
          }),
        ),
        total: money(kar.total),
        karupdatedYear: kar.karupdatedYear,
      }
    : null;
  return { ...viewOf(row, PUBLIC_VIEW), dues: dues as never };
}

/** Whether a council account with this id exists (the public certificate's council limit counts
 *  real councils only). */
export async function councilExists(db: Db, councilId: number): Promise<boolean> {
  return (await db.user.count({ where: { id: councilId } })) > 0;
}

/** The public property tax certificate (spec 2.9) of a council's property; 404 when either is unknown. */
export async function propertyCertificate(db: Db, councilId: number, typed: string, today: Date) {
  const p = await db.property.findFirst({ where: { createdByUserId: councilId, malmattaKey: malmattaKey(typed) }, select: ROW_SELECT });
  if (!p) throw new NotFound('No property data found.');
  const row = await rowInForce(db, councilId, p, today);
  const office = await officeOf(db, councilId);
  return [{ ...viewOf(row, CERTIFICATE_VIEW), officeName: office.officeName, officeNameEnglish: office.officeNameEnglish }];
}
