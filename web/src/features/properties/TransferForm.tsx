// The transfer (ferfar nond) form of spec 5: the required fields answer "{label} is required." when
// left blank, the submit waits until all are filled, values go trimmed, a blank inheritance name
// goes as NO. Choosing the property from the suggestions fills its current owner and occupier.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { NO_HEIR, TRANSFER_FIELDS, type TransferFieldName } from '../../../../common/property/transfer.ts';
import { normaliseMobile } from '../../../../common/sms.ts';
import DateField from '../../components/form/DateField.tsx';
import { ApiError } from '../../lib/api.ts';
import { todayIso } from '../../lib/dates.ts';
import type { PropertyRow, Transfer } from './api.ts';
import HistoryDialog from './HistoryDialog.tsx';
import PropertyPicker from './PropertyPicker.tsx';
import { useAddTransfer } from './queries.ts';

type Values = Record<TransferFieldName, string>;
const EMPTY = Object.fromEntries(TRANSFER_FIELDS.map((f) => [f.name, ''])) as Values;
const REASONS = ['खरेदी (Sale)', 'वारसा (Inheritance)', 'बक्षीसपत्र (Gift)', 'न्यायालय आदेश (Court order)', 'वाटणी (Partition)'];

export default function TransferForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<TransferFieldName, boolean>>>({});
  const [selected, setSelected] = useState<PropertyRow | null>(null);
  const add = useAddTransfer();
  const busy = add.isPending;
  const [error, setError] = useState('');
  const [saved, setSaved] = useState<{ message: string; transfer: Transfer } | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);

  const set = (name: TransferFieldName, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const blur = (name: TransferFieldName) => setTouched((t) => ({ ...t, [name]: true }));
  const missing = TRANSFER_FIELDS.filter((f) => f.required && !values[f.name].trim());
  // Optional, but when typed it is a mobile the dues SMS can reach.
  const badMobile = !!values.navin_malakache_mobile.trim() && !normaliseMobile(values.navin_malakache_mobile);
  const errorOf = (name: TransferFieldName) => {
    if (name === 'navin_malakache_mobile')
      return badMobile && touched[name] ? '१० अंकी मोबाईल क्रमांक लिहा / Enter a 10-digit mobile number' : '';
    const f = missing.find((m) => m.name === name);
    return f && touched[name] ? `${f.en} is required.` : '';
  };

  const pick = (row: PropertyRow | null) => {
    setSelected(row);
    if (row)
      setValues((v) => ({
        ...v,
        malmatta_no: row.malmattaNo,
        sadya_malakache_nav: row.malkacheNav,
        bhogwatadharak_nav: v.bhogwatadharak_nav || row.bhogwatdarakNav,
      }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (missing.length || badMobile) {
      setTouched({ ...Object.fromEntries(missing.map((f) => [f.name, true])), navin_malakache_mobile: true });
      return;
    }
    setError('');
    setSaved(null);
    const body = Object.fromEntries(TRANSFER_FIELDS.map((f) => [f.name, values[f.name].trim()])) as Values;
    body.varasache_nav ||= NO_HEIR;
    try {
      const res = await add.mutateAsync(body);
      setSaved({ message: `Property transfer data submitted successfully! ${res.message}`, transfer: res.result });
      setValues(EMPTY);
      setTouched({});
      setSelected(null);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status
          ? `Error: ${err.status}. ${err.message || 'Please check your data.'}`
          : 'An unexpected error occurred.',
      );
    }
  };

  /** The label above the box, Marathi then the English in grey (a floating label would shrink the Devanagari). */
  const label = (name: TransferFieldName) => {
    const f = TRANSFER_FIELDS.find((x) => x.name === name)!;
    return (
      <Box component="label" id={`ferfar-${name}-label`} htmlFor={`ferfar-${name}`} sx={{ display: 'block', mb: 0.5, lineHeight: 1.35 }}>
        <Box component="span" sx={{ fontSize: 15, fontWeight: 600 }}>
          {f.mr}
        </Box>
        {f.required && (
          <Box component="span" aria-hidden sx={{ color: 'error.main', fontWeight: 700 }}>
            {' '}
            *
          </Box>
        )}
        <Box component="span" sx={{ display: 'block', fontSize: 12.5, color: 'text.secondary' }}>
          {f.en}
        </Box>
      </Box>
    );
  };
  const box = (name: TransferFieldName, { helperText, ...extra }: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <>
      {label(name)}
      <TextField
        id={`ferfar-${name}`}
        name={name}
        value={values[name]}
        size="small"
        fullWidth
        required={TRANSFER_FIELDS.find((f) => f.name === name)!.required}
        onChange={(e) => set(name, e.target.value)}
        onBlur={() => blur(name)}
        error={!!errorOf(name)}
        helperText={errorOf(name) || helperText}
        {...extra}
      />
    </>
  );

  return (
    <Box component="form" onSubmit={submit} aria-label="फेरफार नोंद" noValidate>
      {saved && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          data-testid="transfer-success"
          action={
            <Button color="inherit" size="small" onClick={() => setHistoryOf(saved.transfer.malmattaNo)}>
              मालकी इतिहास
            </Button>
          }
        >
          {saved.message}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="transfer-error">
          {error}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          {label('malmatta_no')}
          <PropertyPicker
            id="ferfar-malmatta_no"
            name="malmatta_no"
            text={values.malmatta_no}
            onText={(t) => set('malmatta_no', t)}
            selected={selected}
            onSelect={pick}
            freeSolo
            required
            error={errorOf('malmatta_no')}
            onBlur={() => blur('malmatta_no')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {box('ferfar_karan', {
            helperText: `उदा. ${REASONS.join(', ')}`,
            slotProps: { htmlInput: { list: 'ferfar-reasons', maxLength: 200 } },
          })}
          <datalist id="ferfar-reasons">
            {REASONS.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{box('sadya_malakache_nav')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{box('bhogwatadharak_nav')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{box('navin_malakache_nav')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {box('navin_malakache_mobile', {
            type: 'tel',
            helperText: 'थकीत कराचे SMS या क्रमांकावर जातील / Dues SMS go to this number',
            slotProps: { htmlInput: { inputMode: 'tel', autoComplete: 'off', maxLength: 20 } },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{box('varasache_nav', { helperText: 'रिकामे असल्यास "NO" पाठवले जाते / Sent as NO when blank' })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {label('ferfar_date')}
          <DateField
            id="ferfar-ferfar_date"
            name="ferfar_date"
            labelledBy="ferfar-ferfar_date-label"
            value={values.ferfar_date}
            size="small"
            fullWidth
            required={TRANSFER_FIELDS.find((f) => f.name === 'ferfar_date')!.required}
            max={todayIso()}
            onChange={(iso) => set('ferfar_date', iso)}
            onBlur={() => blur('ferfar_date')}
            errorText={errorOf('ferfar_date')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{box('reference_no')}</Grid>
        <Grid size={12}>{box('note', { multiline: true, minRows: 2 })}</Grid>
      </Grid>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button
          type="button"
          disabled={busy}
          onClick={() => {
            setValues(EMPTY);
            setTouched({});
            setSelected(null);
            setError('');
          }}
        >
          रीसेट (Reset)
        </Button>
        <Button type="submit" variant="contained" disabled={busy || missing.length > 0 || badMobile}>
          {busy ? 'पाठवत आहे…' : 'फेरफार नोंदवा (Submit)'}
        </Button>
      </Box>
      {historyOf && <HistoryDialog malmattaNo={historyOf} onClose={() => setHistoryOf(null)} />}
    </Box>
  );
}
