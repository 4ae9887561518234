// Server-side rendering of the public pages (issue 12): built by Vite's SSR build into
// web/dist-server/entry-server.js and called by the server (server/plugins/spa.ts) for a public
// address. It reads what the page shows through `read` (the API, in-process), renders the page to
// HTML and hands back those reads for the page's JSON, and the first slide for the preload link.
import { renderToString } from 'react-dom/server';
import { failureKey, setPreloaded, type ReadFailure } from '../lib/preloaded.ts';
import PublicFrame from '../app/layouts/PublicFrame.tsx';
import type { SiteProfile } from '../features/site/api.ts';
import { slideSources, type Slide } from '../features/carousel/api.ts';
import { matchPublic, PUBLIC_PAGES } from './pages.ts';
import { pageTitle } from '../../../common/glossary.ts';
import { staffScreens } from '../app/staffScreens.tsx';

export interface Rendered {
  html: string;
  /** Every API read the page used, by path: the browser starts from them (lib/preloaded.ts). */
  data: Record<string, unknown>;
  /** The page module (Vite manifest key): the server links its script chunk and stylesheets. */
  module: string;
  /** The page's <title>: its name and the office's. */
  title: string;
  /** The page's largest image, for <link rel=preload as=image fetchpriority=high>. */
  preloadImage?: { href: string; srcSet?: string; sizes: string };
}

/** Null when the path is not a public page the server renders. Throws when a read failed other
 *  than by a refusal (4xx), with that read's `status` when it had one. */
export async function render(url: string, get: (path: string) => Promise<unknown>): Promise<Rendered | null> {
  const address = new URL(url, 'http://x');
  const match = matchPublic(address.pathname, address.search);
  if (!match) return null;
  let data: Record<string, unknown> = {};
  const read = async (path: string) => {
    try {
      const result = await get(path);
      if (result !== undefined) data[path] = result;
      return result;
    } catch (err) {
      // A refusal (an unknown or malformed id) is the page's answer too: it shows the API's words.
      const status = (err as { status?: unknown }).status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        data[failureKey(path)] = { status, message: (err as Error).message } satisfies ReadFailure;
        return undefined;
      }
      // A read the server could not answer (the database down, a 5xx): no page with a hole in it
      // that only a script could fill; the server sends its notice instead (server/plugins/spa.ts).
      throw err;
    }
  };
  const profile = (await read('/api/Site/profile')) as SiteProfile | undefined;
  const [mod] = await Promise.all([match.page.load(), match.page.data?.(match.params, profile, read)]);
  const Page = mod.default as React.ComponentType<Record<string, unknown>>;
  const props = match.page.props?.(match.params) ?? {};
  if (match.page.trim) data = await match.page.trim(data);
  // Keys in a fixed order, not the order the reads finished in: the same answers make the same HTML,
  // which the brotli cache and ETags rely on (a CI run once saw two orders of one home page).
  data = Object.fromEntries(
    Object.keys(data)
      .sort()
      .map((k) => [k, data[k]]),
  );
  setPreloaded(data);
  let html: string;
  try {
    html = renderToString(
      <PublicFrame>
        <Page {...props} />
      </PublicFrame>,
    );
  } finally {
    setPreloaded({});
  }
  const slides = profile ? (data[`/api/Corosal/by-user/${profile.createdByUserId}`] as Slide[] | undefined) : undefined;
  let preloadImage: Rendered['preloadImage'];
  if (slides?.[0]) {
    const { src, srcSet, sizes } = slideSources(slides[0]);
    preloadImage = { href: src, srcSet, sizes };
  }
  return { html, data, module: match.page.src, title: pageTitle(match.page.title, profile?.officeName), preloadImage };
}

/** The public pages' address patterns (pages.ts), for the browser tests' sweeps over the route table. */
export const PUBLIC_PATTERNS = PUBLIC_PAGES.map((p) => p.pattern);

/** The staff app's addresses beside the public pages (app/router.tsx): login, registration, the staff screens. */
export const APP_PATHS = ['/login', '/reg', ...staffScreens.map((s) => s.path)];

/** Whether the web app has a page at this path (app/router.tsx's routes: the public pages, the staff
 *  screens of staffScreens.tsx, login). Any other address is the app's "not found" page, which the
 *  server sends with 404 so that search engines and links see a missing page. Case and a trailing
 *  slash are ignored, as the router ignores them. */
export function knows(pathname: string): boolean {
  if (matchPublic(pathname)) return true;
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return APP_PATHS.some((p) => p.toLowerCase() === path);
}
