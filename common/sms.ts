// SMS text rules the server and the screen share: mobile numbers, segment counts, notice templates.

/** Indian mobile: ten digits starting 6-9, after spaces, dashes, +91/91 and a leading 0 are taken off. */
export function normaliseMobile(raw: string): string | null {
  let digits = raw.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

// GSM 03.38 basic set; the extension characters take two places each.
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface SegmentCount {
  /** Characters as the gateway counts them (UTF-16 units for Unicode, GSM places otherwise). */
  length: number;
  segments: number;
  unicode: boolean;
}

/** Unicode (Marathi): 70 characters in one segment, 67 per part after that. GSM (plain English):
 *  160, then 153 per part. */
export function countSegments(text: string): SegmentCount {
  let gsmLength = 0;
  let unicode = false;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) gsmLength += 1;
    else if (GSM_EXTENDED.includes(ch)) gsmLength += 2;
    else {
      unicode = true;
      break;
    }
  }
  if (unicode) {
    const length = text.length;
    return { length, unicode, segments: length === 0 ? 0 : length <= 70 ? 1 : Math.ceil(length / 67) };
  }
  return { length: gsmLength, unicode, segments: gsmLength === 0 ? 0 : gsmLength <= 160 ? 1 : Math.ceil(gsmLength / 153) };
}

export type SmsKind = 'gramsabha' | 'dues';
export const SMS_KINDS: SmsKind[] = ['gramsabha', 'dues'];

/** The DLT template's variables of each notice, in the order the gateway takes them. */
export const SMS_VARIABLES: Record<SmsKind, string[]> = {
  gramsabha: ['date', 'time'],
  dues: ['malmattaNo', 'amount'],
};

export const DEFAULT_TEMPLATES: Record<SmsKind, string> = {
  gramsabha: 'ग्रामपंचायत सूचना: ग्रामसभा दिनांक {date} रोजी {time} वाजता ग्रामपंचायत कार्यालयात होईल. सर्व ग्रामस्थांनी उपस्थित राहावे.',
  dues: 'ग्रामपंचायत सूचना: मालमत्ता क्रमांक {malmattaNo} वर {amount} कर थकीत आहे. कृपया लवकर भरणा करावा.',
};

/** Why a template cannot go out, or null: each DLT variable exactly once, no other {…}. */
export function templateProblem(kind: SmsKind, body: string): string | null {
  const used = [...body.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  const wanted = SMS_VARIABLES[kind];
  const unknown = used.filter((v) => !wanted.includes(v));
  if (unknown.length)
    return `अज्ञात चल {${unknown[0]}}: फक्त ${wanted.map((v) => `{${v}}`).join(', ')} वापरता येतात / unknown variable {${unknown[0]}}`;
  for (const v of wanted) {
    const n = used.filter((u) => u === v).length;
    if (n !== 1)
      return `संदेशात {${v}} ${n === 0 ? 'असणे आवश्यक आहे' : 'एकदाच असावे'} (DLT template) / the text must contain {${v}} exactly once`;
  }
  return null;
}

/** The text as it goes out, with the variables filled in. */
export function fillTemplate(body: string, values: Record<string, string>): string {
  return body.replace(/\{([^{}]*)\}/g, (whole, name: string) => values[name] ?? whole);
}
