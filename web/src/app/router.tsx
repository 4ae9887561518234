// Every route of the spec's route table (spec 1, 2.1); the staff routes come from staffScreens.tsx
// and the public pages the server renders from public/pages.ts (the one list of them): the app shows
// those when the server could not render them. Staff pages and the public pages but the home are
// lazy, so the home page does not carry them. Screens not built yet show a placeholder in their layout.
import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import PublicLayout from './layouts/PublicLayout.tsx';
import Guard from './Guard.tsx';
import HomePage from './HomeRoute.tsx';
import NotFoundPage from '../components/NotFoundPage.tsx';
import { PUBLIC_PAGES, type Params, type PublicPage } from '../public/pages.ts';
import { districtLinks, sidebarLinks, staffScreens } from './staffScreens.tsx';
import { isDistrictSession, useSession } from '../lib/session.ts';
import { usePageTitle } from '../lib/title.ts';
import { TERMS } from '../../../common/glossary.ts';
import { useSiteProfile } from '../features/site/api.ts';

/** Each staff screen's name for its <title>, by path. */
const staffTitles = Object.fromEntries(staffScreens.map((s) => [s.path, s.title.mr]));

const AdminLayout = lazy(() => import('./layouts/AdminLayout.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage.tsx'));
const StaffPlaceholder = lazy(() => import('../components/StaffPlaceholder.tsx'));

type PageComponent = ComponentType<Record<string, unknown>>;

/** A public page with the props the server renders it with: its parameters from the address (the
 *  query fields it names, then the path's, which win), through the page's `props`. */
function PublicRoute({ page, Page }: { page: PublicPage; Page: PageComponent }) {
  const path = useParams();
  const [query] = useSearchParams();
  const params: Params = {};
  for (const name of page.query ?? []) params[name] = query.get(name) ?? undefined;
  Object.assign(params, path);
  usePageTitle(page.title, useSiteProfile()?.officeName);
  return <Page {...(page.props?.(params) ?? {})} />;
}

/** A page of the staff app's public layout with its name in the <title>. */
function Titled({ name, children }: { name: string; children: React.ReactNode }) {
  usePageTitle(name, useSiteProfile()?.officeName);
  return children;
}

/** The staff screens' layout. A district account (issue 32) sees its own screens only: any other
 *  staff address sends it to its first (the council's screens would only answer it 403). */
function StaffLayout() {
  const district = isDistrictSession(useSession());
  const { pathname } = useLocation();
  if (district && !districtLinks.some((l) => l.to === pathname)) return <Navigate to={districtLinks[0].to} replace />;
  return <AdminLayout links={district ? districtLinks : sidebarLinks} titles={staffTitles} district={district} />;
}

/** The home page is in the main chunk: the staff app's first screen when the server did not render it. */
const publicRoutes = PUBLIC_PAGES.map((page) => {
  const Page = page.pattern === '/' ? HomePage : lazy(page.load as () => Promise<{ default: PageComponent }>);
  // A key per page: moving between two pages of one module (/seva and /seva-full, the QR kinds) starts afresh.
  return { path: page.pattern, element: <PublicRoute key={page.pattern} page={page} Page={Page} /> };
});

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      {
        path: '/login',
        element: (
          <Titled name={TERMS.login.mr}>
            <LoginPage />
          </Titled>
        ),
      },
      {
        path: '/reg',
        element: (
          <Titled name={TERMS.register.mr}>
            <RegisterPage />
          </Titled>
        ),
      },
      ...publicRoutes,
      {
        path: '*',
        element: (
          <Titled name={TERMS.notFound.mr}>
            <NotFoundPage />
          </Titled>
        ),
      },
    ],
  },
  {
    element: <Guard />,
    children: [
      {
        element: <StaffLayout />,
        children: [
          ...staffScreens.map((s) => ({
            path: s.path,
            element: s.element ?? <StaffPlaceholder title={`${s.title.mr} / ${s.title.en}`} />,
          })),
        ],
      },
    ],
  },
]);
