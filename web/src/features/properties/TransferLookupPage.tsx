// /ferfardata (spec 2.6): a transfer found by its ferfar number (Search, Reset, the result card),
// and below it the ownership history of a property by its number.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TRANSFER_FIELDS } from '../../../../common/property/transfer.ts';
import Loading from '../../components/Loading.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateMr } from '../../lib/format.ts';
import type { Transfer } from './api.ts';
import OwnershipList from './OwnershipList.tsx';
import PageHeader from './PageHeader.tsx';
import PropertyPicker from './PropertyPicker.tsx';
import { useOwnershipHistory, useTransfer } from './queries.ts';
import { MESSAGES } from '../../../../common/glossary.ts';

/** A field's label as the recorded transfer reads (the owner before it is the previous owner). */
const label = (name: string) => {
  const f = TRANSFER_FIELDS.find((x) => x.name === name)!;
  return f.recorded ?? f;
};
const ROWS: [string, (t: Transfer) => string][] = [
  ['malmatta_no', (t) => t.malmattaNo],
  ['ferfar_karan', (t) => t.ferfarKaran],
  ['ferfar_date', (t) => formatDateMr(t.ferfarDate)],
  ['sadya_malakache_nav', (t) => t.sadyaMalakacheNav],
  ['navin_malakache_nav', (t) => t.navinMalakacheNav],
  ['bhogwatadharak_nav', (t) => t.bhogwatdarakachNav],
  ['varasache_nav', (t) => t.varasacheNav],
  ['reference_no', (t) => t.referenceNo],
  ['note', (t) => t.note],
];

function TransferCard({ t }: { t: Transfer }) {
  return (
    <Paper variant="outlined" data-testid="ferfar-card" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18, mb: 1 }}>
        फेरफार क्र. {t.ferfarNumber}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 0.75 } }}
      >
        {ROWS.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary', fontSize: 14, mt: { xs: 1, sm: 0 } }}>
              {label(name).mr} / {label(name).en}
            </Box>
            <Box component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {value(t) || 'N/A'}
            </Box>
          </Box>
        ))}
        <Box component="dt" sx={{ color: 'text.secondary', fontSize: 14, mt: { xs: 1, sm: 0 } }}>
          नोंद दिनांक / Recorded
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {formatDateMr(t.createdAt)}
        </Box>
      </Box>
    </Paper>
  );
}

export default function TransferLookupPage() {
  const [number, setNumber] = useState('');
  /** The ferfar number asked for, and what the box said when it was no number. */
  const [asked, setAsked] = useState<number | null>(null);
  const [numberError, setNumberError] = useState('');
  const found = useTransfer(asked);
  const [historyText, setHistoryText] = useState('');
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [historyInputError, setHistoryInputError] = useState('');
  const owners = useOwnershipHistory(historyOf);

  // While a number is read (again) the last answer is not shown.
  const busy = found.isFetching;
  const transfer = busy ? null : (found.data ?? null);
  const error =
    numberError ||
    (found.isError && !busy
      ? found.error instanceof ApiError && found.error.status === 404
        ? found.error.message || 'मालमत्ता हस्तांतरण सापडले नाही'
        : 'डेटा मिळवताना त्रुटी आली. कृपया पुन्हा प्रयत्न करा.'
      : '');
  const historyBusy = owners.isFetching;
  const history = historyBusy ? null : (owners.data ?? null);
  const historyError =
    historyInputError || (owners.isError && !historyBusy ? owners.error.message || 'डेटा मिळवताना त्रुटी आली. कृपया पुन्हा प्रयत्न करा.' : '');
  const search = (e: React.FormEvent) => {
    e.preventDefault();
    if (!/^\d+$/.test(number.trim()) || Number(number) < 1) {
      setAsked(null);
      setNumberError(MESSAGES.enterTransferNumber);
      return;
    }
    setNumberError('');
    // The same number again is read afresh, as a new one is.
    if (asked === Number(number)) void found.refetch();
    else setAsked(Number(number));
  };

  const showHistory = (malmattaNo: string) => {
    if (!malmattaNo.trim()) {
      setHistoryOf(null);
      setHistoryInputError('कृपया मालमत्ता क्रमांक लिहा / Enter a property number');
      return;
    }
    setHistoryInputError('');
    if (historyOf === malmattaNo.trim()) void owners.refetch();
    else setHistoryOf(malmattaNo.trim());
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2, md: 3 }, maxWidth: 1000, mx: 'auto' }}>
      <PageHeader mr="फेरफार नोंदी" en="Mutation entries" current="/ferfardata" />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Typography component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          फेरफार क्रमांकाने शोधा / Find by ferfar number
        </Typography>
        <Box component="form" role="search" onSubmit={search} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            name="ferfarNumber"
            label="फेरफार क्रमांक (Ferfar number)"
            value={number}
            onChange={(e) => setNumber(e.target.value.replace(/[^\d]/g, ''))}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
            sx={{ flex: '1 1 200px' }}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            शोधा (Search)
          </Button>
          <Button
            type="button"
            onClick={() => {
              setNumber('');
              setAsked(null);
              setNumberError('');
            }}
          >
            रीसेट (Reset)
          </Button>
        </Box>
      </Paper>
      {busy && <Loading />}
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="ferfar-error">
          {error}
        </Alert>
      )}
      {transfer && (
        <Box sx={{ mb: 2 }}>
          <TransferCard t={transfer} />
          <Button
            sx={{ mt: 1 }}
            onClick={() => {
              setHistoryText(transfer.malmattaNo);
              showHistory(transfer.malmattaNo);
            }}
          >
            या मालमत्तेचा मालकी इतिहास / Ownership history of {transfer.malmattaNo}
          </Button>
        </Box>
      )}

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          मालकी इतिहास / Ownership history
        </Typography>
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            showHistory(historyText);
          }}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
        >
          <Box sx={{ flex: '1 1 240px' }}>
            <PropertyPicker
              name="historyMalmatta"
              label="मालमत्ता क्रमांक (Malmatta Number)"
              text={historyText}
              onText={setHistoryText}
              selected={null}
              onSelect={(row) => {
                if (row) showHistory(row.malmattaNo);
              }}
              freeSolo
            />
          </Box>
          <Button type="submit" variant="outlined" disabled={historyBusy}>
            दाखवा (Show)
          </Button>
        </Box>
        {historyBusy && <Loading />}
        {historyError && (
          <Alert severity="error" role="alert">
            {historyError}
          </Alert>
        )}
        {history && <OwnershipList history={history} />}
      </Paper>
    </Box>
  );
}
