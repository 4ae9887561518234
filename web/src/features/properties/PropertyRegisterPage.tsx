// /getAllInfo (spec 2.3): the Namuna 8 register of the council. Two tabs: existing properties (cards
// with Update, Namuna 8 PDF and ownership history) and the new-property form with the live assessment.
import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../lib/api.ts';
import { downloadNamuna8, fetchOwners, type OwnersPage, type PropertyRow } from './api.ts';
import HistoryDialog from './HistoryDialog.tsx';
import PageHeader from './PageHeader.tsx';
import PropertyCards, { type Filters } from './PropertyCards.tsx';
import RegisterForm from './RegisterForm.tsx';
import UpdateDialog from './UpdateDialog.tsx';

const NO_FILTERS: Filters = { ownerName: '', malmattaNo: '' };

export default function PropertyRegisterPage() {
  const [tab, setTab] = useState<'list' | 'new'>('list');
  const [page, setPage] = useState<OwnersPage | null>(null);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [editing, setEditing] = useState<PropertyRow | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const loadCtrl = useRef<AbortController | null>(null);
  const current = useRef({ pageNumber: 1, filters: NO_FILTERS });

  useEffect(() => {
    document.title = 'नमुना ८ अद्यतन व कर मागणी | ग्रामपंचायत';
  }, []);

  const load = useCallback(async (pageNumber: number, f: Filters) => {
    loadCtrl.current?.abort();
    const ctrl = new AbortController();
    loadCtrl.current = ctrl;
    current.current = { pageNumber, filters: f };
    setLoading(true);
    setError('');
    try {
      setPage(await fetchOwners(pageNumber, f.ownerName, f.malmattaNo, ctrl.signal));
    } catch (err) {
      if (ctrl.signal.aborted) return;
      setError(err instanceof ApiError ? `Network response was not ok (${err.status}): ${err.message}` : 'Failed to fetch data');
    } finally {
      if (!ctrl.signal.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(1, NO_FILTERS);
    return () => loadCtrl.current?.abort();
  }, [load]);

  const reload = () => void load(current.current.pageNumber, current.current.filters);

  const pdf = async (row: PropertyRow) => {
    if (!row.malmattaNo) {
      setNotice({ severity: 'error', text: 'Missing required information for PDF generation.' });
      return;
    }
    setPdfBusy(true);
    try {
      await downloadNamuna8(row.malmattaNo);
    } catch (err) {
      setNotice({ severity: 'error', text: `Error downloading PDF: ${(err as Error).message}` });
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2, md: 3 }, maxWidth: 1400, mx: 'auto' }}>
      <PageHeader mr="नमुना ८ अद्यतन व कर मागणी" en="Form 8 update and tax demand" current="/getAllInfo" />
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
          page={page}
          filters={filters}
          loading={loading}
          error={error}
          busy={pdfBusy}
          onFilters={setFilters}
          onSearch={() => void load(1, filters)}
          onReset={() => {
            setFilters(NO_FILTERS);
            void load(1, NO_FILTERS);
          }}
          onPage={(n) => void load(n, current.current.filters)}
          onUpdate={(row) => {
            setNotice(null);
            setEditing(row);
          }}
          onPdf={pdf}
          onHistory={(row) => setHistoryOf(row.malmattaNo)}
        />
      )}
      {tab === 'new' && <RegisterForm onRegistered={reload} />}
      {editing && (
        <UpdateDialog
          key={editing.propertyId}
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setNotice({ severity: 'success', text });
            reload();
          }}
        />
      )}
      {historyOf && <HistoryDialog malmattaNo={historyOf} onClose={() => setHistoryOf(null)} />}
      <Backdrop open={pdfBusy} sx={{ zIndex: (t) => t.zIndex.modal + 1, color: 'white', flexDirection: 'column', gap: 2 }}>
        <CircularProgress color="inherit" />
        <Typography role="status" sx={{ fontSize: 20 }}>
          PDF तयार करत आहे...
        </Typography>
      </Backdrop>
    </Box>
  );
}
