-- AlterTable
ALTER TABLE "BirthCertificate" ADD COLUMN     "crsRegistrationNumber" VARCHAR(30) NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "DeathCertificate" ADD COLUMN     "crsRegistrationNumber" VARCHAR(30) NOT NULL DEFAULT '';

-- The CRS number is found by the list's search of 3 or more letters: it joins the names the triggers
-- keep (20261123194500_certificate_names). Rows written before it have no CRS number, so their
-- joined names stay as they are.
DROP TRIGGER certificate_names_added ON "BirthCertificate";
DROP TRIGGER certificate_names_removed ON "BirthCertificate";
DROP TRIGGER certificate_names_changed ON "BirthCertificate";
CREATE TRIGGER certificate_names_added AFTER INSERT ON "BirthCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('BirthCertificateName', 'birthCertificatesId', 'childFullNameEnglish', 'childFullNameMarathi', 'crsRegistrationNumber');
CREATE TRIGGER certificate_names_removed AFTER DELETE ON "BirthCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('BirthCertificateName', 'birthCertificatesId', 'childFullNameEnglish', 'childFullNameMarathi', 'crsRegistrationNumber');
CREATE TRIGGER certificate_names_changed AFTER UPDATE ON "BirthCertificate" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('BirthCertificateName', 'birthCertificatesId', 'childFullNameEnglish', 'childFullNameMarathi', 'crsRegistrationNumber');

DROP TRIGGER certificate_names_added ON "DeathCertificate";
DROP TRIGGER certificate_names_removed ON "DeathCertificate";
DROP TRIGGER certificate_names_changed ON "DeathCertificate";
CREATE TRIGGER certificate_names_added AFTER INSERT ON "DeathCertificate" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('DeathCertificateName', 'deathCertificatesId', 'deceasedNameEnglish', 'deceasedNameMarathi', 'crsRegistrationNumber');
CREATE TRIGGER certificate_names_removed AFTER DELETE ON "DeathCertificate" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('DeathCertificateName', 'deathCertificatesId', 'deceasedNameEnglish', 'deceasedNameMarathi', 'crsRegistrationNumber');
CREATE TRIGGER certificate_names_changed AFTER UPDATE ON "DeathCertificate" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION certificate_names_sync('DeathCertificateName', 'deathCertificatesId', 'deceasedNameEnglish', 'deceasedNameMarathi', 'crsRegistrationNumber');
