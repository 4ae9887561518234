// The fields a clerk records about a property and its owner (Namuna 8), once: wire name, Marathi
// and English labels, type and limits (those of server/modules/properties/schema.ts). The register
// form, the update dialog and the cards read them. The tax columns are not here: they are computed
// (assessment.ts), never typed.
import type { FieldDef, Option, SectionDef } from '../fields/index.ts';
import { BUILDING_TYPES, BUILDING_TYPE_KEYS, USAGES, USAGE_KEYS } from './assessment.ts';

const options = (table: Record<string, { mr: string; en: string }>, keys: readonly string[]): Option[] =>
  keys.map((k) => ({ value: k, mr: table[k].mr, en: table[k].en }));

export const OWNER_FIELDS: readonly FieldDef[] = [
  { name: 'malkacheNav', mr: 'मालकाचे नाव', en: 'Owner name', type: { t: 'text', max: 300 }, required: true },
  { name: 'bhogwatdarakNav', mr: 'भोगवटादाराचे नाव', en: 'Occupier name', type: { t: 'text', max: 300 }, required: true },
  { name: 'mobileNo', mr: 'मोबाईल क्रमांक', en: 'Mobile number', type: { t: 'mobile' }, required: true },
];

export const PROPERTY_FIELDS: readonly FieldDef[] = [
  { name: 'malmattaNo', mr: 'मालमत्ता क्रमांक', en: 'Property number (१२/अ or 12/A)', type: { t: 'text', max: 50 }, required: true },
  { name: 'gatNo', mr: 'गट क्रमांक', en: 'Gat (survey) number', type: { t: 'text', max: 50 }, required: true },
  { name: 'citySurveyNo', mr: 'सिटी सर्व्हे क्रमांक', en: 'City survey number', type: { t: 'text', max: 50 }, required: true },
  { name: 'malmattaVarnan', mr: 'मालमत्तेचे वर्णन', en: 'Description', type: { t: 'text', max: 500 } },
  {
    name: 'buildingType',
    mr: 'बांधकामाचा प्रकार',
    en: 'Building type',
    type: { t: 'choice', options: options(BUILDING_TYPES, BUILDING_TYPE_KEYS), fallback: 'rcc' },
  },
  { name: 'usage', mr: 'वापर', en: 'Use', type: { t: 'choice', options: options(USAGES, USAGE_KEYS), fallback: 'residential' } },
  { name: 'milkatBandhakamYear', mr: 'बांधकाम वर्ष', en: 'Construction year (empty for open land)', type: { t: 'int', max: 9999 } },
  { name: 'areaSqm', mr: 'बांधकाम क्षेत्रफळ (चौ.मी.)', en: 'Built-up area, m² (open land: the plot)', type: { t: 'decimal', max: 99_999_999 } },
  { name: 'plotAreaSqm', mr: 'भूखंड क्षेत्रफळ (चौ.मी.)', en: 'Plot area, m², if different', type: { t: 'decimal', max: 99_999_999 } },
  {
    name: 'landRate',
    mr: 'रेडीरेकनर जमीन दर (₹/चौ.मी.)',
    en: 'Land rate ₹/m², if not the council’s',
    type: { t: 'decimal', max: 99_999_999 },
  },
  {
    name: 'aapilacheNikalAndFerfar',
    mr: 'अपिलाचे निकाल व नंतरचे फेरफार',
    en: 'Appeal results and later changes',
    type: { t: 'text', max: 500, multiline: true },
  },
  {
    name: 'vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera',
    mr: 'वाढ/घट आदेशांबाबत शेरा',
    en: 'Remark on increase/decrease orders',
    type: { t: 'text', max: 500, multiline: true },
  },
];

export const REGISTER_SECTIONS: readonly SectionDef[] = [
  { mr: 'मालक', en: 'Owner', fields: OWNER_FIELDS.map((f) => f.name) },
  { mr: 'मालमत्ता', en: 'Property', fields: ['malmattaNo', 'gatNo', 'citySurveyNo', 'malmattaVarnan'] },
  { mr: 'आकारणी', en: 'Assessment', fields: ['buildingType', 'usage', 'milkatBandhakamYear', 'areaSqm', 'plotAreaSqm', 'landRate'] },
  { mr: 'शेरा', en: 'Remarks', fields: ['aapilacheNikalAndFerfar', 'vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera'] },
];

/** The computed columns as the register, the cards and the public pages label them. */
export const ASSESSMENT_LABELS = {
  areaSqm: { mr: 'क्षेत्रफळ (चौ.मी.)', en: 'Area (m²)' },
  landRate: { mr: 'जमीन दर', en: 'Land rate' },
  constructionRate: { mr: 'बांधकाम दर', en: 'Construction rate' },
  ghasaraRate: { mr: 'घसारा दर', en: 'Depreciation factor' },
  buildingRate: { mr: 'इमारत दर', en: 'Building rate' },
  buildingBharank: { mr: 'भारांक', en: 'Weightage' },
  bhandavaliRateRs: { mr: 'भांडवली मूल्य', en: 'Capital value' },
  karachaRateRs: { mr: 'कराचा दर (प्रति ₹१०००)', en: 'Tax rate (per ₹1000)' },
  gharpatti: { mr: 'घरपट्टी', en: 'House tax' },
  divabatti: { mr: 'दिवाबत्ती', en: 'Street light' },
  arogya: { mr: 'आरोग्य', en: 'Health' },
  panipatti: { mr: 'पाणीपट्टी', en: 'Water' },
  total: { mr: 'एकूण कर', en: 'Total tax' },
} as const;
