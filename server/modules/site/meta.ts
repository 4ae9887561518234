// Head metadata of the served index.html, from the public council's site profile: description,
// Open Graph and Twitter cards with the 1200x630 preview, and schema.org JSON-LD. Link previews
// (WhatsApp, Facebook) do not run JavaScript, so this has to be in the HTML the server sends.
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IndexTransform } from '../../plugins/spa.ts';
import { NEUTRAL_OFFICE } from '../../lib/pdf/index.ts';
import { DEFAULT_PROFILE } from './defaults.ts';
import { OG_HEIGHT, OG_WIDTH, ogImage } from './og-image.ts';
import type { SiteProfileBody } from './schema.ts';
import { getProfile, publicUserId } from './service.ts';
import { escapeHtml, scriptJson } from '../../lib/html.ts';
import { pageTitle } from '../../../common/glossary.ts';

const META_PLACEHOLDER = '<!--app-meta-->';
const CACHE_MS = 5000;

const place = (p: Pick<SiteProfileBody, 'block' | 'district'>) =>
  [p.block && `ता. ${p.block}`, p.district && `जि. ${p.district}`].filter(Boolean).join(', ');

function description(p: SiteProfileBody): string {
  const where = place(p);
  return `${p.officeName}${where ? ` (${where})` : ''} यांचे अधिकृत संकेतस्थळ: ग्रामपंचायतीची माहिती, शासकीय योजना, समित्या, बातम्या, दाखले आणि मालमत्ता कर.`;
}

function absolute(base: string, url: string) {
  return url.startsWith('/') ? base + url : url;
}

const socialLinks = (p: SiteProfileBody) => [p.facebookUrl, p.twitterUrl, p.instagramUrl].filter((u): u is string => !!u);

function organisation(p: SiteProfileBody, base: string, imageUrl?: string) {
  const omitEmpty = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== undefined && v !== null));
  return omitEmpty({
    '@context': 'https://schema.org',
    '@type': 'GovernmentOrganization',
    name: p.officeName,
    alternateName: p.officeNameEnglish,
    url: `${base}/`,
    description: description(p),
    logo: p.logoUrl ? absolute(base, p.logoUrl) : undefined,
    image: imageUrl,
    telephone: p.phone,
    email: p.email,
    address: omitEmpty({
      '@type': 'PostalAddress',
      streetAddress: p.address,
      addressLocality: [p.block, p.district].filter(Boolean).join(', '),
      postalCode: p.postalCode,
      addressRegion: 'Maharashtra',
      addressCountry: 'IN',
    }),
    geo:
      p.latitude !== null && p.longitude !== null ? { '@type': 'GeoCoordinates', latitude: p.latitude, longitude: p.longitude } : undefined,
    // schema.org's place for an organisation's own pages elsewhere.
    sameAs: socialLinks(p).length ? socialLinks(p) : undefined,
  });
}

function renderHead(p: SiteProfileBody, base: string, pageUrl: string, imageUrl?: string): string {
  const title = escapeHtml(p.officeName);
  const desc = escapeHtml(description(p));
  const image = imageUrl ? escapeHtml(imageUrl) : '';
  return [
    `<meta name="description" content="${desc}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:locale" content="mr_IN">',
    `<meta property="og:site_name" content="${title}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${desc}">`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}">`,
    ...(image
      ? [
          `<meta property="og:image" content="${image}">`,
          `<meta property="og:image:width" content="${OG_WIDTH}">`,
          `<meta property="og:image:height" content="${OG_HEIGHT}">`,
          `<meta property="og:image:alt" content="${title}">`,
        ]
      : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${desc}">`,
    ...(image ? [`<meta name="twitter:image" content="${image}">`] : []),
    `<script type="application/ld+json">${scriptJson(organisation(p, base, imageUrl))}</script>`,
  ].join('\n');
}

/** The transform the SPA plugin runs on index.html, and `invalidate` for when the profile changes. */
export function siteMeta(app: FastifyInstance): { transform: IndexTransform; invalidate(): void } {
  const base = app.config.publicBaseUrl;
  const siteDir = path.join(app.config.dataDir, 'uploads', 'site');
  // The profile and the drawn image, kept a few seconds: every page load of the site passes here.
  let cached: { at: number; source: Promise<{ profile: SiteProfileBody; imageUrl?: string }> } | undefined;

  async function build() {
    const id = await publicUserId(app);
    const stored: SiteProfileBody = id ? await getProfile(app.db, id).catch(() => DEFAULT_PROFILE) : DEFAULT_PROFILE;
    // The page needs a title before the office has entered its name: the neutral one documents use.
    const profile = { ...stored, officeName: stored.officeName || NEUTRAL_OFFICE.officeName };
    let imageUrl: string | undefined;
    try {
      const footer = base.replace(/^https?:\/\//, '');
      const name = await ogImage(siteDir, { title: profile.officeName, subtitle: place(profile) || 'अधिकृत संकेतस्थळ', footer });
      imageUrl = `${base}/uploads/site/${name}`;
    } catch (err) {
      app.log.warn({ err }, 'could not draw the social preview image; pages go out without og:image');
    }
    return { profile, imageUrl };
  }

  const transform: IndexTransform = async (html: string, request: FastifyRequest) => {
    if (!html.includes(META_PLACEHOLDER)) return html;
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      const entry = { at: Date.now(), source: build() };
      entry.source.catch(() => {
        if (cached === entry) cached = undefined;
      });
      cached = entry;
    }
    let head = '';
    let officeName = '';
    try {
      const { profile, imageUrl } = await cached.source;
      officeName = profile.officeName;
      head = renderHead(profile, base, base + request.url.split('?')[0], imageUrl);
    } catch (err) {
      // The page must still open when the database is down; it just lacks the metadata.
      request.log.error({ err }, 'index metadata failed');
    }
    // The staff app's page (index.html, /login) keeps the generic title the build gave it until the
    // office has a name: then it names the office (a shared link, a bookmark). A server-rendered
    // public page has its own title already.
    const generic = `<title>${pageTitle()}</title>`;
    const named = officeName ? `<title>${escapeHtml(pageTitle(undefined, officeName))}</title>` : generic;
    return html.replace(META_PLACEHOLDER, () => head).replace(generic, () => named);
  };
  return {
    transform,
    invalidate: () => {
      cached = undefined;
    },
  };
}
