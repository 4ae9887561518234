// The citizen's calls (no login): captcha, autocomplete, the property with its dues, the public
// property tax certificate. Kept apart from api.ts so the public pages carry no staff code.
import type { CertificateRow, PublicProperty } from '../../../../common/api-types.ts';
import { api, ApiError } from '../../lib/api.ts';

export type { CertificateRow, PublicProperty };
export interface Suggestion {
  malmattaNo: string;
  malkacheNav: string;
}
export type SearchType = 'malmatta' | 'owner';

/** A new captcha each time it is read; the server reads one into the page it renders. */
export const CAPTCHA_PATH = '/api/captcha';
export const fetchCaptcha = (signal?: AbortSignal) =>
  api<{ captchaId: string; svg: string }>(CAPTCHA_PATH, { auth: false, signal }).then((e) => e.result);

export function fetchSuggestions(type: SearchType, q: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ type, q });
  return api<Suggestion[]>(`/api/public/properties/suggest?${query}`, { auth: false, signal }).then((e) => e.result);
}

export function fetchPublicProperty(malmattaNo: string, captchaId: string, captcha: string) {
  const query = new URLSearchParams({ captchaId, captcha });
  return api<PublicProperty>(`/api/public/properties/${encodeURIComponent(malmattaNo)}?${query}`, { auth: false }).then((e) => e.result);
}

/** The public council's id, which the certificate link carries (the site profile names it). */
export const fetchPublicCouncilId = () =>
  api<{ createdByUserId: number }>('/api/Site/profile', { auth: false }).then((e) => e.result.createdByUserId);

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
/** The certificate's API path: the number as the page asks for it (certificateNumber). */
export const certificatePath = (malmattaNo: string, userId: string) =>
  `/api/public/property-certificate/${encodeURIComponent(malmattaNo)}/${encodeURIComponent(userId)}`;

/** The error the page shows for the server's refusal (the server's own read for the page gives the same). */
export const certificateRefusal = (reason: string) => new CertificateError('Network response was not ok', reason);

export async function fetchCertificate(malmattaNo: string, userId: string, signal?: AbortSignal): Promise<CertificateRow | null> {
  try {
    const e = await api<CertificateRow[]>(certificatePath(malmattaNo, userId), { auth: false, signal });
    if (!e.isSuccess) throw new CertificateError(e.message || 'Failed to fetch property data');
    return e.result?.[0] ?? null;
  } catch (err) {
    if (err instanceof CertificateError || (err as Error).name === 'AbortError') throw err;
    if (err instanceof ApiError) throw certificateRefusal(err.message);
    throw new CertificateError('Failed to fetch property data');
  }
}
