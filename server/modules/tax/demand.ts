// The current demand (chalu) follows the assessment (Namuna 8 annual tax = Namuna 9 current demand):
// per head, chalu = the property's assessed amount less what was paid of this year's current demand.
// Whoever changes an assessment (the register's update, the depreciation update) calls this in the
// same transaction, so the two registers can never disagree. No tax figure is computed here: the
// amounts come from the register's columns, which common/property/assessment.ts computed.
import { Prisma } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import { TAX_HEADS } from '../../../common/property/tax.ts';

const q = (c: string) => `"${c}"`;

/** SQL of the new current amount of a head, from the register row `p` and the kar row `k`. */
export const followedChalu = (h: (typeof TAX_HEADS)[number]) => `GREATEST(0, p.${q(h.assessed)} - k.${q(`paidChalu${h.col}`)})`;

/** SQL of the grand total when the current amounts become `chalu(h)`; the arrears stay. */
export const totalWith = (chalu: (h: (typeof TAX_HEADS)[number]) => string) =>
  TAX_HEADS.map((h) => `k.${q(`magil${h.col}`)} + ${chalu(h)}`).join(' + ');

const FOLLOW_SET = [
  ...TAX_HEADS.map((h) => `${q(`chalu${h.col}`)} = ${followedChalu(h)}`),
  `"total" = ${totalWith(followedChalu)}`,
  `"updatedAt" = now()`,
].join(', ');

/** Sets the current demand of the council's kar rows to their properties' assessment: of the
 *  properties given, or (no list) of every property. One statement, whatever the number of rows.
 *  Returns how many kar rows it touched. */
export async function followAssessment(db: DbOrTx, councilId: number, propertyIds?: number[]): Promise<number> {
  const only = propertyIds ? Prisma.sql`AND k."propertyId" = ANY(${propertyIds}::int[])` : Prisma.empty;
  return db.$executeRaw`
    UPDATE "KarDetail" k SET ${Prisma.raw(FOLLOW_SET)}
    FROM "Property" p
    WHERE p."propertyId" = k."propertyId" AND k."createdByUserId" = ${councilId} ${only}`;
}
