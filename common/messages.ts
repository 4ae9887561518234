// What the staff screens say in the spec's English, Marathi first with the spec's words kept beside
// them in brackets (tests and officials look for them). Apart from glossary.ts, which the public
// pages load (page titles): only staff chunks import this, so the public pages do not carry it.

/** The spec's English messages and button words as the screens say them: Marathi first, the spec's
 *  English kept beside it in brackets (tests and officials look for it). */
export const SAY = {
  completeAllFields: 'कृपया सर्व माहिती भरा! (complete all fields!)',
  userIdMissing: 'वापरकर्ता ओळख सापडली नाही, सादर करता येत नाही. (Error: User ID not found. Cannot submit.)',
  logInAgain: 'वापरकर्ता ओळख मिळाली नाही, कृपया पुन्हा लॉगिन करा. (Could not retrieve user ID. Please log in again.)',
  pdfFailed: (why: string) => `PDF डाउनलोड करता आली नाही (Error downloading PDF: ${why})`,
  paymentFailed: (why: string) => `कर भरणा झाला नाही (Payment failed: ${why})`,
  registerFailed: 'नोंदणी झाली नाही (Failed to register)',
  noData: 'कोणतीही माहिती आढळली नाही (No data found)',
  changeFilter: 'फिल्टर बदला किंवा नंतर पुन्हा प्रयत्न करा. (Change the filter or try again later.)',
  tryAgainOrAdmin: 'पुन्हा प्रयत्न करा किंवा प्रशासकाशी संपर्क साधा (Please try again or contact the admin)',
  unknownError: 'अनपेक्षित त्रुटी आली. (An unknown error occurred.)',
  serverReturned: (status: number) => `सर्व्हरकडून त्रुटी ${status} (Server returned ${status})`,
  wrongCaptcha: 'कॅप्चा चुकीचा आहे, पुन्हा प्रयत्न करा. (Incorrect captcha. Please try again.)',
  pickFromList: 'सूचनांमधून योग्य मालमत्ता क्रमांक निवडा. (Please select a valid Malmatta Number from the suggestions list.)',
  checkNumber: (status: number) =>
    `त्रुटी ${status}: मालमत्ता क्रमांक तपासून पुन्हा प्रयत्न करा. (Error: ${status}. Please check the Malmatta Number and try again.)`,
  noConnection: 'सर्व्हरशी संपर्क झाला नाही. (An unexpected error occurred. Could not connect to the server.)',
  retry: 'पुन्हा प्रयत्न करा (Retry)',
  refresh: 'पुन्हा वाचा (Refresh)',
  back: 'मागे (Back)',
  save: 'जतन करा (Save)',
  cancel: 'रद्द करा (Cancel)',
  edit: 'बदला (Edit)',
  delete: 'हटवा (Delete)',
  clear: 'काढा (Clear)',
  sortAscending: 'चढत्या क्रमाने लावा (sort ascending)',
  sortDescending: 'उतरत्या क्रमाने लावा (sort descending)',
} as const;
