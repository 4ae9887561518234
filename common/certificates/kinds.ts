// The four certificate kinds, each field written once: name, type, limits, required, options, labels
// (form, public page, PDF), the form's sections and what the public page shows. The server's schema
// and checks (server/modules/certificates), the web form and the QR page read these tables.
import type { FieldDef, FieldType, Label, Option, SectionDef } from '../fields/index.ts';
import {
  CHOICE_ALIASES,
  EDUCATION,
  FATHER_OCCUPATION,
  GENDER,
  MARITAL_STATUS,
  MOTHER_OCCUPATION,
  PROFESSION,
  RELIGION,
  YES_NO,
} from './options.ts';
import { PATHS, type KindName, type KindPaths } from './paths.ts';

export type { KindName };

export interface CertificateKind extends KindPaths {
  kind: KindName;
  publicTitle: Label;
  /** In server messages: "No birth certificate with this id." */
  label: string;
  /** In the order the API reads and checks them. */
  fields: readonly FieldDef[];
  /** The form's groups, in the order the clerk fills them. */
  sections: readonly SectionDef[];
  /** The registration number: unique per council and kind (issue 14), the list's first column. */
  numberField: string;
  /** nameFilter looks in these (English and Marathi). */
  nameFields: readonly string[];
  /** What the public read returns (Aadhaar and mobile masked), in the public page's order; the page
   *  shows those with a `view` label. */
  publicFields: readonly string[];
  /** Download name without extension, e.g. BirthCertificate_Aarav Patil. */
  fileName: (r: Readonly<Record<string, unknown>>) => string;
}

/** Least ages on the marriage date, as the law sets them (Prohibition of Child Marriage Act 2006,
 *  s. 2(a)): 21 for the groom (husband), 18 for the bride (wife). The spec says 18 for both; the
 *  product owner chose the law. */
export const MIN_MARRIAGE_AGE = { husband: 21, wife: 18 } as const;

/** पुरुष, स्त्री, इतर from the stored English gender (spec 5): the death record keeps both. */
export function genderMarathi(genderEnglish: string): string {
  if (genderEnglish === 'Male') return 'पुरुष';
  if (genderEnglish === 'Female') return 'स्त्री';
  return 'इतर';
}

type Extra = Partial<Omit<FieldDef, 'name' | 'mr' | 'en' | 'type'>>;
const field = (name: string, mr: string, en: string, type: FieldType, extra: Extra = {}): FieldDef => ({ name, mr, en, type, ...extra });
const text = (name: string, mr: string, en: string, max: number, extra: Extra = {}, fallback?: string) =>
  field(name, mr, en, fallback ? { t: 'text', max, fallback } : { t: 'text', max }, extra);
const area = (name: string, mr: string, en: string, max: number, extra: Extra = {}) =>
  field(name, mr, en, { t: 'text', max, multiline: true }, extra);
const aadhaar = (name: string, mr: string, en: string, extra: Extra = {}) => field(name, mr, en, { t: 'aadhaar' }, extra);
const mobile = (name: string, mr: string, en: string, extra: Extra = {}) => field(name, mr, en, { t: 'mobile' }, extra);
const int = (name: string, mr: string, en: string, max: number, extra: Extra = {}, zeroIsEmpty = false) =>
  field(name, mr, en, zeroIsEmpty ? { t: 'int', max, zeroIsEmpty } : { t: 'int', max }, extra);
/** Event dates may not be in the future unless said otherwise. */
const date = (name: string, mr: string, en: string, extra: Extra = {}, notFuture = true) =>
  field(name, mr, en, { t: 'date', notFuture }, extra);
const choice = (name: string, mr: string, en: string, options: readonly Option[], extra: Extra = {}) =>
  field(name, mr, en, { t: 'choice', options, aliases: CHOICE_ALIASES }, extra);
const gender = (name: string, extra: Extra = {}) =>
  field(name, 'लिंग', 'Gender', { t: 'choice', options: GENDER }, { required: true, ...extra });
const yesNo = (name: string, mr: string, en: string) =>
  field(name, mr, en, { t: 'choice', options: YES_NO, fallback: 'Yes' }, { required: true });

interface PairOpts {
  required?: boolean;
  multiline?: boolean;
  view?: Label;
  pdf?: Label;
}
/** The Marathi and English boxes of one name or address (stemMarathi, stemEnglish). `view` gives the
 *  public page's rows "<label> (English)" and "<label> (Marathi)". */
function pair(stem: string, mr: string, en: string, max: number, o: PairOpts = {}): FieldDef[] {
  const type: FieldType = o.multiline ? { t: 'text', max, multiline: true } : { t: 'text', max };
  const side = (lang: 'Marathi' | 'English', mrLang: string): FieldDef => ({
    name: `${stem}${lang}`,
    mr: `${mr} (${mrLang})`,
    en: `${en} (${lang})`,
    type,
    pair: true,
    ...(o.required ? { required: true } : {}),
    ...(o.view ? { view: { en: `${o.view.en} (${lang})`, mr: `${o.view.mr} (${mrLang})` } } : {}),
    ...(o.pdf ? { pdf: o.pdf } : {}),
  });
  return [side('Marathi', 'मराठी'), side('English', 'इंग्रजी')];
}
const names = (fields: FieldDef[]) => fields.map((f) => f.name);

/** "Father's", "mother's", "husband's", "wife's" in Marathi agree with the gender of the noun they
 *  qualify (issue 14): वडिलांचा आधार क्रमांक (m), वडिलांची … (f), वडिलांचे नाव (n), and the oblique
 *  वडिलांच्या before another possessive (पतीच्या वडिलांचे नाव). */
type NounGender = 'm' | 'f' | 'n' | 'oblique';
const POSSESSIVE: Record<'father' | 'mother' | 'husband' | 'wife', Record<NounGender, string>> = {
  father: { m: 'वडिलांचा', f: 'वडिलांची', n: 'वडिलांचे', oblique: 'वडिलांच्या' },
  mother: { m: 'आईचा', f: 'आईची', n: 'आईचे', oblique: 'आईच्या' },
  husband: { m: 'पतीचा', f: 'पतीची', n: 'पतीचे', oblique: 'पतीच्या' },
  wife: { m: 'पत्नीचा', f: 'पत्नीची', n: 'पत्नीचे', oblique: 'पत्नीच्या' },
};
const sec = (mr: string, en: string, fields: string[]): SectionDef => ({ mr, en, fields });

const PDF = {
  regNo: { mr: 'नोंदणी क्रमांक', en: 'Registration No.' },
  regDate: { mr: 'नोंदणी दिनांक', en: 'Date of registration' },
  aadhaar: { mr: 'आधार क्रमांक', en: 'Aadhaar No.' },
  remarks: { mr: 'शेरा', en: 'Remarks' },
  sex: { mr: 'लिंग', en: 'Sex' },
  age: { mr: 'वय', en: 'Age' },
};
const VIEW = {
  regDate: { en: 'Registration Date', mr: 'नोंदणी दिनांक' },
};

/** The number the national Civil Registration System (crsorgi.gov.in) gave a birth or death: every
 *  one since 1 October 2023 is registered there too (issue 31). Optional; letters and digits. */
const crsNumber = () =>
  field(
    'crsRegistrationNumber',
    'CRS नोंदणी क्रमांक',
    'CRS registration number',
    { t: 'text', max: 30, code: true },
    {
      view: { en: 'CRS Registration No.', mr: 'CRS नोंदणी क्रमांक' },
      pdf: { mr: 'CRS नोंदणी क्रमांक', en: 'CRS registration No. (Civil Registration System)' },
    },
  );

// ---------------------------------------------------------------- birth

const parent = (who: 'father' | 'mother'): FieldDef[] => {
  const of = POSSESSIVE[who];
  const mr = of.n;
  const en = who === 'father' ? "Father's" : "Mother's";
  return [
    ...pair(`${who}FullName`, `${mr} पूर्ण नाव`, `${en} full name`, 200, {
      view: { en: `${en} Name`, mr: `${mr} नाव` },
      pdf: who === 'father' ? { mr: 'वडिलांचे पूर्ण नाव', en: 'Name of father' } : { mr: 'आईचे पूर्ण नाव', en: 'Name of mother' },
    }),
    aadhaar(`${who}AadharNumber`, `${of.m} आधार क्रमांक`, `${en} Aadhaar number`),
    mobile(`${who}MobileNumber`, `${of.m} मोबाईल क्रमांक`, `${en} mobile number`),
    date(`${who}BirthDate`, `${of.m} जन्म दिनांक`, `${en} birth date`),
    choice(`${who}Education`, `${mr} शिक्षण`, `${en} education`, EDUCATION),
    choice(`${who}Occupation`, `${of.m} व्यवसाय`, `${en} occupation`, who === 'father' ? FATHER_OCCUPATION : MOTHER_OCCUPATION, {
      required: true,
    }),
    choice(`${who}Religion`, `${of.m} धर्म`, `${en} religion`, RELIGION),
  ];
};

const childName = pair('childFullName', 'बालकाचे पूर्ण नाव', "Child's full name", 200, {
  required: true,
  view: { en: 'Child Full Name', mr: 'बालकाचे पूर्ण नाव' },
  pdf: { mr: 'नाव', en: 'Name' },
});
const birthPlace = pair('birthPlace', 'जन्म ठिकाण', 'Place of birth', 300, {
  view: { en: 'Birth Place', mr: 'जन्म ठिकाण' },
  pdf: { mr: 'जन्म ठिकाण', en: 'Place of birth' },
});
const addressAtBirth = pair('addressAtBirth', 'जन्माच्या वेळी पालकांचा पत्ता', 'Address of parents at birth', 500, {
  multiline: true,
  pdf: { mr: 'जन्माच्या वेळी आई-वडिलांचा पत्ता', en: 'Address of parents at the time of birth' },
});
const birthPermanent = pair('permanentAddress', 'पालकांचा कायमचा पत्ता', 'Permanent address of parents', 500, {
  multiline: true,
  pdf: { mr: 'आई-वडिलांचा कायमचा पत्ता', en: 'Permanent address of parents' },
});
const father = parent('father');
const mother = parent('mother');
// 200: what the certificate's half-width remarks cell prints whole (tests/unit/pdf-limits.test.ts).
const birthRemarks = pair('remarks', 'शेरा', 'Remarks', 200, { multiline: true, pdf: PDF.remarks });

/** Form 5 (Registration of Births and Deaths Act 1969, s. 12/17). */
export const birth: CertificateKind = {
  kind: 'birth',
  ...PATHS.birth,
  label: 'birth certificate',
  publicTitle: { mr: 'जन्म प्रमाणपत्र', en: 'Birth Certificate' },
  fields: [
    // The earlier client sends 0 for an empty serial number.
    int('serialNo', 'अनुक्रमांक', 'Serial no.', 2147483647, { required: true }, true),
    text('registrationNo', 'नोंदणी क्रमांक', 'Registration no.', 50, {
      required: true,
      view: { en: 'Registration No.', mr: 'नोंदणी क्रमांक' },
      pdf: PDF.regNo,
    }),
    date('registrationDate', 'नोंदणी दिनांक', 'Registration date', { required: true, view: VIEW.regDate, pdf: PDF.regDate }),
    crsNumber(),
    date('birthDate', 'जन्म दिनांक', 'Birth date', {
      required: true,
      view: { en: 'Birth Date', mr: 'जन्म दिनांक' },
      pdf: { mr: 'जन्म दिनांक', en: 'Date of birth' },
    }),
    // Filled from the birth date when not sent; printed beside it.
    text('birthDateWords', 'जन्म दिनांक (अक्षरी)', 'Birth date in words', 200, {
      derived: true,
      view: { en: 'Birth Date in Words', mr: 'जन्म दिनांक (अक्षरी)' },
    }),
    ...childName,
    aadhaar('childAadharNumber', 'बालकाचा आधार क्रमांक', "Child's Aadhaar number", { pdf: PDF.aadhaar }),
    gender('gender', { view: { en: 'Gender', mr: 'लिंग' }, pdf: PDF.sex }),
    text('nationality', 'राष्ट्रीयत्व', 'Nationality', 50, { pdf: { mr: 'राष्ट्रीयत्व', en: 'Nationality' } }, 'Indian'),
    ...birthPlace,
    ...addressAtBirth,
    ...birthPermanent,
    ...father,
    ...mother,
    int('motherAgeAtMarriage', 'लग्नाच्या वेळी आईचे वय', "Mother's age at marriage", 100),
    int('motherAgeAtChildbirth', 'प्रसूतीच्या वेळी आईचे वय', "Mother's age at childbirth", 100),
    text('informantName', 'माहिती देणाऱ्याचे नाव', "Informant's name", 200),
    area('informantAddress', 'माहिती देणाऱ्याचा पत्ता', "Informant's address", 500),
    text('deliveryLocation', 'प्रसूतीचे ठिकाण', 'Delivery location', 50, {}, 'Hospital'),
    text('deliveryAttendant', 'प्रसूती करणारे', 'Delivery attendant', 50, {}, 'Doctor'),
    int('numberOfLivingChildren', 'हयात अपत्यांची संख्या', 'Number of living children', 30),
    int('gestationPeriodWeeks', 'गर्भावधी (आठवडे)', 'Gestation period (weeks)', 50),
    field('birthWeightKg', 'जन्माच्या वेळी वजन (कि.ग्रॅ.)', 'Birth weight (kg)', { t: 'decimal', max: 20 }),
    ...birthRemarks,
  ],
  sections: [
    sec('नोंदणी', 'Registration', ['serialNo', 'registrationNo', 'registrationDate', 'crsRegistrationNumber']),
    sec('बालकाची माहिती', 'Child', [
      ...names(childName),
      'birthDate',
      'birthDateWords',
      'gender',
      'childAadharNumber',
      'nationality',
      ...names(birthPlace),
      ...names(addressAtBirth),
      ...names(birthPermanent),
    ]),
    sec('वडिलांची माहिती', 'Father', names(father)),
    sec('आईची माहिती', 'Mother', names(mother)),
    sec('इतर माहिती', 'Other details', [
      'motherAgeAtMarriage',
      'motherAgeAtChildbirth',
      'numberOfLivingChildren',
      'gestationPeriodWeeks',
      'birthWeightKg',
      'deliveryLocation',
      'deliveryAttendant',
      'informantName',
      'informantAddress',
      ...names(birthRemarks),
    ]),
  ],
  numberField: 'registrationNo',
  nameFields: ['childFullNameEnglish', 'childFullNameMarathi'],
  publicFields: [
    'registrationNo',
    'registrationDate',
    'crsRegistrationNumber',
    'childFullNameEnglish',
    'childFullNameMarathi',
    'birthDate',
    'birthDateWords',
    'gender',
    'birthPlaceEnglish',
    'birthPlaceMarathi',
    'fatherFullNameEnglish',
    'fatherFullNameMarathi',
    'motherFullNameEnglish',
    'motherFullNameMarathi',
  ],
  fileName: (r) => `BirthCertificate_${r.childFullNameEnglish ?? ''}`,
};

// ---------------------------------------------------------------- death

const deceasedName = pair('deceasedName', 'मृत व्यक्तीचे नाव', 'Name of the deceased', 200, {
  required: true,
  view: { en: 'Name of Deceased', mr: 'मृत व्यक्तीचे नाव' },
  pdf: { mr: 'मृत व्यक्तीचे नाव', en: 'Name of the deceased' },
});
const placeOfDeath = pair('placeOfDeath', 'मृत्यूचे ठिकाण', 'Place of death', 300, {
  required: true,
  pdf: { mr: 'मृत्यूचे ठिकाण', en: 'Place of death' },
});
const spouseName = pair('spouseName', 'पती / पत्नीचे नाव', 'Name of spouse', 200, {
  view: { en: 'Spouse Name', mr: 'पती / पत्नीचे नाव' },
  pdf: { mr: 'पती / पत्नीचे नाव', en: 'Name of husband / wife' },
});
const deathMother = pair('motherName', 'आईचे नाव', "Mother's name", 200, {
  view: { en: "Mother's Name", mr: 'आईचे नाव' },
  pdf: { mr: 'आईचे नाव', en: 'Name of mother' },
});
const deathFather = pair('fatherName', 'वडिलांचे नाव', "Father's name", 200, {
  view: { en: "Father's Name", mr: 'वडिलांचे नाव' },
  pdf: { mr: 'वडिलांचे नाव', en: 'Name of father' },
});
const addressAtDeath = pair('addressAtDeath', 'मृत्यूच्या वेळी पत्ता', 'Address at the time of death', 500, {
  // On the PDF the family holds, not on the public QR page (issue 13: the page shows what verification needs).
  multiline: true,
  pdf: { mr: 'मृत्यूच्या वेळी पत्ता', en: 'Address of the deceased at the time of death' },
});
const deathPermanent = pair('permanentAddress', 'कायमचा पत्ता', 'Permanent address', 500, {
  multiline: true,
  pdf: { mr: 'कायमचा पत्ता', en: 'Permanent address of the deceased' },
});
const deathRemarks = pair('remarks', 'शेरा', 'Remarks', 200, { multiline: true, pdf: PDF.remarks });

/** Form 6. */
export const death: CertificateKind = {
  kind: 'death',
  ...PATHS.death,
  label: 'death certificate',
  publicTitle: { mr: 'मृत्यू प्रमाणपत्र', en: 'Death Certificate' },
  fields: [
    text('registrationNumber', 'नोंदणी क्रमांक', 'Registration number', 50, {
      required: true,
      view: { en: 'Registration Number', mr: 'नोंदणी क्रमांक' },
      pdf: PDF.regNo,
    }),
    date('registrationDate', 'नोंदणी दिनांक', 'Registration date', { required: true, view: VIEW.regDate, pdf: PDF.regDate }),
    crsNumber(),
    ...deceasedName,
    gender('genderEnglish', { pdf: PDF.sex }),
    // Always genderMarathi(genderEnglish); kept as a column because the earlier client reads it.
    text('genderMarathi', 'लिंग (मराठी)', 'Gender (Marathi)', 10, { derived: true }),
    aadhaar('aadhaarNumberDeceased', 'मृत व्यक्तीचा आधार क्रमांक', 'Aadhaar number of the deceased', { required: true, pdf: PDF.aadhaar }),
    date('dateOfDeath', 'मृत्यू दिनांक', 'Date of death', {
      required: true,
      view: { en: 'Date of Death', mr: 'मृत्यू दिनांक' },
      pdf: { mr: 'मृत्यू दिनांक', en: 'Date of death' },
    }),
    // Filled from the date of death when not sent, still editable (spec 5).
    text('dateOfDeathWords', 'मृत्यू दिनांक (अक्षरी)', 'Date of death in words', 200, {
      view: { en: 'Date of Death in Words', mr: 'मृत्यू दिनांक (अक्षरी)' },
    }),
    ...placeOfDeath,
    // 0 is a real age (an infant), so an empty box is not 0.
    int('ageOfDeceased', 'मृत्यूच्या वेळी वय', 'Age of the deceased', 150, {
      required: true,
      view: { en: 'Age of Deceased', mr: 'मृत्यूच्या वेळी वय', years: true },
      pdf: PDF.age,
    }),
    ...spouseName,
    aadhaar('spouseAadhaarNumber', 'पती / पत्नीचा आधार क्रमांक', "Spouse's Aadhaar number"),
    ...deathMother,
    aadhaar('motherAadhaarNumber', 'आईचा आधार क्रमांक', "Mother's Aadhaar number"),
    ...deathFather,
    aadhaar('fatherAadhaarNumber', 'वडिलांचा आधार क्रमांक', "Father's Aadhaar number"),
    ...addressAtDeath,
    ...deathPermanent,
    text('informantName', 'माहिती देणाऱ्याचे नाव', "Informant's name", 200),
    ...deathRemarks,
  ],
  sections: [
    sec('नोंदणी', 'Registration', ['registrationNumber', 'registrationDate', 'crsRegistrationNumber']),
    sec('मृत व्यक्तीची माहिती', 'The deceased', [
      ...names(deceasedName),
      'aadhaarNumberDeceased',
      'genderEnglish',
      'genderMarathi',
      'ageOfDeceased',
      'dateOfDeath',
      'dateOfDeathWords',
      ...names(placeOfDeath),
    ]),
    sec('कुटुंबाची माहिती', 'Family', [
      ...names(spouseName),
      ...names(deathFather),
      ...names(deathMother),
      'spouseAadhaarNumber',
      'fatherAadhaarNumber',
      'motherAadhaarNumber',
    ]),
    sec('पत्ता व इतर', 'Addresses and other', [...names(addressAtDeath), ...names(deathPermanent), 'informantName', ...names(deathRemarks)]),
  ],
  numberField: 'registrationNumber',
  nameFields: ['deceasedNameEnglish', 'deceasedNameMarathi'],
  publicFields: [
    'registrationNumber',
    'registrationDate',
    'crsRegistrationNumber',
    'deceasedNameEnglish',
    'deceasedNameMarathi',
    'genderEnglish',
    'genderMarathi',
    'dateOfDeath',
    'dateOfDeathWords',
    'ageOfDeceased',
    'placeOfDeathEnglish',
    'placeOfDeathMarathi',
    'spouseNameEnglish',
    'spouseNameMarathi',
    'fatherNameEnglish',
    'fatherNameMarathi',
    'motherNameEnglish',
    'motherNameMarathi',
  ],
  fileName: (r) => `DeathCertificate_${r.deceasedNameEnglish ?? ''}`,
};

// ---------------------------------------------------------------- residence

const applicantName = pair('applicantName', 'अर्जदाराचे नाव', "Applicant's name", 200, {
  required: true,
  view: { en: 'Applicant Name', mr: 'अर्जदाराचे नाव' },
  pdf: { mr: 'अर्जदाराचे नाव', en: 'Name of applicant' },
});
const guardianName = pair('guardianName', 'पालकाचे नाव', "Guardian's name", 200, {
  required: true,
  pdf: { mr: 'पालकाचे नाव', en: 'Name of father / guardian' },
});

/** रहिवासी दाखला: no statutory form. */
export const residence: CertificateKind = {
  kind: 'residence',
  ...PATHS.residence,
  label: 'residence certificate',
  publicTitle: { mr: 'रहिवासी दाखला', en: 'Residential Certificate' },
  fields: [
    text('registrationNumber', 'दाखला क्रमांक', 'Certificate number', 50, {
      required: true,
      view: { en: 'Certificate No.', mr: 'दाखला क्रमांक' },
      pdf: PDF.regNo,
    }),
    date('registrationDate', 'दाखला दिनांक', 'Issue date', { required: true, view: { en: 'Issue Date', mr: 'दाखला दिनांक' } }),
    ...applicantName,
    aadhaar('applicantAadhaar', 'आधार क्रमांक', 'Aadhaar number', {
      required: true,
      view: { en: 'Aadhaar No.', mr: 'आधार क्रमांक' },
      pdf: PDF.aadhaar,
    }),
    // The earlier client sends 0 for an empty age.
    int('applicantAge', 'वय', 'Age', 150, { required: true, view: { en: 'Age', mr: 'वय', years: true }, pdf: PDF.age }, true),
    mobile('applicantMobile', 'मोबाईल क्रमांक', 'Mobile number', { required: true }),
    // Not in the spec's payload (earlier clients do not send it), so optional; it chooses son or daughter.
    gender('applicantGender', { required: false }),
    ...guardianName,
    choice('applicantProfession', 'व्यवसाय', 'Profession', PROFESSION, { pdf: { mr: 'व्यवसाय', en: 'Profession' } }),
  ],
  sections: [
    sec('नोंदणी', 'Registration', ['registrationNumber', 'registrationDate']),
    sec('अर्जदाराची माहिती', 'Applicant', [
      ...names(applicantName),
      'applicantGender',
      'applicantAadhaar',
      'applicantMobile',
      'applicantAge',
      'applicantProfession',
      ...names(guardianName),
    ]),
  ],
  numberField: 'registrationNumber',
  nameFields: ['applicantNameEnglish', 'applicantNameMarathi'],
  // Mobile number and profession stay off the public page: verification needs the person, not how to reach them.
  publicFields: [
    'registrationNumber',
    'registrationDate',
    'applicantNameEnglish',
    'applicantNameMarathi',
    'applicantAadhaar',
    'applicantAge',
  ],
  fileName: (r) => `ResidenceCertificate_${r.applicantNameEnglish ?? ''}`,
};

// ---------------------------------------------------------------- marriage

const spouse = (who: 'husband' | 'wife'): FieldDef[] => {
  const of = POSSESSIVE[who];
  const mr = of.n;
  const en = who === 'husband' ? "Husband's" : "Wife's";
  const pdfWho = who === 'husband' ? { mr: 'पती', en: 'Husband' } : { mr: 'पत्नी', en: 'Wife' };
  return [
    ...pair(`${who}Name`, `${mr} नाव`, `${en} name`, 200, {
      required: true,
      view: { en: `${en} Name`, mr: `${mr} नाव` },
      pdf: { mr: `${pdfWho.mr}चे नाव`, en: `${pdfWho.en}'s name` },
    }),
    ...pair(`${who}FatherName`, `${of.oblique} वडिलांचे नाव`, `${en} father's name`, 200, { required: true }),
    ...pair(`${who}PermAddress`, `${of.m} कायमचा पत्ता`, `${en} permanent address`, 500, {
      multiline: true,
      pdf: { mr: `${pdfWho.mr}चा पत्ता`, en: `${pdfWho.en}'s address` },
    }),
    aadhaar(`${who}Aadhaar`, `${of.m} आधार क्रमांक`, `${en} Aadhaar number`, { pdf: PDF.aadhaar }),
    choice(`${who}Religion`, `${of.m} धर्म`, `${en} religion`, RELIGION),
    // Required: the age on the marriage date, which the law's minimum is checked against, comes from it.
    field(
      `${who}BirthDate`,
      `${of.m} जन्म दिनांक`,
      `${en} birth date`,
      { t: 'date', notFuture: true, minAgeYears: MIN_MARRIAGE_AGE[who] },
      { required: true },
    ),
    choice(`${who}MaritalStatus`, 'विवाहापूर्वीची वैवाहिक स्थिती', 'Marital status before marriage', MARITAL_STATUS),
    // Always computed by the server from the birth date at the marriage date; a sent value is ignored.
    int(`${who}AgeYears`, 'वय (वर्षे)', 'Age (years)', 150, {
      derived: true,
      view: { en: `${en} Age`, mr: `${mr} वय`, years: true },
      pdf: { mr: 'विवाहाच्या दिवशी वय', en: 'Age on the day of marriage' },
    }),
    int(`${who}AgeMonths`, 'वय (महिने)', 'Age (months)', 11, { derived: true }),
  ];
};
/** The form's order: names, address, then the choices, the birth date and the ages it gives. */
const spouseSection = (who: 'husband' | 'wife') =>
  sec(
    who === 'husband' ? 'पतीची माहिती' : 'पत्नीची माहिती',
    who === 'husband' ? 'Husband' : 'Wife',
    [
      'NameMarathi',
      'NameEnglish',
      'FatherNameMarathi',
      'FatherNameEnglish',
      'PermAddressMarathi',
      'PermAddressEnglish',
      'Aadhaar',
      'Religion',
      'MaritalStatus',
      'BirthDate',
      'AgeYears',
      'AgeMonths',
    ].map((s) => `${who}${s}`),
  );
const husband = spouse('husband');
const wife = spouse('wife');
const marriagePlace = pair('marriagePlace', 'विवाहाचे ठिकाण', 'Place of marriage', 300, {
  pdf: { mr: 'विवाहाचे ठिकाण', en: 'Place of marriage' },
});
// The public page shows the English place only, under a plain label.
marriagePlace[1] = { ...marriagePlace[1], view: { en: 'Place of Marriage', mr: 'विवाहाचे ठिकाण' } };
const marriageRemarks = pair('remarks', 'शेरा', 'Remarks', 200, { multiline: true, pdf: PDF.remarks });
const witness = (n: 1 | 2 | 3): FieldDef[] => [
  text(`witness${n}NameMarathi`, `साक्षीदार ${n} चे नाव`, `Witness ${n} name`, 200, { pair: true, ...(n === 1 ? { required: true } : {}) }),
  text(`witness${n}AddressMarathi`, `साक्षीदार ${n} चा पत्ता`, `Witness ${n} address`, 500, {
    pair: true,
    ...(n === 1 ? { required: true } : {}),
  }),
];
const witnesses = [...witness(1), ...witness(2), ...witness(3)];

/** Form E (Maharashtra Regulation of Marriage Bureaus and Registration of Marriages Act 1998, s. 6(1)). */
export const marriage: CertificateKind = {
  kind: 'marriage',
  ...PATHS.marriage,
  label: 'marriage certificate',
  publicTitle: { mr: 'विवाह नोंदणी प्रमाणपत्र', en: 'Marriage Certificate' },
  fields: [
    text('registrationNumber', 'नोंदणी क्रमांक', 'Registration number', 50, {
      view: { en: 'Registration Number', mr: 'नोंदणी क्रमांक' },
      pdf: { mr: 'प्रमाणपत्र / अनुक्रमांक', en: 'Certificate / serial No.' },
    }),
    date('registrationDate', 'नोंदणी दिनांक', 'Registration date', { pdf: PDF.regDate }),
    date('marriageDate', 'विवाह दिनांक', 'Marriage date', {
      required: true,
      view: { en: 'Marriage Date', mr: 'विवाह दिनांक' },
      pdf: { mr: 'विवाह दिनांक', en: 'Date of marriage' },
    }),
    date('issueDate', 'दाखला दिनांक', 'Issue date', {}, false),
    text('khandNumber', 'खंड क्रमांक', 'Register volume (khand) no.', 50, { pdf: { mr: 'खंड क्रमांक', en: 'Volume (khand) No.' } }),
    ...husband,
    ...wife,
    ...marriagePlace,
    text('marriageDistrict', 'जिल्हा', 'District', 100),
    text('marriageTaluka', 'तालुका', 'Taluka', 100),
    yesNo('underMarriageAct', 'विवाह कायद्यानुसार', 'Under the marriage act'),
    yesNo('ceremonyCompletedByLaw', 'विधी कायद्यानुसार पूर्ण', 'Ceremony completed by law'),
    text('priestNameMarathi', 'पुरोहिताचे नाव', "Priest's name", 200),
    text('priestAddressMarathi', 'पुरोहिताचा पत्ता', "Priest's address", 500),
    choice('priestReligion', 'पुरोहिताचा धर्म', "Priest's religion", RELIGION),
    int('priestAge', 'पुरोहिताचे वय', "Priest's age", 150),
    text('officiantNameMarathi', 'विवाह लावणाऱ्याचे नाव', "Officiant's name", 200, { required: true }),
    area('otherInformation', 'इतर माहिती', 'Other information', 1000),
    ...marriageRemarks,
    ...witnesses,
  ],
  sections: [
    sec('नोंदणी', 'Registration', ['registrationNumber', 'registrationDate', 'marriageDate', 'issueDate', 'khandNumber']),
    spouseSection('husband'),
    spouseSection('wife'),
    sec('विवाहाची माहिती', 'The marriage', [
      ...names(marriagePlace),
      'marriageTaluka',
      'marriageDistrict',
      'underMarriageAct',
      'ceremonyCompletedByLaw',
      'priestNameMarathi',
      'priestAddressMarathi',
      'priestReligion',
      'priestAge',
      'officiantNameMarathi',
      'otherInformation',
      ...names(marriageRemarks),
    ]),
    sec('साक्षीदार', 'Witnesses', names(witnesses)),
  ],
  numberField: 'registrationNumber',
  nameFields: ['husbandNameEnglish', 'husbandNameMarathi', 'wifeNameEnglish', 'wifeNameMarathi'],
  publicFields: [
    'husbandNameEnglish',
    'husbandNameMarathi',
    'wifeNameEnglish',
    'wifeNameMarathi',
    'registrationNumber',
    'registrationDate',
    'marriageDate',
    'husbandAgeYears',
    'wifeAgeYears',
    'marriagePlaceEnglish',
    'marriagePlaceMarathi',
    'husbandPhotoUrl',
    'wifePhotoUrl',
  ],
  fileName: (r) => `MarriageCertificate_${r.husbandNameEnglish ?? ''}_${r.wifeNameEnglish ?? ''}`,
};

export const MARRIAGE_PHOTOS = ['husbandPhoto', 'wifePhoto', 'witness1Photo', 'witness2Photo', 'witness3Photo'] as const;
export type MarriagePhoto = (typeof MARRIAGE_PHOTOS)[number];

export const KINDS: Record<KindName, CertificateKind> = { birth, death, residence, marriage };

/** The field of a kind by name; throws on a name the table lacks (a typo in a section list). */
export function fieldOf(k: CertificateKind, name: string): FieldDef {
  const f = k.fields.find((x) => x.name === name);
  if (!f) throw new Error(`${k.kind} has no field ${name}`);
  return f;
}
