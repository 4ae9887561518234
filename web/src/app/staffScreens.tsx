// Every staff screen once: its path, its name, what it renders, and whether it has a link in the
// admin sidebar and a card on the dashboard. The router, the sidebar (layouts/AdminLayout.tsx) and
// the dashboard (DashboardPage.tsx) all read this table, each in the table's order.
// A screen not built yet leaves `element` out and shows a placeholder with its name; building it
// means giving its row an element (a lazy page, so the public pages do not carry it).
// The lazy pages get their lists as props rather than importing this module: a lazy chunk that
// imports a module holding lazy imports splits the bundler's preload helper out of the main chunk
// (one more request for the home page).
import { lazy, type ReactNode } from 'react';
import { PATHS, type KindName } from '../../../common/certificates/paths.ts';

const DashboardPage = lazy(() => import('./DashboardPage.tsx'));
const SiteProfileAdminPage = lazy(() => import('../features/site/SiteProfileAdminPage.tsx'));
const SetupPage = lazy(() => import('../features/site/SetupPage.tsx'));
const CarouselAdminPage = lazy(() => import('../features/carousel/CarouselAdminPage.tsx'));
const NewsAdminPage = lazy(() => import('../features/blog/NewsAdminPage.tsx'));
const CertificateAdminPage = lazy(() => import('../features/certificates/CertificateAdminPage.tsx'));
const PropertyRegisterPage = lazy(() => import('../features/properties/PropertyRegisterPage.tsx'));
const ReceiptTransferPage = lazy(() => import('../features/properties/ReceiptTransferPage.tsx'));
const TransferLookupPage = lazy(() => import('../features/properties/TransferLookupPage.tsx'));
const TaxRatesPage = lazy(() => import('../features/properties/TaxRatesPage.tsx'));
const ImportPage = lazy(() => import('../features/properties/ImportPage.tsx'));
const KarMagniPage = lazy(() => import('../features/tax/KarMagniPage.tsx'));
const KarListPage = lazy(() => import('../features/tax/KarListPage.tsx'));
const GhasaraPage = lazy(() => import('../features/tax/GhasaraPage.tsx'));
const Namuna9Page = lazy(() => import('../features/tax/Namuna9Page.tsx'));
const DcbPage = lazy(() => import('../features/tax/DcbPage.tsx'));
const SmsPage = lazy(() => import('../features/sms/SmsPage.tsx'));
const ApiTokensPage = lazy(() => import('../features/apiTokens/ApiTokensPage.tsx'));
const PasswordPage = lazy(() => import('../features/account/PasswordPage.tsx'));
const AuditPage = lazy(() => import('../features/audit/AuditPage.tsx'));
const DistrictPage = lazy(() => import('../features/district/DistrictPage.tsx'));
const SigningKeyPage = lazy(() => import('../features/signing/SigningKeyPage.tsx'));
const ReconciliationPage = lazy(() => import('../features/tax/ReconciliationPage.tsx'));

/** A Marathi label with its English gloss. */
export interface Label {
  mr: string;
  en: string;
}

export interface StaffScreen {
  path: string;
  /** The screen's name; a placeholder shows it as "mr / en". */
  title: Label;
  /** What the route renders; left out while the screen is not built. */
  element?: ReactNode;
  /** A link in the admin sidebar: `true` shows the title, or a label of its own. */
  sidebar?: true | Label;
  /** A card on the dashboard: `true` shows the title (Marathi) over the English name, or a text of its own. */
  card?: true | { title: string; text: string };
  /** A district account's screen (issue 32): the only ones it sees, each with a sidebar link; the
   *  others send it to its first. */
  district?: true;
}

export const staffScreens: StaffScreen[] = [
  { path: '/admin', title: { mr: 'डॅशबोर्ड', en: 'Dashboard' }, element: <Dashboard />, sidebar: true },
  // Certificates (spec 2): the clerk's daily work, first in the sidebar under the dashboard (issue 29).
  ...(Object.keys(PATHS) as KindName[]).map((kind): StaffScreen => ({
    path: PATHS[kind].screen,
    title: PATHS[kind].title,
    element: <CertificateAdminPage key={kind} kind={kind} />,
    sidebar: true,
    card: true,
  })),
  // Property register and tax (spec 3).
  {
    path: '/receipt8no',
    title: { mr: 'नमुना ८ पावती व फेरफार', en: 'Form 8 receipt and transfer' },
    element: <ReceiptTransferPage />,
    card: { title: 'नमुना ८', text: 'नवीन नोंदणी — मालमत्ता नोंदवही (Form 8, new registration)' },
  },
  {
    path: '/karMagni',
    title: { mr: 'नमुना ९ कर मागणी व भरणा', en: 'Form 9 tax payment' },
    element: <KarMagniPage />,
    card: { title: 'नमुना ९', text: 'नवीन नोंदणी — कर मागणी व भरणा (Form 9, new registration)' },
  },
  {
    path: '/updateGhasara',
    title: { mr: 'घसारा दर अद्ययावत', en: 'Depreciation update' },
    element: <GhasaraPage />,
    sidebar: { mr: 'डेटा एन्ट्री (घसारा)', en: 'Data entry work' },
  },
  {
    path: '/getAllInfo',
    title: { mr: 'नमुना ८ अद्ययावत व कर मागणी', en: 'Form 8 update and tax demand' },
    element: <PropertyRegisterPage />,
    sidebar: true,
  },
  { path: '/addcarouselimages', title: { mr: 'मुख्यपृष्ठ फोटो', en: 'Home page photos' }, element: <CarouselAdminPage />, sidebar: true },
  { path: '/ferfardata', title: { mr: 'फेरफार नोंदी', en: 'Mutation entries' }, element: <TransferLookupPage />, sidebar: true },
  { path: '/dashnews', title: { mr: 'मुख्यपृष्ठ बातम्या', en: 'Home page news' }, element: <NewsAdminPage />, sidebar: true },
  // Also the tax detail list (spec 2.8), whose route the spec does not show.
  { path: '/karUpdate', title: { mr: 'कर अद्ययावत', en: 'Tax update' }, element: <KarListPage />, sidebar: true },
  // The tax books' registers (issue 26): the village's demand register and demand, collection, balance.
  { path: '/namuna9', title: { mr: 'नमुना ९ मागणी नोंदवही', en: 'Namuna 9 demand register' }, element: <Namuna9Page />, sidebar: true },
  { path: '/dcb', title: { mr: 'मागणी, वसुली, शिल्लक', en: 'Demand, collection, balance' }, element: <DcbPage />, sidebar: true },
  // The bank statement taken into tax receipts (issue 30).
  {
    path: '/reconciliation',
    title: { mr: 'बँक जमा जुळवणी', en: 'Bank statement reconciliation' },
    element: <ReconciliationPage />,
    sidebar: true,
  },
  { path: '/smsSend', title: { mr: 'SMS व्यवस्थापन', en: 'SMS' }, element: <SmsPage />, sidebar: { mr: 'SMS', en: 'SMS notices' } },
  // The council's own rates and the Excel import of the register (not in the spec; our paths).
  { path: '/taxRates', title: { mr: 'कर दर', en: 'Tax rates' }, element: <TaxRatesPage />, sidebar: true },
  {
    path: '/propertyImport',
    title: { mr: 'मालमत्ता नोंदवही आयात (Excel)', en: 'Property register import' },
    element: <ImportPage />,
    sidebar: true,
  },
  {
    path: '/siteProfile',
    title: { mr: 'संकेतस्थळ माहिती', en: 'Site profile' },
    element: <SiteProfileAdminPage />,
    sidebar: true,
    card: { title: 'संकेतस्थळ माहिती', text: 'कार्यालयाची माहिती, आकडेवारी, योजना, समित्या, सेवा (Site profile)' },
  },
  // Keys for programs (integrators), issue 15.
  { path: '/apiTokens', title: { mr: 'API टोकन', en: 'API tokens' }, element: <ApiTokensPage />, sidebar: true },
  // The key that signs the council's PDFs (issue 31).
  { path: '/signingKey', title: { mr: 'डिजिटल स्वाक्षरीची की', en: 'Signing key' }, element: <SigningKeyPage />, sidebar: true },
  // Who changed what, when (issue 28).
  { path: '/audit', title: { mr: 'लेखापरीक्षण नोंदी', en: 'Audit trail' }, element: <AuditPage />, sidebar: true },
  // The account's own password; with it, optionally, the council's API tokens (issue 25).
  { path: '/password', title: { mr: 'पासवर्ड बदला', en: 'Change password' }, element: <PasswordPage />, sidebar: true },
  // The first-run setup: opened from the dashboard while the office has not entered its name and place.
  { path: '/setup', title: { mr: 'संकेतस्थळाची पहिली मांडणी', en: 'First-run setup' }, element: <SetupPage /> },
  // A district account's totals of its councils (issue 32); a council account is answered 403 there.
  { path: '/district', title: { mr: 'जिल्हा आढावा', en: 'District overview' }, element: <DistrictPage />, district: true },
];

export interface SidebarLink extends Label {
  to: string;
}
export interface DashboardCard {
  to: string;
  title: string;
  text: string;
}

/** The sidebar's links, in table order. */
export const sidebarLinks: SidebarLink[] = staffScreens.flatMap((s) =>
  s.sidebar ? [{ to: s.path, ...(s.sidebar === true ? s.title : s.sidebar) }] : [],
);

/** A district account's sidebar links and screens, in table order. */
export const districtLinks: SidebarLink[] = staffScreens.flatMap((s) => (s.district ? [{ to: s.path, ...s.title }] : []));

/** The dashboard's cards, in table order. */
export const dashboardCards: DashboardCard[] = staffScreens.flatMap((s) =>
  s.card ? [{ to: s.path, ...(s.card === true ? { title: s.title.mr, text: s.title.en } : s.card) }] : [],
);

function Dashboard() {
  return <DashboardPage cards={dashboardCards} />;
}
