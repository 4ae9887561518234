// /propertyImport: a panchayat brings its register as an .xlsx (issue 9). Download the template,
// choose the filled workbook, check it (dry run: every bad row with what is wrong, nothing written),
// then import: all rows or none, and the same file twice changes nothing. The bar shows the upload,
// then the server's work.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { downloadTemplate, type ImportReport } from './api.ts';
import PageHeader from './PageHeader.tsx';
import { useImportRegister } from './queries.ts';
import { ALL_FIELDS } from './shared.ts';

/** A problem's column as the template heads it: "मालकाचे नाव (malkacheNav)". */
const columnOf = (field: string) => {
  const f = ALL_FIELDS.find((x) => x.name === field);
  return f ? `${f.mr} (${field})` : field;
};

type Phase = { step: 'idle' } | { step: 'uploading'; share: number; dryRun: boolean } | { step: 'working'; dryRun: boolean };

function Step({ n, mr, en, children }: { n: number; mr: string; en: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {n}. {mr}{' '}
        <Typography component="span" color="text.secondary">
          / {en}
        </Typography>
      </Typography>
      {children}
    </Paper>
  );
}

function ReportView({ report, message }: { report: ImportReport; message: string }) {
  const bad = report.problems.length > 0;
  return (
    <Box data-testid="import-report">
      <Alert severity={bad ? 'error' : 'success'} sx={{ mb: 1.5 }} data-testid="import-message">
        {message}
      </Alert>
      <Typography variant="body2" sx={{ mb: 1 }}>
        ओळी {report.rows} · {report.written ? 'नोंदवल्या' : 'नवीन'} {report.created} · आधीच नोंदलेल्या {report.unchanged} (rows {report.rows},{' '}
        {report.written ? 'registered' : 'new'} {report.created}, already there {report.unchanged})
      </Typography>
      {bad && (
        <Box
          component="ul"
          aria-label="चुकीच्या ओळी"
          sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 420, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {report.problems.map((p, i) => (
            <Box
              component="li"
              key={i}
              data-testid="import-problem"
              sx={{
                px: 1.5,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '80px 240px 1fr' },
                gap: { xs: 0, sm: 1 },
              }}
            >
              <b>ओळ {p.row}</b>
              <span style={{ color: 'rgba(0,0,0,.6)' }}>{columnOf(p.field)}</span>
              <span style={{ overflowWrap: 'anywhere' }}>{p.message}</span>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

export default function ImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [result, setResult] = useState<{ report: ImportReport; message: string } | null>(null);
  const [checkedOk, setCheckedOk] = useState(false);
  const [error, setError] = useState('');
  const upload = useImportRegister();
  const busy = phase.step !== 'idle';

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setError('');
    setResult(null);
    setPhase({ step: 'uploading', share: 0, dryRun });
    try {
      const res = await upload.mutateAsync({
        file,
        dryRun,
        onProgress: (share) => setPhase(share >= 1 ? { step: 'working', dryRun } : { step: 'uploading', share, dryRun }),
      });
      setResult(res);
      setCheckedOk(dryRun && res.report.problems.length === 0 && res.report.created > 0);
    } catch (err) {
      setError((err as Error).message);
      setCheckedOk(false);
    } finally {
      setPhase({ step: 'idle' });
    }
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2, md: 3 }, maxWidth: 1000, mx: 'auto' }}>
      <PageHeader mr="नमुना ८ Excel आयात" en="Import the register from Excel" current="/propertyImport" />
      <Step n={1} mr="नमुना फाइल डाउनलोड करा" en="Download the template">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          मराठी शीर्षके असलेली .xlsx फाइल; * असलेले स्तंभ आवश्यक. / Marathi headers; columns with * are required.
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void downloadTemplate().catch((err: Error) => setError(err.message))}
        >
          Template (.xlsx)
        </Button>
      </Step>
      <Step n={2} mr="भरलेली फाइल निवडा व तपासा" en="Choose the filled workbook and check it">
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
            फाइल निवडा (Choose .xlsx)
            <input
              hidden
              type="file"
              name="workbook"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setResult(null);
                setCheckedOk(false);
                setError('');
                e.target.value = '';
              }}
            />
          </Button>
          <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="import-file">
            {file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : 'फाइल निवडलेली नाही / No file chosen'}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          <Button variant="contained" startIcon={<FactCheckIcon />} disabled={!file || busy} onClick={() => void send(true)}>
            तपासा (Dry run)
          </Button>
          <Button variant="contained" color="secondary" disabled={!file || busy || !checkedOk} onClick={() => void send(false)}>
            आयात करा (Import)
          </Button>
        </Box>
        {!checkedOk && file && !busy && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            आधी तपासणी करा; सर्व ओळी बरोबर असतील तरच आयात होईल. / Check first: import runs only when every row is good.
          </Typography>
        )}
      </Step>
      {busy && (
        <Box sx={{ mb: 2 }} role="status">
          <LinearProgress
            variant={phase.step === 'uploading' ? 'determinate' : 'indeterminate'}
            value={phase.step === 'uploading' ? phase.share * 100 : undefined}
            aria-label="आयात प्रगती"
            data-testid="import-progress"
            sx={{ height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {phase.step === 'uploading'
              ? `फाइल पाठवत आहे… ${Math.round(phase.share * 100)}%`
              : phase.dryRun
                ? 'ओळी तपासत आहे… / Checking rows…'
                : 'नोंदवत आहे… / Registering…'}
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="import-error">
          {error}
        </Alert>
      )}
      {result && <ReportView report={result.report} message={result.message} />}
    </Box>
  );
}
