// The worked example of the domain notes as a registered property: an RCC house, 50 m², land
// ₹1,200/m², built 16 years ago (house tax ₹936, light ₹20, health ₹20, water ₹300, annual ₹1,276),
// its kar record and, when asked, a payment. Through any ApiCall: HTTP for the browser tests and the
// benches (http-api.ts), injectCall for the server tests (tax.ts). Tens of thousands at once go in
// plain SQL instead (seedTaxedInBulk). No server code and no vitest here.
import type { ApiCall } from './http-api.ts';
import { todayInIndia } from '../../common/dates.ts';
import { taxYearOf } from '../../common/property/tax.ts';

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

/** What seedTaxedInBulk needs of an open database (server/db/open.ts's OpenDatabase has it). */
interface BulkSql {
  kind: 'postgresql' | 'pglite';
  sql: { query(sql: string, params?: unknown[]): Promise<unknown>; exec(sql: string): Promise<unknown> };
}

/** n properties of one council with their owners and last year's kar records, in three set-based
 *  statements (the benches' tens of thousands, a test's long Excel), then fresh planner statistics. */
export async function seedTaxedInBulk(database: BulkSql, council: number, n: number) {
  const year = todayInIndia().getUTCFullYear();
  const taxYear = taxYearOf(todayInIndia());
  await database.sql.query(
    `INSERT INTO "Property" ("createdByUserId", "malmattaNo", "malmattaKey", "buildingType", "usage", "milkatBandhakamYear", "areaSqm", "landRate",
       "ghasaraRate", "ghasaraDarUpdatedYear", "gharpatti", "divabatti", "arogya", "panipatti", "total", "updatedAt")
     SELECT $1::int, g::text, g::text, (ARRAY['rcc','stoneCement','hut','stoneMud'])[1 + g % 4], CASE WHEN g % 10 = 0 THEN 'commercial' ELSE 'residential' END,
       1960 + g % 60, 20 + g % 80, 800 + (g % 5) * 100, 0.80, $2::int, 936, 20, 20, 300, 1276, now()
     FROM generate_series(1, $3::int) g`,
    [council, year - 1, n],
  );
  await database.sql.query(
    `INSERT INTO "Owner" ("propertyId", "createdByUserId", "malmattaNo", "malkacheNav", "updatedAt")
     SELECT "propertyId", $1::int, "malmattaNo", 'मालक ' || "malmattaNo", now() FROM "Property" WHERE "createdByUserId" = $1::int`,
    [council],
  );
  await database.sql.query(
    `INSERT INTO "KarDetail" ("propertyId", "createdByUserId", "malmattaNo", "malkacheNav", "magilGharpatti", "chaluGharpatti", "chaluDivabatti",
       "chaluArogyakar", "chaluPanipatti", "total", "karupdatedYear", "updatedAt")
     SELECT "propertyId", $1::int, "malmattaNo", 'मालक ' || "malmattaNo", ("propertyId" % 1000) / 4.0, 936, 20, 20, 300, 1276 + ("propertyId" % 1000) / 4.0, $2::int, now()
     FROM "Property" WHERE "createdByUserId" = $1::int`,
    [council, taxYear - 1],
  );
  if (database.kind === 'pglite') await database.sql.exec('VACUUM ANALYZE');
  else await database.sql.exec('ANALYZE "Property"; ANALYZE "Owner"; ANALYZE "KarDetail"');
}
