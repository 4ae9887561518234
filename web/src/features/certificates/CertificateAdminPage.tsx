// /birthCertForm, /deathCertForm, /residentialCertForm, /marriageCertForm (spec 2, 4): one screen in
// three views — initial (two buttons), the paged list with name search, Update and PDF, and the form.
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ListAltIcon from '@mui/icons-material/ListAlt';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import PdfBusy from '../../components/PdfBusy.tsx';
import BackToAdmin from '../../components/BackToAdmin.tsx';
import { useNotify } from '../../components/feedback/FeedbackProvider.tsx';
import { ApiError } from '../../lib/api.ts';
import { downloadPdf, type Page } from './api.ts';
import { useCertificatePage } from './queries.ts';
import CertificateForm from './CertificateForm.tsx';
import CertificateList from './CertificateList.tsx';
import { KINDS, type Item, type KindName } from './kinds.ts';

type View = 'initial' | 'list' | 'form';

const EMPTY_PAGE: Page = { items: [], pageNumber: 1, pageSize: 10, totalPages: 0, totalCount: 0 };

export default function CertificateAdminPage({ kind }: { kind: KindName }) {
  const k = KINDS[kind];
  const [view, setView] = useState<View>('initial');
  // The page and name filter the list shows; `filter` is what the search box holds meanwhile.
  const [shown, setShown] = useState({ pageNumber: 1, nameFilter: '' });
  const [filter, setFilter] = useState('');
  const [success, setSuccess] = useState('');
  const [editing, setEditing] = useState<Item | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const list = useCertificatePage(k, shown.pageNumber, shown.nameFilter, view === 'list');
  const notify = useNotify();
  const loading = view === 'list' && list.isFetching;
  const failed = list.isError && !list.isFetching;
  const page = failed ? EMPTY_PAGE : (list.data ?? EMPTY_PAGE);

  // A read that failed for good (after the retries of lib/retry.ts) is said once, as the spec's
  // alert (a notice); a failure still cached from an earlier visit is not said again.
  const alerted = useRef(list.errorUpdatedAt);
  useEffect(() => {
    if (!list.isError || list.errorUpdatedAt === alerted.current) return;
    alerted.current = list.errorUpdatedAt;
    console.warn(k.listFailed, list.error);
    notify(`एरर: ${k.listFailed}`, 'error');
  }, [k, list.isError, list.error, list.errorUpdatedAt, notify]);

  /** Shows a page; asking again for the page on screen reads it afresh. */
  const load = (pageNumber: number, nameFilter: string) => {
    if (view === 'list' && pageNumber === shown.pageNumber && nameFilter === shown.nameFilter) void list.refetch();
    else setShown({ pageNumber, nameFilter });
  };

  const openList = () => {
    setSuccess('');
    setShown({ pageNumber: 1, nameFilter: filter });
    setView('list');
  };
  const openNew = () => {
    setSuccess('');
    setEditing(null);
    setView('form');
  };
  const openUpdate = (item: Item) => {
    if (!item[k.idField]) {
      notify('प्रमाणपत्र आयडी उपलब्ध नाही, अद्ययावत करता येणार नाही. (Certificate ID is missing; cannot update.)', 'error');
      return;
    }
    setSuccess('');
    setEditing(item);
    setView('form');
  };
  const cancelForm = () => {
    setEditing(null);
    setView(page.items.length > 0 ? 'list' : 'initial');
  };
  // The save invalidated this kind's pages (useSaveCertificate), so showing the list reads it afresh.
  const saved = (message: string) => {
    setEditing(null);
    setFilter('');
    setSuccess(message);
    setShown({ pageNumber: 1, nameFilter: '' });
    setView('list');
  };

  const pdf = async (item: Item) => {
    const id = item[k.idField];
    if (!id) {
      notify('प्रमाणपत्र आयडी उपलब्ध नाही, PDF तयार करता येणार नाही. (Certificate ID is missing; cannot make the PDF.)', 'error');
      return;
    }
    setPdfBusy(true);
    try {
      await downloadPdf(k, item, String(id));
    } catch (err) {
      console.warn('PDF', err);
      notify(err instanceof ApiError ? `PDF तयार करण्यात अयशस्वी: ${err.status} (${err.message})` : 'PDF डाउनलोड करताना त्रुटी आली', 'error');
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2, md: 3 }, maxWidth: 1200, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <BackToAdmin />
      </Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 }, mb: 2 }}>
        {k.mr}{' '}
        <Typography component="span" color="text.secondary" sx={{ fontSize: { xs: 16, sm: 20 } }}>
          ({k.en})
        </Typography>
      </Typography>

      {view === 'initial' && (
        <Paper sx={{ p: { xs: 2, sm: 4 }, display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button size="large" variant="contained" startIcon={<ListAltIcon />} onClick={openList} sx={{ minWidth: 240 }}>
            नोंदणी पहा (View registrations)
          </Button>
          <Button size="large" variant="outlined" startIcon={<NoteAddIcon />} onClick={openNew} sx={{ minWidth: 240 }}>
            नवीन नोंदणी (New registration)
          </Button>
        </Paper>
      )}

      {view === 'list' && (
        <>
          {success && (
            <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSuccess('')} data-testid="certificate-success">
              {success}
            </Alert>
          )}
          <CertificateList
            k={k}
            page={page}
            filter={filter}
            loading={loading}
            error={failed ? k.listFailed : ''}
            disabled={pdfBusy}
            onFilterChange={setFilter}
            onSearch={() => {
              setSuccess('');
              load(1, filter);
            }}
            onPage={(n) => load(n, filter)}
            onUpdate={openUpdate}
            onPdf={pdf}
            onNew={openNew}
            onBack={() => {
              setSuccess('');
              setView('initial');
            }}
          />
        </>
      )}

      {view === 'form' && (
        <CertificateForm key={editing ? String(editing[k.idField]) : 'new'} k={k} item={editing} onCancel={cancelForm} onSaved={saved} />
      )}

      <PdfBusy open={pdfBusy} />
    </Box>
  );
}
