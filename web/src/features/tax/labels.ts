// What the tax screens print for the books' words and amounts: the kinds and parts of a ledger entry,
// a head's name, a tax year, rupees (exact, from the decimal string, with Indian grouping), and the
// little sums the screens need (a receipt's total, what a head still owes for a year) in paise.
import { formatRupees, fromPaise, toPaise } from '../../../../common/money.ts';
import { TAX_HEADS, taxYearLabel } from '../../../../common/property/tax.ts';
import type { HistoryRow, LedgerEntry } from './api.ts';

export { taxYearLabel };

/** ₹1,23,456.00 from a decimal string; ₹0.00 for an empty or unreadable one. */
export function rupees(value: string | number | null | undefined): string {
  try {
    return formatRupees(value === null || value === undefined || value === '' ? '0' : String(value));
  } catch {
    return '₹0.00';
  }
}

/** Paise of a decimal string, or null when it is not an amount with at most 2 places. */
export function paiseOf(value: string): bigint | null {
  const v = value.trim();
  if (!v) return 0n;
  try {
    return toPaise(v);
  } catch {
    return null;
  }
}

export const KIND_LABELS: Record<LedgerEntry['kind'], { mr: string; en: string }> = {
  demand: { mr: 'मागणी', en: 'Demand' },
  collection: { mr: 'वसुली', en: 'Collection' },
  remission: { mr: 'माफी', en: 'Remission' },
  correction: { mr: 'दुरुस्ती', en: 'Correction' },
  advance: { mr: 'आगाऊ जमा', en: 'Advance' },
  reversal: { mr: 'पावती रद्द', en: 'Reversal' },
};

export const PART_LABELS: Record<LedgerEntry['part'], { mr: string; en: string }> = {
  arrears: { mr: 'मागील', en: 'Arrears' },
  current: { mr: 'चालू', en: 'Current' },
};

/** A head's Marathi name; no head is the advance held (आगाऊ जमा). */
export const headLabel = (key: string | null) => (key === null ? 'आगाऊ जमा' : (TAX_HEADS.find((h) => h.key === key)?.mr ?? key));

/** A receipt as the ledger and Namuna 9 name it: 2026-27/14. */
export const receiptName = (financialYear: string, receiptNo: number) => `${financialYear}/${receiptNo}`;

export interface Receipt {
  paymentId: number;
  name: string;
  receiptNo: number;
  financialYear: string;
  paidOn: string;
  paidMethod: string;
  chequeNo: string;
  note: string;
  amount: string;
  cancelled: boolean;
  /** Why it was cancelled, as the clerk wrote it. */
  cancelReason: string;
}

/** The payment history (one row per head paid) as receipts, newest first, each with its total. */
export function receiptsOf(rows: HistoryRow[]): Receipt[] {
  const byId = new Map<number, Receipt & { paise: bigint }>();
  for (const r of rows) {
    let receipt = byId.get(r.paymentId);
    if (!receipt) {
      const name = receiptName(r.financialYear, r.receiptNo);
      receipt = {
        paymentId: r.paymentId,
        name,
        receiptNo: r.receiptNo,
        financialYear: r.financialYear,
        paidOn: r.paidOn,
        paidMethod: r.paidMethod,
        chequeNo: r.chequeNo,
        note: r.note,
        amount: '0.00',
        paise: 0n,
        cancelled: r.cancelled,
        cancelReason: r.cancelReason,
      };
      byId.set(r.paymentId, receipt);
    }
    receipt.paise += paiseOf(r.amountPaid) ?? 0n;
  }
  return [...byId.values()].map(({ paise, ...r }) => ({ ...r, amount: fromPaise(paise) }));
}

/** What each head still owes for each tax year, from the ledger (the sum of its entries). */
export function owedByHeadAndYear(entries: LedgerEntry[]): Map<string, bigint> {
  const owed = new Map<string, bigint>();
  for (const e of entries) {
    if (e.head === null) continue;
    const key = `${e.head}:${e.taxYear}`;
    owed.set(key, (owed.get(key) ?? 0n) + (paiseOf(e.amount) ?? 0n));
  }
  return owed;
}

// One of each for every screen (lib/): the error's text, and today in India as YYYY-MM-DD.
export { messageOf } from '../../lib/api.ts';
export { todayIso } from '../../lib/dates.ts';
