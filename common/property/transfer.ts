// The transfer (ferfar) form of spec 5, once: wire name, the English label its messages use
// ("{label} is required."), the Marathi label the screen shows first. The server's checks and the
// web form both read it.
import { TERMS } from '../glossary.ts';

export interface TransferField {
  name: TransferFieldName;
  en: string;
  mr: string;
  required: boolean;
  max: number;
  /** Its label on a recorded transfer, when it differs from the form's. */
  recorded?: { mr: string; en: string };
}
export type TransferFieldName =
  | 'malmatta_no'
  | 'ferfar_karan'
  | 'sadya_malakache_nav'
  | 'bhogwatadharak_nav'
  | 'navin_malakache_nav'
  | 'navin_malakache_mobile'
  | 'varasache_nav'
  | 'ferfar_date'
  | 'reference_no'
  | 'note';

export const TRANSFER_FIELDS: readonly TransferField[] = [
  { name: 'malmatta_no', en: 'Malmatta Number', mr: 'मालमत्ता क्रमांक', required: true, max: 50 },
  { name: 'ferfar_karan', en: 'Transfer Reason', mr: 'फेरफाराचे कारण', required: true, max: 200 },
  {
    name: 'sadya_malakache_nav',
    en: 'Current Owner Name',
    mr: 'सध्याच्या मालकाचे नाव',
    required: true,
    max: 300,
    recorded: TERMS.previousOwner,
  },
  { name: 'bhogwatadharak_nav', en: 'Bhogwatadharak Name', mr: 'भोगवटादाराचे नाव', required: true, max: 300 },
  { name: 'navin_malakache_nav', en: 'New Owner Name', mr: 'नवीन मालकाचे नाव', required: true, max: 300 },
  // Becomes the new owner's mobileNo: the dues SMS and the certificate need it (issue 29, point 8).
  { name: 'navin_malakache_mobile', en: 'New Owner Mobile', mr: 'नवीन मालकाचा मोबाईल क्रमांक', required: false, max: 20 },
  { name: 'varasache_nav', en: 'Inheritance Name', mr: 'वारसाचे नाव', required: false, max: 300 },
  { name: 'ferfar_date', en: 'Transfer Date', mr: 'फेरफार दिनांक', required: true, max: 40 },
  { name: 'reference_no', en: 'Reference Number', mr: 'संदर्भ क्रमांक', required: true, max: 100 },
  { name: 'note', en: 'Note', mr: 'टीप', required: false, max: 500 },
];

/** What a blank inheritance name is stored and sent as (spec 3, 5). */
export const NO_HEIR = 'NO';
