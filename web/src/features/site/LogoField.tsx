// The office logo in the setup: a preview, a button that uploads a chosen image (POST /api/Site/logo)
// and a button that goes back to the built-in emblem. The path it gets is saved with the profile.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { apiUrl, messageOf } from '../../lib/api.ts';
import { uploadLogo } from './api.ts';

export default function LogoField({ label, value, onChange }: { label: string; value: string; onChange: (logoUrl: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      onChange(await uploadLogo(file));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Typography component="div" sx={{ fontSize: 13, color: 'text.secondary', mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box
          component="img"
          src={value ? (value.startsWith('/') ? apiUrl(value) : value) : '/favicon.svg'}
          alt=""
          data-testid="logo-preview"
          sx={{ width: 56, height: 56, objectFit: 'contain', border: '1px solid #dfe6f0', borderRadius: 1, bgcolor: 'white' }}
        />
        <Button component="label" variant="outlined" startIcon={<CloudUploadIcon />} disabled={busy}>
          {busy ? 'अपलोड होत आहे…' : 'लोगो निवडा (Choose logo)'}
          <input
            hidden
            type="file"
            accept="image/jpeg,image/png,image/webp"
            data-testid="logo-file"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
        {value && <Button onClick={() => onChange('')}>मूळ चिन्ह वापरा (Use the built-in emblem)</Button>}
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
