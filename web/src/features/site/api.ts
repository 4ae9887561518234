// The office's public profile (name, contacts, statistics, schemes…): GET /api/Site/profile.
// Fetched once per page load and shared by the header, footer and home sections, with plain fetch.
// The staff edit screen reads and saves its council's own profile through queries.ts.
import { useEffect, useState } from 'react';
import type { Centre, Committee, Scheme, Service, SetupStatus, SiteProfile, SiteProfileBody, Stat } from '../../../../common/api-types.ts';
import { api } from '../../lib/api.ts';
import { preloaded } from '../../lib/preloaded.ts';

export const PROFILE_PATH = '/api/Site/profile';

export type { Centre, Committee, Scheme, Service, SetupStatus, SiteProfile, Stat };

/** What the public pages call the office before it has entered its name: the neutral term, never a
 *  placeholder (the documents print the same). */
export const NEUTRAL_OFFICE_NAME = 'ग्रामपंचायत कार्यालय';
export const officeTitle = (p: SiteProfile | null | undefined) => p?.officeName || NEUTRAL_OFFICE_NAME;

/** "ता. निफाड, जि. नाशिक", leaving out what the office has not entered. */
export const officePlace = (p: SiteProfile | null | undefined) =>
  p ? [p.block && `ता. ${p.block}`, p.district && `जि. ${p.district}`].filter(Boolean).join(', ') : '';
export type Beneficiary = Scheme['beneficiary'];
export const BENEFICIARIES = ['Farmer', 'Student', 'Women', 'Senior', 'General', 'Business'] as const satisfies readonly Beneficiary[];
/** Marathi labels of the schemes filter (spec 2.4: All, Farmer, Student, Women, Senior, General, Business). */
export const BENEFICIARY_LABELS: Record<Beneficiary | 'All', string> = {
  All: 'सर्व',
  Farmer: 'शेतकरी',
  Student: 'विद्यार्थी',
  Women: 'महिला',
  Senior: 'ज्येष्ठ नागरिक',
  General: 'सर्वसाधारण',
  Business: 'व्यावसायिक',
};

let cached: Promise<SiteProfile | null> | null = null;

export function fetchSiteProfile(): Promise<SiteProfile | null> {
  const early = preloaded<SiteProfile>(PROFILE_PATH);
  if (early && !cached) cached = Promise.resolve(early);
  cached ??= api<SiteProfile>(PROFILE_PATH, { auth: false })
    .then((e) => e.result)
    .catch((err) => {
      console.error('site profile', err);
      cached = null;
      return null;
    });
  return cached;
}

export type SiteProfileInput = SiteProfileBody;

/** A read profile as a save sends it back. */
export function profileBody(p: SiteProfile): SiteProfileInput {
  const { createdByUserId: _id, updatedAt: _at, version: _v, ...body } = p;
  return body;
}

/** The logged-in council's own profile, for the edit screen. */
export const fetchMyProfile = (signal?: AbortSignal) => api<SiteProfile>('/api/Site/profile/mine', { signal }).then((e) => e.result);
/** `version`: the one the edit screen read; the server answers 409 when someone saved since. */
export const saveMyProfile = (body: SiteProfileInput, version?: number) =>
  api<SiteProfile>('/api/Site/profile', {
    method: 'PUT',
    body,
    headers: version === undefined ? undefined : { 'if-match': `"${version}"` },
  });

/** POST /api/Site/logo: stores the image and answers its path, which a profile save keeps as logoUrl. */
export function uploadLogo(file: File) {
  const form = new FormData();
  form.append('LogoFile', file);
  return api<{ logoUrl: string }>('/api/Site/logo', { method: 'POST', body: form }).then((e) => e.result.logoUrl);
}

/** GET /api/Site/setup: the setup fields still empty and whether QR codes can reach the portal. */
export const fetchSetupStatus = (signal?: AbortSignal) => api<SetupStatus>('/api/Site/setup', { signal }).then((e) => e.result);

/** A scheme as the home page's JSON carries it: what its card shows. The dialog's details,
 *  eligibility and benefits stay out of the first HTML (issue 12: the home's HTML fits the first
 *  round trip of a slow connection); the dialog reads them when it opens (fetchSchemeDetails). */
export type SchemeCard = Omit<Scheme, 'details' | 'eligibility' | 'benefits'> & Partial<Scheme>;

/** The profile as the home page needs it for its first render: no scheme details, no services
 *  (their own page, /seva-full, reads them). */
export function homeProfile(p: SiteProfile): SiteProfile {
  return {
    ...p,
    schemes: p.schemes.map(({ details: _d, eligibility: _e, benefits: _b, ...card }) => card as Scheme),
    services: [],
  };
}

/** Whether a scheme has its dialog's content (not a card of the home page's JSON). */
export const hasSchemeDetails = (s: SchemeCard): s is Scheme => Array.isArray(s.eligibility);

let schemes: Promise<Scheme[]> | null = null;
/** The schemes with every detail, read when the home page's first scheme dialog opens. */
export function fetchSchemeDetails(): Promise<Scheme[]> {
  schemes ??= api<SiteProfile>(PROFILE_PATH, { auth: false })
    .then((e) => e.result.schemes)
    .catch((err) => {
      schemes = null;
      throw err;
    });
  return schemes;
}

/** Forget the cached profile (after staff edit it). */
export function invalidateSiteProfile() {
  cached = null;
}

/** undefined while loading, null when the read failed. */
export function useSiteProfile(): SiteProfile | null | undefined {
  // A page the server rendered has the profile in it already.
  const [profile, setProfile] = useState<SiteProfile | null | undefined>(() => preloaded<SiteProfile>(PROFILE_PATH));
  useEffect(() => {
    if (profile !== undefined) return;
    let live = true;
    fetchSiteProfile().then((p) => {
      if (live) setProfile(p);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, when the page had none
  }, []);
  return profile;
}
