// Login (spec 2.5, 5, 8): both fields required before any call; the spec's messages on failure,
// Marathi first with the spec's English beside. The message is tied to the fields it is about
// (aria-invalid, aria-describedby) so a screen reader says it on the field.
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { LoginResponse } from '../../../../common/api-types.ts';
import { API_BASE } from '../../lib/api.ts';
import { readSession, saveSession, staffHome } from '../../lib/session.ts';

/** The login answer, or an error envelope (result null) or no JSON at all. */
/** The server's refusal of a wrong name or password, said in Marathi first. */
const WRONG = 'चुकीचे वापरकर्ता नाव किंवा पासवर्ड.';
const ERROR_ID = 'login-error';

type LoginAnswer = Partial<Omit<LoginResponse, 'result'>> & { result?: LoginResponse['result'] | null };

export default function LoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  /** Which fields the message is about: both (a refusal) or the empty ones. */
  const [invalid, setInvalid] = useState({ username: false, password: false });
  const [busy, setBusy] = useState(false);
  // Where a login lands: a district account (issue 32) has one screen, its councils' totals.
  const session = readSession();
  if (session) return <Navigate to={staffHome(session)} replace />;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    setInvalid({ username: false, password: false });
    if (!username.trim() || !password) {
      setInvalid({ username: !username.trim(), password: !password });
      return setError('कृपया वापरकर्ता नाव आणि पासवर्ड भरा. / Username and password are required.');
    }
    setBusy(true);
    try {
      const res = await fetch(`${API_BASE}/api/User/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      const data = (await res.json().catch(() => ({}))) as LoginAnswer;
      if (!res.ok) {
        if (res.status === 401) setInvalid({ username: true, password: true });
        return setError(
          res.status === 401
            ? `${WRONG} / ${data.message || 'Wrong username or password.'}`
            : data.message || 'लॉगिन अयशस्वी. / Login failed',
        );
      }
      const login = data.result ?? (data.token ? { userName: data.userName!, userId: data.userId!, token: data.token } : undefined);
      if (!data.isSuccess || !login)
        return setError(data.message || 'लॉगिन अयशस्वी. कृपया तपशील तपासा. / Login failed. Please check your credentials.');
      navigate(staffHome(saveSession({ ...login, role: data.result?.role })));
    } catch {
      setError('अनपेक्षित त्रुटी आली. कृपया थोड्या वेळाने पुन्हा प्रयत्न करा. / An unexpected error occurred. Please try again later.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, md: 6 } }}>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: 4, width: '100%', maxWidth: 420 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          ग्रामपंचायत लॉगिन{' '}
          <Typography component="span" lang="en" sx={{ fontSize: '0.75em', color: 'text.secondary' }}>
            (Grampanchayat Login)
          </Typography>
        </Typography>
        <TextField
          label="वापरकर्ता नाव (Username)"
          name="username"
          fullWidth
          margin="normal"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={invalid.username}
          slotProps={{ htmlInput: { 'aria-invalid': invalid.username, 'aria-describedby': invalid.username ? ERROR_ID : undefined } }}
        />
        <TextField
          label="पासवर्ड (Password)"
          name="password"
          type="password"
          fullWidth
          margin="normal"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={invalid.password}
          slotProps={{ htmlInput: { 'aria-invalid': invalid.password, 'aria-describedby': invalid.password ? ERROR_ID : undefined } }}
        />
        {error && (
          <Alert id={ERROR_ID} severity="error" sx={{ mt: 1 }} role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
          लॉगिन (Login)
        </Button>
      </Paper>
    </Box>
  );
}
