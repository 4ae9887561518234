-- The tax books (issue 26): every demand, collection, remission, correction, advance and reversal is
-- a TaxEntry; KarDetail becomes their summary; a property's assessment keeps a version per tax year
-- it takes effect from (PropertyAssessment), and the council's rates one per year (TaxRateSetting).
-- Today's rows become opening entries: every property's magil, chalu and total, the tax list and the
-- receipts read the same after this migration as before (tests/server/tax-books-migration.test.ts).

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "allocation" VARCHAR(20) NOT NULL DEFAULT 'arrears-first',
ADD COLUMN     "bankName" VARCHAR(100) NOT NULL DEFAULT '',
ADD COLUMN     "cancelReason" VARCHAR(500) NOT NULL DEFAULT '',
ADD COLUMN     "cancelledAt" TIMESTAMP(3),
ADD COLUMN     "cancelledBy" VARCHAR(100) NOT NULL DEFAULT '',
ADD COLUMN     "chequeNo" VARCHAR(30) NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Property" ADD COLUMN     "assessmentFromYear" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "ownLandRate" DECIMAL(12,2),
ADD COLUMN     "roadLane" VARCHAR(200) NOT NULL DEFAULT '',
ADD COLUMN     "serialNo" INTEGER NOT NULL DEFAULT 0;

-- Namuna 8's running numbers: the register's order so far, and each council's counter where it stops.
UPDATE "Property" p SET "serialNo" = n.serial
FROM (SELECT "propertyId", row_number() OVER (PARTITION BY "createdByUserId" ORDER BY "propertyId")::int AS serial FROM "Property") n
WHERE p."propertyId" = n."propertyId";
INSERT INTO "Counter" ("createdByUserId", "name", "year", "value")
SELECT "createdByUserId", 'property-serial', 0, max("serialNo") FROM "Property" GROUP BY "createdByUserId"
ON CONFLICT ("createdByUserId", "name", "year") DO UPDATE SET "value" = EXCLUDED."value";

-- A land rate other than the council's was typed for that property (its own zone); the others follow
-- the council's rate, so a new ready-reckoner rate reaches them.
UPDATE "Property" p SET "ownLandRate" = p."landRate"
WHERE p."landRate" > 0 AND p."landRate" <> COALESCE(
  (SELECT (r."rates"->>'landRate')::numeric FROM "TaxRateSetting" r WHERE r."createdByUserId" = p."createdByUserId"), 1000);

-- AlterTable: the rates saved so far are in force since always (0).
ALTER TABLE "TaxRateSetting" DROP CONSTRAINT "TaxRateSetting_pkey",
ADD COLUMN     "effectiveTaxYear" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "TaxRateSetting_pkey" PRIMARY KEY ("createdByUserId", "effectiveTaxYear");

-- CreateTable
CREATE TABLE "PropertyAssessment" (
    "id" SERIAL NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "propertyId" INTEGER NOT NULL,
    "effectiveTaxYear" INTEGER NOT NULL,
    "buildingType" VARCHAR(40) NOT NULL,
    "usage" VARCHAR(20) NOT NULL,
    "milkatBandhakamYear" INTEGER NOT NULL,
    "plotAreaSqm" DECIMAL(12,2),
    "area" DECIMAL(12,2) NOT NULL,
    "areaSqm" DECIMAL(12,2) NOT NULL,
    "landRate" DECIMAL(12,2) NOT NULL,
    "buildingRate" DECIMAL(12,2) NOT NULL,
    "constructionRate" DECIMAL(12,2) NOT NULL,
    "ghasaraRate" DECIMAL(5,2) NOT NULL,
    "ghasaraYear" INTEGER NOT NULL,
    "buildingBharank" DECIMAL(5,2) NOT NULL,
    "bhandavaliRateRs" DECIMAL(14,2) NOT NULL,
    "karachaRateRs" DECIMAL(8,2) NOT NULL,
    "gharpatti" DECIMAL(12,2) NOT NULL,
    "divabatti" DECIMAL(12,2) NOT NULL,
    "arogya" DECIMAL(12,2) NOT NULL,
    "panipatti" DECIMAL(12,2) NOT NULL,
    "total" DECIMAL(12,2) NOT NULL,
    "reason" VARCHAR(20) NOT NULL,
    "reference" VARCHAR(100) NOT NULL DEFAULT '',
    "byUser" VARCHAR(100) NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PropertyAssessment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaxEntry" (
    "entryId" SERIAL NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "propertyId" INTEGER NOT NULL,
    "karId" INTEGER NOT NULL,
    "ownerId" INTEGER,
    "ownerName" VARCHAR(300) NOT NULL DEFAULT '',
    "taxYear" INTEGER NOT NULL,
    "bookYear" INTEGER NOT NULL,
    "head" VARCHAR(20),
    "part" VARCHAR(10) NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" DATE NOT NULL,
    "paymentId" INTEGER,
    "reference" VARCHAR(100) NOT NULL DEFAULT '',
    "reason" VARCHAR(500) NOT NULL DEFAULT '',
    "byUser" VARCHAR(100) NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TaxEntry_pkey" PRIMARY KEY ("entryId")
);

-- CreateTable
CREATE TABLE "TaxBookTotal" (
    "createdByUserId" INTEGER NOT NULL,
    "bookYear" INTEGER NOT NULL,
    "head" VARCHAR(20) NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "part" VARCHAR(10) NOT NULL,
    "amount" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "TaxBookTotal_pkey" PRIMARY KEY ("createdByUserId","bookYear","head","kind","part")
);

-- CreateIndex
CREATE INDEX "PropertyAssessment_propertyId_effectiveTaxYear_id_idx" ON "PropertyAssessment"("propertyId", "effectiveTaxYear", "id");

-- CreateIndex
CREATE INDEX "PropertyAssessment_createdByUserId_effectiveTaxYear_idx" ON "PropertyAssessment"("createdByUserId", "effectiveTaxYear");

-- CreateIndex: Namuna 9 pages through the register in karId order.
CREATE INDEX "KarDetail_createdByUserId_karId_idx" ON "KarDetail"("createdByUserId", "karId");

-- CreateIndex
CREATE INDEX "TaxEntry_propertyId_taxYear_idx" ON "TaxEntry"("propertyId", "taxYear");

-- CreateIndex
CREATE INDEX "TaxEntry_createdByUserId_bookYear_idx" ON "TaxEntry"("createdByUserId", "bookYear");

-- CreateIndex
CREATE INDEX "TaxEntry_paymentId_idx" ON "TaxEntry"("paymentId");

-- AddForeignKey
ALTER TABLE "PropertyAssessment" ADD CONSTRAINT "PropertyAssessment_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("propertyId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaxEntry" ADD CONSTRAINT "TaxEntry_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("propertyId") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaxEntry" ADD CONSTRAINT "TaxEntry_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("paymentId") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaxBookTotal" ADD CONSTRAINT "TaxBookTotal_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The books are append-only: a wrong entry is answered by a new one, never by changing it.
CREATE FUNCTION tax_entry_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'TaxEntry rows are never changed or deleted; add a correction entry instead'
    USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER "TaxEntry_kept" BEFORE UPDATE OR DELETE ON "TaxEntry" FOR EACH ROW EXECUTE FUNCTION tax_entry_is_kept();

CREATE TRIGGER "TaxEntry_kept_whole" BEFORE TRUNCATE ON "TaxEntry" FOR EACH STATEMENT EXECUTE FUNCTION tax_entry_is_kept();

-- The council's books summed by book year, head, kind and part, one upsert per insert statement
-- (a rollover inserts thousands of entries at once). The keys are taken in order, so two
-- transactions adding to the same totals wait for each other instead of deadlocking.
CREATE FUNCTION tax_book_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "TaxBookTotal" ("createdByUserId", "bookYear", "head", "kind", "part", "amount")
  SELECT "createdByUserId", "bookYear", COALESCE("head", ''), "kind", "part", sum("amount")
  FROM new_entries GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("createdByUserId", "bookYear", "head", "kind", "part")
  DO UPDATE SET "amount" = "TaxBookTotal"."amount" + EXCLUDED."amount";
  RETURN NULL;
END
$$;

CREATE TRIGGER "TaxEntry_book_totals" AFTER INSERT ON "TaxEntry" REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION tax_book_totals_add();

-- Every property's assessment as it stands: the version in force since always.
INSERT INTO "PropertyAssessment" ("createdByUserId", "propertyId", "effectiveTaxYear", "buildingType", "usage",
  "milkatBandhakamYear", "plotAreaSqm", "area", "areaSqm", "landRate", "buildingRate", "constructionRate", "ghasaraRate",
  "ghasaraYear", "buildingBharank", "bhandavaliRateRs", "karachaRateRs", "gharpatti", "divabatti", "arogya", "panipatti",
  "total", "reason", "byUser")
SELECT "createdByUserId", "propertyId", 0, "buildingType", "usage", "milkatBandhakamYear", "plotAreaSqm", "area", "areaSqm",
  "landRate", "buildingRate", "constructionRate", "ghasaraRate", "ghasaraDarUpdatedYear", "buildingBharank",
  "bhandavaliRateRs", "karachaRateRs", "gharpatti", "divabatti", "arogya", "panipatti", "total", 'opening', 'migration'
FROM "Property" ORDER BY "propertyId";

-- Opening entries from today's kar rows and receipts. Each payment line becomes collections at its
-- receipt's date: what it took of the current demand against the current year (its receipt's tax
-- year, or the kar row's if that is earlier), what it took of arrears against the year before. The
-- demand of each year is then what makes the year come out as the kar row has it: the current year
-- owes chalu, the year before it owes magil, earlier years owe nothing (their demand is what was
-- collected of them). Demand is dated 1 April of its year, as the register raised it.
CREATE TEMPORARY TABLE kar_year ON COMMIT DROP AS
SELECT k."karId", k."propertyId", k."createdByUserId", k."malkacheNav",
  CASE WHEN k."karupdatedYear" >= 2000 THEN k."karupdatedYear"
       ELSE CASE WHEN extract(month FROM now() AT TIME ZONE 'Asia/Kolkata') >= 4
                 THEN extract(year FROM now() AT TIME ZONE 'Asia/Kolkata')::int
                 ELSE extract(year FROM now() AT TIME ZONE 'Asia/Kolkata')::int - 1 END END AS "year",
  (SELECT o."ownerId" FROM "Owner" o WHERE o."propertyId" = k."propertyId" AND o."isActive" ORDER BY o."ownerId" DESC LIMIT 1) AS "ownerId",
  k."magilGharpatti", k."chaluGharpatti", k."magilDivabatti", k."chaluDivabatti",
  k."magilArogyakar", k."chaluArogyakar", k."magilPanipatti", k."chaluPanipatti"
FROM "KarDetail" k;

CREATE TEMPORARY TABLE opening_collection ON COMMIT DROP AS
SELECT ky."karId", ky."propertyId", ky."createdByUserId", ky."ownerId", p."payerName" AS "ownerName", p."paymentId",
  p."receiptNo", p."receiptYear", p."paidOn", l."category" AS "head", l."id" AS "lineId",
  LEAST(p."receiptYear", ky."year") - s.arrears AS "taxYear",
  (CASE WHEN s.arrears = 1 THEN l."fromArrears" ELSE l."fromCurrent" END * 100)::bigint AS "paise"
FROM "Payment" p
JOIN kar_year ky ON ky."karId" = p."karId"
JOIN "PaymentLine" l ON l."paymentId" = p."paymentId"
CROSS JOIN (VALUES (0), (1)) AS s(arrears)
WHERE (CASE WHEN s.arrears = 1 THEN l."fromArrears" ELSE l."fromCurrent" END) > 0;

CREATE TEMPORARY TABLE opening_demand ON COMMIT DROP AS
WITH heads AS (
  SELECT ky.*, h.head, h.magil, h.chalu
  FROM kar_year ky
  CROSS JOIN LATERAL (VALUES
    ('gharpatti', ky."magilGharpatti", ky."chaluGharpatti"),
    ('divabatti', ky."magilDivabatti", ky."chaluDivabatti"),
    ('arogyakar', ky."magilArogyakar", ky."chaluArogyakar"),
    ('panipatti', ky."magilPanipatti", ky."chaluPanipatti")) AS h(head, magil, chalu)
), collected AS (
  SELECT "karId", "head", "taxYear", sum("paise") AS "paise" FROM opening_collection GROUP BY 1, 2, 3
), years AS (
  SELECT h."karId", h.head, h."year" AS "taxYear" FROM heads h
  UNION SELECT h."karId", h.head, h."year" - 1 FROM heads h
  UNION SELECT "karId", "head", "taxYear" FROM collected
)
SELECT h."karId", h."propertyId", h."createdByUserId", h."ownerId", h."malkacheNav" AS "ownerName", y.head, y."taxYear",
  COALESCE(c."paise", 0)
    + CASE WHEN y."taxYear" = h."year" THEN (h.chalu * 100)::bigint
           WHEN y."taxYear" = h."year" - 1 THEN (h.magil * 100)::bigint ELSE 0 END AS "paise"
FROM years y
JOIN heads h ON h."karId" = y."karId" AND h.head = y.head
LEFT JOIN collected c ON c."karId" = y."karId" AND c."head" = y.head AND c."taxYear" = y."taxYear";

INSERT INTO "TaxEntry" ("createdByUserId", "propertyId", "karId", "ownerId", "ownerName", "taxYear", "bookYear", "head",
  "part", "kind", "amount", "date", "reference", "reason", "byUser")
SELECT "createdByUserId", "propertyId", "karId", "ownerId", "ownerName", "taxYear", "taxYear", "head", 'current', 'demand',
  "paise", make_date("taxYear", 4, 1), '',
  'आरंभीची शिल्लक (जुन्या नोंदवहीतून) / Opening balance carried from the register before the ledger', 'migration'
FROM opening_demand WHERE "paise" > 0
ORDER BY "karId", "taxYear", "head";

INSERT INTO "TaxEntry" ("createdByUserId", "propertyId", "karId", "ownerId", "ownerName", "taxYear", "bookYear", "head",
  "part", "kind", "amount", "date", "paymentId", "reference", "reason", "byUser")
SELECT "createdByUserId", "propertyId", "karId", "ownerId", "ownerName", "taxYear", "receiptYear", "head",
  CASE WHEN "taxYear" < "receiptYear" THEN 'arrears' ELSE 'current' END, 'collection', -"paise", "paidOn", "paymentId",
  'पावती / Receipt ' || "receiptNo", 'पावती (जुन्या नोंदवहीतून) / Receipt from before the ledger', 'migration'
FROM opening_collection
ORDER BY "paidOn", "paymentId", "lineId", "taxYear" DESC;

-- AlterTable: what was paid of the current demand is in the collections now.
ALTER TABLE "KarDetail" DROP COLUMN "paidChaluArogyakar",
DROP COLUMN "paidChaluDivabatti",
DROP COLUMN "paidChaluGharpatti",
DROP COLUMN "paidChaluPanipatti",
ADD COLUMN     "advance" DECIMAL(14,2) NOT NULL DEFAULT 0;
