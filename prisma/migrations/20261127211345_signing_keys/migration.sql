-- CreateTable
CREATE TABLE "SigningKey" (
    "id" SERIAL NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "selfIssued" BOOLEAN NOT NULL,
    "signer" VARCHAR(200) NOT NULL,
    "issuer" VARCHAR(300) NOT NULL,
    "certificatePem" TEXT NOT NULL,
    "certSha256" VARCHAR(64) NOT NULL,
    "keyEncrypted" BYTEA NOT NULL,
    "validFrom" TIMESTAMP(3) NOT NULL,
    "validTo" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SigningKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SigningKey_certSha256_idx" ON "SigningKey"("certSha256");

-- CreateIndex
CREATE UNIQUE INDEX "SigningKey_createdByUserId_version_key" ON "SigningKey"("createdByUserId", "version");
