// The office's public profile (name, contacts, statistics, schemes…): GET /api/Site/profile.
// Fetched once per page load and shared by the header, footer and home sections, with plain fetch.
// The staff edit screen reads and saves its council's own profile through queries.ts.
import { useEffect, useState } from 'react';
import type { Centre, Committee, Scheme, Service, SiteProfile, SiteProfileBody, Stat } from '../../../../common/api-types.ts';
import { api } from '../../lib/api.ts';

export type { Centre, Committee, Scheme, Service, SiteProfile, Stat };
export type Beneficiary = Scheme['beneficiary'];
export const BENEFICIARIES = ['Farmer', 'Student', 'Women', 'Senior', 'General', 'Business'] as const satisfies readonly Beneficiary[];
/** Marathi labels of the schemes filter (spec 2.4: All, Farmer, Student, Women, Senior, General, Business). */
export const BENEFICIARY_LABELS: Record<Beneficiary | 'All', string> = {
  All: 'सर्व', Farmer: 'शेतकरी', Student: 'विद्यार्थी', Women: 'महिला', Senior: 'ज्येष्ठ नागरिक', General: 'सर्वसाधारण', Business: 'व्यावसायिक',
};

let cached: Promise<SiteProfile | null> | null = null;

export function fetchSiteProfile(): Promise<SiteProfile | null> {
  cached ??= api<SiteProfile>('/api/Site/profile', { auth: false })
    .then((e) => e.result)
    .catch((err) => { console.error('site profile', err); cached = null; return null; });
  return cached;
}

export type SiteProfileInput = SiteProfileBody;

/** The logged-in council's own profile, for the edit screen. */
export const fetchMyProfile = (signal?: AbortSignal) => api<SiteProfile>('/api/Site/profile/mine', { signal }).then((e) => e.result);
export const saveMyProfile = (body: SiteProfileInput) => api<SiteProfile>('/api/Site/profile', { method: 'PUT', body });

/** Forget the cached profile (after staff edit it). */
export function invalidateSiteProfile() { cached = null; }

/** undefined while loading, null when the read failed. */
export function useSiteProfile(): SiteProfile | null | undefined {
  const [profile, setProfile] = useState<SiteProfile | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    fetchSiteProfile().then((p) => { if (live) setProfile(p); });
    return () => { live = false; };
  }, []);
  return profile;
}
