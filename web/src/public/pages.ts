// The public pages the server renders (issue 12): their addresses, their code, and the API reads
// the server does for them before rendering (put into the page for hydration, lib/preloaded.ts).
// Every other address (staff screens, /login, /reg) is the staff app (main.tsx), whose router also
// keeps these pages: it shows them when the server has no rendering bundle or its rendering failed.
import type { ComponentType } from 'react';
import type { KindName } from '../features/certificates/kinds.ts';
// Static: the layout's header and footer load the site module anyway (a dynamic import of it moved
// nothing into another chunk, and the bundler warned so on every build).
import { homeProfile, PROFILE_PATH, type SiteProfile } from '../features/site/api.ts';
import { TERMS } from '../../../common/glossary.ts';

export type Params = Record<string, string | undefined>;
/** Reads an API path (GET) and keeps its result for the page; undefined when it failed. */
export type Read = (path: string) => Promise<unknown>;

export interface PublicPage {
  pattern: string;
  /** The page's name in its <title>, before the office's (common/glossary.ts pageTitle); none for the home. */
  title?: string;
  /** Query fields the page reads, added to its parameters (a path parameter of the same name wins). */
  query?: string[];
  /** The page module's source path, as Vite's manifest names it: the server links its chunk and CSS. */
  src: string;
  /** The page's module; its default export gets the props. */
  load: () => Promise<{ default: ComponentType<never> }>;
  props?: (params: Params) => Record<string, unknown>;
  /** API reads beyond the office profile (which every page has: header and footer). */
  data?: (params: Params, profile: SiteProfile | undefined, read: Read) => Promise<unknown>;
  /** The reads as the page renders from them and carries them as JSON, when it needs less than all
   *  (the home leaves out what only its dialogs show, to keep its HTML small). */
  trim?: (data: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

const CERTIFICATE_TITLES: Record<KindName, string> = {
  birth: TERMS.birthCertificate.mr,
  death: TERMS.deathCertificate.mr,
  residence: TERMS.residenceCertificate.mr,
  marriage: TERMS.marriageCertificate.mr,
};

const qr = (kind: KindName): PublicPage => ({
  pattern: `/${kind}qr/:certificateId?`,
  title: CERTIFICATE_TITLES[kind],
  src: 'src/features/certificates/PublicCertificatePage.tsx',
  load: () => import('../features/certificates/PublicCertificatePage.tsx'),
  props: (p) => ({ kind, certificateId: p.certificateId }),
  data: async (p, _profile, read) => {
    if (!p.certificateId?.trim()) return;
    const { KINDS } = await import('../features/certificates/kinds.ts');
    const { publicPath } = await import('../features/certificates/api.ts');
    await read(publicPath(KINDS[kind], p.certificateId.trim()));
  },
});

export const PUBLIC_PAGES: PublicPage[] = [
  {
    pattern: '/',
    src: 'src/app/HomeRoute.tsx',
    load: () => import('../app/HomeRoute.tsx'),
    data: async (_p, profile, read) => {
      if (!profile) return;
      await Promise.all([read(`/api/Corosal/by-user/${profile.createdByUserId}`), read(`/api/Blog/by-user/${profile.createdByUserId}`)]);
    },
    trim: async (data) => {
      const profile = data[PROFILE_PATH] as SiteProfile | undefined;
      return profile ? { ...data, [PROFILE_PATH]: homeProfile(profile) } : data;
    },
  },
  {
    pattern: '/seva-full',
    title: TERMS.services.mr,
    src: 'src/features/site/ServicesPage.tsx',
    load: () => import('../features/site/ServicesPage.tsx'),
  },
  {
    pattern: '/seva',
    title: TERMS.services.mr,
    src: 'src/features/site/ServicesPage.tsx',
    load: () => import('../features/site/ServicesPage.tsx'),
  },
  {
    pattern: '/yojna-full',
    title: TERMS.schemes.mr,
    src: 'src/features/site/SchemesPage.tsx',
    load: () => import('../features/site/SchemesPage.tsx'),
  },
  {
    pattern: '/samiti-full',
    title: TERMS.committees.mr,
    src: 'src/features/site/CommitteesPage.tsx',
    load: () => import('../features/site/CommitteesPage.tsx'),
  },
  qr('residence'),
  qr('birth'),
  qr('death'),
  qr('marriage'),
  // The property pages (spec 2.2, 2.9) and the receipt check: the search's form with a captcha the
  // server made; the certificate and the receipt with their record, or the server's refusal.
  {
    pattern: '/usermalmatta',
    title: TERMS.propertyDetails.mr,
    src: 'src/features/properties/PublicPropertySearchPage.tsx',
    load: () => import('../features/properties/PublicPropertySearchPage.tsx'),
    data: async (_p, _profile, read) => {
      const { CAPTCHA_PATH } = await import('../features/properties/publicApi.ts');
      await read(CAPTCHA_PATH);
    },
    // The captcha's `svg` (the picture again, for earlier clients) stays out of the page.
    trim: async (data) => {
      const { CAPTCHA_PATH } = await import('../features/properties/publicApi.ts');
      const captcha = data[CAPTCHA_PATH] as Record<string, unknown> | undefined;
      if (!captcha) return data;
      const { svg: _svg, ...rest } = captcha;
      return { ...data, [CAPTCHA_PATH]: rest };
    },
  },
  {
    pattern: '/propertyqr/:malmattaNo?/:createdByUserId?',
    title: TERMS.propertyTaxCertificate.mr,
    // The signature of a council's QR link (security issue 25): the read takes it along.
    query: ['s'],
    src: 'src/features/properties/PropertyCertificatePage.tsx',
    load: () => import('../features/properties/PropertyCertificatePage.tsx'),
    props: (p) => ({ malmattaNo: p.malmattaNo, createdByUserId: p.createdByUserId, s: p.s }),
    data: async (p, _profile, read) => {
      const number = p.malmattaNo?.trim();
      const userId = p.createdByUserId?.trim();
      if (!number || !userId) return;
      const [{ certificatePath }, { certificateNumber }] = await Promise.all([
        import('../features/properties/publicApi.ts'),
        import('../../../common/property/malmatta.ts'),
      ]);
      await read(certificatePath(certificateNumber(number), userId, p.s));
    },
  },
  {
    pattern: '/receiptqr/:receiptId',
    title: TERMS.receiptCheck.mr,
    src: 'src/features/tax/ReceiptCheckPage.tsx',
    load: () => import('../features/tax/ReceiptCheckPage.tsx'),
    props: (p) => ({ receiptId: p.receiptId }),
    data: async (p, _profile, read) => {
      const { publicReceiptPath } = await import('../features/tax/api.ts');
      await read(publicReceiptPath(p.receiptId ?? ''));
    },
  },
  // Anyone checks a PDF the portal signed (issue 31).
  { pattern: '/verify', src: 'src/features/verify/VerifyPage.tsx', load: () => import('../features/verify/VerifyPage.tsx') },
];

/** The page for a path and its parameters (`:name`, `:name?` as in the router, then the query fields
 *  the page names), or null. */
export function matchPublic(pathname: string, search = ''): { page: PublicPage; params: Params } | null {
  const parts = pathname.split('/').filter(Boolean);
  const query = new URLSearchParams(search);
  for (const page of PUBLIC_PAGES) {
    const pattern = page.pattern.split('/').filter(Boolean);
    const params: Params = {};
    for (const name of page.query ?? []) params[name] = query.get(name) ?? undefined;
    let ok = parts.length <= pattern.length;
    for (let i = 0; ok && i < pattern.length; i++) {
      const seg = pattern[i];
      const part = parts[i];
      if (seg.startsWith(':')) {
        const optional = seg.endsWith('?');
        const name = seg.slice(1, optional ? -1 : undefined);
        if (part === undefined && !optional) ok = false;
        else if (part !== undefined)
          try {
            params[name] = decodeURIComponent(part);
          } catch {
            ok = false;
          }
      } else if (seg !== part) ok = false;
    }
    if (ok) return { page, params };
  }
  return null;
}
