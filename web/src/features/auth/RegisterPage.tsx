// /reg: an administrator creates another council account (POST /api/User/register).
import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { api } from '../../lib/api.ts';

export default function RegisterPage() {
  const [form, setForm] = useState({ username: '', email: '', password: '' });
  const [status, setStatus] = useState<{ ok: boolean; text: string; reason?: string } | null>(null);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await api('/api/User/register', { method: 'POST', body: form });
      setStatus({ ok: true, text: 'नोंदणी यशस्वी! (Registration successful!)' });
      setForm({ username: '', email: '', password: '' });
    } catch (err) {
      setStatus({ ok: false, text: 'नोंदणी झाली नाही. (Error during registration.)', reason: (err as Error).message });
    }
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, md: 6 } }}>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: 4, width: '100%', maxWidth: 420 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          नवीन ग्रामपंचायत खाते / Register
        </Typography>
        <Typography variant="body2" color="text.secondary">
          फक्त लॉगिन केलेले प्रशासकच खाती तयार करू शकतात. (Only an administrator who is logged in can create accounts.)
        </Typography>
        <TextField label="वापरकर्ता नाव (Username)" fullWidth margin="normal" value={form.username} onChange={set('username')} />
        <TextField label="ई-मेल (Email)" type="email" fullWidth margin="normal" value={form.email} onChange={set('email')} />
        <TextField
          label="पासवर्ड (Password)"
          type="password"
          fullWidth
          margin="normal"
          value={form.password}
          onChange={set('password')}
          helperText="किमान 10 अक्षरे, त्यात अक्षर व अंक; सामान्य पासवर्ड नको (At least 10 characters with a letter and a digit, not a common password)"
        />
        {status && (
          <Alert severity={status.ok ? 'success' : 'error'} sx={{ mt: 1 }}>
            {status.text}
            {status.reason && (
              <Box component="span" sx={{ display: 'block', fontSize: 13 }}>
                {status.reason}
              </Box>
            )}
          </Alert>
        )}
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }}>
          नोंदणी करा (Register)
        </Button>
      </Paper>
    </Box>
  );
}
