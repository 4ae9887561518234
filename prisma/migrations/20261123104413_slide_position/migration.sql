-- DropIndex
DROP INDEX "CarouselImage_createdByUserId_createdAt_idx";

-- AlterTable
ALTER TABLE "CarouselImage" ADD COLUMN     "position" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "CarouselImage_createdByUserId_position_idx" ON "CarouselImage"("createdByUserId", "position");

-- Slides kept so far showed newest first; they now show in their upload order, oldest first, and
-- the admin screen can move them (issue 14).
UPDATE "CarouselImage" AS c SET "position" = o.n
FROM (SELECT "corosalId", row_number() OVER (PARTITION BY "createdByUserId" ORDER BY "createdAt", "corosalId") AS n FROM "CarouselImage") AS o
WHERE c."corosalId" = o."corosalId";
