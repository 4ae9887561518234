// The four certificate kinds as data: API paths, id field, the form's sections and fields (labels in
// Marathi and English, types, required, option lists, defaults) and what each kind derives as the
// clerk types. CertificateAdminPage, CertificateForm and the list are written once against these tables.
import {
  EDUCATION, FATHER_OCCUPATION, GENDER, MARITAL_STATUS, MOTHER_OCCUPATION, PROFESSION, RELIGION, YES_NO, type Option,
} from './options.ts';
import { PATHS, type KindName, type KindPaths } from './paths.ts';
import { ageOf, englishWordsOf, marathiWordsOf, todayIso, yearsAgoIso } from './words.ts';

export type { KindName };

export type FieldType =
  | 'text' | 'textarea' | 'date' | 'int' | 'decimal'
  | 'aadhaar' // digits only, at most 12
  | 'mobile' // digits only, at most 10
  | 'select';

export interface FieldDef {
  name: string;
  mr: string;
  en: string;
  type: FieldType;
  required?: boolean;
  options?: Option[];
  /** Filled by derive() and not typed by the clerk. */
  readOnly?: boolean;
  /** Latest date the picker offers: today, or the day 18 years ago for spouses. */
  max?: 'today' | 'adult';
  /** One of a Marathi/English pair: the form sets pairs side by side, two to a row. */
  pair?: boolean;
}

export interface Section { mr: string; en: string; fields: FieldDef[] }

export interface PhotoDef { name: string; urlField: string; mr: string; en: string; requiredOnCreate?: boolean }

export type Values = Record<string, string>;
export type Item = Record<string, unknown>;

export interface KindDef extends KindPaths {
  kind: KindName;
  /** Screen title. */
  mr: string;
  en: string;
  /** Marathi and English name of the main person (list rows). */
  nameFields: [string, string];
  /** Shown under the name in a list row. */
  regField: string;
  dateField: string;
  /** Red text when the list cannot be read (spec 8). */
  listFailed: string;
  pdfFallbackName: (item: Item) => string;
  sections: Section[];
  photos?: PhotoDef[];
  defaults?: Values;
  /** Values that follow from the one just changed (words, Marathi gender, ages). */
  derive?: (values: Values, changed: string) => Values;
  /** Multipart with photos (marriage) instead of JSON; the browser's own required checks are off. */
  multipart?: boolean;
}

const f = (name: string, mr: string, en: string, type: FieldType = 'text', extra: Partial<FieldDef> = {}): FieldDef =>
  ({ name, mr, en, type, ...extra });
const req = { required: true };
/** The Marathi and English boxes of one name or address. */
const pair = (stem: string, mr: string, en: string, extra: Partial<FieldDef> = {}, type: FieldType = 'text'): FieldDef[] => [
  f(`${stem}Marathi`, `${mr} (मराठी)`, `${en} (Marathi)`, type, { ...extra, pair: true }),
  f(`${stem}English`, `${mr} (इंग्रजी)`, `${en} (English)`, type, { ...extra, pair: true }),
];

const parent = (who: 'father' | 'mother'): Section => {
  const mr = who === 'father' ? 'वडिलांचे' : 'आईचे';
  const en = who === 'father' ? "Father's" : "Mother's";
  return {
    mr: who === 'father' ? 'वडिलांची माहिती' : 'आईची माहिती', en: who === 'father' ? 'Father' : 'Mother',
    fields: [
      ...pair(`${who}FullName`, `${mr} पूर्ण नाव`, `${en} full name`),
      f(`${who}AadharNumber`, `${mr} आधार क्रमांक`, `${en} Aadhaar number`, 'aadhaar'),
      f(`${who}MobileNumber`, `${mr} मोबाईल क्रमांक`, `${en} mobile number`, 'mobile'),
      f(`${who}BirthDate`, `${mr} जन्म दिनांक`, `${en} birth date`, 'date', { max: 'today' }),
      f(`${who}Education`, `${mr} शिक्षण`, `${en} education`, 'select', { options: EDUCATION }),
      f(`${who}Occupation`, `${mr} व्यवसाय`, `${en} occupation`, 'select', { ...req, options: who === 'father' ? FATHER_OCCUPATION : MOTHER_OCCUPATION }),
      f(`${who}Religion`, `${mr} धर्म`, `${en} religion`, 'select', { options: RELIGION }),
    ],
  };
};

export const birth: KindDef = {
  kind: 'birth', mr: 'जन्म प्रमाणपत्र', en: 'Birth certificates',
  ...PATHS.birth, nameFields: ['childFullNameMarathi', 'childFullNameEnglish'], regField: 'registrationNo', dateField: 'birthDate',
  listFailed: 'Failed to fetch birth certificates.',
  pdfFallbackName: (r) => `BirthCertificate_${r.childFullNameEnglish ?? ''}.pdf`,
  sections: [
    {
      mr: 'नोंदणी', en: 'Registration', fields: [
        f('serialNo', 'अनुक्रमांक', 'Serial no.', 'int', req),
        f('registrationNo', 'नोंदणी क्रमांक', 'Registration no.', 'text', req),
        f('registrationDate', 'नोंदणी दिनांक', 'Registration date', 'date', { ...req, max: 'today' }),
      ],
    },
    {
      mr: 'बालकाची माहिती', en: 'Child', fields: [
        ...pair('childFullName', 'बालकाचे पूर्ण नाव', "Child's full name", req),
        f('birthDate', 'जन्म दिनांक', 'Birth date', 'date', { ...req, max: 'today' }),
        f('birthDateWords', 'जन्म दिनांक (अक्षरी)', 'Birth date in words', 'text', { readOnly: true }),
        f('gender', 'लिंग', 'Gender', 'select', { ...req, options: GENDER }),
        f('childAadharNumber', 'बालकाचा आधार क्रमांक', "Child's Aadhaar number", 'aadhaar'),
        f('nationality', 'राष्ट्रीयत्व', 'Nationality'),
        ...pair('birthPlace', 'जन्म ठिकाण', 'Place of birth'),
        ...pair('addressAtBirth', 'जन्माच्या वेळी पालकांचा पत्ता', 'Address of parents at birth', {}, 'textarea'),
        ...pair('permanentAddress', 'पालकांचा कायमचा पत्ता', 'Permanent address of parents', {}, 'textarea'),
      ],
    },
    parent('father'),
    parent('mother'),
    {
      mr: 'इतर माहिती', en: 'Other details', fields: [
        f('motherAgeAtMarriage', 'लग्नाच्या वेळी आईचे वय', "Mother's age at marriage", 'int'),
        f('motherAgeAtChildbirth', 'प्रसूतीच्या वेळी आईचे वय', "Mother's age at childbirth", 'int'),
        f('numberOfLivingChildren', 'हयात अपत्यांची संख्या', 'Number of living children', 'int'),
        f('gestationPeriodWeeks', 'गर्भावधी (आठवडे)', 'Gestation period (weeks)', 'int'),
        f('birthWeightKg', 'जन्माच्या वेळी वजन (कि.ग्रॅ.)', 'Birth weight (kg)', 'decimal'),
        f('deliveryLocation', 'प्रसूतीचे ठिकाण', 'Delivery location'),
        f('deliveryAttendant', 'प्रसूती करणारे', 'Delivery attendant'),
        f('informantName', 'माहिती देणाऱ्याचे नाव', "Informant's name"),
        f('informantAddress', 'माहिती देणाऱ्याचा पत्ता', "Informant's address", 'textarea'),
        ...pair('remarks', 'शेरा', 'Remarks', {}, 'textarea'),
      ],
    },
  ],
  defaults: { nationality: 'Indian', deliveryLocation: 'Hospital', deliveryAttendant: 'Doctor' },
  derive: (v, changed) => (changed === 'birthDate' ? { ...v, birthDateWords: marathiWordsOf(v.birthDate) } : v),
};

/** पुरुष, स्त्री, इतर from the English choice (spec 5). */
export const genderMarathi = (g: string) => (g === 'Male' ? 'पुरुष' : g === 'Female' ? 'स्त्री' : 'इतर');

export const death: KindDef = {
  kind: 'death', mr: 'मृत्यू प्रमाणपत्र', en: 'Death certificates',
  ...PATHS.death, nameFields: ['deceasedNameMarathi', 'deceasedNameEnglish'], regField: 'registrationNumber', dateField: 'dateOfDeath',
  listFailed: 'Failed to fetch death certificates.',
  pdfFallbackName: (r) => `DeathCertificate_${r.deceasedNameEnglish ?? ''}.pdf`,
  sections: [
    {
      mr: 'नोंदणी', en: 'Registration', fields: [
        f('registrationNumber', 'नोंदणी क्रमांक', 'Registration number', 'text', req),
        f('registrationDate', 'नोंदणी दिनांक', 'Registration date', 'date', { ...req, max: 'today' }),
      ],
    },
    {
      mr: 'मृत व्यक्तीची माहिती', en: 'The deceased', fields: [
        ...pair('deceasedName', 'मृत व्यक्तीचे नाव', 'Name of the deceased', req),
        f('aadhaarNumberDeceased', 'मृत व्यक्तीचा आधार क्रमांक', 'Aadhaar number of the deceased', 'aadhaar', req),
        f('genderEnglish', 'लिंग', 'Gender', 'select', { ...req, options: GENDER }),
        f('genderMarathi', 'लिंग (मराठी)', 'Gender (Marathi)', 'text', { readOnly: true }),
        f('ageOfDeceased', 'मृत्यूच्या वेळी वय', 'Age of the deceased', 'int', req),
        f('dateOfDeath', 'मृत्यू दिनांक', 'Date of death', 'date', { ...req, max: 'today' }),
        f('dateOfDeathWords', 'मृत्यू दिनांक (अक्षरी)', 'Date of death in words', 'text', req),
        ...pair('placeOfDeath', 'मृत्यूचे ठिकाण', 'Place of death', req),
      ],
    },
    {
      mr: 'कुटुंबाची माहिती', en: 'Family', fields: [
        ...pair('spouseName', 'पती / पत्नीचे नाव', 'Name of spouse'),
        ...pair('fatherName', 'वडिलांचे नाव', "Father's name"),
        ...pair('motherName', 'आईचे नाव', "Mother's name"),
        f('spouseAadhaarNumber', 'पती / पत्नीचा आधार क्रमांक', "Spouse's Aadhaar number", 'aadhaar'),
        f('fatherAadhaarNumber', 'वडिलांचा आधार क्रमांक', "Father's Aadhaar number", 'aadhaar'),
        f('motherAadhaarNumber', 'आईचा आधार क्रमांक', "Mother's Aadhaar number", 'aadhaar'),
      ],
    },
    {
      mr: 'पत्ता व इतर', en: 'Addresses and other', fields: [
        ...pair('addressAtDeath', 'मृत्यूच्या वेळी पत्ता', 'Address at the time of death', {}, 'textarea'),
        ...pair('permanentAddress', 'कायमचा पत्ता', 'Permanent address', {}, 'textarea'),
        f('informantName', 'माहिती देणाऱ्याचे नाव', "Informant's name"),
        ...pair('remarks', 'शेरा', 'Remarks', {}, 'textarea'),
      ],
    },
  ],
  derive: (v, changed) => {
    if (changed === 'genderEnglish') return { ...v, genderMarathi: v.genderEnglish ? genderMarathi(v.genderEnglish) : '' };
    // Filled from the date, still editable (spec 5).
    if (changed === 'dateOfDeath') return { ...v, dateOfDeathWords: englishWordsOf(v.dateOfDeath) };
    return v;
  },
};

export const residence: KindDef = {
  kind: 'residence', mr: 'रहिवासी दाखला', en: 'Residence certificates',
  ...PATHS.residence, nameFields: ['applicantNameMarathi', 'applicantNameEnglish'], regField: 'registrationNumber', dateField: 'registrationDate',
  listFailed: 'Failed to fetch certificates.',
  pdfFallbackName: (r) => `ResidenceCertificate_${r.applicantNameEnglish ?? ''}.pdf`,
  sections: [
    {
      mr: 'नोंदणी', en: 'Registration', fields: [
        f('registrationNumber', 'दाखला क्रमांक', 'Certificate number', 'text', req),
        f('registrationDate', 'दिनांक', 'Issue date', 'date', { ...req, max: 'today' }),
      ],
    },
    {
      mr: 'अर्जदाराची माहिती', en: 'Applicant', fields: [
        ...pair('applicantName', 'अर्जदाराचे नाव', "Applicant's name", req),
        f('applicantAadhaar', 'आधार क्रमांक', 'Aadhaar number', 'aadhaar', req),
        f('applicantMobile', 'मोबाईल क्रमांक', 'Mobile number', 'mobile', req),
        f('applicantAge', 'वय', 'Age', 'int', req),
        f('applicantProfession', 'व्यवसाय', 'Profession', 'select', { options: PROFESSION }),
        ...pair('guardianName', 'पालकाचे नाव', "Guardian's name", req),
      ],
    },
  ],
};

const spouse = (who: 'husband' | 'wife'): Section => {
  const mr = who === 'husband' ? 'पतीचे' : 'पत्नीचे';
  const en = who === 'husband' ? "Husband's" : "Wife's";
  return {
    mr: who === 'husband' ? 'पतीची माहिती' : 'पत्नीची माहिती', en: who === 'husband' ? 'Husband' : 'Wife',
    fields: [
      ...pair(`${who}Name`, `${mr} नाव`, `${en} name`, req),
      ...pair(`${who}FatherName`, `${mr} वडिलांचे नाव`, `${en} father's name`, req),
      ...pair(`${who}PermAddress`, `${mr} कायमचा पत्ता`, `${en} permanent address`, {}, 'textarea'),
      f(`${who}Aadhaar`, `${mr} आधार क्रमांक`, `${en} Aadhaar number`, 'aadhaar'),
      f(`${who}Religion`, `${mr} धर्म`, `${en} religion`, 'select', { options: RELIGION }),
      f(`${who}MaritalStatus`, 'विवाहापूर्वीची वैवाहिक स्थिती', 'Marital status before marriage', 'select', { options: MARITAL_STATUS }),
      f(`${who}BirthDate`, `${mr} जन्म दिनांक`, `${en} birth date`, 'date', { max: 'adult' }),
      f(`${who}AgeYears`, 'वय (वर्षे)', 'Age (years)', 'int', { readOnly: true }),
      f(`${who}AgeMonths`, 'वय (महिने)', 'Age (months)', 'int', { readOnly: true }),
    ],
  };
};

const witness = (n: 1 | 2 | 3): FieldDef[] => [
  f(`witness${n}NameMarathi`, `साक्षीदार ${n} चे नाव`, `Witness ${n} name`, 'text', { pair: true, required: n === 1 }),
  f(`witness${n}AddressMarathi`, `साक्षीदार ${n} चा पत्ता`, `Witness ${n} address`, 'text', { pair: true, required: n === 1 }),
];

/** Spouse ages at the marriage date (today until there is one), as the server computes them. */
function spouseAges(v: Values): Values {
  const out = { ...v };
  for (const who of ['husband', 'wife']) {
    const age = ageOf(v[`${who}BirthDate`], v.marriageDate);
    out[`${who}AgeYears`] = age ? String(age.years) : '';
    out[`${who}AgeMonths`] = age ? String(age.months) : '';
  }
  return out;
}

export const marriage: KindDef = {
  kind: 'marriage', mr: 'विवाह नोंदणी प्रमाणपत्र', en: 'Marriage certificates',
  ...PATHS.marriage, nameFields: ['husbandNameMarathi', 'husbandNameEnglish'], regField: 'registrationNumber', dateField: 'marriageDate',
  listFailed: 'Failed to fetch marriage certificates.',
  pdfFallbackName: (r) => `MarriageCertificate_${r.husbandNameEnglish ?? ''}_${r.wifeNameEnglish ?? ''}.pdf`,
  multipart: true,
  sections: [
    {
      mr: 'नोंदणी', en: 'Registration', fields: [
        f('registrationNumber', 'नोंदणी क्रमांक', 'Registration number'),
        f('registrationDate', 'नोंदणी दिनांक', 'Registration date', 'date', { max: 'today' }),
        f('marriageDate', 'विवाह दिनांक', 'Marriage date', 'date', { max: 'today' }),
        f('issueDate', 'दाखला दिनांक', 'Issue date', 'date'),
        f('khandNumber', 'खंड क्रमांक', 'Register volume (khand) no.'),
      ],
    },
    spouse('husband'),
    spouse('wife'),
    {
      mr: 'विवाहाची माहिती', en: 'The marriage', fields: [
        ...pair('marriagePlace', 'विवाहाचे ठिकाण', 'Place of marriage'),
        f('marriageTaluka', 'तालुका', 'Taluka'),
        f('marriageDistrict', 'जिल्हा', 'District'),
        f('underMarriageAct', 'विवाह कायद्यानुसार', 'Under the marriage act', 'select', { ...req, options: YES_NO }),
        f('ceremonyCompletedByLaw', 'विधी कायद्यानुसार पूर्ण', 'Ceremony completed by law', 'select', { ...req, options: YES_NO }),
        f('priestNameMarathi', 'पुरोहिताचे नाव', "Priest's name"),
        f('priestAddressMarathi', 'पुरोहिताचा पत्ता', "Priest's address"),
        f('priestReligion', 'पुरोहिताचा धर्म', "Priest's religion", 'select', { options: RELIGION }),
        f('priestAge', 'पुरोहिताचे वय', "Priest's age", 'int'),
        f('officiantNameMarathi', 'विवाह लावणाऱ्याचे नाव', "Officiant's name", 'text', req),
        f('otherInformation', 'इतर माहिती', 'Other information', 'textarea'),
        ...pair('remarks', 'शेरा', 'Remarks', {}, 'textarea'),
      ],
    },
    { mr: 'साक्षीदार', en: 'Witnesses', fields: [...witness(1), ...witness(2), ...witness(3)] },
  ],
  photos: [
    { name: 'husbandPhoto', urlField: 'husbandPhotoUrl', mr: 'पतीचा फोटो', en: "Husband's photo", requiredOnCreate: true },
    { name: 'wifePhoto', urlField: 'wifePhotoUrl', mr: 'पत्नीचा फोटो', en: "Wife's photo", requiredOnCreate: true },
    { name: 'witness1Photo', urlField: 'witness1PhotoUrl', mr: 'साक्षीदार १ फोटो', en: 'Witness 1 photo' },
    { name: 'witness2Photo', urlField: 'witness2PhotoUrl', mr: 'साक्षीदार २ फोटो', en: 'Witness 2 photo' },
    { name: 'witness3Photo', urlField: 'witness3PhotoUrl', mr: 'साक्षीदार ३ फोटो', en: 'Witness 3 photo' },
  ],
  defaults: { underMarriageAct: 'Yes', ceremonyCompletedByLaw: 'Yes' },
  derive: (v, changed) => (['husbandBirthDate', 'wifeBirthDate', 'marriageDate'].includes(changed) ? spouseAges(v) : v),
};

export const KINDS: Record<KindName, KindDef> = { birth, death, residence, marriage };

export const allFields = (k: KindDef) => k.sections.flatMap((s) => s.fields);

/** The latest date a date box offers. */
export const maxDate = (fd: FieldDef) => (fd.max === 'today' ? todayIso() : fd.max === 'adult' ? yearsAgoIso(18) : undefined);

/** An empty form: every field '' except the kind's defaults. */
export function emptyValues(k: KindDef): Values {
  const v: Values = Object.fromEntries(allFields(k).map((fd) => [fd.name, '']));
  return { ...v, ...k.defaults };
}

/** A saved record as form values (dates as YYYY-MM-DD, numbers as text, 0 in an optional number as empty). */
export function valuesOf(k: KindDef, item: Item): Values {
  const v = emptyValues(k);
  for (const fd of allFields(k)) {
    const raw = item[fd.name];
    if (raw === null || raw === undefined) continue;
    if (fd.type === 'date') v[fd.name] = String(raw).slice(0, 10);
    else if ((fd.type === 'int' || fd.type === 'decimal') && !fd.required && !fd.readOnly && Number(raw) === 0) v[fd.name] = '';
    else v[fd.name] = String(raw);
  }
  return v;
}

/** The JSON body (spec 5): empty or invalid numbers as 0, empty dates as null, text trimmed. */
export function jsonBody(k: KindDef, v: Values): Record<string, string | number | null> {
  const body: Record<string, string | number | null> = {};
  for (const fd of allFields(k)) {
    const s = (v[fd.name] ?? '').trim();
    if (fd.type === 'int' || fd.type === 'decimal') {
      const n = Number(s);
      body[fd.name] = s && Number.isFinite(n) ? (fd.type === 'int' ? Math.trunc(n) : n) : 0;
    } else if (fd.type === 'date') body[fd.name] = s || null;
    else body[fd.name] = s;
  }
  return body;
}
