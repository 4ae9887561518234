// The tax demand (Namuna 9) and its payments, as facts both the server and the web read: the four
// heads with their wire names and labels, the payment methods, the tax (financial) year, and the
// columns of the tax list (spec 2.8) that the screen and the Excel share.

/** The heads of the demand. `key` is the payment payload's and history's name (paid_gharpatti,
 *  category), `col` the kar record's suffix (magilGharpatti, chaluGharpatti, totalGharpatti) and
 *  `assessed` the register column (common/property/assessment.ts) the current demand follows;
 *  `short` labels that column on the register's cards and public pages (columns.ts). */
export const TAX_HEADS = [
  {
    key: 'gharpatti',
    col: 'Gharpatti',
    assessed: 'gharpatti',
    mr: 'घरपट्टी',
    en: 'House tax',
    short: { mr: 'घरपट्टी', en: 'House tax' },
  },
  {
    key: 'divabatti',
    col: 'Divabatti',
    assessed: 'divabatti',
    mr: 'दिवाबत्ती कर',
    en: 'Street-light tax',
    short: { mr: 'दिवाबत्ती', en: 'Street light' },
  },
  { key: 'arogyakar', col: 'Arogyakar', assessed: 'arogya', mr: 'आरोग्य कर', en: 'Health tax', short: { mr: 'आरोग्य', en: 'Health' } },
  {
    key: 'panipatti',
    col: 'Panipatti',
    assessed: 'panipatti',
    mr: 'सामान्य पाणीपट्टी',
    en: 'General water tax',
    short: { mr: 'पाणीपट्टी', en: 'Water' },
  },
] as const;
export type TaxHead = (typeof TAX_HEADS)[number];
export type TaxHeadKey = TaxHead['key'];
export const TAX_HEAD_KEYS = TAX_HEADS.map((h) => h.key) as TaxHeadKey[];

/** Payment methods (spec 5), default cash. */
export const PAYMENT_METHODS = {
  cash: { mr: 'रोख', en: 'Cash' },
  cheque: { mr: 'धनादेश', en: 'Cheque' },
  online: { mr: 'ऑनलाइन', en: 'Online' },
  dd: { mr: 'डिमांड ड्राफ्ट', en: 'Demand draft' },
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
export const PAYMENT_METHOD_KEYS = Object.keys(PAYMENT_METHODS) as PaymentMethod[];

/** Receipts per printed receipt book: receipt 1–100 is book 1, 101–200 book 2 … */
export const RECEIPTS_PER_BOOK = 100;
export const receiptBook = (receiptNo: number) => Math.ceil(receiptNo / RECEIPTS_PER_BOOK);

/** The tax year a day falls in: the financial year April–March, named by its first year
 *  (2026-11-23 and 2027-03-31 → 2026). A date is a UTC-midnight calendar day (common/dates.ts). */
export function taxYearOf(day: Date): number {
  return day.getUTCMonth() >= 3 ? day.getUTCFullYear() : day.getUTCFullYear() - 1;
}

/** 2026 → "2026-27". */
export const taxYearLabel = (year: number) => `${year}-${String((year + 1) % 100).padStart(2, '0')}`;

/** The spec's messages the tax screens and the server share. */
export const TAX_MESSAGES = {
  atLeastOne: 'कृपया किमान एक कर प्रकारासाठी रक्कम टाका',
  noDate: 'कृपया पेमेंटची तारीख निवडा',
  paid: 'पेमेंट यशस्वीरीत्या पूर्ण झाले!',
  noKar: 'No kar details found for this owner',
  rolledOver: 'सध्याच्या वर्षासाठी कर आधीच अपडेट केला आहे.',
  noneDue: 'अपडेट करण्यासाठी कोणतीही मालमत्ता सापडली नाही.',
} as const;

/** The 16 columns of the tax list (spec 2.8) in order: the wire field and the Marathi header (an
 *  English one beside it for the Excel's second reader). `money` columns are rupee amounts. */
export const TAX_LIST_COLUMNS = [
  { field: 'malmattaNo', mr: 'मालमत्ता क्रमांक', en: 'Property No.', money: false },
  { field: 'malkacheNav', mr: 'मालकाचे नाव', en: 'Owner name', money: false },
  ...TAX_HEADS.flatMap((h) => [
    { field: `magil${h.col}`, mr: `मागील ${h.mr}`, en: `Previous ${h.en.toLowerCase()}`, money: true },
    { field: `chalu${h.col}`, mr: `चालू ${h.mr}`, en: `Current ${h.en.toLowerCase()}`, money: true },
  ]),
  { field: 'karupdatedYear', mr: 'कर अद्ययावत वर्ष', en: 'Tax updated year', money: false },
  ...TAX_HEADS.map((h) => ({ field: `total${h.col}`, mr: `एकूण ${h.mr}`, en: `Total ${h.en.toLowerCase()}`, money: true })),
  { field: 'total', mr: 'एकूण कर', en: 'Grand total', money: true },
] as const;
