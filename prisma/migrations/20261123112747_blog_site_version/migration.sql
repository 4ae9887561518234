-- AlterTable
ALTER TABLE "BlogPost" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "SiteProfile" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;
