-- AlterTable
ALTER TABLE "BirthCertificate" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "DeathCertificate" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "MarriageCertificate" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "ResidenceCertificate" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;
