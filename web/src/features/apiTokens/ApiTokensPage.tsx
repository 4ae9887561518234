// /apiTokens (issue 15): the council's keys for programs. Make one (name, scopes, optional last
// day), see its secret once with a copy button, list them with their last use, revoke with a
// confirmation. The scopes and their labels come from common/api-scopes.ts.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { API_SCOPES, API_SCOPE_LABELS, type ApiScope } from '../../../../common/api-scopes.ts';
import { messageOf } from '../../lib/api.ts';
import { todayIso } from '../../lib/dates.ts';
import BackToAdmin from '../../components/BackToAdmin.tsx';
import DateField from '../../components/form/DateField.tsx';
import type { ApiTokenView } from './api.ts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './queries.ts';

/** Date and time in India, e.g. 23/11/2026, 18:05. */
function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', { timeZone: 'Asia/Kolkata', dateStyle: 'short', timeStyle: 'short' });
}

/** The last day a token works, in India: it stops at the midnight that ends that day. */
function lastDay(expiresAt: string | null): string {
  if (!expiresAt) return '—';
  return new Date(new Date(expiresAt).getTime() - 1).toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata' });
}

function statusOf(t: ApiTokenView): { mr: string; en: string; color: 'success' | 'default' | 'warning' } {
  if (t.revokedAt) return { mr: 'रद्द', en: 'Revoked', color: 'default' };
  if (t.expiresAt && new Date(t.expiresAt).getTime() <= Date.now()) return { mr: 'मुदत संपली', en: 'Expired', color: 'warning' };
  return { mr: 'चालू', en: 'Active', color: 'success' };
}

function CreateForm({ onCreated }: { onCreated: (secret: string, name: string) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState('');
  const create = useCreateApiToken();
  const today = todayIso();

  const toggle = (scope: ApiScope, on: boolean) => setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    if (!name.trim()) return setError('नाव टाका (who or what will use the token). / Enter a name.');
    if (!scopes.length) return setError('किमान एक परवानगी निवडा. / Choose at least one scope.');
    try {
      const created = await create.mutateAsync({ name: name.trim(), scopes, expiresAt: expiry || undefined });
      onCreated(created.token, name.trim());
      setName('');
      setScopes([]);
      setExpiry('');
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, md: 3 }, mb: 3 }} aria-label="नवीन API टोकन">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        नवीन टोकन (New token)
      </Typography>
      <TextField
        label="नाव (Name) — कोणता प्रोग्राम वापरणार"
        fullWidth
        margin="normal"
        value={name}
        onChange={(e) => setName(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'token-name' } }}
      />
      <FormLabel component="legend" sx={{ mt: 2 }}>
        परवानग्या (Scopes)
      </FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        {API_SCOPES.map((scope) => (
          <FormControlLabel
            key={scope}
            sx={{ alignItems: 'flex-start', my: 0.5 }}
            control={<Checkbox sx={{ pt: 0.25 }} checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />}
            label={
              <span>
                {API_SCOPE_LABELS[scope].mr}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({API_SCOPE_LABELS[scope].en}) · <code>{scope}</code>
                </Typography>
              </span>
            }
          />
        ))}
      </FormGroup>
      <DateField
        id="token-expiry"
        label="शेवटचा दिवस (Expires after) — ऐच्छिक"
        margin="normal"
        value={expiry}
        min={today}
        onChange={setExpiry}
        hintTestId="token-expiry-gb"
        sx={{ minWidth: 260 }}
      />
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={create.isPending}>
          टोकन तयार करा (Create token)
        </Button>
      </Box>
    </Paper>
  );
}

function SecretOnce({ secret, name, onDone }: { secret: string; name: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (plain http on a LAN): select the text so Ctrl+C copies it.
      const el = document.getElementById('api-token-secret');
      if (el) window.getSelection()?.selectAllChildren(el);
    }
  };
  return (
    <Alert severity="warning" sx={{ mb: 3 }} data-testid="token-secret-box">
      <Typography sx={{ fontWeight: 700 }}>“{name}” चे टोकन: हे पुन्हा दिसणार नाही — आत्ताच कॉपी करून सुरक्षित ठेवा.</Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        This token will not be shown again: copy it now and keep it safe. The program sends it as <code>Authorization: Bearer …</code>
      </Typography>
      <Box
        id="api-token-secret"
        data-testid="token-secret"
        sx={{ fontFamily: 'monospace', bgcolor: 'background.paper', p: 1, borderRadius: 1, wordBreak: 'break-all', userSelect: 'all' }}
      >
        {secret}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'center' }}>
        <Button variant="contained" size="small" startIcon={<ContentCopyIcon />} onClick={copy}>
          कॉपी करा (Copy)
        </Button>
        <Button size="small" onClick={onDone}>
          झाले (Done)
        </Button>
        {copied && <Typography variant="body2">कॉपी झाले (Copied)</Typography>}
      </Box>
    </Alert>
  );
}

function RevokeDialog({
  token,
  pending,
  onCancel,
  onConfirm,
}: {
  token: ApiTokenView;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs">
      <DialogTitle>टोकन रद्द करायचे? / Revoke the token?</DialogTitle>
      <DialogContent>
        <Typography>
          “{token.name}” ({token.prefix}…) वापरणारा प्रोग्राम पुढच्या विनंतीपासून थांबेल. हे परत करता येत नाही.
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The program using it is refused from its next request on. This cannot be undone.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>नाही (Cancel)</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={pending}>
          रद्द करा (Revoke)
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TokenList({ tokens, onRevoke }: { tokens: ApiTokenView[]; onRevoke: (t: ApiTokenView) => void }) {
  if (!tokens.length) return <Typography color="text.secondary">अद्याप टोकन नाही. (No tokens yet.)</Typography>;
  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label="API टोकन यादी">
        <TableHead>
          <TableRow>
            <TableCell>नाव (Name)</TableCell>
            <TableCell>परवानग्या (Scopes)</TableCell>
            <TableCell>शेवटचा दिवस (Expires)</TableCell>
            <TableCell>शेवटचा वापर (Last used)</TableCell>
            <TableCell>स्थिती (Status)</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {tokens.map((t) => {
            const status = statusOf(t);
            return (
              <TableRow key={t.id} data-testid="token-row">
                <TableCell>
                  <Typography sx={{ fontWeight: 600 }}>{t.name}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                    {t.prefix}…
                  </Typography>
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {t.scopes.map((s) => (
                      <Chip key={s} size="small" label={s} title={s in API_SCOPE_LABELS ? API_SCOPE_LABELS[s as ApiScope].mr : s} />
                    ))}
                  </Box>
                </TableCell>
                <TableCell>{lastDay(t.expiresAt)}</TableCell>
                <TableCell>
                  {formatWhen(t.lastUsedAt)}
                  {t.lastUsedIp && (
                    <Typography variant="body2" color="text.secondary">
                      {t.lastUsedIp}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Chip size="small" color={status.color} label={`${status.mr} (${status.en})`} data-testid="token-status" />
                </TableCell>
                <TableCell align="right">
                  {!t.revokedAt && (
                    <Button size="small" color="error" onClick={() => onRevoke(t)}>
                      रद्द करा (Revoke)
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export default function ApiTokensPage() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [secret, setSecret] = useState<{ secret: string; name: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');

  const confirmRevoke = async () => {
    if (!revoking) return;
    setError('');
    try {
      await revoke.mutateAsync(revoking.id);
      setMessage(`“${revoking.name}” रद्द केले. / Revoked.`);
    } catch (err) {
      setError(messageOf(err));
    }
    setRevoking(null);
  };

  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 1100 }}>
      <BackToAdmin />
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, sm: 30 }, my: 1.5 }}>
        API टोकन{' '}
        <Typography component="span" color="text.secondary" sx={{ fontSize: { xs: 15, sm: 20 } }}>
          (API tokens)
        </Typography>
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        जिल्हा डॅशबोर्ड, गावाचे ॲप यांसारख्या प्रोग्रामसाठी: टोकन फक्त निवडलेल्या परवानग्यांपुरते चालते, खाती व टोकन यांना कधीच नाही. (For programs such as a
        district dashboard: a token works only for the scopes chosen, never for accounts or tokens.)
      </Typography>
      {secret && <SecretOnce secret={secret.secret} name={secret.name} onDone={() => setSecret(null)} />}
      <CreateForm
        onCreated={(s, name) => {
          setMessage('');
          setSecret({ secret: s, name });
        }}
      />
      {message && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="token-message">
          {message}
        </Alert>
      )}
      {(error || tokens.isError) && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error || messageOf(tokens.error)}
        </Alert>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        टोकन यादी (Tokens)
      </Typography>
      {tokens.data ? (
        <TokenList tokens={tokens.data} onRevoke={setRevoking} />
      ) : (
        !tokens.isError && <Typography role="status">लोड होत आहे…</Typography>
      )}
      {revoking && (
        <RevokeDialog token={revoking} pending={revoke.isPending} onCancel={() => setRevoking(null)} onConfirm={confirmRevoke} />
      )}
    </Box>
  );
}
