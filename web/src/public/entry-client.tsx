// The browser side of a server-rendered public page (issue 12): React hydrates the HTML the server
// sent, starting from the API answers inlined in it. No router, no MUI and no query library: the
// links between public pages are plain page loads, and the staff app (main.tsx) is another bundle.
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import '../app/fonts.css';
import { readPreloadedFromPage } from '../lib/preloaded.ts';
import PublicFrame from '../app/layouts/PublicFrame.tsx';
import { SCROLL_KEY } from '../app/layouts/Header.tsx';
import { scrollToSection } from '../app/scroll.ts';
import { matchPublic } from './pages.ts';

async function hydrate() {
  readPreloadedFromPage();
  const match = matchPublic(window.location.pathname);
  if (!match) return;
  const mod = await match.page.load();
  const Page = mod.default as React.ComponentType<Record<string, unknown>>;
  const props = match.page.props?.(match.params) ?? {};
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <PublicFrame>
        <Page {...props} />
      </PublicFrame>
    </StrictMode>,
  );
  // A menu item clicked on another page: scroll to its section once here (Header.tsx).
  const section = sessionStorage.getItem(SCROLL_KEY);
  if (section && window.location.pathname === '/') {
    sessionStorage.removeItem(SCROLL_KEY);
    setTimeout(() => scrollToSection(section), 300);
  }
}

void hydrate();
