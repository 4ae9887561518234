-- The name searches' trigram indexes, with the council in front (btree_gin gives GIN an operator class
-- for integers): a council's search of 3 or more letters reads the trigrams of its own owners and
-- certificates, not those of every council on the database. Measured on bench/district.ts's 300
-- councils x 1,000 properties (EXPLAIN ANALYZE, bench/README.md): "मालक 537" in one council 6.8 -> 0.2 ms,
-- and with 50,000 owners in that council 9.9 -> 1.3 ms. The single-column indexes they replace go:
-- every search names its council (server/modules/properties/sql.ts, certificates/sql.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;

-- DropIndex
DROP INDEX "BirthCertificateName_names_idx";

-- DropIndex
DROP INDEX "DeathCertificateName_names_idx";

-- DropIndex
DROP INDEX "MarriageCertificateName_names_idx";

-- DropIndex
DROP INDEX "Owner_malkacheNav_idx";

-- DropIndex
DROP INDEX "ResidenceCertificateName_names_idx";

-- CreateIndex
CREATE INDEX "BirthCertificateName_createdByUserId_names_idx" ON "BirthCertificateName" USING GIN ("createdByUserId" int4_ops, "names" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "DeathCertificateName_createdByUserId_names_idx" ON "DeathCertificateName" USING GIN ("createdByUserId" int4_ops, "names" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "MarriageCertificateName_createdByUserId_names_idx" ON "MarriageCertificateName" USING GIN ("createdByUserId" int4_ops, "names" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Owner_createdByUserId_malkacheNav_idx" ON "Owner" USING GIN ("createdByUserId" int4_ops, "malkacheNav" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ResidenceCertificateName_createdByUserId_names_idx" ON "ResidenceCertificateName" USING GIN ("createdByUserId" int4_ops, "names" gin_trgm_ops);
