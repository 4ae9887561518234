// The update modal of a card (spec 2.3, 4): the owner's and the property's details prefilled. Only
// changed fields go; owner changes and property changes are two calls sent in parallel; nothing
// changed just closes. A change of owner is a transfer (ferfar), not an edit: see /receipt8no.
import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import FormSections from '../../components/form/FormSections.tsx';
import { valuesOf, type Values } from '../../components/form/values.ts';
import { updateOwner, updateProperty, type PropertyRow } from './api.ts';
import AssessmentPanel from './AssessmentPanel.tsx';
import { ALL_FIELDS, OWNER_NAMES, SECTIONS } from './shared.ts';
import { useRates } from './useRates.ts';

export default function UpdateDialog({
  row,
  onClose,
  onSaved,
}: {
  row: PropertyRow;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const initial = useMemo(() => valuesOf(ALL_FIELDS, row as unknown as Record<string, unknown>), [row]);
  const [values, setValues] = useState<Values>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { rates } = useRates();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const onChange = useCallback((name: string, value: string) => setValues((v) => ({ ...v, [name]: value })), []);

  const save = async () => {
    setError('');
    if (!row.propertyId) {
      setError('PropertyId is required locally before sending to the server.');
      return;
    }
    const changed = ALL_FIELDS.filter((f) => (values[f.name] ?? '').trim() !== (initial[f.name] ?? '').trim());
    if (!changed.length) {
      onClose();
      return;
    }
    const owner = Object.fromEntries(changed.filter((f) => OWNER_NAMES.has(f.name)).map((f) => [f.name, values[f.name].trim()]));
    const property = Object.fromEntries(changed.filter((f) => !OWNER_NAMES.has(f.name)).map((f) => [f.name, values[f.name].trim()]));
    setBusy(true);
    try {
      const calls: Promise<unknown>[] = [];
      if (Object.keys(owner).length) calls.push(updateOwner({ ownerId: row.ownerId, malmattaNo: row.malmattaNo, ...owner }));
      if (Object.keys(property).length) calls.push(updateProperty({ propertyId: row.propertyId, ...property }));
      await Promise.all(calls);
      onSaved(`मालमत्ता ${values.malmattaNo || row.malmattaNo} अद्यतनित केली / Property updated`);
    } catch (err) {
      setError((err as Error).message || 'Update failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth aria-labelledby="update-title">
      <DialogTitle id="update-title">
        मालमत्ता अद्यतन — {row.malmattaNo} <span style={{ fontSize: 14, opacity: 0.7 }}>/ Update property</span>
      </DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="update-error">
            {error}
          </Alert>
        )}
        <FormSections sections={SECTIONS} values={values} browserChecks={false} onChange={onChange} />
        <AssessmentPanel rates={rates} values={values} year={row.ghasaraDarUpdatedYear} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          रद्द करा (Cancel)
        </Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {busy ? 'जतन करत आहे…' : 'जतन करा (Save)'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
