// Every column of a property's register row (Namuna 8) with its active owner, once, in the order the
// API answers it: where the row reads it (the property, its owner), its wire type, and for what a
// clerk types, the body field (limits, required, description), the register form's field and the
// Excel import's column. The server's TypeBox schemas, its select and row mapping, the input checks,
// the public views and the import template are built from this table (server/modules/properties/);
// fields.ts gives the web form its part of it. The tax columns are computed (assessment.ts), never typed.
import type { FieldType, Label, Option } from '../fields/index.ts';
import { BUILDING_TYPES, BUILDING_TYPE_KEYS, USAGES, USAGE_KEYS } from './assessment.ts';
import { TAX_HEADS } from './tax.ts';

/** How the body takes a value: text up to `max` characters, a year (text or number), an amount
 *  (text or number; `nullable`: null stands for "not recorded"). */
export type Accepts = { t: 'text'; max: number } | { t: 'year' } | { t: 'amount'; nullable?: boolean };

export interface PropertyInput {
  /** The body field's description (the OpenAPI document's). */
  about: string;
  accepts: Accepts;
  /** Required on the form, in the body (minLength 1), by the checks and in the import. */
  required?: true;
  /** The field on the register form: labels and the form's type. None: the form does not show it. */
  form?: Label & { type: FieldType };
  /** A column of the Excel import, headed by the form's Marathi label and this English one. */
  excel?: { en: string; width: number };
  /** Another body field the earlier client sends for this one (sq ft for m²), right after it in the body. */
  alias?: { name: string; about: string };
  /** The property's column the typed value is kept in, when not this one. */
  storedAs?: string;
}

export interface PropertyColumn {
  name: string;
  /** Whose column: the property's, or its active owner's (`column` when the owner's is named otherwise). */
  of: 'property' | 'owner';
  column?: string;
  /** On the wire: an integer, text, rupees or a factor as a 2-place decimal (`money?`: or null), an ISO timestamp. */
  wire: 'int' | 'text' | 'money' | 'money?' | 'time';
  /** The row schema's description. */
  about?: string;
  /** How cards and public pages label a computed column. */
  label?: Label;
  /** What a clerk types into this column. */
  input?: PropertyInput;
}

const options = (table: Record<string, { mr: string; en: string }>, keys: readonly string[]): Option[] =>
  keys.map((k) => ({ value: k, mr: table[k].mr, en: table[k].en }));
const AREA_MAX = 99_999_999;

export const PROPERTY_COLUMNS = [
  { name: 'ownerId', of: 'owner', wire: 'int' },
  { name: 'propertyId', of: 'property', wire: 'int' },
  { name: 'serialNo', of: 'property', wire: 'int', about: 'The register’s running number (अनुक्रमांक), per council' },
  {
    name: 'malmattaNo',
    of: 'property',
    wire: 'text',
    input: {
      about: 'Property number as written (१२/अ or 12/A)',
      accepts: { t: 'text', max: 50 },
      required: true,
      form: { mr: 'मालमत्ता क्रमांक', en: 'Property number (१२/अ or 12/A)', type: { t: 'text', max: 50 } },
      excel: { en: 'Property No.', width: 14 },
    },
  },
  {
    name: 'malkacheNav',
    of: 'owner',
    wire: 'text',
    input: {
      about: 'Owner name',
      accepts: { t: 'text', max: 300 },
      required: true,
      form: { mr: 'मालकाचे नाव', en: 'Owner name', type: { t: 'text', max: 300 } },
      excel: { en: 'Owner name', width: 28 },
    },
  },
  {
    name: 'bhogwatdarakNav',
    of: 'owner',
    wire: 'text',
    input: {
      about: 'Occupier name',
      accepts: { t: 'text', max: 300 },
      required: true,
      form: { mr: 'भोगवटादाराचे नाव', en: 'Occupier name', type: { t: 'text', max: 300 } },
      excel: { en: 'Occupier name', width: 24 },
    },
  },
  {
    name: 'mobileNo',
    of: 'owner',
    wire: 'text',
    input: {
      // The body takes it as typed (+91 98123 45670); the check keeps 10 digits.
      about: '10-digit mobile number of the owner',
      accepts: { t: 'text', max: 20 },
      required: true,
      form: { mr: 'मोबाईल क्रमांक', en: 'Mobile number', type: { t: 'mobile' } },
      excel: { en: 'Mobile No.', width: 14 },
    },
  },
  {
    name: 'gatNo',
    of: 'property',
    wire: 'text',
    input: {
      about: 'Gat (survey) number',
      accepts: { t: 'text', max: 50 },
      required: true,
      form: { mr: 'गट क्रमांक', en: 'Gat (survey) number', type: { t: 'text', max: 50 } },
      excel: { en: 'Gat / survey No.', width: 12 },
    },
  },
  {
    name: 'citySurveyNo',
    of: 'property',
    wire: 'text',
    input: {
      about: 'City survey number',
      accepts: { t: 'text', max: 50 },
      required: true,
      form: { mr: 'सिटी सर्व्हे क्रमांक', en: 'City survey number', type: { t: 'text', max: 50 } },
      excel: { en: 'City survey No.', width: 14 },
    },
  },
  {
    name: 'roadLane',
    of: 'property',
    wire: 'text',
    input: { about: 'Road or lane (रस्ता / गल्ली), the register’s second column', accepts: { t: 'text', max: 200 } },
  },
  {
    name: 'malmattaVarnan',
    of: 'property',
    wire: 'text',
    input: {
      about: 'Description of the property',
      accepts: { t: 'text', max: 500 },
      form: { mr: 'मालमत्तेचे वर्णन', en: 'Description', type: { t: 'text', max: 500 } },
      excel: { en: 'Description', width: 24 },
    },
  },
  {
    name: 'buildingType',
    of: 'property',
    wire: 'text',
    input: {
      about: `Building type: ${BUILDING_TYPE_KEYS.join(', ')} (default rcc)`,
      accepts: { t: 'text', max: 40 },
      form: {
        mr: 'बांधकामाचा प्रकार',
        en: 'Building type',
        type: { t: 'choice', options: options(BUILDING_TYPES, BUILDING_TYPE_KEYS), fallback: 'rcc' },
      },
      excel: { en: 'Building type', width: 22 },
    },
  },
  {
    name: 'usage',
    of: 'property',
    wire: 'text',
    input: {
      about: `Use: ${USAGE_KEYS.join(', ')} (default residential)`,
      accepts: { t: 'text', max: 20 },
      form: { mr: 'वापर', en: 'Use', type: { t: 'choice', options: options(USAGES, USAGE_KEYS), fallback: 'residential' } },
      excel: { en: 'Use', width: 14 },
    },
  },
  {
    name: 'milkatBandhakamYear',
    of: 'property',
    wire: 'int',
    input: {
      about: 'Construction year; 0 or empty for open land',
      accepts: { t: 'year' },
      form: { mr: 'बांधकाम वर्ष', en: 'Construction year (empty for open land)', type: { t: 'int', max: 9999 } },
      excel: { en: 'Construction year', width: 12 },
    },
  },
  { name: 'area', of: 'property', wire: 'money' },
  {
    name: 'areaSqm',
    of: 'property',
    wire: 'money',
    label: { mr: 'क्षेत्रफळ (चौ.मी.)', en: 'Area (m²)' },
    input: {
      about: 'Built-up area in m² (for open land: the plot)',
      accepts: { t: 'amount' },
      form: { mr: 'बांधकाम क्षेत्रफळ (चौ.मी.)', en: 'Built-up area, m² (open land: the plot)', type: { t: 'decimal', max: AREA_MAX } },
      excel: { en: 'Built-up area (m²)', width: 14 },
      alias: { name: 'area', about: 'Area in sq ft; used only when areaSqm is empty (converted at 10.7639 sq ft per m²)' },
    },
  },
  {
    name: 'plotAreaSqm',
    of: 'property',
    wire: 'money?',
    input: {
      about: 'Plot area in m², when recorded apart from the built-up area',
      accepts: { t: 'amount', nullable: true },
      form: { mr: 'भूखंड क्षेत्रफळ (चौ.मी.)', en: 'Plot area, m², if different', type: { t: 'decimal', max: AREA_MAX } },
      excel: { en: 'Plot area (m²), if different', width: 14 },
    },
  },
  {
    // The body's landRate is the property's own rate (ownLandRate); the row's, the rate used.
    name: 'landRate',
    of: 'property',
    wire: 'money',
    label: { mr: 'जमीन दर', en: 'Land rate' },
    input: {
      about: "Ready-reckoner land rate of the property's zone, ₹/m²; empty: the council's rate",
      accepts: { t: 'amount' },
      storedAs: 'ownLandRate',
      form: { mr: 'रेडीरेकनर जमीन दर (₹/चौ.मी.)', en: 'Land rate ₹/m², if not the council’s', type: { t: 'decimal', max: AREA_MAX } },
      excel: { en: 'Land rate (₹/m²), if not the council’s', width: 16 },
    },
  },
  {
    name: 'ownLandRate',
    of: 'property',
    wire: 'money?',
    about: "The property's own land rate; null: the council's (landRate is the one used)",
  },
  {
    name: 'assessmentFromYear',
    of: 'property',
    wire: 'int',
    about: 'The tax year the tax columns of this row are in force from (0: since always); a later year means a change not yet in force',
  },
  { name: 'constructionRate', of: 'property', wire: 'money', label: { mr: 'बांधकाम दर', en: 'Construction rate' } },
  { name: 'buildingRate', of: 'property', wire: 'money', label: { mr: 'इमारत दर', en: 'Building rate' } },
  { name: 'ghasaraRate', of: 'property', wire: 'money', label: { mr: 'घसारा दर', en: 'Depreciation factor' } },
  { name: 'ghasaraDarUpdatedYear', of: 'property', wire: 'int' },
  { name: 'buildingBharank', of: 'property', wire: 'money', label: { mr: 'भारांक', en: 'Weightage' } },
  { name: 'bhandavaliRateRs', of: 'property', wire: 'money', label: { mr: 'भांडवली मूल्य', en: 'Capital value' } },
  { name: 'karachaRateRs', of: 'property', wire: 'money', label: { mr: 'कराचा दर (प्रति ₹१०००)', en: 'Tax rate (per ₹1000)' } },
  // This year's tax of each head, as the assessment names them.
  ...TAX_HEADS.map((h) => ({ name: h.assessed, of: 'property', wire: 'money', label: h.short }) as const),
  { name: 'total', of: 'property', wire: 'money', label: { mr: 'एकूण कर', en: 'Total tax' } },
  {
    name: 'aapilacheNikalAndFerfar',
    of: 'property',
    wire: 'text',
    input: {
      about: 'Appeal results and later changes',
      accepts: { t: 'text', max: 500 },
      form: { mr: 'अपिलाचे निकाल व नंतरचे फेरफार', en: 'Appeal results and later changes', type: { t: 'text', max: 500, multiline: true } },
    },
  },
  {
    name: 'vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera',
    of: 'property',
    wire: 'text',
    input: {
      about: 'Remark on increase/decrease orders',
      accepts: { t: 'text', max: 500 },
      form: { mr: 'वाढ/घट आदेशांबाबत शेरा', en: 'Remark on increase/decrease orders', type: { t: 'text', max: 500, multiline: true } },
    },
  },
  { name: 'propertyCreatedAt', of: 'property', wire: 'time' },
  { name: 'updatedAt', of: 'property', wire: 'time' },
  {
    name: 'version',
    of: 'property',
    wire: 'int',
    about:
      "The property's version: moves up on every change; send it back as If-Match on UpdateProperty (409 when someone changed it since)",
  },
  {
    name: 'ownerVersion',
    of: 'owner',
    column: 'version',
    wire: 'int',
    about: "The active owner's version: send it back as If-Match on UpdateOwner (409 when someone changed the owner since)",
  },
] as const satisfies readonly PropertyColumn[];

export type PropertyColumnName = (typeof PROPERTY_COLUMNS)[number]['name'];

/** The columns a clerk types, in the body's order. */
export const PROPERTY_INPUTS = PROPERTY_COLUMNS.filter(
  (c): c is Extract<(typeof PROPERTY_COLUMNS)[number], { input: PropertyInput }> => 'input' in c,
);

/** What a citizen sees of a property after the public search, in order (the mobile masked); its
 *  outstanding tax per head follows. */
export const PUBLIC_VIEW = [
  'malmattaNo',
  'malkacheNav',
  'bhogwatdarakNav',
  'mobileNo',
  'gatNo',
  'citySurveyNo',
  'malmattaVarnan',
  'milkatBandhakamYear',
  'areaSqm',
  'landRate',
  'buildingRate',
  'constructionRate',
  'ghasaraRate',
  'bhandavaliRateRs',
  'karachaRateRs',
  ...TAX_HEADS.map((h) => h.assessed),
  'total',
] as const satisfies readonly PropertyColumnName[];

/** The public property tax certificate (spec 2.9) a Namuna 8 QR code opens, in order (the mobile
 *  masked); the issuing office's names follow. */
export const CERTIFICATE_VIEW = [
  'malmattaNo',
  'malkacheNav',
  'bhogwatdarakNav',
  'mobileNo',
  'gatNo',
  'malmattaVarnan',
  'areaSqm',
  'milkatBandhakamYear',
  'propertyCreatedAt',
  'constructionRate',
  'ghasaraRate',
  'bhandavaliRateRs',
  'karachaRateRs',
  ...TAX_HEADS.map((h) => h.assessed),
  'total',
] as const satisfies readonly PropertyColumnName[];
