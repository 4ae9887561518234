-- Shared state of several portal processes on one PostgreSQL database (issue 32). RateLimit is
-- UNLOGGED: counts need no crash safety, and its writes (one per request) stay out of the WAL and the standby.
-- CreateTable
CREATE UNLOGGED TABLE "RateLimit" (
    "key" VARCHAR(300) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "hits" TIMESTAMPTZ(3)[] DEFAULT ARRAY[]::TIMESTAMPTZ(3)[],
    "refused" BOOLEAN NOT NULL DEFAULT false,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "StoredFile" (
    "path" VARCHAR(200) NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoredFile_pkey" PRIMARY KEY ("path")
);

-- CreateTable
CREATE TABLE "PortalSetting" (
    "name" VARCHAR(64) NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "PortalSetting_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "RateLimit_expiresAt_idx" ON "RateLimit"("expiresAt");
