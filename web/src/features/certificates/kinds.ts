// The certificate screens of each kind: the field table of common/certificates (fields, sections,
// labels, options, rules) with what only the screens need: list columns, messages of spec 8, the
// marriage photos, and what the form derives as the clerk types. CertificateAdminPage,
// CertificateForm and the list are written once against these.
import {
  birth as birthTable,
  death as deathTable,
  fieldOf,
  genderMarathi,
  marriage as marriageTable,
  residence as residenceTable,
  type CertificateKind,
  type KindName,
} from '../../../../common/certificates/kinds.ts';
import type { FieldDef } from '../../../../common/fields/index.ts';
import {
  emptyValues as emptyFormValues,
  jsonBody as formBody,
  valuesOf as formValues,
  type Item,
  type Section,
  type Values,
} from '../../components/form/values.ts';
import { ageOf, marathiWordsOf } from './words.ts';

export type { Item, KindName, Values };

export interface PhotoDef {
  name: string;
  urlField: string;
  mr: string;
  en: string;
  requiredOnCreate?: boolean;
}

export interface KindDef {
  kind: KindName;
  /** The common table: fields, public fields, labels. */
  table: CertificateKind;
  base: string;
  listPath: string;
  pdfPath: (id: string) => string;
  idField: string;
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
  /** Values that follow from the one just changed (words, Marathi gender, ages). */
  derive?: (values: Values, changed: string) => Values;
  /** Multipart with photos (marriage) instead of JSON; the browser's own required checks are off. */
  multipart?: boolean;
}

function screens(
  table: CertificateKind,
  s: Pick<KindDef, 'nameFields' | 'regField' | 'dateField' | 'listFailed' | 'photos' | 'derive' | 'multipart'>,
): KindDef {
  return {
    kind: table.kind,
    table,
    base: table.base,
    listPath: table.listPath,
    idField: table.idField,
    pdfPath: (id) => table.pdfPath.replace(':id', id),
    mr: table.title.mr,
    en: table.title.en,
    pdfFallbackName: (r) => `${table.fileName(r)}.pdf`,
    sections: table.sections.map((sec) => ({ mr: sec.mr, en: sec.en, fields: sec.fields.map((n) => fieldOf(table, n)) })),
    ...s,
  };
}

export const birth = screens(birthTable, {
  nameFields: ['childFullNameMarathi', 'childFullNameEnglish'],
  regField: 'registrationNo',
  dateField: 'birthDate',
  listFailed: 'Failed to fetch birth certificates.',
  derive: (v, changed) => (changed === 'birthDate' ? { ...v, birthDateWords: marathiWordsOf(v.birthDate) } : v),
});

export const death = screens(deathTable, {
  nameFields: ['deceasedNameMarathi', 'deceasedNameEnglish'],
  regField: 'registrationNumber',
  dateField: 'dateOfDeath',
  listFailed: 'Failed to fetch death certificates.',
  derive: (v, changed) => {
    if (changed === 'genderEnglish') return { ...v, genderMarathi: v.genderEnglish ? genderMarathi(v.genderEnglish) : '' };
    // Filled from the date in Marathi, as the birth form does (issue 29; the spec's English words
    // are the certificate's second line), still editable (spec 5); the server fills it when left empty.
    if (changed === 'dateOfDeath') return { ...v, dateOfDeathWords: marathiWordsOf(v.dateOfDeath) };
    return v;
  },
});

export const residence = screens(residenceTable, {
  nameFields: ['applicantNameMarathi', 'applicantNameEnglish'],
  regField: 'registrationNumber',
  dateField: 'registrationDate',
  listFailed: 'Failed to fetch certificates.',
});

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

export const marriage = screens(marriageTable, {
  nameFields: ['husbandNameMarathi', 'husbandNameEnglish'],
  regField: 'registrationNumber',
  dateField: 'marriageDate',
  listFailed: 'Failed to fetch marriage certificates.',
  multipart: true,
  photos: [
    { name: 'husbandPhoto', urlField: 'husbandPhotoUrl', mr: 'पतीचा फोटो', en: "Husband's photo", requiredOnCreate: true },
    { name: 'wifePhoto', urlField: 'wifePhotoUrl', mr: 'पत्नीचा फोटो', en: "Wife's photo", requiredOnCreate: true },
    { name: 'witness1Photo', urlField: 'witness1PhotoUrl', mr: 'साक्षीदार 1 फोटो', en: 'Witness 1 photo' },
    { name: 'witness2Photo', urlField: 'witness2PhotoUrl', mr: 'साक्षीदार 2 फोटो', en: 'Witness 2 photo' },
    { name: 'witness3Photo', urlField: 'witness3PhotoUrl', mr: 'साक्षीदार 3 फोटो', en: 'Witness 3 photo' },
  ],
  derive: (v, changed) => (['husbandBirthDate', 'wifeBirthDate', 'marriageDate'].includes(changed) ? spouseAges(v) : v),
});

export const KINDS: Record<KindName, KindDef> = { birth, death, residence, marriage };

/** The form's fields in the form's order. */
export const allFields = (k: KindDef): FieldDef[] => k.sections.flatMap((s) => s.fields);

export const emptyValues = (k: KindDef) => emptyFormValues(allFields(k));
export const valuesOf = (k: KindDef, item: Item) => formValues(allFields(k), item);
export const jsonBody = (k: KindDef, v: Values) => formBody(allFields(k), v);
