// The Marathi field labels the trail screen shows for each kind of record, taken from the same
// tables the forms draw from (common/); a field no form shows keeps its name.
import { KINDS } from '../../../../common/certificates/kinds.ts';
import { OWNER_FIELDS, PROPERTY_FIELDS } from '../../../../common/property/fields.ts';
import { SETUP_FIELDS } from '../../../../common/site-setup.ts';
import { labelsOf } from '../../components/history/words.ts';

const property = labelsOf([...OWNER_FIELDS, ...PROPERTY_FIELDS]);

export const FIELD_LABELS: Readonly<Record<string, Record<string, string>>> = {
  BirthCertificate: labelsOf(KINDS.birth.fields),
  DeathCertificate: labelsOf(KINDS.death.fields),
  ResidenceCertificate: labelsOf(KINDS.residence.fields),
  MarriageCertificate: labelsOf(KINDS.marriage.fields),
  Property: property,
  Owner: property,
  SiteProfile: labelsOf(SETUP_FIELDS),
};
