// The portal's Marathi words, each once, with its English gloss: screens, messages, PDFs' labels
// and SMS read them from here, so one spelling holds everywhere (issue 29). Spellings are the
// standard ones (मालमत्ता, फेरफार, थकीत, अद्ययावत, यशस्वीरीत्या); tests/unit/glossary.test.ts
// refuses the misspellings anywhere in the code.

export interface Term {
  mr: string;
  en: string;
}

export const TERMS = {
  office: { mr: 'ग्रामपंचायत कार्यालय', en: 'Gram Panchayat office' },
  officialSite: { mr: 'अधिकृत संकेतस्थळ', en: 'Official website' },
  property: { mr: 'मालमत्ता', en: 'Property' },
  propertyDetails: { mr: 'मालमत्ता तपशील', en: 'Property details' },
  transfer: { mr: 'फेरफार', en: 'Transfer (mutation)' },
  /** Arrears: dues of earlier years only (documents' थकबाकी). */
  arrears: { mr: 'थकबाकी', en: 'Arrears' },
  /** Arrears plus the current year's demand. */
  totalDue: { mr: 'एकूण देय', en: 'Total due' },
  overdue: { mr: 'थकीत', en: 'Overdue' },
  update: { mr: 'अद्ययावत', en: 'Update' },
  successfully: { mr: 'यशस्वीरीत्या', en: 'successfully' },
  taluka: { mr: 'तालुका', en: 'Taluka' },
  district: { mr: 'जिल्हा', en: 'District' },
  previousOwner: { mr: 'पूर्वीच्या मालकाचे नाव', en: "Previous owner's name" },
  newOwner: { mr: 'नवीन मालकाचे नाव', en: "New owner's name" },
  /** What a clerk did on a register: recorded, not "applied". */
  registered: { mr: 'नोंदवले', en: 'registered' },
  services: { mr: 'सेवा', en: 'Services' },
  schemes: { mr: 'योजना', en: 'Schemes' },
  committees: { mr: 'समित्या', en: 'Committees' },
  login: { mr: 'लॉगिन', en: 'Login' },
  register: { mr: 'नोंदणी', en: 'Registration' },
  notFound: { mr: 'पृष्ठ सापडले नाही', en: 'Page not found' },
  birthCertificate: { mr: 'जन्म प्रमाणपत्र', en: 'Birth certificate' },
  deathCertificate: { mr: 'मृत्यू प्रमाणपत्र', en: 'Death certificate' },
  residenceCertificate: { mr: 'रहिवासी दाखला', en: 'Residence certificate' },
  marriageCertificate: { mr: 'विवाह नोंदणी प्रमाणपत्र', en: 'Marriage registration certificate' },
  propertyTaxCertificate: { mr: 'मालमत्ता कर प्रमाणपत्र', en: 'Property tax certificate' },
  receiptCheck: { mr: 'कर पावती तपासणी', en: 'Tax receipt check' },
  staffOffice: { mr: 'ग्रामपंचायत प्रशासन', en: 'Gram Panchayat administration' },
  date: { mr: 'दिनांक', en: 'Date' },
  /** The one order every date box takes and shows. */
  dayMonthYear: { mr: 'दिवस/महिना/वर्ष', en: 'dd/mm/yyyy' },
} as const satisfies Record<string, Term>;

/** Messages the staff screens and the server say, built from the terms above. */
export const MESSAGES = {
  /** A record the clerk entered into a register: recorded, not "an application submitted". */
  recorded: `${TERMS.successfully.mr} नोंदवले! (Recorded successfully)`,
  updated: `${TERMS.successfully.mr} ${TERMS.update.mr} केले! (Updated successfully)`,
  propertyRecorded: `${TERMS.property.mr} ${TERMS.successfully.mr} नोंदवली गेली!`,
  enterTransferNumber: `कृपया ${TERMS.transfer.mr} नंबर प्रविष्ट करा`,
} as const;

/** A page's <title>: its own name, then the office's, so search results, shared links and browser
 *  tabs say which page of which village ("योजना — ग्रामपंचायत कार्यालय सोनगाव"). Without a page
 *  name (the home): the office, then "अधिकृत संकेतस्थळ". */
export function pageTitle(page?: string, officeName?: string | null): string {
  const office = officeName?.trim() || TERMS.office.mr;
  return page ? `${page} — ${office}` : `${office} — ${TERMS.officialSite.mr}`;
}
