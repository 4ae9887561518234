-- 1-2 letter certificate searches read their matches from a table of word starts instead of the GIN
-- index on search_word_starts(names): one row per certificate and distinct start (first one and first
-- two letters of each word of its names, lower case), keyed by (council, start, createdAt, id), so a
-- search's matches come out of the key already in list order (newest first, read backwards). Its
-- count up to 10,000 and any page of it, however deep, are index-only scans; the GIN index gave its
-- matches in no order, so a deep page of "sh" at 100,000 certificates had to fetch and sort all ~16,000
-- (~30,000 for marriages, two names each): 26-114 ms on PostgreSQL.

-- CreateTable
CREATE TABLE "BirthCertificateNameStart" (
    "createdByUserId" INTEGER NOT NULL,
    "start" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "certificateId" UUID NOT NULL
);

-- CreateTable
CREATE TABLE "DeathCertificateNameStart" (
    "createdByUserId" INTEGER NOT NULL,
    "start" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "certificateId" UUID NOT NULL
);

-- CreateTable
CREATE TABLE "ResidenceCertificateNameStart" (
    "createdByUserId" INTEGER NOT NULL,
    "start" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "certificateId" UUID NOT NULL
);

-- CreateTable
CREATE TABLE "MarriageCertificateNameStart" (
    "createdByUserId" INTEGER NOT NULL,
    "start" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "certificateId" UUID NOT NULL
);

-- The certificates already written; the keys are built once the rows are in (one sort, not an
-- index insert per row).
INSERT INTO "BirthCertificateNameStart" ("createdByUserId", "start", "createdAt", "certificateId")
SELECT DISTINCT c."createdByUserId", w, c."createdAt", c."birthCertificatesId" FROM "BirthCertificate" c, unnest(search_word_starts(c."childFullNameEnglish", c."childFullNameMarathi")) AS w;

INSERT INTO "DeathCertificateNameStart" ("createdByUserId", "start", "createdAt", "certificateId")
SELECT DISTINCT c."createdByUserId", w, c."createdAt", c."deathCertificatesId" FROM "DeathCertificate" c, unnest(search_word_starts(c."deceasedNameEnglish", c."deceasedNameMarathi")) AS w;

INSERT INTO "ResidenceCertificateNameStart" ("createdByUserId", "start", "createdAt", "certificateId")
SELECT DISTINCT c."createdByUserId", w, c."createdAt", c."residentialCertificatesIdCertId" FROM "ResidenceCertificate" c, unnest(search_word_starts(c."applicantNameEnglish", c."applicantNameMarathi")) AS w;

INSERT INTO "MarriageCertificateNameStart" ("createdByUserId", "start", "createdAt", "certificateId")
SELECT DISTINCT c."createdByUserId", w, c."createdAt", c."marriageCertificatesId" FROM "MarriageCertificate" c, unnest(search_word_starts(c."husbandNameEnglish", c."husbandNameMarathi", c."wifeNameEnglish", c."wifeNameMarathi")) AS w;

ALTER TABLE "BirthCertificateNameStart" ADD CONSTRAINT "BirthCertificateNameStart_pkey" PRIMARY KEY ("createdByUserId","start","createdAt","certificateId");

ALTER TABLE "DeathCertificateNameStart" ADD CONSTRAINT "DeathCertificateNameStart_pkey" PRIMARY KEY ("createdByUserId","start","createdAt","certificateId");

ALTER TABLE "ResidenceCertificateNameStart" ADD CONSTRAINT "ResidenceCertificateNameStart_pkey" PRIMARY KEY ("createdByUserId","start","createdAt","certificateId");

ALTER TABLE "MarriageCertificateNameStart" ADD CONSTRAINT "MarriageCertificateNameStart_pkey" PRIMARY KEY ("createdByUserId","start","createdAt","certificateId");

-- Kept by statement-level triggers (a createMany of 1,000 rows is one INSERT ... SELECT here).
-- Arguments: the starts table, the certificate's id column, its name columns. An update changes the
-- starts only of rows whose names, council or createdAt changed (a clerk's edit usually changes none).
-- Rows are removed by their full key (the starts of the old names), so the table needs no second index.
CREATE FUNCTION certificate_name_starts_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  starts_table text := TG_ARGV[0];
  id_column text := TG_ARGV[1];
  names text;
  changed text := '';
BEGIN
  SELECT string_agg(format('r.%I', c), ', ') INTO names FROM unnest(TG_ARGV[2:]) AS c;
  IF TG_OP = 'UPDATE' THEN
    -- Rows whose key columns are the same before and after are left alone.
    SELECT format(' WHERE NOT EXISTS (SELECT 1 FROM %s o WHERE o.%I = r.%I AND (%s) IS NOT DISTINCT FROM (%s))',
                  '%s', id_column, id_column,
                  string_agg(format('o.%I', c), ', '), string_agg(format('r.%I', c), ', '))
      INTO changed FROM unnest(TG_ARGV[2:] || ARRAY['createdByUserId', 'createdAt']) AS c;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    EXECUTE format(
      'DELETE FROM %I s USING (SELECT DISTINCT r."createdByUserId", w, r."createdAt", r.%I AS id FROM removed r, unnest(search_word_starts(%s)) AS w%s) d
       WHERE s."createdByUserId" = d."createdByUserId" AND s."start" = d.w AND s."createdAt" = d."createdAt" AND s."certificateId" = d.id',
      starts_table, id_column, names, format(changed, 'added'));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format(
      'INSERT INTO %I ("createdByUserId", "start", "createdAt", "certificateId")
       SELECT DISTINCT r."createdByUserId", w, r."createdAt", r.%I FROM added r, unnest(search_word_starts(%s)) AS w%s',
      starts_table, id_column, names, format(changed, 'removed'));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER certificate_name_starts_added AFTER INSERT ON "BirthCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_name_starts_sync('BirthCertificateNameStart', 'birthCertificatesId', 'childFullNameEnglish', 'childFullNameMarathi');
CREATE TRIGGER certificate_name_starts_removed AFTER DELETE ON "BirthCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_name_starts_sync('BirthCertificateNameStart', 'birthCertificatesId', 'childFullNameEnglish', 'childFullNameMarathi');
CREATE TRIGGER certificate_name_starts_changed AFTER UPDATE ON "BirthCertificate" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_name_starts_sync('BirthCertificateNameStart', 'birthCertificatesId', 'childFullNameEnglish', 'childFullNameMarathi');

CREATE TRIGGER certificate_name_starts_added AFTER INSERT ON "DeathCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_name_starts_sync('DeathCertificateNameStart', 'deathCertificatesId', 'deceasedNameEnglish', 'deceasedNameMarathi');
CREATE TRIGGER certificate_name_starts_removed AFTER DELETE ON "DeathCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_name_starts_sync('DeathCertificateNameStart', 'deathCertificatesId', 'deceasedNameEnglish', 'deceasedNameMarathi');
CREATE TRIGGER certificate_name_starts_changed AFTER UPDATE ON "DeathCertificate" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_name_starts_sync('DeathCertificateNameStart', 'deathCertificatesId', 'deceasedNameEnglish', 'deceasedNameMarathi');

CREATE TRIGGER certificate_name_starts_added AFTER INSERT ON "ResidenceCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_name_starts_sync('ResidenceCertificateNameStart', 'residentialCertificatesIdCertId', 'applicantNameEnglish', 'applicantNameMarathi');
CREATE TRIGGER certificate_name_starts_removed AFTER DELETE ON "ResidenceCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_name_starts_sync('ResidenceCertificateNameStart', 'residentialCertificatesIdCertId', 'applicantNameEnglish', 'applicantNameMarathi');
CREATE TRIGGER certificate_name_starts_changed AFTER UPDATE ON "ResidenceCertificate" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_name_starts_sync('ResidenceCertificateNameStart', 'residentialCertificatesIdCertId', 'applicantNameEnglish', 'applicantNameMarathi');

CREATE TRIGGER certificate_name_starts_added AFTER INSERT ON "MarriageCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_name_starts_sync('MarriageCertificateNameStart', 'marriageCertificatesId', 'husbandNameEnglish', 'husbandNameMarathi', 'wifeNameEnglish', 'wifeNameMarathi');
CREATE TRIGGER certificate_name_starts_removed AFTER DELETE ON "MarriageCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_name_starts_sync('MarriageCertificateNameStart', 'marriageCertificatesId', 'husbandNameEnglish', 'husbandNameMarathi', 'wifeNameEnglish', 'wifeNameMarathi');
CREATE TRIGGER certificate_name_starts_changed AFTER UPDATE ON "MarriageCertificate" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_name_starts_sync('MarriageCertificateNameStart', 'marriageCertificatesId', 'husbandNameEnglish', 'husbandNameMarathi', 'wifeNameEnglish', 'wifeNameMarathi');

-- The GIN indexes they replace (search_word_starts itself stays: the owners' search and these triggers use it).
DROP INDEX "BirthCertificate_name_starts_idx";
DROP INDEX "DeathCertificate_name_starts_idx";
DROP INDEX "ResidenceCertificate_name_starts_idx";
DROP INDEX "MarriageCertificate_name_starts_idx";

-- The embedded database runs no autovacuum: statistics for the new tables now, or its planner takes
-- them for empty until the next maintenance (server/db/maintenance.ts) and misreads their keys.
ANALYZE "BirthCertificateNameStart", "DeathCertificateNameStart", "ResidenceCertificateNameStart", "MarriageCertificateNameStart";
