// Download Receipt (spec 2.1, 4, 5): a property chosen from the suggestions, the sum of two numbers
// from 1 to 10 as the captcha (made again after every attempt), then the Namuna 8 extract as PDF.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { ApiError } from '../../lib/api.ts';
import { councilIdOf } from '../../lib/session.ts';
import { downloadNamuna8, type PropertyRow } from './api.ts';
import PropertyPicker from './PropertyPicker.tsx';
import { SAY } from '../../../../common/messages.ts';

const sum = () => ({ a: 1 + Math.floor(Math.random() * 10), b: 1 + Math.floor(Math.random() * 10) });

export default function ReceiptTab() {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<PropertyRow | null>(null);
  const [captcha, setCaptcha] = useState(sum);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    setSuccess('');
    const right = Number(answer.trim()) === captcha.a + captcha.b && answer.trim() !== '';
    setCaptcha(sum());
    setAnswer('');
    if (!selected) {
      setError(SAY.pickFromList);
      return;
    }
    if (!councilIdOf()) {
      setError(SAY.logInAgain);
      return;
    }
    if (!right) {
      setError(SAY.wrongCaptcha);
      return;
    }
    setBusy(true);
    try {
      const name = await downloadNamuna8(selected.malmattaNo);
      setSuccess(`${name} डाउनलोड झाली / downloaded`);
    } catch (err) {
      setError(err instanceof ApiError && err.status ? SAY.checkNumber(err.status) : SAY.noConnection);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 520 }} aria-label="पावती डाउनलोड">
      <PropertyPicker
        name="receiptMalmatta"
        label="मालमत्ता क्रमांक (Malmatta Number)"
        text={text}
        onText={setText}
        selected={selected}
        onSelect={setSelected}
        required
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography
          component="label"
          htmlFor="receipt-captcha"
          sx={{ fontWeight: 700, fontSize: 20, letterSpacing: 1 }}
          data-testid="sum-captcha"
        >
          {captcha.a} + {captcha.b} = ?
        </Typography>
        <TextField
          id="receipt-captcha"
          name="sumCaptcha"
          size="small"
          value={answer}
          onChange={(e) => setAnswer(e.target.value.replace(/\D/g, '').slice(0, 2))}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': 'कॅप्चा उत्तर (Captcha answer)' } }}
          sx={{ width: 120 }}
        />
      </Box>
      {error && (
        <Alert severity="error" role="alert" data-testid="receipt-error">
          {error}
        </Alert>
      )}
      {success && (
        <Alert severity="success" data-testid="receipt-success">
          {success}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" startIcon={<PictureAsPdfIcon />} disabled={busy}>
          {busy ? 'PDF तयार करत आहे…' : 'Download PDF'}
        </Button>
      </Box>
    </Box>
  );
}
