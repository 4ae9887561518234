-- The old SmsMessage table was never written by any code: empty it so the NOT NULL columns apply.
DELETE FROM "SmsMessage";

-- DropIndex
DROP INDEX "SmsMessage_createdByUserId_createdAt_idx";

-- AlterTable
ALTER TABLE "SmsMessage" DROP COLUMN "detail",
DROP COLUMN "kind",
DROP COLUMN "recipients",
ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "batchId" INTEGER NOT NULL,
ADD COLUMN     "claimedAt" TIMESTAMP(3),
ADD COLUMN     "error" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "malmattaNo" VARCHAR(200) NOT NULL DEFAULT '',
ADD COLUMN     "mobile" VARCHAR(10) NOT NULL,
ADD COLUMN     "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "providerId" VARCHAR(100) NOT NULL DEFAULT '',
ADD COLUMN     "sentAt" TIMESTAMP(3),
ADD COLUMN     "text" TEXT NOT NULL,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL,
ADD COLUMN     "variables" JSONB NOT NULL DEFAULT '[]',
ALTER COLUMN "status" SET DEFAULT 'queued';

-- CreateTable
CREATE TABLE "SmsBatch" (
    "id" SERIAL NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "provider" VARCHAR(20) NOT NULL,
    "skipped" JSONB NOT NULL DEFAULT '[]',
    "segments" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SmsBatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SmsTemplate" (
    "createdByUserId" INTEGER NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "body" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SmsTemplate_pkey" PRIMARY KEY ("createdByUserId","kind")
);

-- CreateIndex
CREATE INDEX "SmsBatch_createdByUserId_createdAt_idx" ON "SmsBatch"("createdByUserId", "createdAt");

-- CreateIndex
CREATE INDEX "SmsMessage_status_nextAttemptAt_idx" ON "SmsMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "SmsMessage_batchId_id_idx" ON "SmsMessage"("batchId", "id");

-- AddForeignKey
ALTER TABLE "SmsBatch" ADD CONSTRAINT "SmsBatch_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SmsMessage" ADD CONSTRAINT "SmsMessage_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "SmsBatch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SmsTemplate" ADD CONSTRAINT "SmsTemplate_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
