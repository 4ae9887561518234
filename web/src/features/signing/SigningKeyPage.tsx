// /signingKey: the key that signs the council's certificates, Namuna 8 extracts and receipts (issue
// 31). Shows the key in use (the portal's self-issued one until a DSC is uploaded) and takes the
// council's PKCS#12 file with its password.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BackToAdmin from '../../components/BackToAdmin.tsx';
import { messageOf } from '../../lib/api.ts';
import { useSigningKey, useUploadSigningKey } from './queries.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata' });

export default function SigningKeyPage() {
  const key = useSigningKey();
  const upload = useUploadSigningKey();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    setDone('');
    if (!file) return setError('PKCS#12 (.p12 / .pfx) फाइल निवडा. / Choose the PKCS#12 (.p12 / .pfx) file.');
    try {
      const { message } = await upload.mutateAsync({ file, password });
      setDone(message);
      setPassword('');
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const k = key.data;
  return (
    <>
      <BackToAdmin />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        डिजिटल स्वाक्षरीची की (Signing key)
      </Typography>
      <Paper sx={{ p: { xs: 2, md: 3 }, maxWidth: 640, mb: 2 }} aria-label="सध्याची की" data-testid="signing-key">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          सध्याची की (Key in use)
        </Typography>
        {key.isError && <Alert severity="error">{messageOf(key.error)}</Alert>}
        {k && (
          <>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{k.signer}</Typography>
            {/* The Alert's own tints: MUI's filled warning chip is white on orange, about 3:1 (axe refuses it). */}
            <Chip
              sx={{
                my: 1,
                fontWeight: 600,
                ...(k.selfIssued ? { bgcolor: '#fff4e5', color: '#663c00' } : { bgcolor: '#edf7ed', color: '#1e4620' }),
              }}
              label={k.selfIssued ? 'स्वयं-निर्मित / self-issued' : 'DSC / Digital Signature Certificate'}
            />
            <Typography variant="body2" color="text.secondary">
              जारीकर्ता (Issuer): {k.issuer} · वैध (Valid): {day(k.validFrom)} – {day(k.validTo)} · आवृत्ती (Version) {k.version}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              SHA-256: {k.certSha256}
            </Typography>
            {k.selfIssued && (
              <Alert severity="info" sx={{ mt: 1.5 }}>
                ही की पोर्टलने या कार्यालयासाठी बनवली आहे: PDF बदलली नाही हे ती सिद्ध करते, पण कोणतेही प्रमाणन प्राधिकरण तिची हमी देत नाही. कार्यालयाचे
                Class 3 DSC खाली अपलोड करा.
                <br />
                The portal made this key for the office: it proves a PDF is unchanged, but no certifying authority vouches for it. Upload
                the office&apos;s Class 3 DSC below.
              </Alert>
            )}
          </>
        )}
      </Paper>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, md: 3 }, maxWidth: 640 }} aria-label="DSC अपलोड करा">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          DSC अपलोड करा (Upload a DSC)
        </Typography>
        <Typography variant="body2" color="text.secondary">
          खासगी की सह PKCS#12 फाइल (.p12 / .pfx) आणि तिचा पासवर्ड. जुन्या कीने स्वाक्षरी केलेली कागदपत्रे पडताळणीत ग्राह्य राहतात.
          <br />A PKCS#12 file (.p12 / .pfx) with its private key, and its password. Documents signed with earlier keys still verify.
        </Typography>
        <Button variant="outlined" component="label" sx={{ mt: 2 }}>
          फाइल निवडा (Choose file)
          <input
            hidden
            type="file"
            name="file"
            accept=".p12,.pfx,application/x-pkcs12"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            data-testid="signing-key-file"
          />
        </Button>
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {file ? file.name : 'फाइल निवडलेली नाही (No file chosen)'}
        </Typography>
        <TextField
          label="PKCS#12 पासवर्ड (Password)"
          type="password"
          autoComplete="off"
          fullWidth
          margin="normal"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {done && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {done}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={upload.isPending}>
          अपलोड करा (Upload)
        </Button>
      </Paper>
    </>
  );
}
