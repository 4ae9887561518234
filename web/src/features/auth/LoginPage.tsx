// Login (spec 2.5, 5, 8): both fields required before any call; the spec's messages on failure.
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
import { readSession, saveSession } from '../../lib/session.ts';

/** The login answer, or an error envelope (result null) or no JSON at all. */
type LoginAnswer = Partial<Omit<LoginResponse, 'result'>> & { result?: LoginResponse['result'] | null };

export default function LoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Where a login lands: a district account (issue 32) has one screen, its councils' totals.
  const [landing, setLanding] = useState('/admin');
  if (readSession()) return <Navigate to={landing} replace />;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    if (!username.trim() || !password) return setError('Username and password are required.');
    setBusy(true);
    try {
      const res = await fetch(`${API_BASE}/api/User/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      const data = (await res.json().catch(() => ({}))) as LoginAnswer;
      if (!res.ok) return setError(data.message || 'Login failed');
      const login = data.result ?? (data.token ? { userName: data.userName!, userId: data.userId!, token: data.token } : undefined);
      if (!data.isSuccess || !login) return setError(data.message || 'Login failed. Please check your credentials.');
      saveSession(login);
      const to = data.result?.role === 'district' ? '/district' : '/admin';
      setLanding(to);
      navigate(to);
    } catch {
      setError('An unexpected error occurred. Please try again later.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, md: 6 } }}>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: 4, width: '100%', maxWidth: 420 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Grampanchayat Login
        </Typography>
        <TextField
          label="Username"
          name="username"
          fullWidth
          margin="normal"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          fullWidth
          margin="normal"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
          Login
        </Button>
      </Paper>
    </Box>
  );
}
