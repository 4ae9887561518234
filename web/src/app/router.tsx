// Every route of the spec's route table (spec 1, 2.1); the staff routes come from staffScreens.tsx.
// Staff pages and the QR pages are lazy, so the public home page does not carry them. Screens not
// built yet show a placeholder in their layout. The public pages the server renders (web/src/public/
// pages.ts) stay here too: the app shows them when the server could not render them.
import { lazy } from 'react';
import { createBrowserRouter, useParams, useSearchParams } from 'react-router-dom';
import PublicLayout from './layouts/PublicLayout.tsx';
import Guard from './Guard.tsx';
import HomePage from './HomeRoute.tsx';
import NotFoundPage from '../components/NotFoundPage.tsx';
import { sidebarLinks, staffScreens } from './staffScreens.tsx';

const AdminLayout = lazy(() => import('./layouts/AdminLayout.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage.tsx'));
const StaffPlaceholder = lazy(() => import('../components/StaffPlaceholder.tsx'));
const ServicesPage = lazy(() => import('../features/site/ServicesPage.tsx'));
const SchemesPage = lazy(() => import('../features/site/SchemesPage.tsx'));
const CommitteesPage = lazy(() => import('../features/site/CommitteesPage.tsx'));
const PublicCertificatePage = lazy(() => import('../features/certificates/PublicCertificatePage.tsx'));
const PublicPropertySearchPage = lazy(() => import('../features/properties/PublicPropertySearchPage.tsx'));
const PropertyCertificatePage = lazy(() => import('../features/properties/PropertyCertificatePage.tsx'));
const ReceiptCheckPage = lazy(() => import('../features/tax/ReceiptCheckPage.tsx'));

/** The certificate id from the address, for the page the server renders with it as a prop. */
function CertificateRoute({ kind }: { kind: 'residence' | 'birth' | 'death' | 'marriage' }) {
  return <PublicCertificatePage kind={kind} certificateId={useParams().certificateId} />;
}

/** The property certificate's and the receipt's parts of the address, as the server hands them over. */
function PropertyCertificateRoute() {
  const { malmattaNo, createdByUserId } = useParams();
  const [query] = useSearchParams();
  return <PropertyCertificatePage malmattaNo={malmattaNo} createdByUserId={createdByUserId} s={query.get('s') ?? undefined} />;
}
function ReceiptCheckRoute() {
  return <ReceiptCheckPage receiptId={useParams().receiptId} />;
}

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/reg', element: <RegisterPage /> },
      { path: '/seva-full', element: <ServicesPage /> },
      { path: '/seva', element: <ServicesPage /> },
      { path: '/yojna-full', element: <SchemesPage /> },
      { path: '/samiti-full', element: <CommitteesPage /> },
      { path: '/residenceqr/:certificateId?', element: <CertificateRoute key="residence" kind="residence" /> },
      { path: '/birthqr/:certificateId?', element: <CertificateRoute key="birth" kind="birth" /> },
      { path: '/deathqr/:certificateId?', element: <CertificateRoute key="death" kind="death" /> },
      { path: '/marriageqr/:certificateId?', element: <CertificateRoute key="marriage" kind="marriage" /> },
      { path: '/receiptqr/:receiptId', element: <ReceiptCheckRoute /> },
      { path: '/usermalmatta', element: <PublicPropertySearchPage /> },
      { path: '/propertyqr/:malmattaNo?/:createdByUserId?', element: <PropertyCertificateRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <Guard />,
    children: [
      {
        element: <AdminLayout links={sidebarLinks} />,
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
