-- AlterTable
ALTER TABLE "SmsMessage" ADD COLUMN     "handedAt" TIMESTAMP(3);
