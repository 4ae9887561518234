-- Trigram indexes below make the case-insensitive name searches (ILIKE) fast on Marathi and English.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "username" VARCHAR(64) NOT NULL,
    "email" VARCHAR(254),
    "passwordHash" TEXT NOT NULL,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "passwordChangedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Counter" (
    "createdByUserId" INTEGER NOT NULL,
    "name" VARCHAR(40) NOT NULL,
    "year" INTEGER NOT NULL DEFAULT 0,
    "value" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Counter_pkey" PRIMARY KEY ("createdByUserId","name","year")
);

-- CreateTable
CREATE TABLE "SiteProfile" (
    "createdByUserId" INTEGER NOT NULL,
    "officeName" VARCHAR(200) NOT NULL,
    "officeNameEnglish" VARCHAR(200) NOT NULL DEFAULT '',
    "block" VARCHAR(100) NOT NULL DEFAULT '',
    "blockEnglish" VARCHAR(100) NOT NULL DEFAULT '',
    "district" VARCHAR(100) NOT NULL DEFAULT '',
    "districtEnglish" VARCHAR(100) NOT NULL DEFAULT '',
    "address" VARCHAR(500) NOT NULL DEFAULT '',
    "postalCode" VARCHAR(10) NOT NULL DEFAULT '',
    "phone" VARCHAR(20) NOT NULL DEFAULT '',
    "email" VARCHAR(254) NOT NULL DEFAULT '',
    "logoUrl" VARCHAR(500) NOT NULL DEFAULT '',
    "latitude" DECIMAL(9,6),
    "longitude" DECIMAL(9,6),
    "summary" TEXT NOT NULL DEFAULT '',
    "stats" JSONB NOT NULL DEFAULT '[]',
    "facilities" JSONB NOT NULL DEFAULT '[]',
    "schools" JSONB NOT NULL DEFAULT '[]',
    "anganwadis" JSONB NOT NULL DEFAULT '[]',
    "schemes" JSONB NOT NULL DEFAULT '[]',
    "committees" JSONB NOT NULL DEFAULT '[]',
    "services" JSONB NOT NULL DEFAULT '[]',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SiteProfile_pkey" PRIMARY KEY ("createdByUserId")
);

-- CreateTable
CREATE TABLE "CarouselImage" (
    "corosalId" SERIAL NOT NULL,
    "imagePath" VARCHAR(300) NOT NULL,
    "blogContent" TEXT NOT NULL DEFAULT '',
    "createdByUserId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CarouselImage_pkey" PRIMARY KEY ("corosalId")
);

-- CreateTable
CREATE TABLE "BlogPost" (
    "blogId" SERIAL NOT NULL,
    "blogTitle" VARCHAR(300) NOT NULL,
    "blogContent" TEXT NOT NULL,
    "eventDate" TIMESTAMP(3) NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BlogPost_pkey" PRIMARY KEY ("blogId")
);

-- CreateTable
CREATE TABLE "BirthCertificate" (
    "birthCertificatesId" UUID NOT NULL,
    "serialNo" INTEGER NOT NULL,
    "registrationNo" VARCHAR(50) NOT NULL,
    "registrationDate" DATE NOT NULL,
    "birthDate" DATE NOT NULL,
    "birthDateWords" VARCHAR(200) NOT NULL DEFAULT '',
    "childFullNameMarathi" VARCHAR(200) NOT NULL,
    "childFullNameEnglish" VARCHAR(200) NOT NULL,
    "childAadharNumber" VARCHAR(12) NOT NULL DEFAULT '',
    "gender" VARCHAR(10) NOT NULL,
    "nationality" VARCHAR(50) NOT NULL DEFAULT 'Indian',
    "birthPlaceMarathi" VARCHAR(300) NOT NULL DEFAULT '',
    "birthPlaceEnglish" VARCHAR(300) NOT NULL DEFAULT '',
    "addressAtBirthMarathi" VARCHAR(500) NOT NULL DEFAULT '',
    "addressAtBirthEnglish" VARCHAR(500) NOT NULL DEFAULT '',
    "permanentAddressMarathi" VARCHAR(500) NOT NULL DEFAULT '',
    "permanentAddressEnglish" VARCHAR(500) NOT NULL DEFAULT '',
    "fatherFullNameMarathi" VARCHAR(200) NOT NULL DEFAULT '',
    "fatherFullNameEnglish" VARCHAR(200) NOT NULL DEFAULT '',
    "fatherAadharNumber" VARCHAR(12) NOT NULL DEFAULT '',
    "fatherMobileNumber" VARCHAR(10) NOT NULL DEFAULT '',
    "fatherBirthDate" DATE,
    "fatherEducation" VARCHAR(50) NOT NULL DEFAULT '',
    "fatherOccupation" VARCHAR(50) NOT NULL DEFAULT '',
    "fatherReligion" VARCHAR(50) NOT NULL DEFAULT '',
    "motherFullNameMarathi" VARCHAR(200) NOT NULL DEFAULT '',
    "motherFullNameEnglish" VARCHAR(200) NOT NULL DEFAULT '',
    "motherAadharNumber" VARCHAR(12) NOT NULL DEFAULT '',
    "motherMobileNumber" VARCHAR(10) NOT NULL DEFAULT '',
    "motherBirthDate" DATE,
    "motherEducation" VARCHAR(50) NOT NULL DEFAULT '',
    "motherOccupation" VARCHAR(50) NOT NULL DEFAULT '',
    "motherReligion" VARCHAR(50) NOT NULL DEFAULT '',
    "motherAgeAtMarriage" INTEGER NOT NULL DEFAULT 0,
    "motherAgeAtChildbirth" INTEGER NOT NULL DEFAULT 0,
    "informantName" VARCHAR(200) NOT NULL DEFAULT '',
    "informantAddress" VARCHAR(500) NOT NULL DEFAULT '',
    "deliveryLocation" VARCHAR(50) NOT NULL DEFAULT 'Hospital',
    "deliveryAttendant" VARCHAR(50) NOT NULL DEFAULT 'Doctor',
    "numberOfLivingChildren" INTEGER NOT NULL DEFAULT 0,
    "gestationPeriodWeeks" INTEGER NOT NULL DEFAULT 0,
    "birthWeightKg" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "remarksMarathi" VARCHAR(500) NOT NULL DEFAULT '',
    "remarksEnglish" VARCHAR(500) NOT NULL DEFAULT '',
    "createdByUserId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BirthCertificate_pkey" PRIMARY KEY ("birthCertificatesId")
);

-- CreateTable
CREATE TABLE "DeathCertificate" (
    "deathCertificatesId" UUID NOT NULL,
    "registrationNumber" VARCHAR(50) NOT NULL,
    "registrationDate" DATE NOT NULL,
    "deceasedNameMarathi" VARCHAR(200) NOT NULL,
    "deceasedNameEnglish" VARCHAR(200) NOT NULL,
    "genderMarathi" VARCHAR(10) NOT NULL,
    "genderEnglish" VARCHAR(10) NOT NULL,
    "aadhaarNumberDeceased" VARCHAR(12) NOT NULL,
    "dateOfDeath" DATE NOT NULL,
    "dateOfDeathWords" VARCHAR(200) NOT NULL,
    "placeOfDeathMarathi" VARCHAR(300) NOT NULL,
    "placeOfDeathEnglish" VARCHAR(300) NOT NULL,
    "ageOfDeceased" INTEGER NOT NULL,
    "spouseNameMarathi" VARCHAR(200) NOT NULL DEFAULT '',
    "spouseNameEnglish" VARCHAR(200) NOT NULL DEFAULT '',
    "spouseAadhaarNumber" VARCHAR(12) NOT NULL DEFAULT '',
    "motherNameMarathi" VARCHAR(200) NOT NULL DEFAULT '',
    "motherNameEnglish" VARCHAR(200) NOT NULL DEFAULT '',
    "motherAadhaarNumber" VARCHAR(12) NOT NULL DEFAULT '',
    "fatherNameMarathi" VARCHAR(200) NOT NULL DEFAULT '',
    "fatherNameEnglish" VARCHAR(200) NOT NULL DEFAULT '',
    "fatherAadhaarNumber" VARCHAR(12) NOT NULL DEFAULT '',
    "addressAtDeathMarathi" VARCHAR(500) NOT NULL DEFAULT '',
    "addressAtDeathEnglish" VARCHAR(500) NOT NULL DEFAULT '',
    "permanentAddressMarathi" VARCHAR(500) NOT NULL DEFAULT '',
    "permanentAddressEnglish" VARCHAR(500) NOT NULL DEFAULT '',
    "informantName" VARCHAR(200) NOT NULL DEFAULT '',
    "remarksMarathi" VARCHAR(500) NOT NULL DEFAULT '',
    "remarksEnglish" VARCHAR(500) NOT NULL DEFAULT '',
    "createdByUserId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DeathCertificate_pkey" PRIMARY KEY ("deathCertificatesId")
);

-- CreateTable
CREATE TABLE "ResidenceCertificate" (
    "residentialCertificatesIdCertId" UUID NOT NULL,
    "registrationNumber" VARCHAR(50) NOT NULL,
    "registrationDate" DATE NOT NULL,
    "applicantNameMarathi" VARCHAR(200) NOT NULL,
    "applicantNameEnglish" VARCHAR(200) NOT NULL,
    "applicantAadhaar" VARCHAR(12) NOT NULL,
    "applicantAge" INTEGER NOT NULL,
    "applicantMobile" VARCHAR(10) NOT NULL,
    "guardianNameMarathi" VARCHAR(200) NOT NULL,
    "guardianNameEnglish" VARCHAR(200) NOT NULL,
    "applicantProfession" VARCHAR(50) NOT NULL DEFAULT '',
    "createdByUserId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ResidenceCertificate_pkey" PRIMARY KEY ("residentialCertificatesIdCertId")
);

-- CreateTable
CREATE TABLE "MarriageCertificate" (
    "marriageCertificatesId" UUID NOT NULL,
    "registrationNumber" VARCHAR(50) NOT NULL DEFAULT '',
    "registrationDate" DATE,
    "marriageDate" DATE,
    "issueDate" DATE,
    "khandNumber" VARCHAR(50) NOT NULL DEFAULT '',
    "husbandNameMarathi" VARCHAR(200) NOT NULL,
    "husbandNameEnglish" VARCHAR(200) NOT NULL,
    "husbandFatherNameMarathi" VARCHAR(200) NOT NULL,
    "husbandFatherNameEnglish" VARCHAR(200) NOT NULL,
    "husbandPermAddressMarathi" VARCHAR(500) NOT NULL DEFAULT '',
    "husbandPermAddressEnglish" VARCHAR(500) NOT NULL DEFAULT '',
    "husbandAadhaar" VARCHAR(12) NOT NULL DEFAULT '',
    "husbandReligion" VARCHAR(50) NOT NULL DEFAULT '',
    "husbandBirthDate" DATE,
    "husbandAgeYears" INTEGER NOT NULL DEFAULT 0,
    "husbandAgeMonths" INTEGER NOT NULL DEFAULT 0,
    "husbandMaritalStatus" VARCHAR(50) NOT NULL DEFAULT '',
    "wifeNameMarathi" VARCHAR(200) NOT NULL,
    "wifeNameEnglish" VARCHAR(200) NOT NULL,
    "wifeFatherNameMarathi" VARCHAR(200) NOT NULL,
    "wifeFatherNameEnglish" VARCHAR(200) NOT NULL,
    "wifePermAddressMarathi" VARCHAR(500) NOT NULL DEFAULT '',
    "wifePermAddressEnglish" VARCHAR(500) NOT NULL DEFAULT '',
    "wifeAadhaar" VARCHAR(12) NOT NULL DEFAULT '',
    "wifeReligion" VARCHAR(50) NOT NULL DEFAULT '',
    "wifeBirthDate" DATE,
    "wifeAgeYears" INTEGER NOT NULL DEFAULT 0,
    "wifeAgeMonths" INTEGER NOT NULL DEFAULT 0,
    "wifeMaritalStatus" VARCHAR(50) NOT NULL DEFAULT '',
    "marriagePlaceMarathi" VARCHAR(300) NOT NULL DEFAULT '',
    "marriagePlaceEnglish" VARCHAR(300) NOT NULL DEFAULT '',
    "marriageDistrict" VARCHAR(100) NOT NULL DEFAULT '',
    "marriageTaluka" VARCHAR(100) NOT NULL DEFAULT '',
    "underMarriageAct" VARCHAR(3) NOT NULL DEFAULT 'Yes',
    "ceremonyCompletedByLaw" VARCHAR(3) NOT NULL DEFAULT 'Yes',
    "priestNameMarathi" VARCHAR(200) NOT NULL DEFAULT '',
    "priestAddressMarathi" VARCHAR(500) NOT NULL DEFAULT '',
    "priestReligion" VARCHAR(50) NOT NULL DEFAULT '',
    "priestAge" INTEGER NOT NULL DEFAULT 0,
    "officiantNameMarathi" VARCHAR(200) NOT NULL,
    "otherInformation" VARCHAR(1000) NOT NULL DEFAULT '',
    "remarksMarathi" VARCHAR(500) NOT NULL DEFAULT '',
    "remarksEnglish" VARCHAR(500) NOT NULL DEFAULT '',
    "witness1NameMarathi" VARCHAR(200) NOT NULL DEFAULT '',
    "witness1AddressMarathi" VARCHAR(500) NOT NULL DEFAULT '',
    "witness2NameMarathi" VARCHAR(200) NOT NULL DEFAULT '',
    "witness2AddressMarathi" VARCHAR(500) NOT NULL DEFAULT '',
    "witness3NameMarathi" VARCHAR(200) NOT NULL DEFAULT '',
    "witness3AddressMarathi" VARCHAR(500) NOT NULL DEFAULT '',
    "husbandPhotoPath" VARCHAR(300),
    "wifePhotoPath" VARCHAR(300),
    "witness1PhotoPath" VARCHAR(300),
    "witness2PhotoPath" VARCHAR(300),
    "witness3PhotoPath" VARCHAR(300),
    "createdByUserId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MarriageCertificate_pkey" PRIMARY KEY ("marriageCertificatesId")
);

-- CreateTable
CREATE TABLE "Property" (
    "propertyId" SERIAL NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "malmattaNo" VARCHAR(50) NOT NULL,
    "gatNo" VARCHAR(50) NOT NULL DEFAULT '',
    "citySurveyNo" VARCHAR(50) NOT NULL DEFAULT '',
    "malmattaVarnan" VARCHAR(500) NOT NULL DEFAULT '',
    "buildingType" VARCHAR(40) NOT NULL DEFAULT '',
    "milkatBandhakamYear" INTEGER NOT NULL DEFAULT 0,
    "area" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "areaSqm" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "landRate" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "buildingRate" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "constructionRate" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "ghasaraRate" DECIMAL(5,2) NOT NULL DEFAULT 1,
    "ghasaraDarUpdatedYear" INTEGER NOT NULL DEFAULT 0,
    "buildingBharank" DECIMAL(5,2) NOT NULL DEFAULT 1,
    "bhandavaliRateRs" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "karachaRateRs" DECIMAL(8,2) NOT NULL DEFAULT 0,
    "gharpatti" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "divabatti" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "arogya" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "panipatti" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "total" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "aapilacheNikalAndFerfar" VARCHAR(500) NOT NULL DEFAULT '',
    "vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera" VARCHAR(500) NOT NULL DEFAULT '',
    "propertyCreatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Property_pkey" PRIMARY KEY ("propertyId")
);

-- CreateTable
CREATE TABLE "Owner" (
    "ownerId" SERIAL NOT NULL,
    "propertyId" INTEGER NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "malmattaNo" VARCHAR(50) NOT NULL,
    "malkacheNav" VARCHAR(300) NOT NULL,
    "bhogwatdarakNav" VARCHAR(300) NOT NULL DEFAULT '',
    "mobileNo" VARCHAR(10) NOT NULL DEFAULT '',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "reason" VARCHAR(20) NOT NULL DEFAULT 'new',
    "previousOwnerId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Owner_pkey" PRIMARY KEY ("ownerId")
);

-- CreateTable
CREATE TABLE "KarDetail" (
    "karId" SERIAL NOT NULL,
    "propertyId" INTEGER NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "malmattaNo" VARCHAR(50) NOT NULL,
    "malkacheNav" VARCHAR(300) NOT NULL DEFAULT '',
    "magilGharpatti" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "chaluGharpatti" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "magilDivabatti" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "chaluDivabatti" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "magilArogyakar" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "chaluArogyakar" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "magilPanipatti" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "chaluPanipatti" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "total" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "karupdatedYear" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "KarDetail_pkey" PRIMARY KEY ("karId")
);

-- CreateTable
CREATE TABLE "Payment" (
    "paymentId" SERIAL NOT NULL,
    "karId" INTEGER NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "receiptYear" INTEGER NOT NULL,
    "receiptNo" INTEGER NOT NULL,
    "paidOn" DATE NOT NULL,
    "paidMethod" VARCHAR(10) NOT NULL,
    "note" VARCHAR(500) NOT NULL DEFAULT '',
    "amountTotal" DECIMAL(14,2) NOT NULL,
    "idempotencyKey" VARCHAR(100),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("paymentId")
);

-- CreateTable
CREATE TABLE "PaymentLine" (
    "id" SERIAL NOT NULL,
    "paymentId" INTEGER NOT NULL,
    "category" VARCHAR(20) NOT NULL,
    "fromArrears" DECIMAL(12,2) NOT NULL,
    "fromCurrent" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "PaymentLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PropertyTransfer" (
    "id" SERIAL NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "ferfarNumber" INTEGER NOT NULL,
    "propertyId" INTEGER NOT NULL,
    "malmattaNo" VARCHAR(50) NOT NULL,
    "ferfarKaran" VARCHAR(200) NOT NULL,
    "ferfarDate" DATE NOT NULL,
    "sadyaMalakacheNav" VARCHAR(300) NOT NULL,
    "bhogwatdarakachNav" VARCHAR(300) NOT NULL,
    "navinMalakacheNav" VARCHAR(300) NOT NULL,
    "varasacheNav" VARCHAR(300) NOT NULL DEFAULT 'NO',
    "referenceNo" VARCHAR(100) NOT NULL,
    "note" VARCHAR(500) NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PropertyTransfer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaxRateSetting" (
    "createdByUserId" INTEGER NOT NULL,
    "buildingTypes" JSONB NOT NULL DEFAULT '{}',
    "flatHeadSlabs" JSONB NOT NULL DEFAULT '[]',
    "panipatti" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TaxRateSetting_pkey" PRIMARY KEY ("createdByUserId")
);

-- CreateTable
CREATE TABLE "SmsMessage" (
    "id" SERIAL NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "recipients" INTEGER NOT NULL,
    "segments" INTEGER NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "detail" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SmsMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_username_key" ON "User"("username");

-- CreateIndex
CREATE INDEX "CarouselImage_createdByUserId_createdAt_idx" ON "CarouselImage"("createdByUserId", "createdAt");

-- CreateIndex
CREATE INDEX "BlogPost_createdByUserId_eventDate_idx" ON "BlogPost"("createdByUserId", "eventDate" DESC);

-- CreateIndex
CREATE INDEX "BirthCertificate_createdByUserId_createdAt_idx" ON "BirthCertificate"("createdByUserId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "BirthCertificate_childFullNameEnglish_idx" ON "BirthCertificate" USING GIN ("childFullNameEnglish" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "BirthCertificate_childFullNameMarathi_idx" ON "BirthCertificate" USING GIN ("childFullNameMarathi" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "DeathCertificate_createdByUserId_createdAt_idx" ON "DeathCertificate"("createdByUserId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "DeathCertificate_deceasedNameEnglish_idx" ON "DeathCertificate" USING GIN ("deceasedNameEnglish" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "DeathCertificate_deceasedNameMarathi_idx" ON "DeathCertificate" USING GIN ("deceasedNameMarathi" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ResidenceCertificate_createdByUserId_createdAt_idx" ON "ResidenceCertificate"("createdByUserId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "ResidenceCertificate_applicantNameEnglish_idx" ON "ResidenceCertificate" USING GIN ("applicantNameEnglish" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ResidenceCertificate_applicantNameMarathi_idx" ON "ResidenceCertificate" USING GIN ("applicantNameMarathi" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "MarriageCertificate_createdByUserId_createdAt_idx" ON "MarriageCertificate"("createdByUserId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "MarriageCertificate_husbandNameEnglish_idx" ON "MarriageCertificate" USING GIN ("husbandNameEnglish" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "MarriageCertificate_husbandNameMarathi_idx" ON "MarriageCertificate" USING GIN ("husbandNameMarathi" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "MarriageCertificate_wifeNameEnglish_idx" ON "MarriageCertificate" USING GIN ("wifeNameEnglish" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "MarriageCertificate_wifeNameMarathi_idx" ON "MarriageCertificate" USING GIN ("wifeNameMarathi" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Property_malmattaNo_idx" ON "Property" USING GIN ("malmattaNo" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "Property_createdByUserId_malmattaNo_key" ON "Property"("createdByUserId", "malmattaNo");

-- CreateIndex
CREATE INDEX "Owner_createdByUserId_malmattaNo_idx" ON "Owner"("createdByUserId", "malmattaNo");

-- CreateIndex
CREATE INDEX "Owner_propertyId_isActive_idx" ON "Owner"("propertyId", "isActive");

-- CreateIndex
CREATE INDEX "Owner_malkacheNav_idx" ON "Owner" USING GIN ("malkacheNav" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "KarDetail_propertyId_key" ON "KarDetail"("propertyId");

-- CreateIndex
CREATE INDEX "KarDetail_createdByUserId_total_idx" ON "KarDetail"("createdByUserId", "total");

-- CreateIndex
CREATE INDEX "KarDetail_createdByUserId_malmattaNo_idx" ON "KarDetail"("createdByUserId", "malmattaNo");

-- CreateIndex
CREATE INDEX "Payment_karId_paidOn_idx" ON "Payment"("karId", "paidOn");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_createdByUserId_receiptYear_receiptNo_key" ON "Payment"("createdByUserId", "receiptYear", "receiptNo");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_createdByUserId_idempotencyKey_key" ON "Payment"("createdByUserId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "PaymentLine_paymentId_idx" ON "PaymentLine"("paymentId");

-- CreateIndex
CREATE UNIQUE INDEX "PropertyTransfer_createdByUserId_ferfarNumber_key" ON "PropertyTransfer"("createdByUserId", "ferfarNumber");

-- CreateIndex
CREATE INDEX "SmsMessage_createdByUserId_createdAt_idx" ON "SmsMessage"("createdByUserId", "createdAt");

-- AddForeignKey
ALTER TABLE "Counter" ADD CONSTRAINT "Counter_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteProfile" ADD CONSTRAINT "SiteProfile_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CarouselImage" ADD CONSTRAINT "CarouselImage_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BlogPost" ADD CONSTRAINT "BlogPost_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BirthCertificate" ADD CONSTRAINT "BirthCertificate_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeathCertificate" ADD CONSTRAINT "DeathCertificate_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResidenceCertificate" ADD CONSTRAINT "ResidenceCertificate_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MarriageCertificate" ADD CONSTRAINT "MarriageCertificate_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Property" ADD CONSTRAINT "Property_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Owner" ADD CONSTRAINT "Owner_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("propertyId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Owner" ADD CONSTRAINT "Owner_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KarDetail" ADD CONSTRAINT "KarDetail_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("propertyId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KarDetail" ADD CONSTRAINT "KarDetail_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_karId_fkey" FOREIGN KEY ("karId") REFERENCES "KarDetail"("karId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentLine" ADD CONSTRAINT "PaymentLine_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("paymentId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PropertyTransfer" ADD CONSTRAINT "PropertyTransfer_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("propertyId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PropertyTransfer" ADD CONSTRAINT "PropertyTransfer_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaxRateSetting" ADD CONSTRAINT "TaxRateSetting_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SmsMessage" ADD CONSTRAINT "SmsMessage_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
