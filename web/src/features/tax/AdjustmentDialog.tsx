// A remission (माफी: a waiver by the panchayat's or gram sabha's resolution) or a correction
// (दुरुस्ती: an order that raises or lowers a year's demand) of one head and tax year of a property.
// Nothing is edited: the server books an entry with the reason, the resolution or order number and
// who made it. A remission takes off at most what the head owes for that year: the form shows it.
import { useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { TAX_HEADS, type TaxHeadKey } from '../../../../common/property/tax.ts';
import FormDialog, { useDialogSend } from '../../components/FormDialog.tsx';
import { type Ledger } from './api.ts';
import { useAdjustment } from './queries.ts';
import { owedByHeadAndYear, paiseOf, rupees, taxYearLabel } from './labels.ts';
import { fromPaise } from '../../../../common/money.ts';

type Kind = 'remission' | 'correction';

export default function AdjustmentDialog({ ownerId, ledger, onClose }: { ownerId: number; ledger: Ledger; onClose: () => void }) {
  // The years the property has a demand for, newest first; the year of its current demand first.
  const years = useMemo(() => {
    const ys = new Set(ledger.entries.filter((e) => e.head !== null).map((e) => e.taxYear));
    ys.add(ledger.balance.taxYear);
    return [...ys].sort((a, b) => b - a);
  }, [ledger]);
  const owed = useMemo(() => owedByHeadAndYear(ledger.entries), [ledger]);
  const [kind, setKind] = useState<Kind>('remission');
  const [head, setHead] = useState<TaxHeadKey>('gharpatti');
  const [taxYear, setTaxYear] = useState(ledger.balance.taxYear);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [tried, setTried] = useState(false);
  const adjustment = useAdjustment();
  const { error, setError, send } = useDialogSend(onClose);
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const kindLabel = useId();

  const owedNow = owed.get(`${head}:${taxYear}`) ?? 0n;
  const paise = paiseOf(amount);
  const amountProblem =
    paise === null
      ? 'रक्कम चुकीची / Not an amount'
      : paise === 0n
        ? 'रक्कम टाका / Enter an amount'
        : kind === 'remission' && paise < 0n
          ? 'माफी ऋण असू शकत नाही / A remission is not negative'
          : kind === 'remission' && paise > owedNow
            ? `कमाल ${rupees(fromPaise(owedNow))} / At most what is owed`
            : '';
  const referenceLabel = kind === 'remission' ? 'ठराव क्रमांक / Resolution No.' : 'आदेश क्रमांक / Order No.';

  const submit = async () => {
    setTried(true);
    setError('');
    if (amountProblem || !reason.trim() || !reference.trim()) return;
    await send(() =>
      adjustment.mutateAsync({
        ownerId,
        head,
        taxYear,
        amount: amount.trim(),
        kind,
        reason: reason.trim(),
        orderReference: reference.trim(),
      }),
    );
  };

  return (
    <FormDialog
      titleId="adjust-title"
      title="माफी / दुरुस्ती — Remission or correction"
      busy={adjustment.isPending}
      fullScreen={fullScreen}
      onClose={onClose}
      onSubmit={() => void submit()}
      error={error}
      cancelLabel="रद्द करा / Cancel"
      submitLabel={kind === 'remission' ? 'माफी नोंदवा / Record remission' : 'दुरुस्ती नोंदवा / Record correction'}
    >
      <FormControl sx={{ mb: 1 }}>
        <FormLabel id={kindLabel}>प्रकार / Kind</FormLabel>
        <RadioGroup row aria-labelledby={kindLabel} name="kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          <FormControlLabel value="remission" control={<Radio />} label="माफी (ठरावाने) / Remission" />
          <FormControlLabel value="correction" control={<Radio />} label="दुरुस्ती (आदेशाने) / Correction" />
        </RadioGroup>
      </FormControl>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField select name="head" label="कर / Head" value={head} onChange={(e) => setHead(e.target.value as TaxHeadKey)}>
          {TAX_HEADS.map((h) => (
            <MenuItem key={h.key} value={h.key}>
              {h.mr} / {h.en}
            </MenuItem>
          ))}
        </TextField>
        <TextField select name="taxYear" label="कर वर्ष / Tax year" value={taxYear} onChange={(e) => setTaxYear(Number(e.target.value))}>
          {years.map((y) => (
            <MenuItem key={y} value={y}>
              {taxYearLabel(y)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          name="amount"
          label="रक्कम ₹ / Amount"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          error={tried && !!amountProblem}
          helperText={
            (tried && amountProblem) ||
            `थकीत ${rupees(fromPaise(owedNow))} / Owed${kind === 'correction' ? ' · कमी करण्यासाठी ऋण (-) रक्कम / negative lowers it' : ''}`
          }
          slotProps={{ htmlInput: { inputMode: kind === 'correction' ? 'text' : 'decimal', maxLength: 20 } }}
        />
        <TextField
          name="orderReference"
          label={referenceLabel}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          required
          error={tried && !reference.trim()}
          helperText={tried && !reference.trim() ? 'आवश्यक / Required' : ' '}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          name="reason"
          label="कारण / Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          error={tried && !reason.trim()}
          helperText={tried && !reason.trim() ? 'आवश्यक / Required' : ' '}
          slotProps={{ htmlInput: { maxLength: 300 } }}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
      </Box>
    </FormDialog>
  );
}
