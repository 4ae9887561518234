// Remissions (माफी, a waiver by resolution of the gram sabha or panchayat) and corrections of a year's
// demand, each with its reason and the order or resolution number: entries, never edits. A
// correction that lowers a year below what was paid of it moves the difference to the advance.
import { todayInIndia } from '../../../common/dates.ts';
import { fromPaise } from '../../../common/money.ts';
import { TAX_HEADS, taxYearLabel } from '../../../common/property/tax.ts';
import type { Db } from '../../db/open.ts';
import { Invalid } from '../../lib/errors.ts';
import { BooksRefusal, correct, remit, type Head } from './books.ts';
import { readAmount, readText } from './input.ts';
import { karOfOwner, toKarRow } from './kar.ts';
import { loadBooks, lockKar, record } from './ledger.ts';
import type { AdjustmentBody, KarRow } from './schema.ts';
import { recordAudit } from '../audit/record.ts';

export async function adjust(db: Db, councilId: number, body: AdjustmentBody, actor: string, today = todayInIndia()): Promise<KarRow> {
  const head = TAX_HEADS.find((h) => h.key === body.head);
  if (!head) throw new Invalid('head', `must be one of ${TAX_HEADS.map((h) => h.key).join(', ')}`);
  const amount = readAmount('amount', body.amount, { signed: body.kind === 'correction' });
  if (amount === 0n) throw new Invalid('amount', 'must not be 0');
  const reason = readText(body.reason);
  if (!reason) throw new Invalid('reason', 'कारण लिहा. / Give the reason.');
  const reference = readText(body.orderReference);
  if (!reference)
    throw new Invalid(
      'orderReference',
      body.kind === 'remission'
        ? 'ठराव क्रमांक टाका (माफीसाठी ग्रामसभा / ग्रामपंचायतीचा ठराव लागतो). / Give the resolution number: a remission needs one.'
        : 'आदेश / ठराव क्रमांक टाका. / Give the order or resolution number.',
    );
  return db.$transaction(async (tx) => {
    const found = await karOfOwner(tx, councilId, body.ownerId);
    const kar = await lockKar(tx, councilId, found.karId);
    if (body.taxYear > kar.karupdatedYear)
      throw new Invalid(
        'taxYear',
        `कर वर्ष ${taxYearLabel(body.taxYear)} ची मागणी अजून केलेली नाही. / No demand has been raised for ${taxYearLabel(body.taxYear)} yet (the last is ${taxYearLabel(kar.karupdatedYear)}).`,
      );
    const books = await loadBooks(tx, kar.propertyId);
    const why = body.kind === 'remission' ? `माफी: ${reason} / Remission: ${reason}` : `दुरुस्ती: ${reason} / Correction: ${reason}`;
    let postings;
    try {
      postings =
        body.kind === 'remission'
          ? remit(books, head.key as Head, body.taxYear, amount, why, reference)
          : correct(books, head.key as Head, body.taxYear, amount, why, reference);
    } catch (err) {
      if (!(err instanceof BooksRefusal)) throw err;
      const owed = books.owed(head.key as Head, body.taxYear);
      throw new Invalid(
        'amount',
        body.kind === 'remission'
          ? `${head.mr} ${taxYearLabel(body.taxYear)}: ₹${fromPaise(amount)} देय रकमेपेक्षा (₹${fromPaise(owed)}) जास्त आहे. / ${head.en} of ${taxYearLabel(body.taxYear)}: ₹${fromPaise(amount)} is more than the ₹${fromPaise(owed)} owed.`
          : `${head.en} of ${taxYearLabel(body.taxYear)}: ${err.message}`,
      );
    }
    await record(tx, kar, books, postings, { date: today, byUser: actor });
    // The entries it wrote are one order of the clerk's: one row, under the property.
    const figure = (v: string | number) => ({ old: null, new: v });
    await recordAudit(tx, {
      councilId,
      entity: 'TaxEntry',
      record: { entity: 'Property', id: kar.propertyId },
      action: 'adjust',
      changes: {
        kind: figure(body.kind),
        head: figure(head.key),
        taxYear: figure(taxYearLabel(body.taxYear)),
        amount: figure(fromPaise(amount)),
        reason: figure(reason),
        orderReference: figure(reference),
      },
    });
    return toKarRow(await tx.karDetail.findUniqueOrThrow({ where: { karId: kar.karId } }));
  });
}
