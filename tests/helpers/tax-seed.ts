// The worked example of the domain notes as a registered property: an RCC house, 50 m², land
// ₹1,200/m², built 16 years ago (house tax ₹936, light ₹20, health ₹20, water ₹300, annual ₹1,276),
// its kar record and, when asked, a payment. Through any ApiCall: HTTP for the browser tests and the
// benches (http-api.ts), injectCall for the server tests (tax.ts). No server code and no vitest here.
import type { ApiCall } from './http-api.ts';

export const thisYear = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));
export const todayIso = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** The registration body of the worked-example house; `extra` overrides any field. */
export const rccHouse = (malmattaNo: string, malkacheNav = 'सुनीता रमेश पाटील', extra: Record<string, unknown> = {}) => ({
  malmattaNo,
  malkacheNav,
  bhogwatdarakNav: 'स्वतः',
  mobileNo: '9876543210',
  gatNo: '45',
  citySurveyNo: '102',
  buildingType: 'rcc',
  usage: 'residential',
  milkatBandhakamYear: thisYear - 16,
  areaSqm: '50',
  landRate: '1200',
  ...extra,
});

export interface TaxedHouse {
  property: { propertyId: number; ownerId: number; malmattaNo: string };
  kar: Record<string, string | number> & { karId: number };
  /** Only when a payment was asked for: the saved payment, with its receipt's id. */
  payment?: Record<string, unknown> & { receiptId: string };
}

/** Registers the worked-example house, starts its kar record with these arrears (magilGharpatti …)
 *  and, given the amounts (paid_gharpatti …), pays them in cash today. */
export async function seedTaxedHouse(
  call: ApiCall,
  malmattaNo: string,
  opts: { owner?: string; arrears?: Record<string, string>; payment?: Record<string, string> } = {},
): Promise<TaxedHouse> {
  const property = await call('POST', '/api/GrampanchayatImport/register-owner-property', rccHouse(malmattaNo, opts.owner));
  const kar = await call('POST', '/api/KarImport/kar-details/add', { malmattaNo, ...opts.arrears });
  if (!opts.payment) return { property, kar };
  const { payment } = await call('POST', '/api/KarImport/apply-payment-simple', {
    karid: kar.karId,
    paid_method: 'cash',
    paid_on: todayIso(),
    ...opts.payment,
  });
  return { property, kar, payment };
}
