// /karMagni (spec 2.5, 4, 5, 8; issue 26): find a property, see its tax card (arrears, current and
// total per head, the advance held), its receipts and ledger (hidden until toggled; a receipt can be
// cancelled there with a reason), record a remission or correction, pay (a cheque with its number
// and bank; arrears first or current first) and download the Namuna 10 receipt and the 9-क bill.
// After a payment, a reversal or an adjustment the card, receipts and ledger are read again. The
// second tab starts the kar details of a registered property (arrears entered once; the current
// demand is its assessment).
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BackToAdmin from '../../components/BackToAdmin.tsx';
import { useNotify } from '../../components/feedback/FeedbackProvider.tsx';
import { councilIdOf } from '../../lib/session.ts';
import { TAX_HEADS, TAX_MESSAGES } from '../../../../common/property/tax.ts';
import { downloadDemand, downloadReceipt, type Kar, type Payment, type PropertyHit } from './api.ts';
import { useAddKar, useHistory, useKar, useLedger, usePropertySearch } from './queries.ts';
import { messageOf, paiseOf, rupees, taxYearLabel } from './labels.ts';
import PaymentForm from './PaymentForm.tsx';
import { LedgerPanel, Receipts } from './LedgerPanel.tsx';
import AdjustmentDialog from './AdjustmentDialog.tsx';
import './tax.css';
import { SAY } from '../../../../common/messages.ts';

/** The value once it has stopped changing for `ms` (the suggestions are asked for then). */
function useSettled(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** Property number search with suggestions (debounced 400 ms, at least 1 character). */
function PropertySearch({ onPick }: { onPick: (p: PropertyHit | null) => void }) {
  const [text, setText] = useState('');
  const settled = useSettled(text.trim(), 400);
  const search = usePropertySearch(text.trim() ? settled : '');
  const options = text.trim() ? (search.data ?? []) : [];
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
  const advance = paiseOf(String(kar.advance ?? '0')) ?? 0n;
  return (
    <Paper className="tax-card" data-testid="tax-card" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2">
        {kar.malmattaNo} — {kar.malkacheNav || 'N/A'}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <table className="tax-heads">
          <thead>
            <tr>
              <th scope="col">कर</th>
              <th scope="col">मागील</th>
              <th scope="col">चालू</th>
              <th scope="col">एकूण</th>
            </tr>
          </thead>
          <tbody>
            {TAX_HEADS.map((h) => (
              <tr key={h.key}>
                <th scope="row">{h.mr}</th>
                <td>{rupees(kar[`magil${h.col}`])}</td>
                <td>{rupees(kar[`chalu${h.col}`])}</td>
                <td>{rupees(kar[`total${h.col}`])}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {advance > 0n && (
              <tr>
                <th scope="row">आगाऊ जमा / Advance</th>
                <td colSpan={3} data-testid="kar-advance">
                  {rupees(kar.advance)}
                </td>
              </tr>
            )}
            <tr>
              <th scope="row">एकूण देय / Total due</th>
              <td colSpan={3} data-testid="kar-total">
                {rupees(kar.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </Box>
      <Typography variant="caption">कर वर्ष / Tax year {taxYearLabel(Number(kar.karupdatedYear))}</Typography>
    </Paper>
  );
}

function PayTab() {
  const [property, setProperty] = useState<PropertyHit | null>(null);
  const [showBooks, setShowBooks] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [paid, setPaid] = useState<Payment | null>(null);
  const notify = useNotify();
  const ownerId = property?.ownerId;
  const karQ = useKar(ownerId);
  const history = useHistory(ownerId);
  const ledger = useLedger(karQ.data ? ownerId : undefined);
  const kar = karQ.data ?? null;

  const pick = (p: PropertyHit | null) => {
    setPaid(null);
    setAdjusting(false);
    setProperty(p);
  };
  const downloadFailed = (e: unknown) => notify(SAY.pdfFailed(messageOf(e)), 'error');

  return (
    // minmax(0, 1fr): a wide table scrolls inside its box instead of widening the page.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PropertySearch onPick={pick} />
      {karQ.isError && (
        <Alert severity="warning" role="alert">
          Failed to fetch kar details: {messageOf(karQ.error)}
        </Alert>
      )}
      {property && karQ.isSuccess && !kar && (
        <Alert severity="warning" role="alert">
          {TAX_MESSAGES.noKar}
        </Alert>
      )}
      {paid && (
        <Alert
          severity="success"
          role="status"
          action={<Button onClick={() => void downloadReceipt(paid.paymentId).catch(downloadFailed)}>पावती / Receipt</Button>}
        >
          {TAX_MESSAGES.paid} पावती क्र. {paid.receiptNo} ({paid.financialYear}), {rupees(paid.amountTotal)}
        </Alert>
      )}
      {kar && property && (
        <>
          <TaxCard kar={kar} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" aria-expanded={showBooks} onClick={() => setShowBooks((v) => !v)}>
              {showBooks ? 'इतिहास लपवा' : 'भरणा इतिहास दाखवा'} / Payment history
            </Button>
            <Button
              variant="outlined"
              onClick={() => void downloadDemand(property.ownerId, councilIdOf(), kar.malmattaNo).catch(downloadFailed)}
            >
              मागणी बिल (नमुना ९-क) / Demand bill
            </Button>
            <Button variant="outlined" onClick={() => setAdjusting(true)} disabled={!ledger.data}>
              माफी / दुरुस्ती — Remission / correction
            </Button>
          </Box>
          {showBooks && (
            <Paper sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
              <Receipts rows={history.data ?? []} />
              {ledger.isError && <Alert severity="error">{messageOf(ledger.error)}</Alert>}
              {ledger.data && <LedgerPanel ledger={ledger.data} />}
            </Paper>
          )}
          {adjusting && ledger.data && (
            <AdjustmentDialog ownerId={property.ownerId} ledger={ledger.data} onClose={() => setAdjusting(false)} />
          )}
          {(paiseOf(String(kar.total)) ?? 0n) > 0n && <PaymentForm key={kar.karId} kar={kar} onPaid={setPaid} />}
        </>
      )}
    </Box>
  );
}

type Amounts = Record<string, string>;
const NO_AMOUNTS: Amounts = Object.fromEntries(TAX_HEADS.map((h) => [h.key, '']));

function NewKarTab() {
  const [malmattaNo, setMalmattaNo] = useState('');
  const [arrears, setArrears] = useState<Amounts>(NO_AMOUNTS);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const addKar = useAddKar();
  const submit = async () => {
    setMessage(null);
    if (!malmattaNo.trim()) {
      setMessage({ ok: false, text: 'कृपया मालमत्ता क्रमांक टाका / Property No. is required.' });
      return;
    }
    try {
      const body = {
        malmattaNo: malmattaNo.trim(),
        createdByUserId: councilIdOf(),
        ...Object.fromEntries(TAX_HEADS.map((h) => [`magil${h.col}`, arrears[h.key].trim() || '0'])),
      };
      const r = await addKar.mutateAsync(body);
      setMessage({ ok: true, text: `${r.message}: ${r.result.malmattaNo}, ${rupees(r.result.total)}` });
      setArrears(NO_AMOUNTS);
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err) });
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
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={addKar.isPending}>
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
