// The create/update form of every kind, drawn from its field table: sections, Marathi labels with
// the English below, digits-only Aadhaar (12) and mobile (10), option lists, read-only derived
// values, and for marriage the photos. Create versus update: whether a saved record was given.
import { memo, useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../lib/api.ts';
import { formatDateGB } from '../../lib/format.ts';
import { councilIdOf } from '../../lib/session.ts';
import { saveCertificate } from './api.ts';
import { emptyValues, maxDate, valuesOf, type FieldDef, type Item, type KindDef, type Values } from './kinds.ts';
import PhotoField from './PhotoField.tsx';

const DIGITS: Partial<Record<FieldDef['type'], number>> = { aadhaar: 12, mobile: 10 };

/** What a failed submit says (spec 8): the server's message, else the status, else unknown. */
export function submitError(err: unknown): string {
  if (err instanceof ApiError) return err.message || `Server returned ${err.status}`;
  if (err instanceof Error && err.message && err.name !== 'TypeError') return err.message;
  return 'An unknown error occurred.';
}

/** A box with its label above it: Marathi, then the English in grey (floating labels would shrink
 *  Devanagari to an unreadable size). */
const Field = memo(function Field({ fd, value, browserChecks, onChange }: {
  fd: FieldDef; value: string; browserChecks: boolean; onChange: (name: string, value: string) => void;
}) {
  const id = `cert-${fd.name}`;
  const digits = DIGITS[fd.type];
  const change = (raw: string) => onChange(fd.name, digits ? raw.replace(/\D/g, '').slice(0, digits) : raw);
  const common = {
    id,
    name: fd.name,
    value,
    fullWidth: true,
    size: 'small' as const,
    required: fd.required,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => change(e.target.value),
    sx: fd.readOnly ? { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } : undefined,
  };

  let input: React.ReactNode;
  if (fd.type === 'select') {
    const options = fd.options ?? [];
    const unknown = value && !options.some((o) => o.value === value);
    input = (
      <TextField {...common} select slotProps={{ select: { native: true } }}>
        <option value="">-- निवडा / Select --</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.mr} / {o.en}</option>)}
        {unknown && <option value={value}>{value}</option>}
      </TextField>
    );
  } else if (fd.type === 'date') {
    // The browser draws the picker in its own locale (mm/dd/yyyy on an en-US office PC), so the
    // chosen date is repeated as day/month/year, the way it prints on the certificate.
    const gb = value ? formatDateGB(value, '') : '';
    input = (
      <TextField {...common} type="date" slotProps={{
        htmlInput: { max: maxDate(fd), readOnly: fd.readOnly },
        formHelperText: { 'data-testid': `${fd.name}-gb` } as object,
      }} helperText={gb ? `${gb} (दिवस/महिना/वर्ष · dd/mm/yyyy)` : undefined} />
    );
  } else if (fd.type === 'int' || fd.type === 'decimal') {
    input = (
      <TextField {...common} type="number"
        slotProps={{ htmlInput: { min: 0, step: fd.type === 'int' ? 1 : 0.01, readOnly: fd.readOnly, inputMode: fd.type === 'int' ? 'numeric' : 'decimal' } }} />
    );
  } else {
    input = (
      <TextField {...common} multiline={fd.type === 'textarea'} minRows={fd.type === 'textarea' ? 2 : undefined}
        slotProps={{
          htmlInput: {
            readOnly: fd.readOnly,
            ...(digits ? { inputMode: 'numeric', pattern: browserChecks ? `\\d{${digits}}` : undefined, maxLength: digits, autoComplete: 'off', title: `${digits} अंकी क्रमांक (${digits} digits)` } : {}),
          },
        }} />
    );
  }
  return (
    <>
      <Box component="label" htmlFor={id} sx={{ display: 'block', mb: 0.5, lineHeight: 1.35 }}>
        <Box component="span" sx={{ fontSize: 15, fontWeight: 600 }}>{fd.mr}</Box>
        {fd.required && <Box component="span" aria-hidden sx={{ color: 'error.main', fontWeight: 700 }}> *</Box>}
        <Box component="span" sx={{ display: 'block', fontSize: 12.5, color: 'text.secondary' }}>
          {fd.en}{fd.readOnly ? ' · आपोआप / automatic' : ''}
        </Box>
      </Box>
      {input}
    </>
  );
});

/** Runs of single fields (three to a row) and of Marathi/English pairs (two to a row, side by side). */
function groups(fields: FieldDef[]): FieldDef[][] {
  const out: FieldDef[][] = [];
  for (const fd of fields) {
    const last = out[out.length - 1];
    if (last && !!last[0].pair === !!fd.pair) last.push(fd);
    else out.push([fd]);
  }
  return out;
}

interface Props {
  k: KindDef;
  /** The saved record when updating, null for a new registration. */
  item: Item | null;
  onCancel: () => void;
  onSaved: (message: string) => void;
}

export default function CertificateForm({ k, item, onCancel, onSaved }: Props) {
  const id = item ? String(item[k.idField] ?? '') : null;
  const [values, setValues] = useState<Values>(() => (item ? valuesOf(k, item) : emptyValues(k)));
  const [photos, setPhotos] = useState<Record<string, File | null>>({});
  const [busy, setBusy] = useState(false);
  const browserChecks = !k.multipart;

  const change = useCallback((name: string, value: string) => {
    setValues((v) => { const next = { ...v, [name]: value }; return k.derive ? k.derive(next, name) : next; });
  }, [k]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!councilIdOf()) { window.alert('Error: User ID not found. Cannot submit.'); return; }
    if (item && !id) { window.alert('प्रमाणपत्र आयडी उपलब्ध नाही, अद्यतन करता येणार नाही. (Certificate ID is missing; cannot update.)'); return; }
    setBusy(true);
    try {
      await saveCertificate(k, values, id, photos);
      onSaved(id ? 'अर्ज यशस्वीरित्या अद्यतनित झाला!' : 'अर्ज यशस्वीरित्या सादर झाला!');
    } catch (err) {
      window.alert(submitError(err));
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate={!browserChecks} aria-label={id ? 'नोंदणी अद्यतन' : 'नवीन नोंदणी'}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {id ? 'नोंदणी अद्यतनित करा' : 'नवीन नोंदणी'}
        <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>{id ? '(Update registration)' : '(New registration)'}</Typography>
      </Typography>

      {k.sections.map((s) => (
        <Paper key={s.en} component="fieldset" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, border: '1px solid', borderColor: 'divider', minWidth: 0 }}>
          <Typography component="legend" sx={{ px: 1, fontWeight: 700, color: 'primary.main' }}>{s.mr} / {s.en}</Typography>
          {groups(s.fields).map((g) => (
            <Grid container key={g[0].name} columnSpacing={2} rowSpacing={1.5} sx={{ '& + &': { mt: 1.5 } }}>
              {g.map((fd) => (
                <Grid key={fd.name} size={fd.pair ? { xs: 12, sm: 6 } : { xs: 12, sm: 6, md: 4 }}>
                  <Field fd={fd} value={values[fd.name] ?? ''} browserChecks={browserChecks} onChange={change} />
                </Grid>
              ))}
            </Grid>
          ))}
        </Paper>
      ))}

      {k.photos && (
        <Paper component="fieldset" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, border: '1px solid', borderColor: 'divider', minWidth: 0 }}>
          <Typography component="legend" sx={{ px: 1, fontWeight: 700, color: 'primary.main' }}>फोटो / Photos</Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' } }}>
            {k.photos.map((p) => (
              <PhotoField key={p.name} name={p.name} mr={p.mr} en={p.en} required={!!p.requiredOnCreate && !id}
                savedUrl={item ? (item[p.urlField] as string | null) ?? null : null}
                file={photos[p.name] ?? null} disabled={busy}
                onChange={(file) => setPhotos((ph) => ({ ...ph, [p.name]: file }))} />
            ))}
          </Box>
        </Paper>
      )}

      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'flex-end', position: 'sticky', bottom: 0, py: 1.5, bgcolor: 'background.default', zIndex: 1 }}>
        <Button variant="outlined" onClick={onCancel} disabled={busy}>रद्द करा (Cancel)</Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'सादर होत आहे…' : id ? 'अद्यतनित करा (Update)' : 'सादर करा (Submit)'}
        </Button>
      </Box>
    </Box>
  );
}
