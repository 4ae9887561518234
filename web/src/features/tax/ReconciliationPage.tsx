// /reconciliation: the bank statement taken into receipts (issue 30). The clerk chooses the statement
// the bank gave (CSV or XLSX), checks it (a dry run: what each credit would pay, and what names no
// property), applies it (online receipts, the bank reference on each; the same statement again takes
// nothing), and assigns a credit that named no property by choosing the property.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BackToAdmin from '../../components/BackToAdmin.tsx';
import { Pager } from '../../components/Paging.tsx';
import { messageOf } from '../../lib/api.ts';
import type { PropertyHit } from './api.ts';
import { rupees } from './labels.ts';
import { usePropertySearch, useRefreshBooks, useUnmatched } from './queries.ts';
import { matchCredit, sendStatement, type Matched, type StatementResult } from './reconciliationApi.ts';
import './tax.css';

const ACTIONS: Record<Matched['action'], string> = {
  pay: 'भरणा / Pay',
  advance: 'भरणा + आगाऊ जमा / Pay, rest as advance',
  already: 'आधीच घेतली / Already taken',
};

/** A step of the screen: a framed section under its heading. */
const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Box component="section" className="recon-step">
    <h2>{title}</h2>
    {children}
  </Box>
);

/** A property of the register for an unmatched credit: suggestions from one character. */
function PropertyChoice({ id, onChoose }: { id: string; onChoose: (p: PropertyHit | null) => void }) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTerm(text.trim()), 400);
    return () => clearTimeout(t);
  }, [text]);
  const found = usePropertySearch(term);
  return (
    <Autocomplete
      id={id}
      size="small"
      sx={{ minWidth: 220, flex: 1 }}
      options={text.trim() ? (found.data ?? []) : []}
      filterOptions={(o) => o}
      inputValue={text}
      onInputChange={(_e, v) => setText(v)}
      onChange={(_e, v) => onChoose(v)}
      getOptionLabel={(o) => `${o.malmattaNo} — ${o.malkacheNav}`}
      isOptionEqualToValue={(a, b) => a.propertyId === b.propertyId}
      noOptionsText={text ? 'मालमत्ता सापडली नाही / No property' : 'मालमत्ता क्रमांक लिहा'}
      renderInput={(params) => <TextField {...params} label="मालमत्ता / Property" />}
    />
  );
}

function ResultTables({ result }: { result: StatementResult }) {
  const t = result.totals;
  return (
    <Box data-testid="statement-result">
      <Typography sx={{ mb: 1 }} data-testid="statement-totals">
        जमा {t.credits} · जुळल्या {t.matched} ({rupees(t.amountMatched)}) · आधीच {t.already} · न जुळलेल्या {t.unmatched} (
        {rupees(t.amountUnmatched)})
      </Typography>
      {result.matched.length > 0 && (
        <div className="tax-list-wrap">
          <table className="tax-list recon-table" data-testid="matched-table">
            <caption>जुळलेल्या जमा / Matched credits</caption>
            <thead>
              <tr>
                <th scope="col">ओळ / Row</th>
                <th scope="col">बिल / Bill</th>
                <th scope="col">मालमत्ता / Property</th>
                <th scope="col">रक्कम / Amount</th>
                <th scope="col">बँक संदर्भ / Bank ref.</th>
                <th scope="col">काय होईल / Action</th>
              </tr>
            </thead>
            <tbody>
              {result.matched.map((m) => (
                <tr key={`${m.row}-${m.bankReference}`} data-testid="matched-row">
                  <td>{m.row}</td>
                  <td>{m.billNo || '—'}</td>
                  <td>{m.malmattaNo}</td>
                  <td className="num">{rupees(m.amount)}</td>
                  <td>{m.bankReference}</td>
                  <td>{ACTIONS[m.action]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.unmatched.length > 0 && (
        <div className="tax-list-wrap">
          <table className="tax-list recon-table" data-testid="unmatched-table">
            <caption>न जुळलेल्या जमा / Credits that name no property</caption>
            <thead>
              <tr>
                <th scope="col">ओळ / Row</th>
                <th scope="col">दिनांक / Date</th>
                <th scope="col">तपशील / Narration</th>
                <th scope="col">रक्कम / Amount</th>
                <th scope="col">बँक संदर्भ / Bank ref.</th>
              </tr>
            </thead>
            <tbody>
              {result.unmatched.map((u) => (
                <tr key={`${u.row}-${u.bankReference}`}>
                  <td>{u.row}</td>
                  <td>{u.date}</td>
                  <td className="tax-wrap">{u.narration}</td>
                  <td className="num">{rupees(u.amount)}</td>
                  <td>{u.bankReference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Box>
  );
}

function UnmatchedList() {
  const [page, setPage] = useState(1);
  const list = useUnmatched(page);
  const refresh = useRefreshBooks();
  const [chosen, setChosen] = useState<Record<string, PropertyHit | null>>({});
  const [busy, setBusy] = useState('');
  const [note, setNote] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const assign = async (bankReference: string) => {
    const p = chosen[bankReference];
    if (!p) return;
    setBusy(bankReference);
    setNote(null);
    try {
      const res = await matchCredit(bankReference, p.malmattaNo);
      setNote({ severity: 'success', text: res.message });
      await refresh();
    } catch (err) {
      setNote({ severity: 'error', text: messageOf(err) });
    } finally {
      setBusy('');
    }
  };
  const data = list.data;
  return (
    <Section title="२. न जुळलेल्या जमा: मालमत्ता निवडून जुळवा / Credits that named no property: choose the property">
      {note && (
        <Alert severity={note.severity} sx={{ mb: 1.5 }} data-testid="match-note" role={note.severity === 'error' ? 'alert' : 'status'}>
          {note.text}
        </Alert>
      )}
      {list.isError && <Alert severity="error">{messageOf(list.error)}</Alert>}
      {data && data.items.length === 0 && <Typography data-testid="no-unmatched">सर्व जमा जुळल्या आहेत / Every credit is matched.</Typography>}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }} aria-label="न जुळलेल्या जमा">
        {data?.items.map((u) => (
          <Paper component="li" variant="outlined" key={u.bankReference} data-testid="unmatched-row" sx={{ p: 1.5 }}>
            <Typography sx={{ fontWeight: 700 }}>
              {rupees(u.amount)} · {u.date} · {u.bankReference}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
              {u.narration}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <PropertyChoice id={`match-${u.bankReference}`} onChoose={(p) => setChosen((c) => ({ ...c, [u.bankReference]: p }))} />
              <Button variant="contained" disabled={!chosen[u.bankReference] || !!busy} onClick={() => void assign(u.bankReference)}>
                जुळवा / Match
              </Button>
            </Box>
          </Paper>
        ))}
      </Box>
      <Pager
        page={page}
        totalPages={data?.totalPages ?? 0}
        setPage={setPage}
        labels={{ first: 'पहिले', previous: 'मागे', page: 'पान', next: 'पुढे', last: 'शेवटचे' }}
      />
    </Section>
  );
}

export default function ReconciliationPage() {
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ file: File; result: StatementResult; applied: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ severity: 'success' | 'error' | 'info'; text: string } | null>(null);
  const refresh = useRefreshBooks();
  useEffect(() => {
    document.title = 'बँक जमा जुळवणी | ग्रामपंचायत';
  }, []);

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setMessage(null);
    try {
      const res = await sendStatement(file, dryRun);
      setChecked({ file, result: res.result, applied: !dryRun });
      setMessage({ severity: dryRun ? 'info' : 'success', text: res.message });
      if (!dryRun) await refresh();
    } catch (err) {
      setChecked(null);
      setMessage({ severity: 'error', text: messageOf(err) });
    } finally {
      setBusy(false);
    }
  };
  // Applied once per check: the same statement again would take nothing (every credit already taken).
  const toApply =
    checked && checked.file === file && !checked.applied ? checked.result.totals.matched + checked.result.totals.unmatched : 0;

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2, md: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <BackToAdmin />
      <Typography variant="h5" component="h1" sx={{ my: 1 }}>
        बँक जमा जुळवणी <Typography component="span">/ Bank statement reconciliation</Typography>
      </Typography>
      <Section title="१. बँक स्टेटमेंट निवडा व तपासा / Choose the statement and check it">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          बँकेतून घेतलेली CSV किंवा XLSX फाइल. बिल क्रमांक (उदा. GP2026B17) किंवा मालमत्ता क्रमांक व नेमकी देय रक्कम असलेल्या जमा जुळतात. / The CSV or XLSX
          the bank gives; a credit naming a bill number, or a property number with exactly the amount due, is matched.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button variant="outlined" component="label">
            फाइल निवडा / Choose file
            <input
              hidden
              type="file"
              name="statement"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setChecked(null);
                setMessage(null);
              }}
            />
          </Button>
          <Typography data-testid="statement-file">{file ? file.name : 'फाइल निवडलेली नाही / No file chosen'}</Typography>
          <Button variant="contained" disabled={!file || busy} onClick={() => void send(true)}>
            तपासा / Check (dry run)
          </Button>
          <Button variant="contained" color="success" disabled={!toApply || busy} onClick={() => void send(false)}>
            लागू करा / Apply
          </Button>
        </Box>
        {message && (
          <Alert
            severity={message.severity}
            sx={{ mt: 1.5 }}
            data-testid="statement-message"
            role={message.severity === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </Alert>
        )}
        {checked && <ResultTables result={checked.result} />}
      </Section>
      <UnmatchedList />
    </Box>
  );
}
