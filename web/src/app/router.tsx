// Every route of the spec's route table (spec 1, 2.1). Staff pages and the QR pages are lazy, so
// the public home page does not carry them. Screens not built yet show a placeholder in their layout.
import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import PublicLayout from './layouts/PublicLayout.tsx';
import Guard from './Guard.tsx';
import HomePage from './HomeRoute.tsx';
import NotFoundPage from '../components/NotFoundPage.tsx';

const AdminLayout = lazy(() => import('./layouts/AdminLayout.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx'));
const ComingSoon = lazy(() => import('../components/ComingSoon.tsx'));
const StaffPlaceholder = lazy(() => import('../components/StaffPlaceholder.tsx'));
const ServicesPage = lazy(() => import('../features/site/ServicesPage.tsx'));
const SchemesPage = lazy(() => import('../features/site/SchemesPage.tsx'));
const CommitteesPage = lazy(() => import('../features/site/CommitteesPage.tsx'));
const SiteProfileAdminPage = lazy(() => import('../features/site/SiteProfileAdminPage.tsx'));
const CarouselAdminPage = lazy(() => import('../features/carousel/CarouselAdminPage.tsx'));
const NewsAdminPage = lazy(() => import('../features/blog/NewsAdminPage.tsx'));
const CertificateAdminPage = lazy(() => import('../features/certificates/CertificateAdminPage.tsx'));
const PublicCertificatePage = lazy(() => import('../features/certificates/PublicCertificatePage.tsx'));
const KarMagniPage = lazy(() => import('../features/tax/KarMagniPage.tsx'));
const KarListPage = lazy(() => import('../features/tax/KarListPage.tsx'));
const GhasaraPage = lazy(() => import('../features/tax/GhasaraPage.tsx'));
const ReceiptCheckPage = lazy(() => import('../features/tax/ReceiptCheckPage.tsx'));

const publicPlaceholder = (path: string, title: string) => ({ path, element: <ComingSoon title={title} /> });
const staffPlaceholder = (path: string, title: string) => ({ path, element: <StaffPlaceholder title={title} /> });

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
      { path: '/residenceqr/:certificateId?', element: <PublicCertificatePage key="residence" kind="residence" /> },
      { path: '/birthqr/:certificateId?', element: <PublicCertificatePage key="birth" kind="birth" /> },
      { path: '/deathqr/:certificateId?', element: <PublicCertificatePage key="death" kind="death" /> },
      { path: '/marriageqr/:certificateId?', element: <PublicCertificatePage key="marriage" kind="marriage" /> },
      { path: '/receiptqr/:receiptId', element: <ReceiptCheckPage /> },
      publicPlaceholder('/usermalmatta', 'मालमत्ता तपशील / Property details'),
      publicPlaceholder('/propertyqr/:malmattaNo/:createdByUserId', 'मालमत्ता कर प्रमाणपत्र / Property Tax Certificate'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <Guard />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { path: '/admin', element: <DashboardPage /> },
          { path: '/addcarouselimages', element: <CarouselAdminPage /> },
          { path: '/dashnews', element: <NewsAdminPage /> },
          { path: '/siteProfile', element: <SiteProfileAdminPage /> },
          { path: '/birthCertForm', element: <CertificateAdminPage key="birth" kind="birth" /> },
          { path: '/deathCertForm', element: <CertificateAdminPage key="death" kind="death" /> },
          { path: '/residentialCertForm', element: <CertificateAdminPage key="residence" kind="residence" /> },
          { path: '/marriageCertForm', element: <CertificateAdminPage key="marriage" kind="marriage" /> },
          staffPlaceholder('/receipt8no', 'नमुना ८ पावती व फेरफार / Form 8 receipt and transfer'),
          { path: '/updateGhasara', element: <GhasaraPage /> },
          staffPlaceholder('/smsSend', 'SMS व्यवस्थापन / SMS'),
          { path: '/karMagni', element: <KarMagniPage /> },
          staffPlaceholder('/ferfardata', 'फेरफार नोंदी / Mutation entries'),
          { path: '/karUpdate', element: <KarListPage /> },
          staffPlaceholder('/getAllInfo', 'नमुना ८ अद्यतन व कर मागणी / Form 8 update and tax demand'),
        ],
      },
    ],
  },
]);
