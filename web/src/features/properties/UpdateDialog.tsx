// The update modal of a card (spec 2.3, 4): the owner's and the property's details prefilled. Only
// changed fields go; owner changes and property changes are two calls sent in parallel; nothing
// changed just closes. A change of owner is a transfer (ferfar), not an edit: see /receipt8no.
// Each call names the version the row was read at (If-Match); when someone else saved the owner or
// the property meanwhile, the server answers 409 and the dialog offers to reload the row.
// A change of what the tax follows from (type, use, year, areas, own land rate) asks when it takes
// effect (issue 26): from the next tax year (the default once this year is billed), or this year
// under an order, which corrects this year's bill by entries. A name, mobile or description never
// touches tax, so it asks nothing.
import { useCallback, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import FormSections from '../../components/form/FormSections.tsx';
import HistoryPanel from '../../components/history/HistoryPanel.tsx';
import { labelsOf } from '../../components/history/words.ts';
import { valuesOf, type Values } from '../../components/form/values.ts';
import type { Rates } from '../../../../common/property/assessment.ts';
import { taxYearLabel } from '../../../../common/property/tax.ts';
import { fetchProperty, isStale, type PropertyRow } from './api.ts';
import { useRatesQuery, useSaveProperty } from './queries.ts';
import AssessmentPanel from './AssessmentPanel.tsx';
import { ALL_FIELDS, OWNER_NAMES, SECTIONS, STALE_MESSAGE } from './shared.ts';

/** The register's labels for the history: the owner's and the property's fields. */
const HISTORY_LABELS = labelsOf(ALL_FIELDS);

/** The form's fields the assessment follows from: a change of one asks when it takes effect. */
const ASSESSED_FIELDS = new Set(['buildingType', 'usage', 'milkatBandhakamYear', 'areaSqm', 'plotAreaSqm', 'landRate']);

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
  const [reloading, setReloading] = useState(false);
  const [error, setError] = useState('');
  const [stale, setStale] = useState(false);
  const [applyFrom, setApplyFrom] = useState<'default' | 'current'>('default');
  const [orderReference, setOrderReference] = useState('');
  const [orderMissing, setOrderMissing] = useState(false);
  const ratesQ = useRatesQuery();
  const rates = (ratesQ.data?.rates as Rates | undefined) ?? null;
  const saveProperty = useSaveProperty();
  const busy = reloading || saveProperty.isPending;
  const whenLabel = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const onChange = useCallback((name: string, value: string) => setValues((v) => ({ ...v, [name]: value })), []);

  const changed = ALL_FIELDS.filter((f) => (values[f.name] ?? '').trim() !== (initial[f.name] ?? '').trim());
  const assessedChanged = changed.some((f) => ASSESSED_FIELDS.has(f.name));
  // Council-wide: whether this tax year's demand is raised (the rates screen's figure).
  const billed = ratesQ.data?.billed;
  const thisYear = ratesQ.data?.currentTaxYear;

  const save = async () => {
    setError('');
    setStale(false);
    setOrderMissing(false);
    if (!current.propertyId) {
      setError('PropertyId is required locally before sending to the server.');
      return;
    }
    if (!changed.length) {
      onClose();
      return;
    }
    const toCurrent = assessedChanged && applyFrom === 'current';
    if (toCurrent && billed && !orderReference.trim()) {
      setOrderMissing(true);
      setError('चालू वर्षाला लावण्यासाठी आदेश / ठराव क्रमांक टाका. / Give the order or resolution number to apply it to this year.');
      return;
    }
    const owner = Object.fromEntries(changed.filter((f) => OWNER_NAMES.has(f.name)).map((f) => [f.name, values[f.name].trim()]));
    const property = Object.fromEntries(changed.filter((f) => !OWNER_NAMES.has(f.name)).map((f) => [f.name, values[f.name].trim()]));
    // What the screen says is what is sent: the next year when this one is billed, unless the clerk chose this one.
    const change = toCurrent
      ? { applyFrom: 'current' as const, orderReference: orderReference.trim() }
      : assessedChanged && billed
        ? { applyFrom: 'next' as const }
        : {};
    const failed = await saveProperty.mutateAsync({ row: current, owner, property, change });
    if (!failed.length) onSaved(`मालमत्ता ${values.malmattaNo || current.malmattaNo} अद्ययावत केली / Property updated`);
    else if (failed.some(isStale)) {
      setStale(true);
      setError(STALE_MESSAGE);
    } else setError((failed[0] as Error).message || 'Update failed');
  };

  /** Reads the row again: the form shows what is saved now, and a save names its new versions. */
  const reload = async () => {
    setReloading(true);
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
      setReloading(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth aria-labelledby="update-title">
      <DialogTitle id="update-title">
        मालमत्ता अद्ययावत — {current.malmattaNo} <span style={{ fontSize: 14, opacity: 0.7 }}>/ Update property</span>
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
        {assessedChanged && thisYear !== undefined && (
          <Box component="section" sx={{ mt: 2 }} data-testid="assessment-when">
            {billed ? (
              <FormControl>
                <FormLabel id={whenLabel}>
                  कर आकारणीतील हा बदल कधीपासून लागू? / When does this change of the assessment take effect?
                </FormLabel>
                <RadioGroup
                  aria-labelledby={whenLabel}
                  name="applyFrom"
                  value={applyFrom}
                  onChange={(e) => setApplyFrom(e.target.value as 'default' | 'current')}
                >
                  <FormControlLabel
                    value="default"
                    control={<Radio />}
                    label={`पुढील कर वर्ष ${taxYearLabel(thisYear + 1)} पासून (या वर्षीचे बिल तसेच राहते) / From the next tax year (this year's bill stays)`}
                  />
                  <FormControlLabel
                    value="current"
                    control={<Radio />}
                    label={`चालू कर वर्ष ${taxYearLabel(thisYear)} ला लागू, आदेशाने (बिलात दुरुस्ती नोंद) / Apply to the current year under an order (a correction on the bill)`}
                  />
                </RadioGroup>
                {applyFrom === 'current' && (
                  <TextField
                    name="orderReference"
                    label="आदेश / ठराव क्रमांक / Order or resolution No."
                    value={orderReference}
                    onChange={(e) => {
                      setOrderReference(e.target.value);
                      setOrderMissing(false);
                    }}
                    required
                    error={orderMissing}
                    size="small"
                    sx={{ mt: 1, maxWidth: 420 }}
                    slotProps={{ htmlInput: { maxLength: 100 } }}
                  />
                )}
              </FormControl>
            ) : (
              <Alert severity="info">
                या वर्षाची मागणी अजून झालेली नाही: बदल चालू कर वर्ष {taxYearLabel(thisYear)} पासून लागू. / This year is not billed yet: the change
                applies from {taxYearLabel(thisYear)}.
              </Alert>
            )}
          </Box>
        )}
        {current.propertyId && <HistoryPanel entity="Property" entityId={current.propertyId} labels={HISTORY_LABELS} />}
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
