// Demand bills (9-क) and paying them by UPI (issue 30). A bill gets a number from the council's
// counter of its tax year (gapless) when it is issued, kept with the property, the amount it asks for
// and the day; the same amount asked again keeps its number, a changed amount is a new bill. With a
// UPI id on the site profile, a bill carries a UPI link (and its QR) for what is outstanding, the
// bill number in `tr`, so the bank statement's credit names the bill it pays (reconciliation.ts).
import { fromPaise, toPaise } from '../../../common/money.ts';
import { malmattaKey } from '../../../common/property/malmatta.ts';
import { taxYearLabel } from '../../../common/property/tax.ts';
import { billRef, upiLink } from '../../../common/upi.ts';
import { nextNumber } from '../../db/counter.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';
import { inTransaction } from '../../db/transaction.ts';
import { lockKar } from './ledger.ts';

/** What a bill or the public page shows of the UPI payment: the link its QR code carries. */
export interface UpiBill {
  link: string;
  /** Rupees, 2 decimals. */
  amount: string;
  /** The bill number as printed and sent in `tr` (GP2026B17). */
  billNo: string;
}

/** The council's UPI id and payee name; null when the office has set no UPI id. */
export async function upiSettings(db: DbOrTx, councilId: number): Promise<{ upiId: string; payeeName: string } | null> {
  const p = await db.siteProfile.findUnique({
    where: { createdByUserId: councilId },
    select: { upiId: true, upiPayeeName: true, officeName: true, officeNameEnglish: true },
  });
  if (!p?.upiId) return null;
  return { upiId: p.upiId, payeeName: p.upiPayeeName || p.officeNameEnglish || p.officeName || 'Gram Panchayat' };
}

/** The bill of a property for a tax year and amount: the last one issued when it asked for the same
 *  amount, else a new one numbered from the counter. Run under the kar record's lock (two readers of
 *  one property take one number). */
export async function issueBill(
  tx: Tx,
  councilId: number,
  property: { propertyId: number; malmattaNo: string },
  taxYear: number,
  amount: bigint,
  today: Date,
) {
  const last = await tx.demandBill.findFirst({
    where: { createdByUserId: councilId, propertyId: property.propertyId, taxYear },
    orderBy: { billNo: 'desc' },
  });
  if (last && toPaise(last.amount.toFixed(2)) === amount) return last;
  const billNo = await nextNumber(tx, councilId, 'bill', taxYear);
  return tx.demandBill.create({
    data: {
      createdByUserId: councilId,
      taxYear,
      billNo,
      propertyId: property.propertyId,
      malmattaNo: property.malmattaNo,
      amount: fromPaise(amount),
      issuedOn: today,
    },
  });
}

/** The UPI payment of a kar record's outstanding total, with the bill it pays (issued now if the
 *  amount is new); null without a UPI id or with nothing due. */
export async function upiBillOf(db: DbOrTx, councilId: number, karId: number, today: Date): Promise<UpiBill | null> {
  const settings = await upiSettings(db, councilId);
  if (!settings) return null;
  return inTransaction(db, async (tx) => {
    const kar = await lockKar(tx, councilId, karId);
    const { total } = await tx.karDetail.findUniqueOrThrow({ where: { karId }, select: { total: true } });
    const due = toPaise(total.toFixed(2));
    if (due <= 0n) return null;
    const bill = await issueBill(tx, councilId, kar, kar.karupdatedYear, due, today);
    const ref = billRef(bill.taxYear, bill.billNo);
    return {
      link: upiLink({
        upiId: settings.upiId,
        payeeName: settings.payeeName,
        amount: due,
        reference: ref,
        // Short: the bill, the property and the tax year (banks cut long narrations).
        note: `${ref} ${kar.malmattaNo} ${taxYearLabel(bill.taxYear)}`,
      }),
      amount: fromPaise(due),
      billNo: ref,
    };
  });
}

/** The same for a property by its number (the public search's result). */
export async function upiBillOfProperty(db: DbOrTx, councilId: number, malmattaNo: string, today: Date): Promise<UpiBill | null> {
  const kar = await db.karDetail.findFirst({
    where: { createdByUserId: councilId, property: { malmattaKey: malmattaKey(malmattaNo) } },
    select: { karId: true },
  });
  return kar ? upiBillOf(db, councilId, kar.karId, today) : null;
}
