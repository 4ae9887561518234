// The update modal of a card (spec 2.3, 4): the owner's and the property's details prefilled. Only
// changed fields go; owner changes and property changes are two calls sent in parallel; nothing
// changed just closes. A change of owner is a transfer (ferfar), not an edit: see /receipt8no.
// Each call names the version the row was read at (If-Match); when someone else saved the owner or
// the property meanwhile, the server answers 409 and the dialog offers to reload the row.
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
import { fetchProperty, isStale, updateOwner, updateProperty, type PropertyRow } from './api.ts';
import AssessmentPanel from './AssessmentPanel.tsx';
import { ALL_FIELDS, OWNER_NAMES, SECTIONS, STALE_MESSAGE } from './shared.ts';
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
  // The row as last read: a reload after a conflict replaces it (and the versions the save names).
  const [current, setCurrent] = useState(row);
  const initial = useMemo(() => valuesOf(ALL_FIELDS, current as unknown as Record<string, unknown>), [current]);
  const [values, setValues] = useState<Values>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [stale, setStale] = useState(false);
  const { rates } = useRates();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const onChange = useCallback((name: string, value: string) => setValues((v) => ({ ...v, [name]: value })), []);

  const save = async () => {
    setError('');
    setStale(false);
    if (!current.propertyId) {
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
      if (Object.keys(owner).length)
        calls.push(updateOwner({ ownerId: current.ownerId, malmattaNo: current.malmattaNo, ...owner }, current.ownerVersion));
      if (Object.keys(property).length) calls.push(updateProperty({ propertyId: current.propertyId, ...property }, current.version));
      // Both answers are awaited: one may be refused while the other was saved.
      const failed = (await Promise.allSettled(calls)).flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      if (!failed.length) onSaved(`मालमत्ता ${values.malmattaNo || current.malmattaNo} अद्यतनित केली / Property updated`);
      else if (failed.some(isStale)) {
        setStale(true);
        setError(STALE_MESSAGE);
      } else setError((failed[0] as Error).message || 'Update failed');
    } finally {
      setBusy(false);
    }
  };

  /** Reads the row again: the form shows what is saved now, and a save names its new versions. */
  const reload = async () => {
    setBusy(true);
    try {
      const fresh = await fetchProperty(current.malmattaNo);
      setCurrent(fresh);
      setValues(valuesOf(ALL_FIELDS, fresh as unknown as Record<string, unknown>));
      setError('');
      setStale(false);
    } catch (err) {
      setError(
        `पुन्हा लोड करता आले नाही; खिडकी बंद करून मालमत्ता पुन्हा शोधा. / Could not reload: close this window and find the property again. (${(err as Error).message})`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth aria-labelledby="update-title">
      <DialogTitle id="update-title">
        मालमत्ता अद्यतन — {current.malmattaNo} <span style={{ fontSize: 14, opacity: 0.7 }}>/ Update property</span>
      </DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert
            severity={stale ? 'warning' : 'error'}
            role="alert"
            sx={{ mb: 2 }}
            data-testid={stale ? 'update-stale' : 'update-error'}
            action={
              stale ? (
                <Button color="inherit" size="small" onClick={reload} disabled={busy}>
                  पुन्हा लोड करा (Reload)
                </Button>
              ) : undefined
            }
          >
            {error}
          </Alert>
        )}
        <FormSections sections={SECTIONS} values={values} browserChecks={false} onChange={onChange} />
        <AssessmentPanel rates={rates} values={values} year={current.ghasaraDarUpdatedYear} />
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
