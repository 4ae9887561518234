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

export const fetchCaptcha = (signal?: AbortSignal) =>
  api<{ captchaId: string; svg: string }>('/api/captcha', { auth: false, signal }).then((e) => e.result);

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
export async function fetchCertificate(malmattaNo: string, userId: string, signal?: AbortSignal): Promise<CertificateRow | null> {
  try {
    const e = await api<CertificateRow[]>(
      `/api/public/property-certificate/${encodeURIComponent(malmattaNo)}/${encodeURIComponent(userId)}`,
      { auth: false, signal },
    );
    if (!e.isSuccess) throw new CertificateError(e.message || 'Failed to fetch property data');
    return e.result?.[0] ?? null;
  } catch (err) {
    if (err instanceof CertificateError || (err as Error).name === 'AbortError') throw err;
    if (err instanceof ApiError) throw new CertificateError('Network response was not ok', err.message);
    throw new CertificateError('Failed to fetch property data');
  }
}
