// The general revision of assessments (rule 17, every four years; POST /api/TaxRates/revision): every
// property assessed again with the rates in force from a tax year and its age then. A dry run lists
// each property's annual tax old → new and the totals; only then may the clerk apply it (with the
// resolution number when that year's demand is already raised), after a confirmation.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { taxYearLabel } from '../../../../common/property/tax.ts';
import { fromPaise, toPaise } from '../../../../common/money.ts';
import { useConfirm, useNotify } from '../../components/feedback/FeedbackProvider.tsx';
import type { RevisionResult } from './api.ts';
import { useRevision } from './queries.ts';
import { rupees } from './shared.ts';

/** How many lines the preview shows: those that change first. */
const SHOWN = 100;

export default function RevisionSection({ currentTaxYear, billed }: { currentTaxYear: number; billed: boolean }) {
  const [year, setYear] = useState(currentTaxYear + 1);
  const [order, setOrder] = useState('');
  const [preview, setPreview] = useState<RevisionResult | null>(null);
  const [error, setError] = useState('');
  const revision = useRevision();
  const confirm = useConfirm();
  const notify = useNotify();
  const needsOrder = year === currentTaxYear && billed;

  const run = async (dryRun: boolean) => {
    setError('');
    if (!dryRun && needsOrder && !order.trim()) {
      setError('ठराव क्रमांक टाका: या वर्षाची मागणी झाली आहे. / Give the resolution number: this year is billed.');
      return;
    }
    if (!dryRun && preview) {
      const yes = await confirm({
        title: `फेरआकारणी ${taxYearLabel(year)} पासून लागू करायची? / Apply the revision from ${taxYearLabel(year)}?`,
        body: `${preview.changed} / ${preview.properties} मालमत्तांचा वार्षिक कर बदलेल: ${rupees(preview.oldTotal)} → ${rupees(preview.newTotal)}. / ${preview.changed} of ${preview.properties} properties' annual tax changes.`,
        confirmLabel: 'लागू करा / Apply',
      });
      if (!yes) return;
    }
    try {
      const r = await revision.mutateAsync({ effectiveTaxYear: year, dryRun, ...(order.trim() ? { orderReference: order.trim() } : {}) });
      if (dryRun) setPreview(r.result);
      else {
        setPreview(null);
        notify(r.message, 'success');
      }
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const lines = preview ? [...preview.lines].sort((a, b) => Number(a.oldTotal === a.newTotal) - Number(b.oldTotal === b.newTotal)) : [];
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} aria-labelledby="revision-title">
      <Typography component="h2" id="revision-title" sx={{ fontWeight: 700, color: 'primary.main', mb: 1 }}>
        सर्वसाधारण फेरआकारणी (नियम १७) / General revision of assessments (rule 17)
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        दर चार वर्षांनी: सर्व मालमत्तांची त्या वर्षीच्या दरांनी व वयाने पुन्हा आकारणी. आधी पूर्वावलोकन पहा. / Every four years: every property assessed
        again with that year&apos;s rates and its age. Preview first.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          name="effectiveTaxYear"
          label="कर वर्षापासून / From tax year"
          value={year}
          onChange={(e) => {
            setYear(Number(e.target.value));
            setPreview(null);
          }}
          sx={{ minWidth: 220 }}
        >
          {[currentTaxYear, currentTaxYear + 1, currentTaxYear + 2].map((y) => (
            <MenuItem key={y} value={y}>
              {taxYearLabel(y)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          name="revisionOrder"
          label="ठराव क्रमांक / Resolution No."
          value={order}
          required={needsOrder}
          onChange={(e) => setOrder(e.target.value)}
          helperText={needsOrder ? 'या वर्षाची मागणी झाली आहे: आवश्यक / This year is billed: required' : ' '}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Button variant="outlined" onClick={() => void run(true)} disabled={revision.isPending}>
          पूर्वावलोकन / Preview
        </Button>
        <Button variant="contained" onClick={() => void run(false)} disabled={revision.isPending || !preview}>
          लागू करा / Apply
        </Button>
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {preview && (
        <Box sx={{ mt: 2 }} data-testid="revision-preview">
          <Typography sx={{ mb: 1 }}>
            {taxYearLabel(preview.effectiveTaxYear)} पासून {preview.changed} / {preview.properties} मालमत्तांचा कर बदलेल. एकूण वार्षिक कर{' '}
            <b data-testid="revision-old">{rupees(preview.oldTotal)}</b> → <b data-testid="revision-new">{rupees(preview.newTotal)}</b>. /{' '}
            {preview.changed} of {preview.properties} properties change.
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Box
              component="table"
              sx={{
                borderCollapse: 'collapse',
                width: '100%',
                '& th, & td': { borderBottom: '1px solid #e0d6c8', p: '4px 6px', textAlign: 'right', whiteSpace: 'nowrap' },
                '& th[scope="row"], & thead th:first-of-type': { textAlign: 'left' },
                '& tfoot th, & tfoot td': { fontWeight: 700 },
              }}
            >
              <thead>
                <tr>
                  <th scope="col">मालमत्ता क्र. / Property</th>
                  <th scope="col">आताचा कर / Old</th>
                  <th scope="col">नवा कर / New</th>
                  <th scope="col">फरक / Change</th>
                </tr>
              </thead>
              <tbody>
                {lines.slice(0, SHOWN).map((l) => {
                  const diff = toPaise(l.newTotal) - toPaise(l.oldTotal);
                  return (
                    <tr key={l.propertyId}>
                      <th scope="row">{l.malmattaNo}</th>
                      <td>{rupees(l.oldTotal)}</td>
                      <td>{rupees(l.newTotal)}</td>
                      <td>{diff === 0n ? '—' : `${diff > 0n ? '+' : ''}${rupees(fromPaise(diff))}`}</td>
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">एकूण / Total</th>
                  <td>{rupees(preview.oldTotal)}</td>
                  <td>{rupees(preview.newTotal)}</td>
                  <td />
                </tr>
              </tfoot>
            </Box>
          </Box>
          {lines.length > SHOWN && (
            <Typography variant="body2" color="text.secondary">
              पहिल्या {SHOWN} ओळी (बदलणाऱ्या आधी) / The first {SHOWN} of {lines.length}, changed first.
            </Typography>
          )}
        </Box>
      )}
    </Paper>
  );
}
