// The first-run setup (issue 14): the site profile fields a new office fills before its public pages
// and documents name it. The server's setup status (GET /api/Site/setup) lists the ones still empty;
// the setup screen draws its boxes from this table and the dashboard names what is missing.
import type { SiteProfileBody } from '../server/modules/site/schema.ts';
import { TERMS } from './glossary.ts';

export interface SetupField<N extends keyof SiteProfileBody & string = keyof SiteProfileBody & string> {
  name: N;
  mr: string;
  en: string;
  /** Required fields make the setup complete; the others are asked for but may stay empty. */
  required: boolean;
  /** A hint shown in the empty box, never stored. */
  example: string;
  type?: 'tel' | 'email';
  multiline?: boolean;
}

/** Keeps each row a SetupField while remembering exactly which names the table holds. */
const table = <const N extends keyof SiteProfileBody & string>(rows: readonly SetupField<N>[]) => rows;

export const SETUP_FIELDS = table([
  {
    name: 'officeName',
    mr: 'कार्यालयाचे नाव (गावाच्या नावासह)',
    en: 'Office name, Marathi',
    required: true,
    example: 'उदा. ग्रामपंचायत कार्यालय पिंपळगाव',
  },
  {
    name: 'officeNameEnglish',
    mr: 'कार्यालयाचे नाव इंग्रजीत',
    en: 'Office name, English',
    required: true,
    example: 'e.g. Gram Panchayat Office Pimpalgaon',
  },
  { name: 'block', mr: TERMS.taluka.mr, en: 'Taluka, Marathi', required: true, example: 'उदा. निफाड' },
  { name: 'blockEnglish', mr: 'तालुका इंग्रजीत', en: 'Taluka, English', required: true, example: 'e.g. Niphad' },
  { name: 'district', mr: TERMS.district.mr, en: 'District, Marathi', required: true, example: 'उदा. नाशिक' },
  { name: 'districtEnglish', mr: 'जिल्हा इंग्रजीत', en: 'District, English', required: true, example: 'e.g. Nashik' },
  {
    name: 'address',
    mr: 'कार्यालयाचा पत्ता',
    en: 'Office address',
    required: true,
    example: 'उदा. ग्रामपंचायत कार्यालय, मु. पो. पिंपळगाव, ता. निफाड, जि. नाशिक',
    multiline: true,
  },
  { name: 'postalCode', mr: 'पिन कोड', en: 'PIN code', required: true, example: 'उदा. 422209' },
  { name: 'phone', mr: 'दूरध्वनी', en: 'Phone', required: false, example: 'उदा. 02550 250123', type: 'tel' },
  { name: 'email', mr: 'ई-मेल', en: 'E-mail', required: false, example: 'उदा. gp.pimpalgaon@gmail.com', type: 'email' },
  { name: 'logoUrl', mr: 'लोगो', en: 'Logo', required: false, example: 'https://… किंवा /uploads/…' },
]);

export type SetupFieldName = (typeof SETUP_FIELDS)[number]['name'];

/** A setup field's label as the setup and the profile screens show it: "तालुका (Taluka, Marathi)". */
export function setupLabel(name: SetupFieldName): string {
  const f = SETUP_FIELDS.find((x) => x.name === name)!;
  return `${f.mr} (${f.en})`;
}
