// Is this PDF genuine? (issue 31) A signed document is genuine when its CMS signature is valid over
// the whole file, the signing certificate is one of the keys its council has had (the current one or
// an earlier one), and the record it names still has the content fingerprint it was signed with. A
// byte changed, a signature made with another key, a document of another council (where the portal
// serves one: PUBLIC_USER_ID) or a record changed since are each said, Marathi first.
import crypto from 'node:crypto';
import type Forge from 'node-forge';
import type { DbOrTx } from '../../db/transaction.ts';
import { loadForge } from '../../lib/pdf/sign.ts';
import { certificateData, findRow } from '../certificates/service.ts';
import { KINDS } from '../certificates/kinds.ts';
import { namuna8Of } from '../properties/register.ts';
import { paymentById } from '../tax/payments.ts';
import { taxYearOf } from '../../../common/property/tax.ts';
import { certSha256, keyByCertificate } from '../signing/keys.ts';
import { fingerprint, SIGNED_KINDS, type SignedKind } from '../signing/request.ts';

export interface VerifyResult {
  genuine: boolean;
  kind: string | null;
  registrationNumber: string | null;
  signedBy: string | null;
  signedAt: string | null;
  /** Why, Marathi first. */
  reason: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The record a signed document shows, as it is now: its number, fingerprint and last change. */
interface CurrentRecord {
  registrationNumber: string;
  fingerprint: string;
  changedAt: Date | null;
}

async function currentRecord(db: DbOrTx, council: number, kind: SignedKind, id: string, today: Date): Promise<CurrentRecord | null> {
  const cert = KINDS.find((k) => k.kind === kind);
  if (cert) {
    if (!UUID.test(id)) return null;
    const row = await findRow(db, cert, id);
    if (!row || row.createdByUserId !== council) return null;
    return {
      registrationNumber: String(row[cert.numberField] ?? ''),
      fingerprint: fingerprint(certificateData(cert, row)),
      changedAt: (row.updatedAt as Date | undefined) ?? null,
    };
  }
  try {
    if (kind === 'namuna8') {
      const p = await namuna8Of(db, council, id, taxYearOf(today));
      return { registrationNumber: p.malmattaNo, fingerprint: fingerprint(p), changedAt: null };
    }
    if (kind === 'receipt' && /^\d{1,9}$/.test(id)) {
      const p = await paymentById(db, council, Number(id));
      return {
        registrationNumber: `${p.financialYear}/${p.receiptNo}`,
        fingerprint: fingerprint(p),
        changedAt: p.cancelledAt ? new Date(p.cancelledAt) : null,
      };
    }
  } catch {
    return null; // no such property or payment in this council now
  }
  return null;
}

/** The one signature of a file written by sign.ts: its byte range, the CMS, the signature dictionary. */
function signatureOf(pdf: Buffer) {
  const at = pdf.indexOf('/ByteRange [');
  if (at < 0 || pdf.indexOf('/ByteRange [', at + 1) >= 0) return null;
  const m = /^\/ByteRange \[(\d+) +(\d+) +(\d+) +(\d+) *\]/.exec(pdf.subarray(at, at + 80).toString('latin1'));
  if (!m) return null;
  const [a, b, c, d] = m.slice(1).map(Number);
  // The range must be the whole file but the signature itself: bytes added after it are unsigned.
  if (a !== 0 || b <= 0 || c <= b || c + d !== pdf.length) return null;
  const hex = pdf.subarray(b + 1, c - 1).toString('latin1');
  if (pdf[b] !== 0x3c || pdf[c - 1] !== 0x3e || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const objStart = pdf.lastIndexOf(' obj', at);
  const objEnd = pdf.indexOf('endobj', at);
  const dict = pdf.subarray(objStart, objEnd).toString('latin1');
  return { signed: Buffer.concat([pdf.subarray(0, b), pdf.subarray(c, c + d)]), cms: Buffer.from(hex, 'hex'), dict };
}

/** A literal string of the signature dictionary (ASCII: what sign.ts writes there). */
const dictString = (dict: string, key: string) => new RegExp(`/${key} \\(([^)]*)\\)`).exec(dict)?.[1];
/** "D:20261127211159Z" as pdfkit writes /M. */
function pdfDate(dict: string): Date | null {
  const m = /\/M \(D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z\)/.exec(dict);
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null;
}

interface Cms {
  certificates: Buffer[];
  signedAttrs: Buffer;
  messageDigest: Buffer | null;
  signature: Buffer;
}

/** The parts of a CMS SignedData that the check needs; null when it is not one. */
function parseCms(der: Buffer): Cms | null {
  const { asn1 } = loadForge();
  try {
    // The placeholder's zero padding follows the DER: read the first element only.
    const fromDer = asn1.fromDer as unknown as (bytes: string, options: { parseAllBytes: boolean }) => Forge.asn1.Asn1;
    const info = fromDer(der.toString('binary'), { parseAllBytes: false });
    const signedData = ((info.value as Forge.asn1.Asn1[])[1].value as Forge.asn1.Asn1[])[0].value as Forge.asn1.Asn1[];
    const certsNode = signedData.find((n) => n.tagClass === asn1.Class.CONTEXT_SPECIFIC && n.type === 0);
    const signerInfos = signedData[signedData.length - 1].value as Forge.asn1.Asn1[];
    if (signerInfos.length !== 1) return null;
    const si = signerInfos[0].value as Forge.asn1.Asn1[];
    const attrs = si.find((n) => n.tagClass === asn1.Class.CONTEXT_SPECIFIC && n.type === 0);
    const sig = si[si.length - 1];
    if (!attrs || !certsNode) return null;
    const toBuf = (n: Forge.asn1.Asn1) => Buffer.from(asn1.toDer(n).getBytes(), 'binary');
    // Signed as a SET (RFC 5652, 5.4): the same bytes with the SET tag.
    const signedAttrs = toBuf(attrs);
    signedAttrs[0] = 0x31;
    let messageDigest: Buffer | null = null;
    for (const a of attrs.value as Forge.asn1.Asn1[]) {
      const [type, values] = a.value as Forge.asn1.Asn1[];
      if (asn1.derToOid(type.value as string) === '1.2.840.113549.1.9.4')
        messageDigest = Buffer.from(((values.value as Forge.asn1.Asn1[])[0].value as string) ?? '', 'binary');
    }
    return {
      certificates: (certsNode.value as Forge.asn1.Asn1[]).map(toBuf),
      signedAttrs,
      messageDigest,
      signature: Buffer.from(sig.value as string, 'binary'),
    };
  } catch {
    return null;
  }
}

const NAMES: Record<SignedKind, string> = {
  birth: 'जन्म प्रमाणपत्र / Birth certificate',
  death: 'मृत्यू प्रमाणपत्र / Death certificate',
  residence: 'रहिवासी दाखला / Residence certificate',
  marriage: 'विवाह नोंदणी प्रमाणपत्र / Marriage certificate',
  namuna8: 'नमुना ८ उतारा / Namuna 8 extract',
  receipt: 'नमुना १० पावती / Namuna 10 receipt',
};
const day = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' }).format(d);

/** Checks a PDF. `onlyCouncil`: the portal's one public council, when it serves one. */
export async function verifyPdf(db: DbOrTx, pdf: Buffer, today: Date, onlyCouncil?: number): Promise<VerifyResult> {
  const none = (reason: string, extra: Partial<VerifyResult> = {}): VerifyResult => ({
    genuine: false,
    kind: null,
    registrationNumber: null,
    signedBy: null,
    signedAt: null,
    reason,
    ...extra,
  });
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') return none('ही PDF फाइल नाही. / This is not a PDF file.');
  const sig = signatureOf(pdf);
  if (!sig) {
    return pdf.includes('/ByteRange')
      ? none('स्वाक्षरीनंतर या PDF मध्ये भर घातली आहे. / Something was added to this PDF after it was signed.')
      : none('या PDF वर पोर्टलची डिजिटल स्वाक्षरी नाही. / This PDF carries no signature of the portal.');
  }
  const record = /^(\w+) (\S+) (\d+) ([0-9a-f]{64})$/.exec(dictString(sig.dict, 'GP_Record') ?? '');
  const kind = record?.[1] as SignedKind | undefined;
  if (!record || !kind || !SIGNED_KINDS.includes(kind))
    return none('ही स्वाक्षरी या पोर्टलच्या प्रमाणपत्राची नाही. / This signature is not one of the portal’s documents.');
  const [, , encodedId, councilText, signedPrint] = record;
  let id: string;
  try {
    id = decodeURIComponent(encodedId);
  } catch {
    return none('ही स्वाक्षरी या पोर्टलच्या प्रमाणपत्राची नाही. / This signature is not one of the portal’s documents.');
  }
  const council = Number(councilText);
  const signedAt = pdfDate(sig.dict);
  const said = { kind, signedAt: signedAt?.toISOString() ?? null };

  const cms = parseCms(sig.cms);
  const digest = crypto.createHash('sha256').update(sig.signed).digest();
  if (!cms || !cms.messageDigest || !cms.messageDigest.equals(digest))
    return none('ही PDF स्वाक्षरीनंतर बदलली आहे. / This PDF was changed after it was signed.', said);
  // The certificate that verifies the signature must be a key this council has had.
  let signedBy: string | null = null;
  let ours = false;
  for (const der of cms.certificates) {
    const cert = new crypto.X509Certificate(der);
    if (!crypto.verify('sha256', cms.signedAttrs, cert.publicKey, cms.signature)) continue;
    signedBy = /(?:^|\n)CN=([^\n]+)/.exec(cert.subject)?.[1] ?? cert.subject;
    ours = !!(await keyByCertificate(db, council, certSha256(cert.raw)));
    break;
  }
  if (!signedBy) return none('ही PDF स्वाक्षरीनंतर बदलली आहे. / This PDF was changed after it was signed.', said);
  const withSigner = { ...said, signedBy };
  if (!ours)
    return none(
      'ही स्वाक्षरी या कार्यालयाच्या कीची नाही. / The signature was not made with a key of the office that issued this document.',
      withSigner,
    );
  if (onlyCouncil !== undefined && council !== onlyCouncil)
    return none('ही PDF दुसऱ्या ग्रामपंचायतीची आहे. / This PDF is from another gram panchayat.', withSigner);
  const now = await currentRecord(db, council, kind, id, today);
  if (!now) return none('ही नोंद आता कार्यालयाच्या नोंदवहीत नाही. / The record is no longer in the office’s register.', withSigner);
  const found = { ...withSigner, registrationNumber: now.registrationNumber };
  if (now.fingerprint !== signedPrint) {
    const when = now.changedAt ? day(now.changedAt) : null;
    return none(
      when
        ? `ही प्रत जुनी आहे: नोंद ${when} रोजी बदलली. / Superseded by a newer version on ${when}.`
        : 'ही प्रत जुनी आहे: नोंद नंतर बदलली. / Superseded by a newer version.',
      found,
    );
  }
  return {
    genuine: true,
    ...found,
    reason: `ही ${NAMES[kind].split(' / ')[0]} खरी आहे: कार्यालयाच्या नोंदीशी जुळते. / This ${NAMES[kind].split(' / ')[1].toLowerCase()} is genuine: it matches the office's record as it is now.`,
  };
}
