// /birthCertForm, /deathCertForm, /residentialCertForm, /marriageCertForm (spec 2, 4): one screen in
// three views — initial (two buttons), the paged list with name search, Update and PDF, and the form.
import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ListAltIcon from '@mui/icons-material/ListAlt';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import BackToAdmin from '../../components/BackToAdmin.tsx';
import { ApiError } from '../../lib/api.ts';
import { downloadPdf, fetchPage, type Page } from './api.ts';
import CertificateForm from './CertificateForm.tsx';
import CertificateList from './CertificateList.tsx';
import { KINDS, type Item, type KindName } from './kinds.ts';

type View = 'initial' | 'list' | 'form';

const EMPTY_PAGE: Page = { items: [], pageNumber: 1, pageSize: 10, totalPages: 0, totalCount: 0 };

export default function CertificateAdminPage({ kind }: { kind: KindName }) {
  const k = KINDS[kind];
  const [view, setView] = useState<View>('initial');
  const [page, setPage] = useState<Page>(EMPTY_PAGE);
  const [filter, setFilter] = useState('');
  const [loading, setLoading] = useState(false);
  const [listError, setListError] = useState('');
  const [success, setSuccess] = useState('');
  const [editing, setEditing] = useState<Item | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const loadCtrl = useRef<AbortController | null>(null);

  useEffect(() => { document.title = `${k.mr} | ग्रामपंचायत`; }, [k]);
  useEffect(() => () => loadCtrl.current?.abort(), []);

  /** Reads one page; a newer read cancels an older one still under way. */
  const load = useCallback(async (pageNumber: number, nameFilter: string) => {
    loadCtrl.current?.abort();
    const ctrl = new AbortController();
    loadCtrl.current = ctrl;
    setLoading(true);
    setListError('');
    try {
      const p = await fetchPage(k, pageNumber, nameFilter, ctrl.signal);
      setPage(p);
    } catch (err) {
      if (ctrl.signal.aborted) return;
      console.warn(k.listFailed, err);
      setPage(EMPTY_PAGE);
      setListError(k.listFailed);
      window.alert(`एरर: ${k.listFailed}`);
    } finally {
      if (!ctrl.signal.aborted) setLoading(false);
    }
  }, [k]);

  const openList = () => { setSuccess(''); setView('list'); void load(1, filter); };
  const openNew = () => { setSuccess(''); setEditing(null); setView('form'); };
  const openUpdate = (item: Item) => {
    if (!item[k.idField]) { window.alert('प्रमाणपत्र आयडी उपलब्ध नाही, अद्यतन करता येणार नाही. (Certificate ID is missing; cannot update.)'); return; }
    setSuccess(''); setEditing(item); setView('form');
  };
  const cancelForm = () => { setEditing(null); setView(page.items.length > 0 ? 'list' : 'initial'); };
  const saved = (message: string) => {
    setEditing(null);
    setFilter('');
    setSuccess(message);
    setView('list');
    void load(1, '');
  };

  const pdf = async (item: Item) => {
    const id = item[k.idField];
    if (!id) { window.alert('प्रमाणपत्र आयडी उपलब्ध नाही, PDF तयार करता येणार नाही. (Certificate ID is missing; cannot make the PDF.)'); return; }
    setPdfBusy(true);
    try {
      await downloadPdf(k, item, String(id));
    } catch (err) {
      console.warn('PDF', err);
      window.alert(err instanceof ApiError ? `PDF तयार करण्यात अयशस्वी: ${err.status} (${err.message})` : 'PDF डाउनलोड करताना त्रुटी आली');
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
        {k.mr} <Typography component="span" color="text.secondary" sx={{ fontSize: { xs: 16, sm: 20 } }}>({k.en})</Typography>
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
          {success && <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSuccess('')} data-testid="certificate-success">{success}</Alert>}
          <CertificateList k={k} page={page} filter={filter} loading={loading} error={listError} disabled={pdfBusy}
            onFilterChange={setFilter}
            onSearch={() => { setSuccess(''); void load(1, filter); }}
            onPage={(n) => void load(n, filter)}
            onUpdate={openUpdate} onPdf={pdf} onNew={openNew}
            onBack={() => { setSuccess(''); setView('initial'); }} />
        </>
      )}

      {view === 'form' && <CertificateForm key={editing ? String(editing[k.idField]) : 'new'} k={k} item={editing} onCancel={cancelForm} onSaved={saved} />}

      <Backdrop open={pdfBusy} sx={{ zIndex: (t) => t.zIndex.modal + 1, color: 'white', flexDirection: 'column', gap: 2 }}>
        <CircularProgress color="inherit" />
        <Typography role="status" sx={{ fontSize: 20 }}>PDF तयार करत आहे...</Typography>
      </Backdrop>
    </Box>
  );
}
