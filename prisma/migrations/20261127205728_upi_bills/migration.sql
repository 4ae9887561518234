-- AlterTable
ALTER TABLE "SiteProfile" ADD COLUMN     "upiId" VARCHAR(100) NOT NULL DEFAULT '',
ADD COLUMN     "upiPayeeName" VARCHAR(100) NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "DemandBill" (
    "id" SERIAL NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "taxYear" INTEGER NOT NULL,
    "billNo" INTEGER NOT NULL,
    "propertyId" INTEGER NOT NULL,
    "malmattaNo" VARCHAR(50) NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "issuedOn" DATE NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DemandBill_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DemandBill_propertyId_taxYear_idx" ON "DemandBill"("propertyId", "taxYear");

-- CreateIndex
CREATE UNIQUE INDEX "DemandBill_createdByUserId_taxYear_billNo_key" ON "DemandBill"("createdByUserId", "taxYear", "billNo");
