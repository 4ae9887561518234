// The option lists of spec section 3. The stored value is the English word the server checks and
// the PDF reads; the labels are what the form and the public page show. Matched in any case.
import type { Option } from '../fields/index.ts';

const o = (value: string, mr: string, en: string, pdf?: Option['pdf']): Option => (pdf ? { value, mr, en, pdf } : { value, mr, en });

export const GENDER: readonly Option[] = [o('Male', 'पुरुष', 'Male'), o('Female', 'स्त्री', 'Female'), o('Other', 'इतर', 'Other')];

export const EDUCATION: readonly Option[] = [
  o('illiterate', 'निरक्षर', 'Illiterate'),
  o('primary', 'प्राथमिक', 'Primary'),
  o('secondary', 'माध्यमिक', 'Secondary'),
  o('higher secondary', 'उच्च माध्यमिक (10वी/12वी)', 'Higher secondary (10th/12th)'),
  o('graduate', 'पदवीधर', 'Graduate'),
  o('postgraduate', 'पदव्युत्तर / व्यावसायिक', 'Postgraduate / professional'),
  o('other', 'इतर', 'Other'),
];

export const RELIGION: readonly Option[] = [
  o('Hindu', 'हिंदू', 'Hindu'),
  o('Muslim', 'मुस्लिम', 'Muslim'),
  o('Christian', 'ख्रिश्चन', 'Christian'),
  o('Sikh', 'शीख', 'Sikh'),
  o('Buddhist', 'बौद्ध', 'Buddhist'),
  o('Jain', 'जैन', 'Jain'),
  o('Parsi', 'पारशी', 'Parsi'),
  o('other', 'इतर', 'Other'),
];

export const FATHER_OCCUPATION: readonly Option[] = [
  o('job', 'नोकरी', 'Job'),
  o('business', 'व्यवसाय', 'Business'),
  o('farming', 'शेती', 'Farming'),
];

export const MOTHER_OCCUPATION: readonly Option[] = [
  o('job', 'नोकरी', 'Job'),
  o('housewife', 'गृहिणी', 'Housewife'),
  o('labour', 'मजुरी', 'Labour'),
  o('other', 'इतर', 'Other'),
];

export const MARITAL_STATUS: readonly Option[] = [
  o('unmarried', 'अविवाहित', 'Unmarried'),
  o('married', 'विवाहित', 'Married'),
  o('widowed', 'विधुर / विधवा', 'Widower / widow'),
  o('divorced', 'घटस्फोटित', 'Divorced'),
  o('separated', 'विभक्त', 'Separated'),
];

/** The residence certificate prints a job as "Service", as such letters word it. */
export const PROFESSION: readonly Option[] = [
  o('job', 'नोकरी', 'Job', { mr: 'नोकरी', en: 'Service' }),
  o('business', 'व्यवसाय', 'Business'),
  o('farming', 'शेती', 'Farming'),
  o('other', 'इतर', 'Other'),
];

export const YES_NO: readonly Option[] = [o('Yes', 'होय', 'Yes'), o('No', 'नाही', 'No')];

/** The spec's own spellings of some options, as an earlier client may send them. */
export const CHOICE_ALIASES: Readonly<Record<string, string>> = {
  'higher secondary (10th/12th)': 'higher secondary',
  'postgraduate/professional': 'postgraduate',
  'postgraduate / professional': 'postgraduate',
  'widower/widow': 'widowed',
  'widower / widow': 'widowed',
  widower: 'widowed',
  widow: 'widowed',
};
