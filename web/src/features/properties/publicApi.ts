// The citizen's calls (no login): captcha, autocomplete, the property with its dues, the public
// property tax certificate. Kept apart from api.ts so the public pages carry no staff code.
import type { CertificateRow, PublicPropertyAnswer } from '../../../../common/api-types.ts';
import { api, ApiError } from '../../lib/api.ts';
import { isPowRefusal, POW_FIELD } from '../../../../common/pow.ts';

/** The search's result: the property, its dues and its signed certificate link. */
export type PublicProperty = PublicPropertyAnswer;
export type { CertificateRow };
export interface Suggestion {
  malmattaNo: string;
  malkacheNav: string;
}
export type SearchType = 'malmatta' | 'owner';

/** A captcha as the page shows it: its picture (a data: URL) and the size to show it at. The answer
 *  also carries `svg`, the same picture for earlier clients, which the page leaves out. */
export interface Captcha {
  captchaId: string;
  image: string;
  width: number;
  height: number;
}
/** A new captcha each time it is read; the server reads one into the page it renders. */
export const CAPTCHA_PATH = '/api/captcha';
export const fetchCaptcha = (signal?: AbortSignal) =>
  api<Captcha & { svg?: string }>(CAPTCHA_PATH, { auth: false, signal }).then(({ result: { svg: _svg, ...captcha } }) => captcha);

/** `altcha`: a solved proof-of-work challenge (pow.ts), one per autocomplete and per search. */
export function fetchSuggestions(type: SearchType, q: string, altcha: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ type, q, [POW_FIELD]: altcha });
  return api<Suggestion[]>(`/api/public/properties/suggest?${query}`, { auth: false, signal }).then((e) => e.result);
}

export function fetchPublicProperty(malmattaNo: string, captchaId: string, captcha: string, altcha: string) {
  const query = new URLSearchParams({ captchaId, captcha, [POW_FIELD]: altcha });
  return api<PublicProperty>(`/api/public/properties/${encodeURIComponent(malmattaNo)}?${query}`, { auth: false }).then((e) => e.result);
}

/** Calls `call` with a solved proof of work; when the server refuses that one (expired while the
 *  citizen typed, say), once more with a fresh one. The captcha is not spent by such a refusal. */
export async function withPow<T>(take: () => Promise<string>, call: (altcha: string) => Promise<T>): Promise<T> {
  try {
    return await call(await take());
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 400 && isPowRefusal(err.message))) throw err;
    return call(await take());
  }
}

/** The certificate's read with the spec's messages (spec 5, 8): a non-OK status is "Network response
 *  was not ok" (with the server's reason beside it), an empty or failed answer its message or
 *  "Failed to fetch property data". */
export class CertificateError extends Error {
  constructor(
    message: string,
    readonly reason?: string,
  ) {
    super(message);
  }
}
/** The certificate's API path: the number as the page asks for it (certificateNumber), and the
 *  signature of the link the page was opened with (`?s=`, the printed QR code's), when it had one. */
export const certificatePath = (malmattaNo: string, userId: string, s?: string) =>
  `/api/public/property-certificate/${encodeURIComponent(malmattaNo)}/${encodeURIComponent(userId)}${s ? `?s=${encodeURIComponent(s)}` : ''}`;

/** The error the page shows for the server's refusal (the server's own read for the page gives the same). */
export const certificateRefusal = (reason: string) => new CertificateError('Network response was not ok', reason);

export async function fetchCertificate(
  malmattaNo: string,
  userId: string,
  s?: string,
  signal?: AbortSignal,
): Promise<CertificateRow | null> {
  try {
    const e = await api<CertificateRow[]>(certificatePath(malmattaNo, userId, s), { auth: false, signal });
    if (!e.isSuccess) throw new CertificateError(e.message || 'Failed to fetch property data');
    return e.result?.[0] ?? null;
  } catch (err) {
    if (err instanceof CertificateError || (err as Error).name === 'AbortError') throw err;
    if (err instanceof ApiError) throw certificateRefusal(err.message);
    throw new CertificateError('Failed to fetch property data');
  }
}
