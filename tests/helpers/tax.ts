// Registered properties with kar records for the tax tests: the worked example of tax-seed.ts
// (annual ₹1,276) through the app in-process.
import type { App } from '../../server/app.ts';
import { injectAs, injectCall, type TestCouncil } from './app.ts';
import { rccHouse, seedTaxedHouse, todayIso, type TaxedHouse } from './tax-seed.ts';

export { thisYear, todayIso, tomorrowIso } from './tax-seed.ts';

const OWNER = 'श्री ज्ञानेश्वर कृष्ण क्षीरसागर';

export const registerRcc = (app: App, c: TestCouncil, malmattaNo: string, extra: Record<string, unknown> = {}) =>
  injectCall(app, c)('POST', '/api/GrampanchayatImport/register-owner-property', rccHouse(malmattaNo, OWNER, extra)) as Promise<
    TaxedHouse['property']
  >;

/** Registers the RCC house (with `extra` fields) and starts its kar record with these arrears. */
export async function propertyWithKar(
  app: App,
  c: TestCouncil,
  malmattaNo: string,
  arrears: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) {
  const { property, kar } = await seedTaxedHouse(injectCall(app, c), malmattaNo, { owner: OWNER, arrears, extra });
  return { ...property, kar };
}

/** The RCC house of the worked example built in 2010 (16 years old in 2026; 0.80 up to age 20), with
 *  its kar record and these arrears: the books' tests move the clock over years. */
export const house2010 = (app: App, c: TestCouncil, malmattaNo: string, arrears: Record<string, string> = {}) =>
  propertyWithKar(app, c, malmattaNo, arrears, { milkatBandhakamYear: 2010 });

/** Moves the app's clock (app.today) to a day in India, YYYY-MM-DD: the yearly jobs, entries and
 *  checks see that day. Payments need a paid_on not after it. */
export function atDate(app: App, day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  app.today = () => date;
}

export const pay = (app: App, c: TestCouncil, body: Record<string, unknown>, key?: string) =>
  injectAs(app, c, {
    method: 'POST',
    url: '/api/KarImport/apply-payment-simple',
    payload: { paid_method: 'cash', paid_on: todayIso(), ...body },
    headers: key ? { 'idempotency-key': key } : {},
  });
