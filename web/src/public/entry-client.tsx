// The public pages' script (public.html). The server's HTML is the page: it reads and is styled
// before any script runs. This small entry comes once the browser has painted it with its largest
// image, then fetches React and the page's code together and hydrates (hydrate.tsx), so a slow
// phone's first paint and its largest image never wait behind the framework's download and start-up.
import '../app/fonts.css';
import { readPreloadedFromPage } from '../lib/preloaded.ts';
import { matchPublic } from './pages.ts';

// The page's data before any page module runs (HomeRoute.tsx checks it when it loads).
readPreloadedFromPage();

let started = false;
function start() {
  if (started) return;
  started = true;
  const match = matchPublic(window.location.pathname, window.location.search);
  if (!match) return;
  void Promise.all([import('./hydrate.tsx'), match.page.load()]).then(([h, mod]) => h.hydrate(match.page, match.params, mod));
}

// The server adds this script once the page has painted with its largest image (the home's first
// slide, fetchpriority=high; server/plugins/spa.ts, deferEntry). Loaded any other way, it still waits
// for that image, so the scripts never share a slow connection with it; a phone whose image is very
// slow gets the menu and dialogs after a few seconds anyway.
const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
if (hero && !hero.complete) {
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  hero.addEventListener('load', afterPaint, { once: true });
  hero.addEventListener('error', afterPaint, { once: true });
  setTimeout(start, 4000);
} else start();
