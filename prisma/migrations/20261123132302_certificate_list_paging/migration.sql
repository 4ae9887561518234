-- DropIndex
DROP INDEX "BirthCertificate_createdByUserId_createdAt_idx";

-- DropIndex
DROP INDEX "DeathCertificate_createdByUserId_createdAt_idx";

-- DropIndex
DROP INDEX "MarriageCertificate_createdByUserId_createdAt_idx";

-- DropIndex
DROP INDEX "ResidenceCertificate_createdByUserId_createdAt_idx";

-- CreateIndex
CREATE INDEX "BirthCertificate_createdByUserId_createdAt_birthCertificate_idx" ON "BirthCertificate"("createdByUserId", "createdAt" DESC, "birthCertificatesId" DESC);

-- CreateIndex
CREATE INDEX "DeathCertificate_createdByUserId_createdAt_deathCertificate_idx" ON "DeathCertificate"("createdByUserId", "createdAt" DESC, "deathCertificatesId" DESC);

-- CreateIndex
CREATE INDEX "MarriageCertificate_createdByUserId_createdAt_marriageCerti_idx" ON "MarriageCertificate"("createdByUserId", "createdAt" DESC, "marriageCertificatesId" DESC);

-- CreateIndex
CREATE INDEX "ResidenceCertificate_createdByUserId_createdAt_residentialC_idx" ON "ResidenceCertificate"("createdByUserId", "createdAt" DESC, "residentialCertificatesIdCertId" DESC);

-- 1-2 letter name searches match the start of any word of a name ("पा" finds पाटील, "ra" finds
-- "Rohit" and "Sharma Rahul"): trigram indexes need three letters. The word starts (first one and
-- first two letters of each word, lower case) are indexed with GIN; the list query asks
-- search_word_starts(<the same columns>) @> ARRAY[lower(term)]. Not expressible in schema.prisma:
-- listed in RAW_INDEXES (scripts/schema-engine.ts).
CREATE FUNCTION search_word_starts(VARIADIC names text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY(
    SELECT DISTINCT left(w, n)
    FROM unnest(names) AS name,
         -- Words end at spaces and ASCII punctuation only: a locale's [:punct:] may hold the
         -- virama (्) and would cut प्रिया into प and रिया.
         regexp_split_to_table(lower(name), '[[:space:].,;:!?()/\\"''&_-]+') AS w,
         (VALUES (1), (2)) AS v(n)
    WHERE w <> ''
  )
$$;

CREATE INDEX "BirthCertificate_name_starts_idx" ON "BirthCertificate" USING GIN (search_word_starts("childFullNameEnglish", "childFullNameMarathi"));

CREATE INDEX "DeathCertificate_name_starts_idx" ON "DeathCertificate" USING GIN (search_word_starts("deceasedNameEnglish", "deceasedNameMarathi"));

CREATE INDEX "ResidenceCertificate_name_starts_idx" ON "ResidenceCertificate" USING GIN (search_word_starts("applicantNameEnglish", "applicantNameMarathi"));

CREATE INDEX "MarriageCertificate_name_starts_idx" ON "MarriageCertificate" USING GIN (search_word_starts("husbandNameEnglish", "husbandNameMarathi", "wifeNameEnglish", "wifeNameMarathi"));

-- Owners: a 1-2 letter name search now matches the start of any word (surnames too), not only
-- the start of the whole name.
DROP INDEX "Owner_malkacheNav_prefix_idx";

CREATE INDEX "Owner_name_starts_idx" ON "Owner" USING GIN (search_word_starts("malkacheNav"));
