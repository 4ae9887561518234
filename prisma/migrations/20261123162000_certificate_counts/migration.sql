-- How many certificates of each kind a council has, kept by triggers: the unfiltered list's exact
-- count reads one row instead of counting 100,000 index entries (an index-only scan of the list
-- index took ~5 ms on PostgreSQL and ~20 ms on the embedded database at 100,000 rows).
-- CreateTable
CREATE TABLE "CertificateCount" (
    "kind" TEXT NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "CertificateCount_pkey" PRIMARY KEY ("kind","createdByUserId")
);

-- One statement-level trigger per kind and event: a createMany of 1,000 rows updates the count once.
-- A council's inserts wait on its count row until commit; certificates are written one at a time by
-- clerks, so that is never felt.
CREATE FUNCTION certificate_count_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "CertificateCount" ("kind", "createdByUserId", "n")
  SELECT TG_ARGV[0], "createdByUserId", count(*) FROM added GROUP BY "createdByUserId"
  ON CONFLICT ("kind", "createdByUserId") DO UPDATE SET "n" = "CertificateCount"."n" + excluded."n";
  RETURN NULL;
END
$$;

CREATE FUNCTION certificate_count_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "CertificateCount" c SET "n" = c."n" - r.k
  FROM (SELECT "createdByUserId", count(*) AS k FROM removed GROUP BY "createdByUserId") r
  WHERE c."kind" = TG_ARGV[0] AND c."createdByUserId" = r."createdByUserId";
  RETURN NULL;
END
$$;

-- A certificate moved to another council (no route does this; a hand-made UPDATE might).
CREATE FUNCTION certificate_count_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "CertificateCount" SET "n" = "n" - 1 WHERE "kind" = TG_ARGV[0] AND "createdByUserId" = OLD."createdByUserId";
  INSERT INTO "CertificateCount" ("kind", "createdByUserId", "n") VALUES (TG_ARGV[0], NEW."createdByUserId", 1)
  ON CONFLICT ("kind", "createdByUserId") DO UPDATE SET "n" = "CertificateCount"."n" + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER certificate_count_added AFTER INSERT ON "BirthCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_count_added('birth');
CREATE TRIGGER certificate_count_removed AFTER DELETE ON "BirthCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_count_removed('birth');
CREATE TRIGGER certificate_count_moved AFTER UPDATE OF "createdByUserId" ON "BirthCertificate"
  FOR EACH ROW WHEN (OLD."createdByUserId" IS DISTINCT FROM NEW."createdByUserId") EXECUTE FUNCTION certificate_count_moved('birth');

CREATE TRIGGER certificate_count_added AFTER INSERT ON "DeathCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_count_added('death');
CREATE TRIGGER certificate_count_removed AFTER DELETE ON "DeathCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_count_removed('death');
CREATE TRIGGER certificate_count_moved AFTER UPDATE OF "createdByUserId" ON "DeathCertificate"
  FOR EACH ROW WHEN (OLD."createdByUserId" IS DISTINCT FROM NEW."createdByUserId") EXECUTE FUNCTION certificate_count_moved('death');

CREATE TRIGGER certificate_count_added AFTER INSERT ON "ResidenceCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_count_added('residence');
CREATE TRIGGER certificate_count_removed AFTER DELETE ON "ResidenceCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_count_removed('residence');
CREATE TRIGGER certificate_count_moved AFTER UPDATE OF "createdByUserId" ON "ResidenceCertificate"
  FOR EACH ROW WHEN (OLD."createdByUserId" IS DISTINCT FROM NEW."createdByUserId") EXECUTE FUNCTION certificate_count_moved('residence');

CREATE TRIGGER certificate_count_added AFTER INSERT ON "MarriageCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_count_added('marriage');
CREATE TRIGGER certificate_count_removed AFTER DELETE ON "MarriageCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_count_removed('marriage');
CREATE TRIGGER certificate_count_moved AFTER UPDATE OF "createdByUserId" ON "MarriageCertificate"
  FOR EACH ROW WHEN (OLD."createdByUserId" IS DISTINCT FROM NEW."createdByUserId") EXECUTE FUNCTION certificate_count_moved('marriage');

-- The certificates already written.
INSERT INTO "CertificateCount" ("kind", "createdByUserId", "n")
SELECT 'birth', "createdByUserId", count(*) FROM "BirthCertificate" GROUP BY "createdByUserId"
UNION ALL SELECT 'death', "createdByUserId", count(*) FROM "DeathCertificate" GROUP BY "createdByUserId"
UNION ALL SELECT 'residence', "createdByUserId", count(*) FROM "ResidenceCertificate" GROUP BY "createdByUserId"
UNION ALL SELECT 'marriage', "createdByUserId", count(*) FROM "MarriageCertificate" GROUP BY "createdByUserId";
