// The payment form of /karMagni: an amount per head (at most what it owes), the method with the
// cheque or draft's number and bank when it is one, how each head is spread over its years (the
// oldest arrears first, the default, or this year's demand first), the date and a note. One
// Idempotency-Key per payment the clerk means, so a double click or a retry is taken once.
import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DateField from '../../components/form/DateField.tsx';
import { toPaise } from '../../../../common/money.ts';
import { PAYMENT_METHODS, PAYMENT_METHOD_KEYS, TAX_HEADS, TAX_MESSAGES } from '../../../../common/property/tax.ts';
import { councilIdOf } from '../../lib/session.ts';
import { type Allocation, type Kar, type Payment } from './api.ts';
import { usePayment } from './queries.ts';
import { messageOf, paiseOf, rupees, todayIso } from './labels.ts';
import { SAY } from '../../../../common/messages.ts';

/** A random key per payment. crypto.randomUUID exists only on https or localhost; an office server
 *  on plain http in the LAN has getRandomValues only. */
const newKey = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The methods paid with a paper instrument: its number is printed on the receipt and required. */
const WITH_INSTRUMENT = new Set(['cheque', 'dd']);

type Amounts = Record<string, string>;
const NO_AMOUNTS: Amounts = Object.fromEntries(TAX_HEADS.map((h) => [h.key, '']));

export default function PaymentForm({ kar, onPaid }: { kar: Kar; onPaid: (p: Payment) => void }) {
  const [amounts, setAmounts] = useState<Amounts>(NO_AMOUNTS);
  const [method, setMethod] = useState('cash');
  const [chequeNo, setChequeNo] = useState('');
  const [bankName, setBankName] = useState('');
  const [allocation, setAllocation] = useState<Allocation>('arrears-first');
  const [date, setDate] = useState(todayIso);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [chequeMissing, setChequeMissing] = useState(false);
  const pay = usePayment();
  // One key for the payment the clerk is entering: a double click or a retry sends the same key.
  const key = useRef(newKey());
  const allocationLabel = useId();
  const instrument = WITH_INSTRUMENT.has(method);

  const problemOf = (h: (typeof TAX_HEADS)[number]) => {
    const p = paiseOf(amounts[h.key]);
    if (p === null) return 'रक्कम चुकीची / Not an amount';
    if (p < 0n) return 'ऋण रक्कम चालणार नाही';
    if (p > toPaise(String(kar[`total${h.col}`]))) return `कमाल ${rupees(kar[`total${h.col}`])}`;
    return '';
  };

  const submit = async () => {
    setError('');
    setChequeMissing(false);
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
    if (instrument && !chequeNo.trim()) {
      setChequeMissing(true);
      setError('कृपया धनादेश / ड्राफ्ट क्रमांक टाका / Please enter the cheque or draft number.');
      return;
    }
    const input = {
      karid: Number(kar.karId),
      paid_method: method,
      note: note.trim(),
      paid_on: date,
      cheque_no: instrument ? chequeNo.trim() : '',
      bank_name: instrument ? bankName.trim() : '',
      allocation,
      createdByUserId: councilIdOf(),
      paid_gharpatti: amounts.gharpatti.trim() || '0',
      paid_divabatti: amounts.divabatti.trim() || '0',
      paid_arogyakar: amounts.arogyakar.trim() || '0',
      paid_panipatti: amounts.panipatti.trim() || '0',
    };
    try {
      const res = await pay.mutateAsync({ input, key: key.current });
      key.current = newKey();
      setAmounts(NO_AMOUNTS);
      setNote('');
      setChequeNo('');
      setBankName('');
      onPaid(res.result.payment);
    } catch (err) {
      setError(SAY.paymentFailed(messageOf(err)));
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
      <Typography variant="h6" component="h2" gutterBottom>
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
              helperText={problem || `कमाल ${rupees(kar[`total${h.col}`])}`}
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
        {instrument && (
          <>
            <TextField
              name="cheque_no"
              label={method === 'dd' ? 'ड्राफ्ट क्रमांक / DD No.' : 'धनादेश क्रमांक / Cheque No.'}
              value={chequeNo}
              required
              error={chequeMissing}
              onChange={(e) => setChequeNo(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 30, autoComplete: 'off' } }}
            />
            <TextField
              name="bank_name"
              label="बँकेचे नाव / Bank"
              value={bankName}
              onChange={(e) => setBankName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </>
        )}
        <DateField id="paid_on" name="paid_on" label="दिनांक / Date" value={date} onChange={setDate} max={todayIso()} />
        <TextField name="note" label="टीप / Note" value={note} onChange={(e) => setNote(e.target.value)} />
      </Box>
      <FormControl sx={{ mt: 2 }}>
        <FormLabel id={allocationLabel}>रक्कम आधी कोणत्या वर्षाला? / Apply each head’s amount to</FormLabel>
        <RadioGroup
          row
          name="allocation"
          aria-labelledby={allocationLabel}
          value={allocation}
          onChange={(e) => setAllocation(e.target.value as Allocation)}
        >
          <FormControlLabel value="arrears-first" control={<Radio />} label="आधी थकबाकी (जुने वर्ष आधी) / Arrears first" />
          <FormControlLabel value="current-first" control={<Radio />} label="आधी चालू वर्ष / Current year first" />
        </RadioGroup>
      </FormControl>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={pay.isPending}>
          कर भरा / Pay
        </Button>
      </Box>
    </Paper>
  );
}
