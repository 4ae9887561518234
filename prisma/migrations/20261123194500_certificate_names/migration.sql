-- Certificate searches of 3 or more letters test a narrow row per candidate: each certificate's names
-- joined in one text (U+001F between them, a character no name holds) in lower case, with its council
-- and list key (council, createdAt, id), in a table per kind with one trigram index. The search is
-- names LIKE lower(pattern): what ILIKE does in a UTF-8 database (it lowers both sides, then matches),
-- without lowering every candidate again. Before, the candidates of the
-- per-name trigram indexes (two per kind, four for marriages, ORed) were tested on the certificate's
-- own row, which is wide (30-60 columns): "patil" at 100,000 births read ~8,000 of them.

-- CreateTable
CREATE TABLE "BirthCertificateName" (
    "createdByUserId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "certificateId" UUID NOT NULL,
    "names" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "DeathCertificateName" (
    "createdByUserId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "certificateId" UUID NOT NULL,
    "names" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "ResidenceCertificateName" (
    "createdByUserId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "certificateId" UUID NOT NULL,
    "names" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "MarriageCertificateName" (
    "createdByUserId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "certificateId" UUID NOT NULL,
    "names" TEXT NOT NULL
);

-- The certificates already written, then the keys and indexes (built once, not an insert per row).
INSERT INTO "BirthCertificateName" ("createdByUserId", "createdAt", "certificateId", "names")
SELECT c."createdByUserId", c."createdAt", c."birthCertificatesId", lower(c."childFullNameEnglish" || E'\x1f' || c."childFullNameMarathi") FROM "BirthCertificate" c;

INSERT INTO "DeathCertificateName" ("createdByUserId", "createdAt", "certificateId", "names")
SELECT c."createdByUserId", c."createdAt", c."deathCertificatesId", lower(c."deceasedNameEnglish" || E'\x1f' || c."deceasedNameMarathi") FROM "DeathCertificate" c;

INSERT INTO "ResidenceCertificateName" ("createdByUserId", "createdAt", "certificateId", "names")
SELECT c."createdByUserId", c."createdAt", c."residentialCertificatesIdCertId", lower(c."applicantNameEnglish" || E'\x1f' || c."applicantNameMarathi") FROM "ResidenceCertificate" c;

INSERT INTO "MarriageCertificateName" ("createdByUserId", "createdAt", "certificateId", "names")
SELECT c."createdByUserId", c."createdAt", c."marriageCertificatesId", lower(c."husbandNameEnglish" || E'\x1f' || c."husbandNameMarathi" || E'\x1f' || c."wifeNameEnglish" || E'\x1f' || c."wifeNameMarathi") FROM "MarriageCertificate" c;

ALTER TABLE "BirthCertificateName" ADD CONSTRAINT "BirthCertificateName_pkey" PRIMARY KEY ("createdByUserId","createdAt","certificateId");

-- CreateIndex
CREATE INDEX "BirthCertificateName_names_idx" ON "BirthCertificateName" USING GIN ("names" gin_trgm_ops);

ALTER TABLE "DeathCertificateName" ADD CONSTRAINT "DeathCertificateName_pkey" PRIMARY KEY ("createdByUserId","createdAt","certificateId");

-- CreateIndex
CREATE INDEX "DeathCertificateName_names_idx" ON "DeathCertificateName" USING GIN ("names" gin_trgm_ops);

ALTER TABLE "ResidenceCertificateName" ADD CONSTRAINT "ResidenceCertificateName_pkey" PRIMARY KEY ("createdByUserId","createdAt","certificateId");

-- CreateIndex
CREATE INDEX "ResidenceCertificateName_names_idx" ON "ResidenceCertificateName" USING GIN ("names" gin_trgm_ops);

ALTER TABLE "MarriageCertificateName" ADD CONSTRAINT "MarriageCertificateName_pkey" PRIMARY KEY ("createdByUserId","createdAt","certificateId");

-- CreateIndex
CREATE INDEX "MarriageCertificateName_names_idx" ON "MarriageCertificateName" USING GIN ("names" gin_trgm_ops);

-- Kept by statement-level triggers, as the word starts are (20261123190000_certificate_name_starts).
-- Arguments: the Name table, the certificate's id column, its name columns.
CREATE FUNCTION certificate_names_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  names_table text := TG_ARGV[0];
  id_column text := TG_ARGV[1];
  names text;
  changed text := '';
BEGIN
  SELECT 'lower(' || string_agg(format('r.%I', c), ' || E''\x1f'' || ') || ')' INTO names FROM unnest(TG_ARGV[2:]) AS c;
  IF TG_OP = 'UPDATE' THEN
    -- Rows whose names, council and createdAt are the same before and after are left alone.
    SELECT format(' WHERE NOT EXISTS (SELECT 1 FROM %s o WHERE o.%I = r.%I AND (%s) IS NOT DISTINCT FROM (%s))',
                  '%s', id_column, id_column,
                  string_agg(format('o.%I', c), ', '), string_agg(format('r.%I', c), ', '))
      INTO changed FROM unnest(TG_ARGV[2:] || ARRAY['createdByUserId', 'createdAt']) AS c;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    EXECUTE format(
      'DELETE FROM %I s USING (SELECT r."createdByUserId", r."createdAt", r.%I AS id FROM removed r%s) d
       WHERE s."createdByUserId" = d."createdByUserId" AND s."createdAt" = d."createdAt" AND s."certificateId" = d.id',
      names_table, id_column, format(changed, 'added'));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format(
      'INSERT INTO %I ("createdByUserId", "createdAt", "certificateId", "names")
       SELECT r."createdByUserId", r."createdAt", r.%I, %s FROM added r%s',
      names_table, id_column, names, format(changed, 'removed'));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER certificate_names_added AFTER INSERT ON "BirthCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('BirthCertificateName', 'birthCertificatesId', 'childFullNameEnglish', 'childFullNameMarathi');
CREATE TRIGGER certificate_names_removed AFTER DELETE ON "BirthCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('BirthCertificateName', 'birthCertificatesId', 'childFullNameEnglish', 'childFullNameMarathi');
CREATE TRIGGER certificate_names_changed AFTER UPDATE ON "BirthCertificate" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('BirthCertificateName', 'birthCertificatesId', 'childFullNameEnglish', 'childFullNameMarathi');

CREATE TRIGGER certificate_names_added AFTER INSERT ON "DeathCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('DeathCertificateName', 'deathCertificatesId', 'deceasedNameEnglish', 'deceasedNameMarathi');
CREATE TRIGGER certificate_names_removed AFTER DELETE ON "DeathCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('DeathCertificateName', 'deathCertificatesId', 'deceasedNameEnglish', 'deceasedNameMarathi');
CREATE TRIGGER certificate_names_changed AFTER UPDATE ON "DeathCertificate" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('DeathCertificateName', 'deathCertificatesId', 'deceasedNameEnglish', 'deceasedNameMarathi');

CREATE TRIGGER certificate_names_added AFTER INSERT ON "ResidenceCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('ResidenceCertificateName', 'residentialCertificatesIdCertId', 'applicantNameEnglish', 'applicantNameMarathi');
CREATE TRIGGER certificate_names_removed AFTER DELETE ON "ResidenceCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('ResidenceCertificateName', 'residentialCertificatesIdCertId', 'applicantNameEnglish', 'applicantNameMarathi');
CREATE TRIGGER certificate_names_changed AFTER UPDATE ON "ResidenceCertificate" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('ResidenceCertificateName', 'residentialCertificatesIdCertId', 'applicantNameEnglish', 'applicantNameMarathi');

CREATE TRIGGER certificate_names_added AFTER INSERT ON "MarriageCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('MarriageCertificateName', 'marriageCertificatesId', 'husbandNameEnglish', 'husbandNameMarathi', 'wifeNameEnglish', 'wifeNameMarathi');
CREATE TRIGGER certificate_names_removed AFTER DELETE ON "MarriageCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('MarriageCertificateName', 'marriageCertificatesId', 'husbandNameEnglish', 'husbandNameMarathi', 'wifeNameEnglish', 'wifeNameMarathi');
CREATE TRIGGER certificate_names_changed AFTER UPDATE ON "MarriageCertificate" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('MarriageCertificateName', 'marriageCertificatesId', 'husbandNameEnglish', 'husbandNameMarathi', 'wifeNameEnglish', 'wifeNameMarathi');

-- The per-name trigram indexes they replace.
DROP INDEX "BirthCertificate_childFullNameEnglish_idx";
DROP INDEX "BirthCertificate_childFullNameMarathi_idx";
DROP INDEX "DeathCertificate_deceasedNameEnglish_idx";
DROP INDEX "DeathCertificate_deceasedNameMarathi_idx";
DROP INDEX "ResidenceCertificate_applicantNameEnglish_idx";
DROP INDEX "ResidenceCertificate_applicantNameMarathi_idx";
DROP INDEX "MarriageCertificate_husbandNameEnglish_idx";
DROP INDEX "MarriageCertificate_husbandNameMarathi_idx";
DROP INDEX "MarriageCertificate_wifeNameEnglish_idx";
DROP INDEX "MarriageCertificate_wifeNameMarathi_idx";

-- The embedded database runs no autovacuum: statistics for the new tables now, or its planner takes
-- them for empty until the next maintenance (server/db/maintenance.ts) and misreads their keys.
ANALYZE "BirthCertificateName", "DeathCertificateName", "ResidenceCertificateName", "MarriageCertificateName";
