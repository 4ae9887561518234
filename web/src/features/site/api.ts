// The office's public profile (name, contacts, statistics, schemes…): GET /api/Site/profile.
// Fetched once per page load and shared by the header, footer and home sections.
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

export interface Stat { key?: string; label: string; value: string }
export interface Centre { name: string; head: string; children: number; teachers: number }
export interface Scheme { title: string; description: string; badge: string; beneficiary: Beneficiary; details: string; eligibility: string[]; benefits: string[] }
export interface Committee { name: string; chairperson: string; viceChairperson: string; members: string[]; responsibilities: string[] }
export interface Service { title: string; description: string }
export const BENEFICIARIES = ['Farmer', 'Student', 'Women', 'Senior', 'General', 'Business'] as const;
export type Beneficiary = (typeof BENEFICIARIES)[number];
/** Marathi labels of the schemes filter (spec 2.4: All, Farmer, Student, Women, Senior, General, Business). */
export const BENEFICIARY_LABELS: Record<Beneficiary | 'All', string> = {
  All: 'सर्व', Farmer: 'शेतकरी', Student: 'विद्यार्थी', Women: 'महिला', Senior: 'ज्येष्ठ नागरिक', General: 'सर्वसाधारण', Business: 'व्यावसायिक',
};

export interface SiteProfile {
  createdByUserId: number;
  officeName: string; officeNameEnglish: string;
  block: string; blockEnglish: string; district: string; districtEnglish: string;
  address: string; postalCode: string; phone: string; email: string; logoUrl: string;
  latitude: number | null; longitude: number | null; summary: string;
  stats: Stat[]; facilities: string[]; schools: Centre[]; anganwadis: Centre[];
  schemes: Scheme[]; committees: Committee[]; services: Service[];
  updatedAt?: string;
}

let cached: Promise<SiteProfile | null> | null = null;

export function fetchSiteProfile(): Promise<SiteProfile | null> {
  cached ??= api<SiteProfile>('/api/Site/profile', { auth: false })
    .then((e) => e.result)
    .catch((err) => { console.error('site profile', err); cached = null; return null; });
  return cached;
}

export type SiteProfileInput = Omit<SiteProfile, 'createdByUserId' | 'updatedAt'>;

/** The logged-in council's own profile, for the edit screen. */
export const fetchMyProfile = () => api<SiteProfile>('/api/Site/profile/mine').then((e) => e.result);
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
