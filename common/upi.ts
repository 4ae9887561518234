// Paying the tax by UPI (issue 30): the council's UPI id, the bill number a payment names, and the
// UPI payment link (NPCI's linking specification) a QR code carries. The server builds the link; the
// site profile's check and the statement reader use the same rules.

/** A UPI id (VPA): name@handle, e.g. gp.sonagaon@sbi. */
export const UPI_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{1,99}@[A-Za-z][A-Za-z0-9.-]{1,49}$/;

/** A bill number as printed and sent in the link's `tr`: GP{tax year}B{number}, e.g. GP2026B17.
 *  Letters and digits only, so every UPI app and bank narration keeps it whole. */
export const billRef = (taxYear: number, billNo: number) => `GP${taxYear}B${billNo}`;

/** The bill numbers named in a bank narration, in order (GP2026B17, gp2026b17, GP-2026-B-17). */
export function billRefsIn(narration: string): { taxYear: number; billNo: number }[] {
  const out: { taxYear: number; billNo: number }[] = [];
  for (const m of narration.matchAll(/GP[-_ ]?(20\d\d)[-_ ]?B[-_ ]?(\d{1,7})(?!\d)/gi))
    out.push({ taxYear: Number(m[1]), billNo: Number(m[2]) });
  return out;
}

/** Paise as the link's amount: always two decimals, a point, no grouping (12345 → "123.45"). */
export function upiAmount(paise: bigint): string {
  if (paise <= 0n) throw new Error('a UPI amount is more than zero');
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
}

export interface UpiPayment {
  /** The payee's UPI id (pa). */
  upiId: string;
  /** The payee's name (pn). */
  payeeName: string;
  /** Paise (am). */
  amount: bigint;
  /** The bill number (tr). */
  reference: string;
  /** A short note the payer's app shows and the bank narration often keeps (tn). */
  note: string;
}

/** Every value percent-encoded (a space as %20, never +), in the specification's order. */
export function upiLink(p: UpiPayment): string {
  const params: [string, string][] = [
    ['pa', p.upiId],
    ['pn', p.payeeName],
    ['am', upiAmount(p.amount)],
    ['cu', 'INR'],
    ['tr', p.reference],
    ['tn', p.note.slice(0, 50)],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}
