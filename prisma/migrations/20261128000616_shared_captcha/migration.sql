-- The public search's captchas and spent proof-of-work nonces, shared by every portal process on one
-- database (issue 32). UNLOGGED like RateLimit: a crash forgets open captchas (a citizen asks for a
-- new one) and spent nonces (their challenges expire within 10 minutes anyway); their writes, one per
-- public search, stay out of the WAL and the standby.
-- CreateTable
CREATE UNLOGGED TABLE "OpenCaptcha" (
    "id" UUID NOT NULL,
    "answer" VARCHAR(8) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OpenCaptcha_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE UNLOGGED TABLE "SpentPow" (
    "nonce" VARCHAR(100) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SpentPow_pkey" PRIMARY KEY ("nonce")
);

-- CreateIndex
CREATE INDEX "OpenCaptcha_expiresAt_idx" ON "OpenCaptcha"("expiresAt");

-- CreateIndex
CREATE INDEX "SpentPow_expiresAt_idx" ON "SpentPow"("expiresAt");
