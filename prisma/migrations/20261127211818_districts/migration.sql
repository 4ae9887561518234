-- AlterTable
ALTER TABLE "User" ADD COLUMN     "districtId" INTEGER;

-- CreateTable
CREATE TABLE "District" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "District_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DistrictCouncil" (
    "councilId" INTEGER NOT NULL,
    "districtId" INTEGER NOT NULL,

    CONSTRAINT "DistrictCouncil_pkey" PRIMARY KEY ("councilId")
);

-- CreateIndex
CREATE INDEX "DistrictCouncil_districtId_idx" ON "DistrictCouncil"("districtId");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_districtId_fkey" FOREIGN KEY ("districtId") REFERENCES "District"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DistrictCouncil" ADD CONSTRAINT "DistrictCouncil_districtId_fkey" FOREIGN KEY ("districtId") REFERENCES "District"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DistrictCouncil" ADD CONSTRAINT "DistrictCouncil_councilId_fkey" FOREIGN KEY ("councilId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
