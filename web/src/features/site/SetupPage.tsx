// /setup (issue 14): the short first-run setup a new office meets on its first login: office name,
// taluka and district in Marathi and English, address, PIN, phone, e-mail, logo, and the web address
// citizens open. It writes the site profile (PUT /api/Site/profile, the rest of the profile kept as
// it is); what stays empty is left out of the public pages, and the dashboard names it.
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SETUP_FIELDS, setupLabel, type SetupFieldName } from '../../../../common/site-setup.ts';
import { messageOf } from '../../lib/api.ts';
import { profileBody, type SiteProfile } from './api.ts';
import { useSaveMyProfile, useSetupStatus } from './queries.ts';
import LogoField from './LogoField.tsx';
import MyProfile from './MyProfile.tsx';
import { PublicAddressWarning } from './SetupNotice.tsx';

type Values = Record<SetupFieldName, string>;

export default function SetupPage() {
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 900 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        संकेतस्थळाची पहिली मांडणी (First-run setup)
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        नागरिकांना संकेतस्थळावर आणि दाखल्यांवर तुमच्या कार्यालयाचे नाव दिसण्यासाठी ही माहिती भरा. जे रकाने रिकामे राहतील ते सार्वजनिक पानांवर दिसत नाहीत.
        बाकी माहिती (आकडेवारी, शाळा, योजना…) नंतर “संकेतस्थळ माहिती” मध्ये भरता येईल.
      </Typography>
      <MyProfile form={(profile) => <SetupForm profile={profile} />} />
    </Box>
  );
}

function SetupForm({ profile }: { profile: SiteProfile }) {
  const navigate = useNavigate();
  const status = useSetupStatus();
  const save = useSaveMyProfile();
  const [values, setValues] = useState<Values>(
    () => Object.fromEntries(SETUP_FIELDS.map((f) => [f.name, String(profile[f.name] ?? '')])) as Values,
  );
  const [error, setError] = useState('');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    if (!values.officeName.trim()) return setError('कार्यालयाचे नाव भरा (the office name is needed to save).');
    try {
      await save.mutateAsync({ ...profileBody(profile), ...values, version: profile.version });
      navigate('/admin');
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Paper sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Grid container spacing={2}>
          {SETUP_FIELDS.map((f) => (
            <Grid key={f.name} size={{ xs: 12, md: f.multiline || f.name === 'logoUrl' ? 12 : 6 }}>
              {f.name === 'logoUrl' ? (
                <LogoField
                  label={setupLabel(f.name)}
                  value={values.logoUrl}
                  onChange={(logoUrl) => setValues((v) => ({ ...v, logoUrl }))}
                />
              ) : (
                <TextField
                  id={`setup-${f.name}`}
                  label={setupLabel(f.name)}
                  required={f.required}
                  fullWidth
                  size="small"
                  type={f.type}
                  multiline={f.multiline}
                  minRows={f.multiline ? 2 : undefined}
                  placeholder={f.example}
                  value={values[f.name]}
                  onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              )}
            </Grid>
          ))}
        </Grid>
      </Paper>

      <Paper sx={{ p: { xs: 2, md: 3 }, mb: 3 }} component="section" aria-labelledby="setup-web-address">
        <Typography id="setup-web-address" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          नागरिक उघडतील तो संकेतस्थळाचा पत्ता (The address citizens reach)
        </Typography>
        {status.data &&
          (status.data.publicBaseUrlLocal ? (
            <PublicAddressWarning status={status.data} />
          ) : (
            <Alert severity="success">
              दाखल्यांवरील QR कोड <b>{status.data.publicBaseUrl}</b> येथे उघडतात.
            </Alert>
          ))}
      </Paper>

      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'जतन होत आहे…' : 'जतन करा (Save)'}
        </Button>
        <Button component={RouterLink} to="/admin">
          नंतर करा (Later)
        </Button>
      </Box>
    </Box>
  );
}
