// The audit trail's words: the kinds of record and the actions in Marathi with the English beside
// (the server's names on the wire), who acted, and a changed value as text.
import { formatDateGB } from '../../lib/format.ts';
import type { AuditItem } from '../../../../common/api-types.ts';

export interface Label {
  mr: string;
  en: string;
}

/** Every kind of record the trail names (server/modules/audit), in the order the filter offers them. */
export const ENTITIES: Readonly<Record<string, Label>> = {
  BirthCertificate: { mr: 'जन्म प्रमाणपत्र', en: 'Birth certificate' },
  DeathCertificate: { mr: 'मृत्यू प्रमाणपत्र', en: 'Death certificate' },
  ResidenceCertificate: { mr: 'रहिवासी दाखला', en: 'Residence certificate' },
  MarriageCertificate: { mr: 'विवाह नोंदणी प्रमाणपत्र', en: 'Marriage certificate' },
  Property: { mr: 'मालमत्ता (नमुना ८)', en: 'Property' },
  Owner: { mr: 'मालक', en: 'Owner' },
  PropertyTransfer: { mr: 'फेरफार', en: 'Transfer' },
  Payment: { mr: 'कर भरणा', en: 'Payment' },
  TaxRateSetting: { mr: 'कर दर', en: 'Tax rates' },
  TaxYearRun: { mr: 'कर वर्षाची मागणी', en: 'Tax year run' },
  BlogPost: { mr: 'बातमी', en: 'News item' },
  CarouselImage: { mr: 'मुख्यपृष्ठ फोटो', en: 'Home page photo' },
  SiteProfile: { mr: 'संकेतस्थळ माहिती', en: 'Site profile' },
  SmsTemplate: { mr: 'SMS नमुना', en: 'SMS template' },
  SmsBatch: { mr: 'SMS पाठवणी', en: 'SMS batch' },
  ApiToken: { mr: 'API टोकन', en: 'API token' },
  User: { mr: 'वापरकर्ता खाते', en: 'User account' },
  Backup: { mr: 'बॅकअप', en: 'Backup' },
};

/** Every action the trail records, in the order the filter offers them. */
export const ACTIONS: Readonly<Record<string, Label>> = {
  create: { mr: 'नवीन नोंद', en: 'create' },
  update: { mr: 'बदल', en: 'update' },
  delete: { mr: 'काढून टाकले', en: 'delete' },
  login: { mr: 'लॉगिन', en: 'login' },
  'login-failed': { mr: 'लॉगिन अयशस्वी', en: 'login failed' },
  logout: { mr: 'लॉगआउट', en: 'logout' },
  password: { mr: 'पासवर्ड बदल', en: 'password' },
  import: { mr: 'आयात', en: 'import' },
  reverse: { mr: 'उलट नोंद', en: 'reverse' },
  adjust: { mr: 'सूट / दुरुस्ती', en: 'adjust' },
  recalculate: { mr: 'पुनर्गणना', en: 'recalculate' },
  depreciate: { mr: 'घसारा', en: 'depreciate' },
  send: { mr: 'पाठवले', en: 'send' },
  retry: { mr: 'पुन्हा पाठवले', en: 'retry' },
  delivery: { mr: 'पोहोच', en: 'delivery' },
  backup: { mr: 'बॅकअप', en: 'backup' },
  restore: { mr: 'बॅकअपमधून परत आणले', en: 'restore' },
  download: { mr: 'डाउनलोड', en: 'download' },
};

/** "बदल / update"; an action the table does not know shows as the server wrote it. */
export const both = (table: Readonly<Record<string, Label>>, key: string) => (table[key] ? `${table[key].mr} / ${table[key].en}` : key);

/** Who acted: the account's name, the API token, or the portal itself (a scheduled job). */
export function actorText(actor: AuditItem['actor']): string {
  if (actor.tokenId != null) return `API टोकन #${actor.tokenId}`;
  return actor.userName ?? 'पोर्टल (स्वयंचलित)';
}

/** Field name → its Marathi label, from a form's field table (FieldDef, SetupField…). */
export function labelsOf(fields: readonly { name: string; mr: string }[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.name, f.mr]));
}

const MIDNIGHT_UTC = /^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/;

/** A changed value as text: a calendar date as dd/mm/yyyy, yes/no, "—" for nothing. */
export function valueText(value: string | number | boolean | null): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'होय / yes' : 'नाही / no';
  if (typeof value === 'string' && MIDNIGHT_UTC.test(value)) return formatDateGB(value);
  return String(value);
}
