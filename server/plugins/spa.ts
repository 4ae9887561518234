// Serves the built web app and uploaded images. Hashed assets are cached for a year and sent
// pre-compressed (.br/.gz written at build time). The public pages (home, services, schemes,
// committees, the certificate, property and receipt QR pages, the property search) are rendered here from React (web/src/public/
// entry-server.tsx, built into web/dist-server) with their data inlined for hydration (issue 12);
// every other non-API GET gets index.html, the staff app. A public page the server cannot read for
// (a 5xx: the database down) or render gets index.html too, with 503 or 500 and a notice for
// browsers without JavaScript. Unknown /api paths answer the 404 envelope.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './envelope.ts';
import { escapeHtml, scriptJson } from '../lib/html.ts';
import { uploadStoreOf } from '../lib/uploads.ts';

export type IndexTransform = (html: string, request: FastifyRequest) => string | Promise<string>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Areas add head metadata to the served index.html here (site profile, Open Graph…). */
    indexTransforms: IndexTransform[];
  }
}

const YEAR = 'public, max-age=31536000, immutable';

/** What web/dist-server/entry-server.js exports. */
interface SsrEntry {
  render(
    url: string,
    get: (path: string) => Promise<unknown>,
  ): Promise<{
    html: string;
    data: Record<string, unknown>;
    module: string;
    title?: string;
    preloadImage?: { href: string; srcSet?: string; sizes: string };
  } | null>;
  /** Whether the web app has a page at the path; missing in an older build. */
  knows?(pathname: string): boolean;
}

/** The module the public entry loads after the first paint (web/src/public/hydrate.tsx). */
const HYDRATE_MODULE = 'src/public/hydrate.tsx';

type Manifest = Record<string, { file: string; name?: string; src?: string; isDynamicEntry?: boolean; css?: string[]; imports?: string[] }>;

/** <link> tags for the stylesheets of modules' chunks and the chunks they import, so the page
 *  is styled before any script runs. */
function linksOf(manifest: Manifest, keys: string[], template: string): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  // Imports first: the shared stylesheets come before the page's own, as the bundler orders them.
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.imports?.forEach(visit);
    chunk.css?.forEach((c) => styles.add(c));
  };
  // A module both apps import lazily can be listed by its chunk name rather than its source path.
  for (const key of keys) {
    const name = path.basename(key).replace(/\.[^.]+$/, '');
    visit(manifest[key] ? key : (Object.keys(manifest).find((k) => manifest[k].name === name && manifest[k].file.endsWith('.js')) ?? key));
  }
  // Stylesheets only: the scripts load after the first paint (web/src/public/entry-client.tsx).
  const linked = (file: string) => template.includes(`/${file}"`);
  return [...styles]
    .filter((c) => !linked(c))
    .map((c) => `<link rel="stylesheet" crossorigin href="/${c}">`)
    .join('');
}

/** The public pages' stylesheets are small (~4–5 KB gzip in all): inlined, they cost no round
 *  trip before the first paint on a slow connection. */
function inlineStyles(html: string, webDist: string): string {
  return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
    const abs = path.join(webDist, file);
    if (!fs.existsSync(abs)) return tag;
    // The disabled link is never fetched; it tells the bundler's loader (which looks for the
    // stylesheet's <link> before a lazy page chunk runs) that this stylesheet is already here.
    const css = fs.readFileSync(abs, 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
  });
}

/** The public entry's <script type=module> (and the modulepreload of its helper chunk) become a
 *  small inline script at the end of <body> that adds the entry once the page has painted with its
 *  largest image (the home's first slide). A module script in the HTML is fetched beside the slide
 *  and runs before the first paint, so Lighthouse counts its download and start into both first and
 *  largest paint; added later it counts into neither, and a slow phone's bandwidth goes to the slide.
 *  The inline script is allowed by its hash in the page's Content-Security-Policy. */
function deferEntry(html: string): { html: string; hash?: string } {
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/.exec(html);
  if (!entry) return { html };
  const loader =
    '(function(){var d=document,done=0,h=d.querySelector(\'img[fetchpriority="high"]\');' +
    'function add(){if(done)return;done=1;var s=d.createElement("script");s.type="module";s.crossOrigin="";' +
    `s.src=${JSON.stringify(entry[1])};d.head.appendChild(s)}` +
    'function go(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(add,0)})})}' +
    'if(h&&!h.complete){h.addEventListener("load",go);h.addEventListener("error",go);setTimeout(add,4000)}else go()})()';
  const hash = `'sha256-${crypto.createHash('sha256').update(loader).digest('base64')}'`;
  return {
    html: html
      .replace(entry[0], '')
      .replace(/<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">\s*/g, '')
      .replace('</body>', () => `<script>${loader}</script></body>`),
    hash,
  };
}

/** Whether the request's Accept-Encoding takes brotli. */
function acceptsBrotli(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== 'br') return false;
    const q = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** The pages' HTML at brotli's best quality, made in the background (~0.1 s of CPU for the home)
 *  once a page has been asked for PACK_AFTER times, and sent from then on: 20% fewer bytes than the
 *  compress plugin's quick level (quality 4), so the home fits the first round trip of a slow
 *  connection (issue 12). A page asked for a few times (a QR page: one certificate, a scan or two)
 *  costs no packing: packed from its second request, as it was, the QR pages of a district under
 *  load spent a tenth of a second of CPU each on a copy seldom sent again (bench/request-cost.ts).
 *  The page is still rendered for every request; only its compressed form is kept, keyed by its
 *  content. */
const PACK_AFTER = 4;
function htmlPacker(limit = 128) {
  // A number: times asked for; packing: under way; a Buffer: ready.
  const packed = new Map<string, Buffer | number | 'packing'>();
  const remember = (key: string, value: Buffer | number | 'packing') => {
    packed.delete(key);
    packed.set(key, value);
    if (packed.size > limit) packed.delete(packed.keys().next().value!);
  };
  return (html: string): Buffer | undefined => {
    const key = crypto.createHash('sha1').update(html).digest('base64');
    const hit = packed.get(key);
    if (hit instanceof Buffer) {
      remember(key, hit); // the pages asked for most stay
      return hit;
    }
    if (hit === 'packing') return undefined;
    const asked = (typeof hit === 'number' ? hit : 0) + 1;
    if (asked < PACK_AFTER) {
      remember(key, asked);
      return undefined;
    }
    remember(key, 'packing');
    const raw = Buffer.from(html);
    zlib.brotliCompress(
      raw,
      { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } },
      (err, buf) => {
        if (err) packed.delete(key);
        else if (packed.get(key) === 'packing') packed.set(key, buf);
      },
    );
    return undefined;
  };
}

/** Where index.html's placeholder (shown until the staff app renders) takes the notice below. */
const UNAVAILABLE_PLACEHOLDER = '<!--app-unavailable-->';

/** index.html with a notice, Marathi first, shown only without JavaScript (with it, the staff app
 *  renders the page), in place of the placeholder's loading line, which nothing would replace. */
function shellNotice(template: string, mr: string, en: string, link: { href: string; text: string }, testId: string): string {
  const notice =
    '<noscript><style>.gp-shell-loading{display:none}</style>' +
    `<div role="alert" data-testid="${testId}" style="max-width:32em;padding:0 16px;text-align:center;font-size:16px;line-height:1.6;color:#222">` +
    `<p style="margin:0 0 8px">${mr}</p>` +
    `<p lang="en" style="margin:0 0 12px">${en}</p>` +
    `<a href="${escapeHtml(link.href)}" style="color:#0d47a1">${link.text}</a></div></noscript>`;
  return template.replace(UNAVAILABLE_PLACEHOLDER, () => notice);
}

/** The kinds of file the portal stores as uploads, by their names' endings. */
const UPLOAD_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };
/** A public page the server could not render: it says so, with a link that asks for the page again
 *  (the browser app renders it and reads again). */
const unavailableShell = (template: string, url: string) =>
  shellNotice(
    template,
    'हे पान आत्ता उघडता आले नाही. कृपया थोड्या वेळाने पुन्हा प्रयत्न करा.',
    'This page could not be loaded right now. Please try again in a little while.',
    { href: url, text: 'पुन्हा प्रयत्न करा / Try again' },
    'page-unavailable',
  );

/** An address the app has no page for (components/NotFoundPage.tsx says the same with JavaScript). */
const notFoundShell = (template: string) =>
  shellNotice(template, 'पृष्ठ सापडले नाही', 'Page not found (404)', { href: '/', text: 'मुख्यपृष्ठावर जा' }, 'page-not-found');

export default fp(async function spa(app: FastifyInstance, opts: { webDist: string; uploadsDir: string }) {
  app.decorate('indexTransforms', [] as IndexTransform[]);
  fs.mkdirSync(opts.uploadsDir, { recursive: true });

  // Upload names are random and never reused, so they can be cached as long as assets.
  const store = uploadStoreOf(opts.uploadsDir);
  if (store)
    // Kept in the database (several portal processes): any process serves any upload.
    app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      const type = UPLOAD_TYPES[path.extname(name).toLowerCase()];
      const data = type && /^[\w/.-]{1,200}$/.test(name) && !name.includes('..') ? await store.read(name) : undefined;
      if (!data) return sendError(reply, 404, `No such address: ${request.method} ${request.url.split('?')[0]}`);
      return reply.type(type).header('cache-control', YEAR).send(data);
    });
  else
    await app.register(fastifyStatic, {
      root: opts.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      setHeaders: (res) => res.header('cache-control', YEAR),
    });

  const indexFile = path.join(opts.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (!hasWeb) app.log.warn(`No built web app in ${opts.webDist}: run "npm run build". The API works without it.`);
  else {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      index: false,
      // A route for each file of the build, found once at start: a server-rendered page's address
      // (/propertyqr/…) goes straight to the not-found handler below, where a catch-all route
      // stat()ed and read the folder for it on every request (~5% of a public page's CPU,
      // bench/request-cost.ts). The build does not change under a running portal.
      wildcard: false,
      preCompressed: true,
      setHeaders: (res, filePath) =>
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? YEAR : 'public, max-age=3600'),
    });
  }
  // The server-rendered public pages: their HTML shell (public.html, with the hashed script and
  // stylesheet) and the SSR bundle. Without them (an older build) every page is the staff app.
  const publicFile = path.join(opts.webDist, 'public.html');
  const ssrFile = path.join(opts.webDist, '..', 'dist-server', 'entry-server.js');
  const hasSsr =
    hasWeb && fs.existsSync(publicFile) && fs.existsSync(ssrFile) && fs.existsSync(path.join(opts.webDist, '.vite', 'manifest.json'));
  if (hasWeb && !hasSsr) app.log.warn(`No server-side rendering bundle in ${ssrFile}: public pages are rendered in the browser.`);
  // The bundle is loaded as the portal starts (~25 ms), not by its first visitor. One that cannot be
  // loaded (a broken build) is said once in the log at start, and every page is then the browser
  // app, as without a bundle; a failed import kept and awaited by each request made every page,
  // the login's and the staff screens' too, a 500 until a restart. The build does not change under
  // a running portal, so it is not tried again.
  let ssr: SsrEntry | undefined;
  if (hasSsr)
    app.addHook('onReady', async () => {
      try {
        ssr = (await import(pathToFileURL(ssrFile).href)) as SsrEntry;
      } catch (err) {
        app.log.error(
          { err },
          `The server-side rendering bundle ${ssrFile} could not be loaded: public pages are rendered in the browser.`,
        );
      }
    });
  let manifest: Manifest | undefined;
  const pageLinks: Record<string, string> = {};

  /** Pages built from a read the API marks no-store (a captcha, a receipt): sent no-store too. */
  const unstored = new WeakSet<FastifyRequest>();
  /** Pages whose first read was counted against the visitor's address, and not refused: their
   *  other reads are not counted again (app.rateLimit.pageReadHeaders). */
  const counted = new WeakSet<FastifyRequest>();

  /** An API read for the page, in-process, as from the visitor's address (per-address limits such
   *  as the captcha's count the visitor, not the server; the page counts once): the result of a 200
   *  envelope; any other answer throws its status and message (the page shows a 4xx's words,
   *  entry-server.tsx). */
  async function read(url: string, request: FastifyRequest): Promise<unknown> {
    const headers = { accept: 'application/json', ...(counted.has(request) ? app.rateLimit.pageReadHeaders : {}) };
    const res = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    if (res.statusCode !== 429) counted.add(request);
    // A page is kept no longer than its reads may be: the search's captcha is answered once, so a
    // stored copy of the page (the browser's Back) would carry a spent one.
    if (String(res.headers['cache-control'] ?? '').includes('no-store')) unstored.add(request);
    if (res.statusCode !== 200) {
      let message = '';
      try {
        message = String((JSON.parse(res.body) as { message?: unknown }).message ?? '');
      } catch {
        /* not an envelope */
      }
      throw Object.assign(new Error(message || `Request failed with status: ${res.statusCode}`), { status: res.statusCode });
    }
    return (JSON.parse(res.body) as { result?: unknown }).result;
  }

  async function renderPublic(request: FastifyRequest): Promise<string | null> {
    if (!ssr) return null;
    const page = await ssr.render(request.url, (url) => read(url, request));
    if (!page) return null;
    rawPublicTemplate ??= fs.readFileSync(publicFile, 'utf8');
    if (publicTemplate === undefined) {
      const deferred = deferEntry(inlineStyles(rawPublicTemplate, opts.webDist));
      publicTemplate = deferred.html;
      loaderHash = deferred.hash;
    }
    manifest ??= JSON.parse(fs.readFileSync(path.join(opts.webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const img = page.preloadImage;
    const head = img
      ? `<link rel="preload" as="image" href="${escapeHtml(img.href)}"${img.srcSet ? ` imagesrcset="${escapeHtml(img.srcSet)}" imagesizes="${escapeHtml(img.sizes)}"` : ''} fetchpriority="high">`
      : '';
    // The page's own stylesheets after the entry's (the end of <head>).
    // The hydration code's stylesheets (the public layout) and the page's own, all in the HTML.
    const links = (pageLinks[page.module] ??= inlineStyles(
      linksOf(manifest, [HYDRATE_MODULE, page.module], rawPublicTemplate),
      opts.webDist,
    ));
    return publicTemplate
      .replace(/<title>[^<]*<\/title>/, (t) => (page.title ? `<title>${escapeHtml(page.title)}</title>` : t))
      .replace('<!--app-head-->', () => head)
      .replace('</head>', () => `${links}</head>`)
      .replace('<!--app-html-->', () => page.html)
      .replace('<!--app-data-->', () => `<script type="application/json" id="gp-data">${scriptJson(page.data)}</script>`);
  }

  const packHtml = htmlPacker();
  let template: string | undefined;
  let publicTemplate: string | undefined;
  let rawPublicTemplate: string | undefined;
  let loaderHash: string | undefined;
  async function serveIndex(request: FastifyRequest, reply: FastifyReply) {
    let html: string | null = null;
    /** The status of a public page that could not be rendered: 503 when a read it needs failed
     *  (the database down), 500 when rendering itself did. */
    let failed: number | undefined;
    try {
      html = await renderPublic(request);
      // The public entry's inline loader (deferEntry): helmet's policy plus its hash.
      const csp = reply.getHeader('content-security-policy');
      if (html !== null && loaderHash && typeof csp === 'string')
        reply.header('content-security-policy', csp.replace("script-src 'self'", `script-src 'self' ${loaderHash}`));
      // A public page holds nothing a cross-origin opener could take (no login, no secret), so it
      // is sent without helmet's Cross-Origin-Opener-Policy: same-origin. That header makes the
      // browser put the page in a new browsing context group, a renderer process of its own started
      // cold on every arrival from a search result or a QR scanner (and Chrome on Android isolates
      // a site that sends it): Lighthouse's blocking time on the home 164–592 → 15–122 ms (issue 12,
      // bench/README.md). The staff app (index.html, /login) keeps it, so a public page's opener
      // loses its handle as soon as the tab moves on to a staff page.
      if (html !== null) reply.removeHeader('cross-origin-opener-policy');
    } catch (err) {
      request.log.error({ err }, 'server-side rendering failed');
      failed = typeof (err as { status?: unknown }).status === 'number' ? 503 : 500;
    }
    if (html === null) {
      template ??= fs.readFileSync(indexFile, 'utf8');
      // A failed page: the staff app, which renders the page in the browser and reads again (it may
      // get through once the database is back); without JavaScript, a notice instead of its
      // loading line, which nothing would ever replace.
      html = failed ? unavailableShell(template, request.url) : template;
    }
    // An address the app has no page for: the staff app shows its "not found" page (the router's),
    // sent with 404 so that search engines and link checkers see a missing page.
    const missing = html === template && ssr?.knows?.(request.url.split('?')[0]) === false;
    if (missing) html = notFoundShell(template!);
    for (const t of app.indexTransforms) html = await t(html, request);
    // A failure is not kept by the browser or a proxy: the next visit asks again.
    const unique = unstored.has(request) || failed !== undefined;
    reply
      .code(failed ?? (missing ? 404 : 200))
      .type('text/html; charset=utf-8')
      .header('cache-control', unique ? 'no-store' : 'no-cache');
    // Already compressed: the compress plugin leaves it as it is. A page made for one visitor (a
    // captcha, a receipt) is never sent twice, so it is not packed at brotli 11 for a next time.
    const packed = !unique && acceptsBrotli(request) ? packHtml(html) : undefined;
    if (packed) return reply.header('content-encoding', 'br').header('vary', 'accept-encoding').send(packed);
    return reply.send(html);
  }
  // The static plugin would answer "/" as a directory listing (403); the app is the answer.
  if (hasWeb) app.get('/', { schema: { hide: true } }, serveIndex);

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    // "/api" and below only: the staff screen /apiTokens is the app's.
    if (/^\/api(\/|\?|$)/.test(url) || url.startsWith('/uploads/'))
      return sendError(reply, 404, `No such address: ${request.method} ${url.split('?')[0]}`);
    if (!hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) return sendError(reply, 404, 'Not found.');
    // A file-like path that is not there (old hashed asset) is a real 404, not the app.
    if (/\.[a-z0-9]{2,5}$/i.test(url.split('?')[0])) return sendError(reply, 404, 'Not found.');
    return serveIndex(request, reply);
  });
});
