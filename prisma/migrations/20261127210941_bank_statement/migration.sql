-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "bankReference" VARCHAR(100) NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "BankCredit" (
    "id" SERIAL NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "bankReference" VARCHAR(100) NOT NULL,
    "creditedOn" DATE NOT NULL,
    "narration" VARCHAR(500) NOT NULL DEFAULT '',
    "amount" DECIMAL(14,2) NOT NULL,
    "statementRow" INTEGER NOT NULL,
    "statementFile" VARCHAR(200) NOT NULL DEFAULT '',
    "paymentId" INTEGER,
    "propertyId" INTEGER,
    "billNo" VARCHAR(30) NOT NULL DEFAULT '',
    "importedBy" VARCHAR(100) NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BankCredit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BankCredit_createdByUserId_paymentId_id_idx" ON "BankCredit"("createdByUserId", "paymentId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "BankCredit_createdByUserId_bankReference_key" ON "BankCredit"("createdByUserId", "bankReference");
