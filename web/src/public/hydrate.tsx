// Hydration of a server-rendered public page (issue 12): React takes over the HTML the server sent,
// starting from the API answers inlined in it. No router, no MUI and no query library: the links
// between public pages are plain page loads, and the staff app (main.tsx) is another bundle.
// Loaded by entry-client.tsx once the page has painted.
import { StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import PublicFrame from '../app/layouts/PublicFrame.tsx';
import { SCROLL_KEY } from '../app/layouts/Header.tsx';
import { scrollToSection } from '../app/scroll.ts';
import type { Params, PublicPage } from './pages.ts';

/** Marks the page as live (html[data-hydrated]) once React has taken it over: the header menu,
 *  dialogs and slider answer from then on. Browser tests wait on it before clicking. */
function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

export function hydrate(page: PublicPage, params: Params, mod: { default: React.ComponentType<never> }) {
  const Page = mod.default as React.ComponentType<Record<string, unknown>>;
  const props = page.props?.(params) ?? {};
  // As a transition: React yields to the browser every few milliseconds instead of holding a slow
  // phone's main thread for the whole page (Lighthouse's total blocking time).
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <PublicFrame>
          <Page {...props} />
        </PublicFrame>
        <Hydrated />
      </StrictMode>,
    );
  });
  // A menu item clicked on another page: scroll to its section once here (Header.tsx).
  const section = sessionStorage.getItem(SCROLL_KEY);
  if (section && window.location.pathname === '/') {
    sessionStorage.removeItem(SCROLL_KEY);
    setTimeout(() => scrollToSection(section), 300);
  }
}
