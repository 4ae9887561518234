// The district view's raw SQL (issue 32): one set-based statement for every council's totals, one
// for certificates per month, however many councils the district holds. tests/server/raw-sql.test.ts
// runs each on both databases.
import type { DbOrTx } from '../../db/transaction.ts';

/** One council's totals: money in paise (text), counts as numbers. */
export interface CouncilTotalsRow {
  councilId: number;
  name: string;
  properties: number;
  demand: string;
  collected: string;
  remitted: string;
  birth: number;
  death: number;
  residence: number;
  marriage: number;
  smsSent: number;
}

const CERTIFICATES = (range: string) => `
  SELECT "createdByUserId" AS id, 'birth' AS kind, "createdAt" AS at FROM "BirthCertificate" WHERE "createdByUserId" IN (SELECT id FROM c) AND ${range}
  UNION ALL SELECT "createdByUserId", 'death', "createdAt" FROM "DeathCertificate" WHERE "createdByUserId" IN (SELECT id FROM c) AND ${range}
  UNION ALL SELECT "createdByUserId", 'residence', "createdAt" FROM "ResidenceCertificate" WHERE "createdByUserId" IN (SELECT id FROM c) AND ${range}
  UNION ALL SELECT "createdByUserId", 'marriage', "createdAt" FROM "MarriageCertificate" WHERE "createdByUserId" IN (SELECT id FROM c) AND ${range}`;

/** Per council of the district: properties; the tax year's demand (arrears carried in plus the
 *  year's own demand and corrections), collection and remission from the book totals (the DCB's
 *  sums, tax/registers.ts dcb, advance left out); certificates made and SMS sent in [from, to) (UTC timestamps, 'YYYY-MM-DD HH:MM:SS'). */
export const councilTotals = (db: DbOrTx, districtId: number, taxYear: number, from: string, to: string) =>
  db.$queryRawUnsafe<CouncilTotalsRow[]>(
    `WITH c AS (SELECT "councilId" AS id FROM "DistrictCouncil" WHERE "districtId" = $1),
     books AS (
       SELECT t."createdByUserId" AS id,
         COALESCE(SUM(t."amount") FILTER (WHERE t."bookYear" < $2 OR t."kind" IN ('demand', 'correction')), 0) AS demand,
         COALESCE(-SUM(t."amount") FILTER (WHERE t."bookYear" = $2 AND t."kind" IN ('collection', 'reversal')), 0) AS collected,
         COALESCE(-SUM(t."amount") FILTER (WHERE t."bookYear" = $2 AND t."kind" = 'remission'), 0) AS remitted
       FROM "TaxBookTotal" t WHERE t."createdByUserId" IN (SELECT id FROM c) AND t."bookYear" <= $2 AND t."head" <> ''
       GROUP BY t."createdByUserId"),
     props AS (SELECT "createdByUserId" AS id, count(*)::int AS n FROM "Property" WHERE "createdByUserId" IN (SELECT id FROM c) GROUP BY 1),
     certs AS (
       SELECT id, count(*) FILTER (WHERE kind = 'birth')::int AS birth, count(*) FILTER (WHERE kind = 'death')::int AS death,
         count(*) FILTER (WHERE kind = 'residence')::int AS residence, count(*) FILTER (WHERE kind = 'marriage')::int AS marriage
       FROM (${CERTIFICATES(`"createdAt" >= $3::timestamp AND "createdAt" < $4::timestamp`)}) x GROUP BY id),
     sms AS (
       SELECT "createdByUserId" AS id, count(*)::int AS n FROM "SmsMessage"
       WHERE "createdByUserId" IN (SELECT id FROM c) AND "status" IN ('sent', 'delivered') AND "sentAt" >= $3::timestamp AND "sentAt" < $4::timestamp GROUP BY 1)
     SELECT c.id AS "councilId", COALESCE(NULLIF(s."officeName", ''), u."username") AS name,
       COALESCE(p.n, 0) AS properties, COALESCE(b.demand, 0)::text AS demand, COALESCE(b.collected, 0)::text AS collected,
       COALESCE(b.remitted, 0)::text AS remitted, COALESCE(ce.birth, 0) AS birth, COALESCE(ce.death, 0) AS death,
       COALESCE(ce.residence, 0) AS residence, COALESCE(ce.marriage, 0) AS marriage, COALESCE(m.n, 0) AS "smsSent"
     FROM c JOIN "User" u ON u.id = c.id LEFT JOIN "SiteProfile" s ON s."createdByUserId" = c.id
       LEFT JOIN books b ON b.id = c.id LEFT JOIN props p ON p.id = c.id LEFT JOIN certs ce ON ce.id = c.id LEFT JOIN sms m ON m.id = c.id
     ORDER BY c.id`,
    districtId,
    taxYear,
    from,
    to,
  );

/** Certificates made in [from, to) per month (India time, "2026-04") and kind, all the district's councils together. */
export const certificatesByMonth = (db: DbOrTx, districtId: number, from: string, to: string) =>
  db.$queryRawUnsafe<{ month: string; kind: string; n: number }[]>(
    `WITH c AS (SELECT "councilId" AS id FROM "DistrictCouncil" WHERE "districtId" = $1)
     SELECT to_char(x.at + interval '330 minutes', 'YYYY-MM') AS month, x.kind, count(*)::int AS n
     FROM (${CERTIFICATES(`"createdAt" >= $2::timestamp AND "createdAt" < $3::timestamp`)}) x GROUP BY 1, 2 ORDER BY 1, 2`,
    districtId,
    from,
    to,
  );
