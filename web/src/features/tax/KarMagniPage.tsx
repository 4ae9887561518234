// /karMagni (spec 2.5, 4, 5, 8): find a property, see its tax card (arrears, current and total per
// head), the payment history (hidden until toggled), pay with per-head maximums and download the
// Namuna 10 receipt; the card reloads a second after a payment. The second tab starts the kar
// details of a registered property (arrears entered once; the current demand is its assessment).
import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BackToAdmin from '../../components/BackToAdmin.tsx';
import { councilIdOf } from '../../lib/session.ts';
import { formatDateMr, formatRupees } from '../../lib/format.ts';
import { toPaise } from '../../../../common/money.ts';
import { PAYMENT_METHODS, PAYMENT_METHOD_KEYS, TAX_HEADS, TAX_MESSAGES } from '../../../../common/property/tax.ts';
import {
  addKar,
  applyPayment,
  downloadDemand,
  downloadReceipt,
  fetchHistory,
  fetchKar,
  searchProperties,
  type HistoryRow,
  type Kar,
  type Payment,
  type PropertyHit,
} from './api.ts';
import './tax.css';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const todayIso = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
/** A random key per payment. crypto.randomUUID exists only on https or localhost; an office server
 *  on plain http in the LAN has getRandomValues only. */
const newKey = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
/** An amount box's text in paise, or null when it is not an amount with at most 2 decimals. */
const paiseOf = (v: string): bigint | null => {
  if (!v.trim()) return 0n;
  try {
    return toPaise(v.trim());
  } catch {
    return null;
  }
};

/** Property number search with suggestions (debounced 400 ms, at least 1 character). */
function PropertySearch({ onPick }: { onPick: (p: PropertyHit | null) => void }) {
  const [text, setText] = useState('');
  const [options, setOptions] = useState<PropertyHit[]>([]);
  useEffect(() => {
    if (!text.trim()) {
      setOptions([]);
      return;
    }
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      searchProperties(text.trim(), ctl.signal).then(setOptions, () => setOptions([]));
    }, 400);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [text]);
  return (
    <Autocomplete
      options={options}
      filterOptions={(o) => o}
      inputValue={text}
      onInputChange={(_e, v) => setText(v)}
      onChange={(_e, v) => onPick(v)}
      getOptionLabel={(o) => `${o.malmattaNo} — ${o.malkacheNav}`}
      isOptionEqualToValue={(a, b) => a.propertyId === b.propertyId}
      noOptionsText={text ? 'No owner found for this malmatta number' : 'मालमत्ता क्रमांक टाइप करा'}
      renderInput={(params) => <TextField {...params} label="मालमत्ता क्रमांक / Property No." />}
    />
  );
}

function TaxCard({ kar }: { kar: Kar }) {
  return (
    <Paper className="tax-card" data-testid="tax-card" sx={{ p: 2 }}>
      <Typography variant="h6">
        {kar.malmattaNo} — {kar.malkacheNav || 'N/A'}
      </Typography>
      <table className="tax-heads">
        <thead>
          <tr>
            <th>कर</th>
            <th>मागील</th>
            <th>चालू</th>
            <th>एकूण</th>
          </tr>
        </thead>
        <tbody>
          {TAX_HEADS.map((h) => (
            <tr key={h.key}>
              <th scope="row">{h.mr}</th>
              <td>{formatRupees(kar[`magil${h.col}`])}</td>
              <td>{formatRupees(kar[`chalu${h.col}`])}</td>
              <td>{formatRupees(kar[`total${h.col}`])}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">एकूण थकबाकी</th>
            <td colSpan={3} data-testid="kar-total">
              {formatRupees(kar.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      <Typography variant="caption">
        कर वर्ष / Tax year {kar.karupdatedYear}-{String((Number(kar.karupdatedYear) + 1) % 100).padStart(2, '0')}
      </Typography>
    </Paper>
  );
}

function History({ rows }: { rows: HistoryRow[] }) {
  if (!rows.length) return <Typography sx={{ p: 1 }}>भरणा इतिहास नाही / No payments yet.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <table className="tax-heads" data-testid="payment-history">
        <thead>
          <tr>
            <th>पावती</th>
            <th>दिनांक</th>
            <th>कर</th>
            <th>रक्कम</th>
            <th>प्रकार</th>
            <th>टीप</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.paymentId}-${r.category}`}>
              <td>
                {r.receiptNo} ({r.financialYear})
              </td>
              <td>{formatDateMr(r.paidOn)}</td>
              <td>{TAX_HEADS.find((h) => h.key === r.category)?.mr ?? r.category}</td>
              <td>{formatRupees(r.amountPaid)}</td>
              <td>{PAYMENT_METHODS[r.paidMethod as keyof typeof PAYMENT_METHODS]?.mr ?? r.paidMethod}</td>
              <td>{r.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

type Amounts = Record<string, string>;
const NO_AMOUNTS: Amounts = Object.fromEntries(TAX_HEADS.map((h) => [h.key, '']));

function PaymentForm({ kar, onPaid }: { kar: Kar; onPaid: (p: Payment) => void }) {
  const [amounts, setAmounts] = useState<Amounts>(NO_AMOUNTS);
  const [method, setMethod] = useState('cash');
  const [date, setDate] = useState(todayIso);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // One key for the payment the clerk is entering: a double click or a retry sends the same key.
  const key = useRef(newKey());

  const problemOf = (h: (typeof TAX_HEADS)[number]) => {
    const p = paiseOf(amounts[h.key]);
    if (p === null) return 'रक्कम चुकीची / Not an amount';
    if (p < 0n) return 'ऋण रक्कम चालणार नाही';
    if (p > toPaise(String(kar[`total${h.col}`]))) return `कमाल ${formatRupees(kar[`total${h.col}`])}`;
    return '';
  };

  const submit = async () => {
    setError('');
    if (TAX_HEADS.some((h) => problemOf(h))) {
      setError('कृपया रकमा तपासा / Please check the amounts.');
      return;
    }
    if (TAX_HEADS.every((h) => paiseOf(amounts[h.key]) === 0n)) {
      setError(TAX_MESSAGES.atLeastOne);
      return;
    }
    if (!date) {
      setError(TAX_MESSAGES.noDate);
      return;
    }
    setBusy(true);
    try {
      const input = {
        karid: Number(kar.karId),
        paid_method: method,
        note: note.trim(),
        paid_on: date,
        createdByUserId: councilIdOf(),
        paid_gharpatti: amounts.gharpatti.trim() || '0',
        paid_divabatti: amounts.divabatti.trim() || '0',
        paid_arogyakar: amounts.arogyakar.trim() || '0',
        paid_panipatti: amounts.panipatti.trim() || '0',
      };
      const res = await applyPayment(input, key.current);
      key.current = newKey();
      setAmounts(NO_AMOUNTS);
      setNote('');
      onPaid(res.result.payment);
    } catch (err) {
      setError(`Payment failed: ${messageOf(err)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      sx={{ p: 2 }}
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      aria-label="कर भरणा / Payment"
    >
      <Typography variant="h6" gutterBottom>
        कर भरणा / Payment
      </Typography>
      <Box className="tax-form-grid">
        {TAX_HEADS.map((h) => {
          const problem = problemOf(h);
          return (
            <TextField
              key={h.key}
              name={`paid_${h.key}`}
              label={h.mr}
              value={amounts[h.key]}
              inputMode="decimal"
              onChange={(e) => setAmounts({ ...amounts, [h.key]: e.target.value })}
              error={!!problem}
              helperText={problem || `कमाल ${formatRupees(kar[`total${h.col}`])}`}
              slotProps={{ htmlInput: { type: 'number', min: 0, step: 0.01, max: String(kar[`total${h.col}`]) } }}
            />
          );
        })}
        <TextField select name="paid_method" label="भरणा प्रकार / Method" value={method} onChange={(e) => setMethod(e.target.value)}>
          {PAYMENT_METHOD_KEYS.map((m) => (
            <MenuItem key={m} value={m}>
              {PAYMENT_METHODS[m].mr} / {PAYMENT_METHODS[m].en}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          name="paid_on"
          type="date"
          label="दिनांक / Date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso() } }}
        />
        <TextField name="note" label="टीप / Note" value={note} onChange={(e) => setNote(e.target.value)} />
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={busy}>
        कर भरा / Pay
      </Button>
    </Paper>
  );
}

function PayTab() {
  const [property, setProperty] = useState<PropertyHit | null>(null);
  const [kar, setKar] = useState<Kar | null>(null);
  const [history, setHistory] = useState<HistoryRow[]>([]);
  const [showHistory, setShowHistory] = useState(false);
  const [error, setError] = useState('');
  const [paid, setPaid] = useState<Payment | null>(null);

  const load = useCallback(async (p: PropertyHit) => {
    setError('');
    try {
      const [k, h] = await Promise.all([fetchKar(p.ownerId), fetchHistory(p.ownerId)]);
      setKar(k);
      setHistory(h);
      if (!k) setError(TAX_MESSAGES.noKar);
    } catch (err) {
      setKar(null);
      setError(`Failed to fetch kar details: ${messageOf(err)}`);
    }
  }, []);

  useEffect(() => {
    setPaid(null);
    if (property) void load(property);
    else setKar(null);
  }, [property, load]);

  const onPaid = (payment: Payment) => {
    setPaid(payment);
    // The card and history reload a second after the payment (spec 4).
    setTimeout(() => {
      if (property) void load(property);
    }, 1000);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PropertySearch onPick={setProperty} />
      {error && (
        <Alert severity="warning" role="alert">
          {error}
        </Alert>
      )}
      {paid && (
        <Alert
          severity="success"
          role="status"
          action={
            <Button onClick={() => void downloadReceipt(paid.paymentId).catch((e) => setError(`Error downloading PDF: ${messageOf(e)}`))}>
              पावती / Receipt
            </Button>
          }
        >
          {TAX_MESSAGES.paid} पावती क्र. {paid.receiptNo} ({paid.financialYear}), {formatRupees(paid.amountTotal)}
        </Alert>
      )}
      {kar && property && (
        <>
          <TaxCard kar={kar} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setShowHistory((v) => !v)}>
              {showHistory ? 'इतिहास लपवा' : 'भरणा इतिहास दाखवा'} / Payment history
            </Button>
            <Button
              variant="outlined"
              onClick={() =>
                void downloadDemand(property.ownerId, councilIdOf(), kar.malmattaNo).catch((e) =>
                  setError(`Error downloading PDF: ${messageOf(e)}`),
                )
              }
            >
              मागणी बिल (नमुना ९) / Demand bill
            </Button>
          </Box>
          {showHistory && <History rows={history} />}
          {Number(kar.total) > 0 && <PaymentForm key={kar.karId} kar={kar} onPaid={onPaid} />}
        </>
      )}
    </Box>
  );
}

function NewKarTab() {
  const [malmattaNo, setMalmattaNo] = useState('');
  const [arrears, setArrears] = useState<Amounts>(NO_AMOUNTS);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setMessage(null);
    if (!malmattaNo.trim()) {
      setMessage({ ok: false, text: 'कृपया मालमत्ता क्रमांक टाका / Property No. is required.' });
      return;
    }
    setBusy(true);
    try {
      const body = {
        malmattaNo: malmattaNo.trim(),
        createdByUserId: councilIdOf(),
        ...Object.fromEntries(TAX_HEADS.map((h) => [`magil${h.col}`, arrears[h.key].trim() || '0'])),
      };
      const r = await addKar(body as Parameters<typeof addKar>[0]);
      setMessage({ ok: true, text: `${r.message}: ${r.result.malmattaNo}, ${formatRupees(r.result.total)}` });
      setArrears(NO_AMOUNTS);
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper
      sx={{ p: 2 }}
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      aria-label="नवीन कर तपशील / New kar details"
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        जुन्या नोंदवहीतील मागील थकबाकी एकदाच नोंदवा; चालू कर मालमत्तेच्या आकारणीनुसार (नमुना ८) आपोआप येतो. / Enter the arrears from the old register
        once; the current demand comes from the assessment.
      </Typography>
      <Box className="tax-form-grid">
        <TextField
          name="malmattaNo"
          label="मालमत्ता क्रमांक / Property No."
          value={malmattaNo}
          onChange={(e) => setMalmattaNo(e.target.value)}
          required
        />
        {TAX_HEADS.map((h) => (
          <TextField
            key={h.key}
            name={`magil${h.col}`}
            label={`मागील ${h.mr}`}
            value={arrears[h.key]}
            inputMode="decimal"
            onChange={(e) => setArrears({ ...arrears, [h.key]: e.target.value })}
            slotProps={{ htmlInput: { type: 'number', min: 0, step: 0.01 } }}
          />
        ))}
      </Box>
      {message && (
        <Alert severity={message.ok ? 'success' : 'error'} role="alert" sx={{ mt: 1 }}>
          {message.text}
        </Alert>
      )}
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={busy}>
        जतन करा / Save
      </Button>
    </Paper>
  );
}

export default function KarMagniPage() {
  const [tab, setTab] = useState(0);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <BackToAdmin />
      <Typography variant="h5" component="h1" sx={{ my: 1 }}>
        नमुना ९ — कर मागणी व भरणा / Tax demand and payment
      </Typography>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" sx={{ mb: 2 }}>
        <Tab label="कर तपशील व भरणा" />
        <Tab label="नवीन कर तपशील" />
      </Tabs>
      {tab === 0 ? <PayTab /> : <NewKarTab />}
    </Box>
  );
}
