// /getAllInfo (spec 2.3): the Namuna 8 register of the council. Two tabs: existing properties (cards
// with Update, Namuna 8 PDF and ownership history) and the new-property form with the live assessment.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import PdfBusy from '../../components/PdfBusy.tsx';
import { ApiError } from '../../lib/api.ts';
import { downloadDemandBill, downloadNamuna8, type PropertyRow } from './api.ts';
import HistoryDialog from './HistoryDialog.tsx';
import PageHeader from './PageHeader.tsx';
import PropertyCards, { type Filters } from './PropertyCards.tsx';
import { useOwnersPage, useRefreshRegister } from './queries.ts';
import RegisterForm from './RegisterForm.tsx';
import UpdateDialog from './UpdateDialog.tsx';

const NO_FILTERS: Filters = { ownerName: '', malmattaNo: '' };

export default function PropertyRegisterPage() {
  const [tab, setTab] = useState<'list' | 'new'>('list');
  /** What the search boxes hold, and the page and filters the list shows (the boxes apply on Search). */
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [shown, setShown] = useState({ pageNumber: 1, filters: NO_FILTERS });
  const owners = useOwnersPage(shown.pageNumber, shown.filters.ownerName, shown.filters.malmattaNo);
  const refresh = useRefreshRegister();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [editing, setEditing] = useState<PropertyRow | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);

  /** Shows a page of the register; asking again for the one on screen reads it afresh. */
  const load = (pageNumber: number, f: Filters) => {
    if (pageNumber === shown.pageNumber && f.ownerName === shown.filters.ownerName && f.malmattaNo === shown.filters.malmattaNo)
      void owners.refetch();
    else setShown({ pageNumber, filters: f });
  };
  const error = !owners.isError
    ? ''
    : owners.error instanceof ApiError
      ? `Network response was not ok (${owners.error.status}): ${owners.error.message}`
      : 'Failed to fetch data';

  /** The card's two PDFs (spec 2.3): the Namuna 8 extract and the tax demand bill. */
  const pdf = (get: (row: PropertyRow) => Promise<unknown>) => async (row: PropertyRow) => {
    if (!row.malmattaNo) {
      setNotice({ severity: 'error', text: 'Missing required information for PDF generation.' });
      return;
    }
    setPdfBusy(true);
    try {
      await get(row);
    } catch (err) {
      setNotice({ severity: 'error', text: `Error downloading PDF: ${(err as Error).message}` });
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2, md: 3 }, maxWidth: 1400, mx: 'auto' }}>
      <PageHeader mr="नमुना ८ अद्ययावत व कर मागणी" en="Form 8 update and tax demand" current="/getAllInfo" />
      <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="fullWidth" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="list" label="विद्यमान मालमत्ता (Existing)" />
        <Tab value="new" label="नवीन मालमत्ता नोंदणी (New)" />
      </Tabs>
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 2 }} onClose={() => setNotice(null)} data-testid="register-notice">
          {notice.text}
        </Alert>
      )}
      {tab === 'list' && (
        <PropertyCards
          page={owners.data ?? null}
          filters={filters}
          loading={owners.isFetching}
          error={error}
          busy={pdfBusy}
          onFilters={setFilters}
          onSearch={() => load(1, filters)}
          onReset={() => {
            setFilters(NO_FILTERS);
            load(1, NO_FILTERS);
          }}
          onPage={(n) => load(n, shown.filters)}
          onUpdate={(row) => {
            setNotice(null);
            setEditing(row);
          }}
          onPdf={pdf((row) => downloadNamuna8(row.malmattaNo))}
          onDemand={pdf((row) => downloadDemandBill(row.ownerId, row.malmattaNo))}
          onHistory={(row) => setHistoryOf(row.malmattaNo)}
        />
      )}
      {tab === 'new' && <RegisterForm />}
      {editing && (
        <UpdateDialog
          key={editing.propertyId}
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setNotice({ severity: 'success', text });
            void refresh();
          }}
        />
      )}
      {historyOf && <HistoryDialog malmattaNo={historyOf} onClose={() => setHistoryOf(null)} />}
      <PdfBusy open={pdfBusy} />
    </Box>
  );
}
