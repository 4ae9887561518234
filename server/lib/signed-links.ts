// Signed links to the public property certificate (security issue 25, finding 4). The QR code a
// council prints (the Namuna 8 extract, the demand bill) and the public search's certificate link
// carry `?s=`: an HMAC-SHA256 of the council's id and the property number's key, cut to 16 bytes
// (base64url, 22 characters). A request with it is one a council handed out, so it skips the
// council's hourly limit; one without it (an old printed code, a guessed number) is limited.
import crypto from 'node:crypto';
import { malmattaKey } from '../../common/property/malmatta.ts';

/** A key for one purpose, derived from the portal's secret (HKDF-SHA256, the purpose as its label):
 *  a value made for one use (a QR link's signature, a proof-of-work challenge) is never valid as
 *  another, nor as a login token signed with the secret itself. */
export function purposeKey(secret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'gram-panchayat-portal', purpose, 32));
}

const linkKeys = new Map<string, Buffer>();
const linkKey = (secret: string) => {
  let key = linkKeys.get(secret);
  if (!key) linkKeys.set(secret, (key = purposeKey(secret, 'propertyqr link v1')));
  return key;
};

/** The signature of the certificate link of a council's property. Both spellings of a number (Western
 *  or Devanagari digits, spaces) sign alike: it is the number's key that is signed. */
export function certificateSignature(secret: string, councilId: number, malmattaNo: string): string {
  return crypto
    .createHmac('sha256', linkKey(secret))
    .update(`${councilId}\n${malmattaKey(malmattaNo)}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** Whether `s` is the signature of this council's property (compared in constant time). */
export function isCertificateSignature(secret: string, councilId: number, malmattaNo: string, s: string | undefined): boolean {
  if (!s) return false;
  const expected = Buffer.from(certificateSignature(secret, councilId, malmattaNo));
  const given = Buffer.from(s);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The public certificate page of a council's property, signed: `/propertyqr/{no}/{council}?s=…`. */
export function certificatePath(secret: string, councilId: number, malmattaNo: string): string {
  return `/propertyqr/${encodeURIComponent(malmattaNo)}/${councilId}?s=${certificateSignature(secret, councilId, malmattaNo)}`;
}
