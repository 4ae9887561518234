-- DropIndex
DROP INDEX "KarDetail_createdByUserId_total_idx";

-- AlterTable
ALTER TABLE "KarDetail" ADD COLUMN     "paidChaluArogyakar" DECIMAL(12,2) NOT NULL DEFAULT 0,
ADD COLUMN     "paidChaluDivabatti" DECIMAL(12,2) NOT NULL DEFAULT 0,
ADD COLUMN     "paidChaluGharpatti" DECIMAL(12,2) NOT NULL DEFAULT 0,
ADD COLUMN     "paidChaluPanipatti" DECIMAL(12,2) NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "malmattaNo" VARCHAR(50) NOT NULL,
ADD COLUMN     "payerName" VARCHAR(300) NOT NULL DEFAULT '',
ADD COLUMN     "receiptId" UUID NOT NULL;

-- CreateTable
CREATE TABLE "TaxYearRun" (
    "createdByUserId" INTEGER NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "year" INTEGER NOT NULL,
    "rows" INTEGER NOT NULL DEFAULT 0,
    "ranAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TaxYearRun_pkey" PRIMARY KEY ("createdByUserId","kind","year")
);

-- CreateIndex
CREATE INDEX "KarDetail_createdByUserId_total_karId_idx" ON "KarDetail"("createdByUserId", "total", "karId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_receiptId_key" ON "Payment"("receiptId");

-- AddForeignKey
ALTER TABLE "TaxYearRun" ADD CONSTRAINT "TaxYearRun_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
