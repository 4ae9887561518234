-- CreateTable
CREATE TABLE "BackupRun" (
    "day" DATE NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "host" VARCHAR(255) NOT NULL,
    "pid" INTEGER NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "name" VARCHAR(128),
    "error" TEXT,

    CONSTRAINT "BackupRun_pkey" PRIMARY KEY ("day")
);
