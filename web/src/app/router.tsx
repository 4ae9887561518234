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
const StaffPlaceholder = lazy(() => import('../components/StaffPlaceholder.tsx'));
const ServicesPage = lazy(() => import('../features/site/ServicesPage.tsx'));
const SchemesPage = lazy(() => import('../features/site/SchemesPage.tsx'));
const CommitteesPage = lazy(() => import('../features/site/CommitteesPage.tsx'));
const SiteProfileAdminPage = lazy(() => import('../features/site/SiteProfileAdminPage.tsx'));
const CarouselAdminPage = lazy(() => import('../features/carousel/CarouselAdminPage.tsx'));
const NewsAdminPage = lazy(() => import('../features/blog/NewsAdminPage.tsx'));
const CertificateAdminPage = lazy(() => import('../features/certificates/CertificateAdminPage.tsx'));
const PublicCertificatePage = lazy(() => import('../features/certificates/PublicCertificatePage.tsx'));
const PropertyRegisterPage = lazy(() => import('../features/properties/PropertyRegisterPage.tsx'));
const ReceiptTransferPage = lazy(() => import('../features/properties/ReceiptTransferPage.tsx'));
const TransferLookupPage = lazy(() => import('../features/properties/TransferLookupPage.tsx'));
const TaxRatesPage = lazy(() => import('../features/properties/TaxRatesPage.tsx'));
const ImportPage = lazy(() => import('../features/properties/ImportPage.tsx'));
const PublicPropertySearchPage = lazy(() => import('../features/properties/PublicPropertySearchPage.tsx'));
const PropertyCertificatePage = lazy(() => import('../features/properties/PropertyCertificatePage.tsx'));

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
      { path: '/usermalmatta', element: <PublicPropertySearchPage /> },
      { path: '/propertyqr/:malmattaNo?/:createdByUserId?', element: <PropertyCertificatePage /> },
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
          { path: '/receipt8no', element: <ReceiptTransferPage /> },
          staffPlaceholder('/updateGhasara', 'घसारा दर अद्यतन / Depreciation update'),
          staffPlaceholder('/smsSend', 'SMS व्यवस्थापन / SMS'),
          staffPlaceholder('/karMagni', 'नमुना ९ कर मागणी व भरणा / Form 9 tax payment'),
          { path: '/ferfardata', element: <TransferLookupPage /> },
          { path: '/taxRates', element: <TaxRatesPage /> },
          { path: '/propertyImport', element: <ImportPage /> },
          staffPlaceholder('/karUpdate', 'कर अद्यतन / Tax update'),
          { path: '/getAllInfo', element: <PropertyRegisterPage /> },
        ],
      },
    ],
  },
]);
