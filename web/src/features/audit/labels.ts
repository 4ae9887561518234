// The Marathi field labels the trail screen shows for each kind of record, taken from the same
// tables the forms draw from (common/); a field without one keeps its name. Only tables the public
// pages do not load go here: importing the certificates' or the register's tables split them into
// chunks of their own, one more file for the public QR and property pages. The History panels on
// those records' own screens label their fields.
import { SETUP_FIELDS } from '../../../../common/site-setup.ts';
import { labelsOf } from '../../components/history/words.ts';

export const FIELD_LABELS: Readonly<Record<string, Record<string, string>>> = {
  SiteProfile: labelsOf(SETUP_FIELDS),
};
