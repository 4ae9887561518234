-- DropIndex
DROP INDEX "Property_createdByUserId_malmattaNo_key";

-- DropIndex
DROP INDEX "Property_malmattaNo_idx";

-- AlterTable
ALTER TABLE "Property" ADD COLUMN     "malmattaKey" VARCHAR(50) NOT NULL,
ADD COLUMN     "plotAreaSqm" DECIMAL(12,2),
ADD COLUMN     "usage" VARCHAR(20) NOT NULL DEFAULT 'residential';

-- CreateIndex
CREATE INDEX "Property_malmattaKey_idx" ON "Property" USING GIN ("malmattaKey" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "Property_createdByUserId_malmattaKey_key" ON "Property"("createdByUserId", "malmattaKey");
