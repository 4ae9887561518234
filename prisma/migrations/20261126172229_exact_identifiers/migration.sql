-- Identifiers are matched exactly (issue 25): a username by its lower-case key, a registration
-- number by its lower-case text, never with LIKE semantics, where % and _ in typed input are wildcards.

-- AlterTable: every existing account gets its key; account creation has always refused a name that
-- differs from another only in letter case, so the keys are unique.
ALTER TABLE "User" ADD COLUMN     "usernameKey" VARCHAR(64);
UPDATE "User" SET "usernameKey" = lower("username");
ALTER TABLE "User" ALTER COLUMN "usernameKey" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "User_usernameKey_key" ON "User"("usernameKey");

-- The "number already used" check of each certificate kind: lower(number) = lower($1) in one council.
CREATE INDEX "BirthCertificate_number_key_idx" ON "BirthCertificate"("createdByUserId", lower("registrationNo"));

CREATE INDEX "DeathCertificate_number_key_idx" ON "DeathCertificate"("createdByUserId", lower("registrationNumber"));

CREATE INDEX "ResidenceCertificate_number_key_idx" ON "ResidenceCertificate"("createdByUserId", lower("registrationNumber"));

CREATE INDEX "MarriageCertificate_number_key_idx" ON "MarriageCertificate"("createdByUserId", lower("registrationNumber"));
