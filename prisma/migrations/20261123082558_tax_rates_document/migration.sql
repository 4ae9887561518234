-- AlterTable
ALTER TABLE "TaxRateSetting" DROP COLUMN "buildingTypes",
DROP COLUMN "flatHeadSlabs",
DROP COLUMN "panipatti",
ADD COLUMN     "rates" JSONB NOT NULL;
