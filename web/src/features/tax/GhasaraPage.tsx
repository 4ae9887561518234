// /updateGhasara (spec 2.4, 4, 8): how many properties are due, the year, whether this year's
// update has run, refresh, and one update-all call (the server moves every due property in one
// transaction) with a progress bar, then a summary of the first 10; the new factors take effect from
// the next tax year (the year already billed is never changed by it).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BackToAdmin from '../../components/BackToAdmin.tsx';
import { useConfirm } from '../../components/feedback/FeedbackProvider.tsx';
import { formatRupees } from '../../lib/format.ts';
import { TAX_MESSAGES } from '../../../../common/property/tax.ts';
import { type GhasaraResult } from './api.ts';
import { useDecreaseAll, useGhasaraStatus } from './queries.ts';
import './tax.css';
import { messageOf } from '../../lib/api.ts';
import { SAY } from '../../../../common/messages.ts';

export default function GhasaraPage() {
  const statusQ = useGhasaraStatus();
  const status = statusQ.data ?? null;
  const error = statusQ.isError ? `मालमत्ता आणताना अयशस्वी... ${messageOf(statusQ.error)}` : '';
  const decrease = useDecreaseAll();
  const confirm = useConfirm();
  const running = decrease.isPending;
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<GhasaraResult | null>(null);
  const [message, setMessage] = useState('');
  const refresh = () => void statusQ.refetch();

  const run = async () => {
    if (!status) return;
    if (!status.due) {
      setMessage(TAX_MESSAGES.noneDue);
      return;
    }
    const yes = await confirm({
      title: `${status.due} मालमत्तांचा घसारा दर ${status.year} साठी अद्ययावत करायचा? / Update the depreciation of ${status.due} properties for ${status.year}?`,
      body: 'नवीन घसारा दर पुढील कर वर्षापासून लागू होतील; या वर्षीची मागणी बदलत नाही. / The new factors take effect from the next tax year; this year’s bill stays.',
      confirmLabel: 'अद्ययावत करा / Update',
    });
    if (!yes) return;
    setProgress(0);
    setMessage('');
    setResult(null);
    // One call does every property in one transaction (about a second for 10,000): the bar runs
    // while it works and fills when the answer comes, rather than invent per-property steps.
    try {
      const r = await decrease.mutateAsync();
      setProgress(100);
      setResult(r.result);
      setMessage(r.message);
    } catch (err) {
      setMessage(messageOf(err));
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <BackToAdmin />
      <Typography variant="h5" component="h1" sx={{ my: 1 }}>
        घसारा दर अद्ययावत / Depreciation update
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {status && (
        <Paper sx={{ p: 2, display: 'grid', gap: 1 }}>
          <Typography data-testid="ghasara-due">
            अद्ययावत बाकी मालमत्ता / Properties due: <b>{status.due}</b>
          </Typography>
          <Typography>वर्ष / Year: {status.year}</Typography>
          <Typography>
            स्थिती / Status:{' '}
            {status.doneThisYear ? `या वर्षीचे अद्ययावत पूर्ण; पुढील ${status.year + 1} मध्ये / Done for ${status.year}` : 'बाकी / Pending'}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={refresh} disabled={running}>
              {SAY.refresh}
            </Button>
            <Button variant="contained" onClick={() => void run()} disabled={running || status.doneThisYear}>
              सर्व अद्ययावत करा / Update all
            </Button>
          </Box>
          {running && <LinearProgress aria-label="progress" />}
          {!running && progress > 0 && <LinearProgress variant="determinate" value={progress} aria-label="progress" />}
        </Paper>
      )}
      {message && (
        <Alert severity="info" role="status" sx={{ mt: 2 }}>
          {message}
        </Alert>
      )}
      {result && result.summary.length > 0 && (
        <Box sx={{ mt: 2, overflowX: 'auto' }}>
          <Typography variant="h6">
            पहिल्या {result.summary.length} मालमत्ता / First {result.summary.length} properties
          </Typography>
          <table className="tax-heads" data-testid="ghasara-summary">
            <thead>
              <tr>
                <th>मालमत्ता</th>
                <th>बांधकाम वर्ष</th>
                <th>घसारा</th>
                <th>घरपट्टी</th>
                <th>एकूण कर</th>
              </tr>
            </thead>
            <tbody>
              {result.summary.map((r) => (
                <tr key={r.PropertyId}>
                  <td>{r.MalmattaNo}</td>
                  <td>{r.MilkatYear}</td>
                  <td>
                    {r.oldGhasaraRate} → {r.newGhasaraRate}
                  </td>
                  <td>
                    {formatRupees(r.oldGharpatti)} → {formatRupees(r.newGharpatti)}
                  </td>
                  <td>
                    {formatRupees(r.oldTotal)} → {formatRupees(r.newTotal)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      )}
    </Box>
  );
}
