-- AlterTable
ALTER TABLE "ResidenceCertificate" ADD COLUMN     "applicantGender" VARCHAR(10) NOT NULL DEFAULT '';
