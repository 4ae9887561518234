// Registered properties with kar records for the tax tests: the worked example of the domain notes
// (RCC house, 50 m², land ₹1,200/m², built 16 years ago: house tax ₹936, light ₹20, health ₹20,
// water ₹300, annual ₹1,276).
import type { App } from '../../server/app.ts';
import { injectAs, type TestCouncil } from './app.ts';

export const thisYear = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));
export const todayIso = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

export async function registerRcc(app: App, c: TestCouncil, malmattaNo: string, extra: Record<string, unknown> = {}) {
  const res = await injectAs(app, c, {
    method: 'POST',
    url: '/api/GrampanchayatImport/register-owner-property',
    payload: {
      malmattaNo,
      malkacheNav: 'श्री ज्ञानेश्वर कृष्ण क्षीरसागर',
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
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  return res.json().result as { propertyId: number; ownerId: number; malmattaNo: string };
}

/** Registers the RCC house and starts its kar record with these arrears. */
export async function propertyWithKar(app: App, c: TestCouncil, malmattaNo: string, arrears: Record<string, string> = {}) {
  const property = await registerRcc(app, c, malmattaNo);
  const res = await injectAs(app, c, { method: 'POST', url: '/api/KarImport/kar-details/add', payload: { malmattaNo, ...arrears } });
  if (res.statusCode !== 201) throw new Error(`kar add failed: ${res.body}`);
  return { ...property, kar: res.json().result as Record<string, string | number> & { karId: number } };
}

export const pay = (app: App, c: TestCouncil, body: Record<string, unknown>, key?: string) =>
  injectAs(app, c, {
    method: 'POST',
    url: '/api/KarImport/apply-payment-simple',
    payload: { paid_method: 'cash', paid_on: todayIso(), ...body },
    headers: key ? { 'idempotency-key': key } : {},
  });
