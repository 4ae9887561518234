// /password: the logged-in staff member changes the account's password. Every other login of the
// account ends with it; the council's API tokens (programs' keys) keep working unless the box to
// revoke them is ticked, and the screen says how many there are.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BackToAdmin from '../../components/BackToAdmin.tsx';
import { messageOf } from '../../lib/api.ts';
import { useChangePassword, useLiveApiTokenCount } from './queries.ts';

export default function PasswordPage() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [repeat, setRepeat] = useState('');
  const [revokeApiTokens, setRevoke] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const tokens = useLiveApiTokenCount();
  const change = useChangePassword();
  const liveTokens = tokens.data ?? 0;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    setDone('');
    if (!currentPassword || !newPassword) return setError('दोन्ही पासवर्ड टाका. / Enter both passwords.');
    if (newPassword !== repeat) return setError('नवीन पासवर्ड दोन्ही वेळा सारखा टाका. / The new password and its repeat differ.');
    try {
      const result = await change.mutateAsync({ currentPassword, newPassword, revokeApiTokens: revokeApiTokens && liveTokens > 0 });
      setDone(result.message);
      setCurrent('');
      setNew('');
      setRepeat('');
      setRevoke(false);
      void tokens.refetch();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <>
      <BackToAdmin />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        पासवर्ड बदला (Change password)
      </Typography>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, md: 3 }, maxWidth: 560 }} aria-label="पासवर्ड बदला">
        <Typography variant="body2" color="text.secondary">
          नवीन पासवर्ड किमान 10 अक्षरांचा, त्यात अक्षर व अंक दोन्ही. पासवर्ड बदलल्यावर या खात्याचे इतर सर्व लॉगिन (इतर संगणक, फोन) बंद होतात.
          <br />
          At least 10 characters with a letter and a digit. Changing it logs this account out everywhere else.
        </Typography>
        <TextField
          label="सध्याचा पासवर्ड (Current password)"
          type="password"
          autoComplete="current-password"
          fullWidth
          margin="normal"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label="नवीन पासवर्ड (New password)"
          type="password"
          autoComplete="new-password"
          fullWidth
          margin="normal"
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
        />
        <TextField
          label="नवीन पासवर्ड पुन्हा (Repeat the new password)"
          type="password"
          autoComplete="new-password"
          fullWidth
          margin="normal"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
        {liveTokens > 0 && (
          <Alert severity="info" sx={{ mt: 2 }}>
            या ग्रामपंचायतीचे {liveTokens} API टोकन चालू आहेत (इतर प्रोग्रामच्या किल्ल्या). पासवर्ड बदलल्याने ते बंद होत नाहीत.
            <br />
            This council has {liveTokens} API token(s) in use (programs' keys); a password change does not end them.
            <FormControlLabel
              sx={{ display: 'flex', mt: 1 }}
              control={<Checkbox checked={revokeApiTokens} onChange={(e) => setRevoke(e.target.checked)} />}
              label={`तेही रद्द करा (revoke all ${liveTokens} too)`}
            />
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        )}
        {done && (
          <Alert severity="success" sx={{ mt: 2 }} role="status">
            {done}
          </Alert>
        )}
        <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={change.isPending}>
          पासवर्ड बदला (Change password)
        </Button>
      </Paper>
    </>
  );
}
