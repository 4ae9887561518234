// Every route of the spec's route table (spec 1, 2.1). Staff pages and the QR pages are lazy, so
// the public home page does not carry them. Screens not built yet show a placeholder in their layout.
import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import PublicLayout from './layouts/PublicLayout.tsx';
import Guard from './Guard.tsx';
import HomePage from '../features/site/HomePage.tsx';
import NotFoundPage from '../components/NotFoundPage.tsx';

const AdminLayout = lazy(() => import('./layouts/AdminLayout.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx'));
const ComingSoon = lazy(() => import('../components/ComingSoon.tsx'));
const StaffPlaceholder = lazy(() => import('../components/StaffPlaceholder.tsx'));

const publicPlaceholder = (path: string, title: string) => ({ path, element: <ComingSoon title={title} /> });
const staffPlaceholder = (path: string, title: string) => ({ path, element: <StaffPlaceholder title={title} /> });

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/reg', element: <RegisterPage /> },
      publicPlaceholder('/seva-full', 'ग्रामपंचायत सेवा / Services'),
      publicPlaceholder('/seva', 'ग्रामपंचायत सेवा / Services'),
      publicPlaceholder('/yojna-full', 'शासकीय योजना / Schemes'),
      publicPlaceholder('/samiti-full', 'ग्राम समित्या / Committees'),
      publicPlaceholder('/residenceqr/:certificateId', 'रहिवासी दाखला / Residential Certificate'),
      publicPlaceholder('/birthqr/:certificateId', 'जन्म प्रमाणपत्र / Birth Certificate'),
      publicPlaceholder('/deathqr/:certificateId', 'मृत्यू प्रमाणपत्र / Death Certificate'),
      publicPlaceholder('/marriageqr/:certificateId', 'विवाह प्रमाणपत्र / Marriage Certificate'),
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
          staffPlaceholder('/addcarouselimages', 'मुख्यपृष्ठ फोटो / Home page photos'),
          staffPlaceholder('/dashnews', 'मुख्यपृष्ठ बातम्या / Home page news'),
          staffPlaceholder('/birthCertForm', 'जन्म प्रमाणपत्र / Birth certificates'),
          staffPlaceholder('/deathCertForm', 'मृत्यू प्रमाणपत्र / Death certificates'),
          staffPlaceholder('/residentialCertForm', 'रहिवासी दाखला / Residence certificates'),
          staffPlaceholder('/marriageCertForm', 'विवाह प्रमाणपत्र / Marriage certificates'),
          staffPlaceholder('/receipt8no', 'नमुना ८ पावती व फेरफार / Form 8 receipt and transfer'),
          staffPlaceholder('/updateGhasara', 'घसारा दर अद्यतन / Depreciation update'),
          staffPlaceholder('/smsSend', 'SMS व्यवस्थापन / SMS'),
          staffPlaceholder('/karMagni', 'नमुना ९ कर मागणी व भरणा / Form 9 tax payment'),
          staffPlaceholder('/ferfardata', 'फेरफार नोंदी / Mutation entries'),
          staffPlaceholder('/karUpdate', 'कर अद्यतन / Tax update'),
          staffPlaceholder('/getAllInfo', 'नमुना ८ अद्यतन व कर मागणी / Form 8 update and tax demand'),
        ],
      },
    ],
  },
]);
