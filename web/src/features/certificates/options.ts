// The option lists of spec 3. The stored value is the English word the server and the PDF read
// (the PDF turns job/business/farming/other into नोकरी/व्यवसाय/शेती/इतर); the label is Marathi first.

export interface Option { value: string; mr: string; en: string }

const o = (value: string, mr: string, en: string): Option => ({ value, mr, en });

export const GENDER: Option[] = [o('Male', 'पुरुष', 'Male'), o('Female', 'स्त्री', 'Female'), o('Other', 'इतर', 'Other')];

export const EDUCATION: Option[] = [
  o('illiterate', 'निरक्षर', 'Illiterate'),
  o('primary', 'प्राथमिक', 'Primary'),
  o('secondary', 'माध्यमिक', 'Secondary'),
  o('higher secondary', 'उच्च माध्यमिक (१०वी/१२वी)', 'Higher secondary (10th/12th)'),
  o('graduate', 'पदवीधर', 'Graduate'),
  o('postgraduate', 'पदव्युत्तर / व्यावसायिक', 'Postgraduate / professional'),
  o('other', 'इतर', 'Other'),
];

export const RELIGION: Option[] = [
  o('Hindu', 'हिंदू', 'Hindu'), o('Muslim', 'मुस्लिम', 'Muslim'), o('Christian', 'ख्रिश्चन', 'Christian'), o('Sikh', 'शीख', 'Sikh'),
  o('Buddhist', 'बौद्ध', 'Buddhist'), o('Jain', 'जैन', 'Jain'), o('Parsi', 'पारशी', 'Parsi'), o('other', 'इतर', 'Other'),
];

export const FATHER_OCCUPATION: Option[] = [o('job', 'नोकरी', 'Job'), o('business', 'व्यवसाय', 'Business'), o('farming', 'शेती', 'Farming')];

export const MOTHER_OCCUPATION: Option[] = [
  o('job', 'नोकरी', 'Job'), o('housewife', 'गृहिणी', 'Housewife'), o('labour', 'मजुरी', 'Labour'), o('other', 'इतर', 'Other'),
];

export const MARITAL_STATUS: Option[] = [
  o('unmarried', 'अविवाहित', 'Unmarried'), o('married', 'विवाहित', 'Married'), o('widowed', 'विधुर / विधवा', 'Widower / widow'),
  o('divorced', 'घटस्फोटित', 'Divorced'), o('separated', 'विभक्त', 'Separated'),
];

export const PROFESSION: Option[] = [
  o('job', 'नोकरी', 'Job'), o('business', 'व्यवसाय', 'Business'), o('farming', 'शेती', 'Farming'), o('other', 'इतर', 'Other'),
];

export const YES_NO: Option[] = [o('Yes', 'होय', 'Yes'), o('No', 'नाही', 'No')];

/** "Male / पुरुष" for a stored value of a list; the value itself when the list does not know it. */
export function optionLabel(options: Option[], value: string | null | undefined): string {
  if (!value) return '';
  const hit = options.find((x) => x.value.toLowerCase() === value.toLowerCase());
  return hit ? `${hit.en} / ${hit.mr}` : value;
}
