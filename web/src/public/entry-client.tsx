// The public pages' script (public.html). The server's HTML is the page: it reads and is styled
// before any script runs. This small entry waits until the browser has painted it, then fetches
// React and the page's code together and hydrates (hydrate.tsx), so a slow phone's first paint and
// its largest image never wait behind the framework's download and start-up.
import '../app/fonts.css';
import { readPreloadedFromPage } from '../lib/preloaded.ts';
import { matchPublic } from './pages.ts';

// The page's data before any page module runs (HomeRoute.tsx checks it when it loads).
readPreloadedFromPage();

function start() {
  const match = matchPublic(window.location.pathname);
  if (!match) return;
  void Promise.all([import('./hydrate.tsx'), match.page.load()]).then(([h, mod]) => h.hydrate(match.page, match.params, mod));
}

// After the next frame: the first paint has happened.
requestAnimationFrame(() => setTimeout(start, 0));
