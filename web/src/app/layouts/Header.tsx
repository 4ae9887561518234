// Public header bar (spec 2.2): contact strip on wide screens, logo and title, five menu items
// (a 280 px drawer below 900 px), LOGIN / LOGOUT with a confirmation dialog. Plain elements and
// public.css; the drawer and the dialog are the browser's <dialog> (HeaderOverlays.tsx). No router:
// the server renders this header (navigation.ts).
import { useState } from 'react';
import Icon from '../../components/Icon.tsx';
import { EMAIL, MENU as MENU_ICON, PHONE } from '../../components/icons.ts';
import { useSession } from '../../lib/session.ts';
import { logout as endSession } from '../../lib/api.ts';
import { officePlace, officeTitle, useSiteProfile } from '../../features/site/api.ts';
import { ROUTE_DELAY_MS, scrollToSection } from '../scroll.ts';
import { navigateTo } from '../navigation.ts';
import { LogoutDialog, MenuDrawer } from './HeaderOverlays.tsx';

/** The section to scroll to once the home page has loaded, after a menu click on another page. */
export const SCROLL_KEY = 'gp-scroll-to';

/** The portal's mark (public/favicon.svg) where the office has no logo, drawn in the page: no
 *  request while a slow connection brings the first slide, and no image decoding (an SVG in an
 *  <img>, even a data: URI, is a document of its own: ~9 ms of the first paint on a slow machine). */
function Mark() {
  return (
    <svg viewBox="0 0 64 64" width={44} height={44} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="12" fill="#0d47a1" />
      <path d="M32 10 8 28h6v24h14V38h8v14h14V28h6z" fill="#ffb300" />
    </svg>
  );
}

const MENU: { label: string; section?: string; path?: string }[] = [
  { label: 'मुख्यपृष्ठ', section: 'home' },
  { label: 'ग्रामपंचायत', section: 'grampanchayat' },
  { label: 'योजना', section: 'yojana' },
  { label: 'समिती', section: 'samiti' },
  { label: 'मालमत्ता तपशील', path: '/usermalmatta' },
];

export default function Header() {
  const session = useSession();
  const profile = useSiteProfile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // Mounted from the first opening on, so they can animate closed.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const [confirmWanted, setConfirmWanted] = useState(false);

  const openDrawer = () => {
    setDrawerWanted(true);
    setDrawerOpen(true);
  };
  const openConfirm = () => {
    setConfirmWanted(true);
    setConfirmOpen(true);
  };

  const go = (item: (typeof MENU)[number]) => {
    setDrawerOpen(false);
    if (item.path) return navigateTo(item.path);
    if (window.location.pathname === '/') scrollToSection(item.section!);
    else if (item.section === 'home') navigateTo('/');
    else {
      // A server-rendered page loads the home page and scrolls there (public/entry-client.tsx).
      sessionStorage.setItem(SCROLL_KEY, item.section!);
      navigateTo('/');
      setTimeout(() => {
        if (window.location.pathname === '/' && sessionStorage.getItem(SCROLL_KEY)) {
          sessionStorage.removeItem(SCROLL_KEY);
          scrollToSection(item.section!);
        }
      }, ROUTE_DELAY_MS);
    }
  };

  const logout = () => {
    endSession();
    setConfirmOpen(false);
    window.location.assign('/');
  };

  const officeName = officeTitle(profile);
  const subtitle = officePlace(profile);

  return (
    <>
      {(profile?.phone || profile?.email) && (
        <div className="gp-topstrip">
          {profile.phone && (
            <a href={`tel:${profile.phone}`}>
              <Icon d={PHONE} size={16} />
              {profile.phone}
            </a>
          )}
          {profile.email && (
            <a href={`mailto:${profile.email}`}>
              <Icon d={EMAIL} size={16} />
              {profile.email}
            </a>
          )}
        </div>
      )}
      <header className="gp-appbar">
        <div className="gp-toolbar">
          <a
            className="gp-brand"
            href="/"
            onClick={(e) => {
              e.preventDefault();
              go(MENU[0]);
            }}
          >
            {profile?.logoUrl ? <img src={profile.logoUrl} alt="" width={44} height={44} /> : <Mark />}
            <span className="gp-brand__text">
              <span className="gp-brand__title" data-testid="office-title">
                {officeName}
              </span>
              {/* Always there, so the title does not move when the profile arrives. */}
              <span className="gp-brand__subtitle">{subtitle || '\u00a0'}</span>
            </span>
          </a>
          <nav className="gp-nav" aria-label="मुख्य मेनू">
            {MENU.map((m) => (
              <button type="button" key={m.label} onClick={() => go(m)}>
                {m.label}
              </button>
            ))}
          </nav>
          {session ? (
            <button type="button" className="gp-btn gp-login" onClick={openConfirm}>
              लॉगआउट / LOGOUT
            </button>
          ) : (
            <button type="button" className="gp-btn gp-btn--solid gp-login" onClick={() => navigateTo('/login')}>
              लॉगिन / LOGIN
            </button>
          )}
          <button type="button" className="gp-icon-button gp-hamburger" aria-label="मेनू उघडा" onClick={openDrawer}>
            <Icon d={MENU_ICON} />
          </button>
        </div>
      </header>
      <>
        {drawerWanted && (
          <MenuDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            items={MENU.map((m) => m.label)}
            onItem={(i) => go(MENU[i])}
            loginLabel={session ? 'लॉगआउट / LOGOUT' : 'लॉगिन / LOGIN'}
            onLogin={() => {
              setDrawerOpen(false);
              if (session) openConfirm();
              else navigateTo('/login');
            }}
          />
        )}
        {confirmWanted && <LogoutDialog open={confirmOpen} onClose={() => setConfirmOpen(false)} onLogout={logout} />}
      </>
    </>
  );
}
