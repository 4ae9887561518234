// The four certificate kinds as data: paths, id field, fields with their types and rules, what the
// public page shows. service.ts, schema.ts and routes.ts are written once against these tables.

export type KindName = 'birth' | 'death' | 'residence' | 'marriage';

export type FieldType =
  | { t: 'text'; max: number; fallback?: string }
  | { t: 'aadhaar' } // exactly 12 digits when given
  | { t: 'mobile' } // exactly 10 digits when given
  | { t: 'int'; max: number; zeroIsEmpty?: boolean } // the client sends 0 for an empty box
  | { t: 'decimal'; max: number }
  | { t: 'date'; notFuture?: boolean }
  | { t: 'choice'; values: readonly string[]; fallback?: string; aliases?: Readonly<Record<string, string>> };

export interface Field { name: string; type: FieldType; required?: boolean }

export interface Kind {
  kind: KindName;
  /** Prisma model. */
  model: 'birthCertificate' | 'deathCertificate' | 'residenceCertificate' | 'marriageCertificate';
  /** "birth certificate", for messages. */
  label: string;
  base: string;
  listPath: string;
  pdfPath: string;
  /** The id's name on the wire (and the column). */
  idField: string;
  /** Other spellings of the id an earlier client sends; accepted in bodies and ignored (the path wins). */
  idAliases: string[];
  fields: Field[];
  /** nameFilter looks in these (English and Marathi). */
  nameFields: string[];
  /** What the public page may see; aadhaar and mobile fields among them are masked. */
  publicFields: string[];
  /** Download name without extension, e.g. BirthCertificate_Aarav Patil. */
  fileName: (r: Record<string, unknown>) => string;
}

const text = (name: string, max: number, required = false, fallback?: string): Field => ({ name, type: { t: 'text', max, fallback }, required });
const aadhaar = (name: string, required = false): Field => ({ name, type: { t: 'aadhaar' }, required });
const mobile = (name: string, required = false): Field => ({ name, type: { t: 'mobile' }, required });
const int = (name: string, max: number, required = false, zeroIsEmpty = false): Field => ({ name, type: { t: 'int', max, zeroIsEmpty }, required });
const date = (name: string, required = false, notFuture = true): Field => ({ name, type: { t: 'date', notFuture }, required });
const yesNo = (name: string): Field => ({ name, type: { t: 'choice', values: ['Yes', 'No'], fallback: 'Yes' }, required: true });
/** NameMarathi + NameEnglish. */
const both = (stem: string, max: number, required = false): Field[] => [text(`${stem}Marathi`, max, required), text(`${stem}English`, max, required)];

export const GENDERS = ['Male', 'Female', 'Other'] as const;
const gender = (name: string): Field => ({ name, type: { t: 'choice', values: GENDERS }, required: true });

/** The option lists of spec section 3, as stored (the screens in web/src/features/certificates/
 *  options.ts offer exactly these; a unit test keeps the two equal). Matched in any case. */
export const CHOICES = {
  education: ['illiterate', 'primary', 'secondary', 'higher secondary', 'graduate', 'postgraduate', 'other'],
  religion: ['Hindu', 'Muslim', 'Christian', 'Sikh', 'Buddhist', 'Jain', 'Parsi', 'other'],
  fatherOccupation: ['job', 'business', 'farming'],
  motherOccupation: ['job', 'housewife', 'labour', 'other'],
  maritalStatus: ['unmarried', 'married', 'widowed', 'divorced', 'separated'],
  profession: ['job', 'business', 'farming', 'other'],
} as const;
/** The spec's own spellings of some options, as an earlier client may send them. */
const CHOICE_ALIASES: Record<string, string> = {
  'higher secondary (10th/12th)': 'higher secondary',
  'postgraduate/professional': 'postgraduate', 'postgraduate / professional': 'postgraduate',
  'widower/widow': 'widowed', 'widower / widow': 'widowed', widower: 'widowed', widow: 'widowed',
};
const choice = (name: string, values: readonly string[], required = false): Field =>
  ({ name, type: { t: 'choice', values, aliases: CHOICE_ALIASES }, required });

const parent = (who: 'father' | 'mother'): Field[] => [
  ...both(`${who}FullName`, 200), aadhaar(`${who}AadharNumber`), mobile(`${who}MobileNumber`), date(`${who}BirthDate`),
  choice(`${who}Education`, CHOICES.education), choice(`${who}Occupation`, CHOICES[`${who}Occupation`], true), choice(`${who}Religion`, CHOICES.religion),
];

/** Form 5 (Registration of Births and Deaths Act 1969, s. 12/17). */
export const birth: Kind = {
  kind: 'birth', model: 'birthCertificate', label: 'birth certificate',
  base: '/api/BirthCertificate', listPath: '/api/BirthCertificate/paged', pdfPath: '/api/BirthCertificate/GeneratePdf/:id',
  idField: 'birthCertificatesId', idAliases: ['birthCertificatesID'],
  fields: [
    int('serialNo', 2147483647, true, true), text('registrationNo', 50, true), date('registrationDate', true),
    date('birthDate', true), text('birthDateWords', 200),
    ...both('childFullName', 200, true), aadhaar('childAadharNumber'), gender('gender'), text('nationality', 50, false, 'Indian'),
    ...both('birthPlace', 300), ...both('addressAtBirth', 500), ...both('permanentAddress', 500),
    ...parent('father'), ...parent('mother'),
    int('motherAgeAtMarriage', 100), int('motherAgeAtChildbirth', 100),
    text('informantName', 200), text('informantAddress', 500),
    text('deliveryLocation', 50, false, 'Hospital'), text('deliveryAttendant', 50, false, 'Doctor'),
    int('numberOfLivingChildren', 30), int('gestationPeriodWeeks', 50), { name: 'birthWeightKg', type: { t: 'decimal', max: 20 } },
    ...both('remarks', 500),
  ],
  nameFields: ['childFullNameEnglish', 'childFullNameMarathi'],
  publicFields: ['registrationNo', 'registrationDate', 'childFullNameEnglish', 'childFullNameMarathi', 'birthDate', 'birthDateWords', 'gender',
    'birthPlaceEnglish', 'birthPlaceMarathi', 'fatherFullNameEnglish', 'fatherFullNameMarathi', 'motherFullNameEnglish', 'motherFullNameMarathi'],
  fileName: (r) => `BirthCertificate_${r.childFullNameEnglish}`,
};

/** Form 6. */
export const death: Kind = {
  kind: 'death', model: 'deathCertificate', label: 'death certificate',
  base: '/api/DeathCertificate', listPath: '/api/DeathCertificate/paged', pdfPath: '/api/DeathCertificate/pdf/:id',
  idField: 'deathCertificatesId', idAliases: ['deathCertificateId'],
  fields: [
    text('registrationNumber', 50, true), date('registrationDate', true),
    ...both('deceasedName', 200, true), gender('genderEnglish'), text('genderMarathi', 10),
    aadhaar('aadhaarNumberDeceased', true), date('dateOfDeath', true), text('dateOfDeathWords', 200),
    ...both('placeOfDeath', 300, true), int('ageOfDeceased', 150, true),
    ...both('spouseName', 200), aadhaar('spouseAadhaarNumber'), ...both('motherName', 200), aadhaar('motherAadhaarNumber'),
    ...both('fatherName', 200), aadhaar('fatherAadhaarNumber'), ...both('addressAtDeath', 500), ...both('permanentAddress', 500),
    text('informantName', 200), ...both('remarks', 500),
  ],
  nameFields: ['deceasedNameEnglish', 'deceasedNameMarathi'],
  publicFields: ['registrationNumber', 'registrationDate', 'deceasedNameEnglish', 'deceasedNameMarathi', 'genderEnglish', 'genderMarathi',
    'dateOfDeath', 'dateOfDeathWords', 'ageOfDeceased', 'placeOfDeathEnglish', 'placeOfDeathMarathi', 'spouseNameEnglish', 'spouseNameMarathi',
    'fatherNameEnglish', 'fatherNameMarathi', 'motherNameEnglish', 'motherNameMarathi', 'addressAtDeathEnglish', 'addressAtDeathMarathi'],
  fileName: (r) => `DeathCertificate_${r.deceasedNameEnglish}`,
};

/** रहिवासी दाखला: no statutory form. */
export const residence: Kind = {
  kind: 'residence', model: 'residenceCertificate', label: 'residence certificate',
  base: '/api/ResidenceCertificate', listPath: '/api/ResidenceCertificate', pdfPath: '/api/ResidenceCertificate/pdf/:id',
  idField: 'residentialCertificatesIdCertId', idAliases: ['residentialCertificatesId'],
  fields: [
    text('registrationNumber', 50, true), date('registrationDate', true),
    ...both('applicantName', 200, true), aadhaar('applicantAadhaar', true), int('applicantAge', 150, true, true), mobile('applicantMobile', true),
    ...both('guardianName', 200, true), choice('applicantProfession', CHOICES.profession),
  ],
  nameFields: ['applicantNameEnglish', 'applicantNameMarathi'],
  publicFields: ['registrationNumber', 'registrationDate', 'applicantNameEnglish', 'applicantNameMarathi', 'applicantAadhaar', 'applicantMobile',
    'applicantAge', 'applicantProfession'],
  fileName: (r) => `ResidenceCertificate_${r.applicantNameEnglish}`,
};

const spouse = (who: 'husband' | 'wife'): Field[] => [
  ...both(`${who}Name`, 200, true), ...both(`${who}FatherName`, 200, true), ...both(`${who}PermAddress`, 500),
  aadhaar(`${who}Aadhaar`), choice(`${who}Religion`, CHOICES.religion), date(`${who}BirthDate`), choice(`${who}MaritalStatus`, CHOICES.maritalStatus),
  // Computed from the birth date (service.ts); accepted only when there is no birth date.
  int(`${who}AgeYears`, 150), int(`${who}AgeMonths`, 11),
];

export const MARRIAGE_PHOTOS = ['husbandPhoto', 'wifePhoto', 'witness1Photo', 'witness2Photo', 'witness3Photo'] as const;
export type MarriagePhoto = (typeof MARRIAGE_PHOTOS)[number];

/** Form E (Maharashtra Regulation of Marriage Bureaus and Registration of Marriages Act 1998, s. 6(1)). */
export const marriage: Kind = {
  kind: 'marriage', model: 'marriageCertificate', label: 'marriage certificate',
  base: '/api/MarriageCertificate', listPath: '/api/MarriageCertificate/paged', pdfPath: '/api/MarriageCertificate/GeneratePdf/:id',
  idField: 'marriageCertificatesId', idAliases: [],
  fields: [
    text('registrationNumber', 50), date('registrationDate'), date('marriageDate'), date('issueDate', false, false), text('khandNumber', 50),
    ...spouse('husband'), ...spouse('wife'),
    ...both('marriagePlace', 300), text('marriageDistrict', 100), text('marriageTaluka', 100),
    yesNo('underMarriageAct'), yesNo('ceremonyCompletedByLaw'),
    text('priestNameMarathi', 200), text('priestAddressMarathi', 500), choice('priestReligion', CHOICES.religion), int('priestAge', 150),
    text('officiantNameMarathi', 200, true), text('otherInformation', 1000), ...both('remarks', 500),
    text('witness1NameMarathi', 200, true), text('witness1AddressMarathi', 500, true),
    text('witness2NameMarathi', 200), text('witness2AddressMarathi', 500), text('witness3NameMarathi', 200), text('witness3AddressMarathi', 500),
  ],
  nameFields: ['husbandNameEnglish', 'husbandNameMarathi', 'wifeNameEnglish', 'wifeNameMarathi'],
  publicFields: ['registrationNumber', 'registrationDate', 'marriageDate', 'husbandNameEnglish', 'husbandNameMarathi', 'wifeNameEnglish', 'wifeNameMarathi',
    'husbandAgeYears', 'wifeAgeYears', 'marriagePlaceEnglish', 'marriagePlaceMarathi', 'husbandPhotoUrl', 'wifePhotoUrl'],
  fileName: (r) => `MarriageCertificate_${r.husbandNameEnglish}_${r.wifeNameEnglish}`,
};

export const KINDS: readonly Kind[] = [birth, death, residence, marriage];

/** Marathi for the stored English choices, for certificates and genderMarathi. */
export function genderMarathi(genderEnglish: string): string {
  if (genderEnglish === 'Male') return 'पुरुष';
  if (genderEnglish === 'Female') return 'स्त्री';
  return 'इतर';
}
