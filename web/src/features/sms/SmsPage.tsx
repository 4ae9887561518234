// /smsSend (spec 2.7, 4, 5, 8): the gateway balance, the gram sabha form and the dues action, each
// through a confirm modal (the message as it goes out, recipients, segments) and a password modal
// (the staff member's own password, checked on the server), then the success or error banner, the
// balance read again, and the batches with their live progress. The templates are editable below.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { countSegments, type SmsKind } from '../../../../common/sms.ts';
import DateField from '../../components/form/DateField.tsx';
import BackToAdmin from '../../components/BackToAdmin.tsx';
import { ApiError } from '../../lib/api.ts';
import { todayIso } from '../../lib/dates.ts';
import { formatDateMr } from '../../lib/format.ts';
import { fetchPreview, type Preview } from './api.ts';
import { useBalance, useBatch, useBatches, useRetryBatch, useSaveTemplate, useSendNotice, useTemplates } from './queries.ts';

const DATE_AND_TIME = 'कृपया तारीख आणि वेळ दोन्ही निवडा.';
const GENERIC_ERROR = 'संदेश पाठवताना त्रुटी आली. कृपया पुन्हा प्रयत्न करा.';
const KIND_LABEL: Record<SmsKind, string> = { gramsabha: 'ग्रामसभा सूचना', dues: 'थकीत कर सूचना' };
const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : GENERIC_ERROR);

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function BalanceCard() {
  const balance = useBalance();
  return (
    <Section title="SMS शिल्लक / Balance">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {balance.isPending ? (
          <Typography>वाचत आहे…</Typography>
        ) : balance.isError ? (
          <Alert severity="error" sx={{ flexGrow: 1 }}>
            {errorText(balance.error)}
          </Alert>
        ) : (
          <Typography data-testid="sms-balance" sx={{ fontSize: 22, fontWeight: 700 }}>
            {balance.data.balance}{' '}
            <Typography component="span" color="text.secondary">
              ({balance.data.provider})
            </Typography>
          </Typography>
        )}
        <Button variant="outlined" size="small" onClick={() => balance.refetch()} disabled={balance.isFetching}>
          शिल्लक पुन्हा पहा / Refresh
        </Button>
      </Box>
    </Section>
  );
}

interface Pending {
  kind: SmsKind;
  date?: string;
  time?: string;
  preview: Preview;
}

function ConfirmDialog({ pending, onCancel, onConfirm }: { pending: Pending; onCancel: () => void; onConfirm: () => void }) {
  const p = pending.preview;
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm">
      <DialogTitle>{KIND_LABEL[pending.kind]} पाठवायची? / Send?</DialogTitle>
      <DialogContent>
        <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5, bgcolor: 'grey.50', whiteSpace: 'pre-wrap' }} data-testid="sms-preview">
          {p.message}
        </Paper>
        <Typography>
          अक्षरे / Characters: <b>{p.length}</b> · भाग / Segments: <b>{p.segments}</b>
          {p.unicode ? ' (Unicode)' : ''}
        </Typography>
        <Typography>
          प्राप्तकर्ते / Recipients: <b data-testid="sms-recipients">{p.recipients}</b> · एकूण भाग (अंदाजे क्रेडिट) / Total segments:{' '}
          <b>{p.totalSegments}</b>
        </Typography>
        {p.skipped.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {p.skipped.length} मोबाईल क्रमांक वगळले / skipped:{' '}
            {p.skipped
              .slice(0, 10)
              .map((s) => `${s.malmattaNo || '—'} (${s.mobile || '—'})`)
              .join(', ')}
            {p.skipped.length > 10 ? ' …' : ''}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>रद्द करा / Cancel</Button>
        <Button variant="contained" onClick={onConfirm} disabled={p.recipients === 0}>
          पुढे / Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PasswordDialog({
  busy,
  error,
  onCancel,
  onSend,
}: {
  busy: boolean;
  error: string;
  onCancel: () => void;
  onSend: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (password) onSend(password);
        }}
      >
        <DialogTitle>आपला पासवर्ड टाका / Your password</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            type="password"
            label="पासवर्ड / Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'sms-password' } }}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 1.5 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>रद्द करा / Cancel</Button>
          <Button type="submit" variant="contained" disabled={!password || busy}>
            पाठवा / Send
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A 409 of If-Match: someone else saved this wording after the editor read it. */
const isStale = (e: unknown) => e instanceof ApiError && e.status === 409;

function TemplateEditor({ kind }: { kind: SmsKind }) {
  const templates = useTemplates();
  const save = useSaveTemplate();
  const [draft, setDraft] = useState<string | null>(null);
  // The version the draft started from: the save names it (If-Match), so a wording saved by someone
  // else in between is reported, not overwritten, even when the list was read again meanwhile.
  const [base, setBase] = useState<number | undefined>(undefined);
  if (!templates.data) return null;
  const value = draft ?? templates.data[kind];
  const count = countSegments(value);
  const reload = async () => {
    save.reset();
    await templates.refetch();
    setDraft(null);
    setBase(undefined);
  };
  return (
    <Box sx={{ mb: 2 }}>
      <TextField
        fullWidth
        multiline
        minRows={2}
        label={`${KIND_LABEL[kind]} — साचा / template`}
        value={value}
        onChange={(e) => {
          if (draft === null) setBase(templates.data.versions[kind]);
          setDraft(e.target.value);
        }}
        helperText={`चल / variables: ${templates.data.variables[kind].map((v) => `{${v}}`).join(' ')} · ${count.length} अक्षरे, ${count.segments} भाग`}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          disabled={draft === null || save.isPending}
          onClick={() =>
            save.mutate(
              { kind, body: value, version: base ?? templates.data.versions[kind] },
              {
                onSuccess: () => {
                  setDraft(null);
                  setBase(undefined);
                },
              },
            )
          }
        >
          जतन करा / Save
        </Button>
        {save.isError && isStale(save.error) && (
          <Alert
            severity="warning"
            sx={{ py: 0 }}
            data-testid={`template-stale-${kind}`}
            action={
              <Button color="inherit" size="small" onClick={reload}>
                पुन्हा लोड करा (Reload)
              </Button>
            }
          >
            हा साचा तुम्ही उघडल्यानंतर दुसऱ्या कोणीतरी जतन केला आहे. पुन्हा लोड करा व तुमचे बदल पुन्हा करा. / Someone else saved this template after you
            opened it: reload it, then make your changes again.
          </Alert>
        )}
        {save.isError && !isStale(save.error) && (
          <Alert severity="error" sx={{ py: 0 }}>
            {errorText(save.error)}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

function BatchMessages({ id }: { id: number }) {
  const batch = useBatch(id);
  if (!batch.data) return <LinearProgress />;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, fontSize: 14 }}>
      {batch.data.messages.map((m) => (
        <li key={m.messageId}>
          {m.mobile} {m.malmattaNo && `(${m.malmattaNo})`} — <b>{m.status}</b>
          {m.error && `: ${m.error}`}
        </li>
      ))}
    </Box>
  );
}

function History() {
  const batches = useBatches();
  const retry = useRetryBatch();
  const [open, setOpen] = useState<number | null>(null);
  if (batches.isError) return <Alert severity="error">{errorText(batches.error)}</Alert>;
  if (!batches.data) return <LinearProgress />;
  if (!batches.data.items.length) return <Typography color="text.secondary">अद्याप एकही SMS पाठवलेला नाही. / No SMS sent yet.</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {batches.data.items.map((b) => {
        const done = b.sent + b.delivered + b.failed;
        return (
          <Paper key={b.batchId} variant="outlined" sx={{ p: 1.5 }} data-testid="sms-batch" data-status={b.status}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 700 }}>
                {KIND_LABEL[b.kind] ?? 'पावती SMS / Receipt SMS' /* a batch of receipts (issue 30) */}
              </Typography>
              <Typography color="text.secondary" sx={{ fontSize: 14 }}>
                {formatDateMr(b.createdAt)} · {b.provider}
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={b.total ? (100 * done) / b.total : 100}
              sx={{ my: 1 }}
              color={b.failed ? 'warning' : 'primary'}
            />
            <Typography sx={{ fontSize: 14 }} data-testid="sms-batch-counts">
              पाठवले / sent {b.sent + b.delivered} / {b.total} · अयशस्वी / failed {b.failed} · रांगेत / queued {b.queued} · वगळले / skipped{' '}
              {b.skippedCount}
              {b.status === 'sending' ? ' · पाठवत आहे…' : ' · पूर्ण / done'}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <Button size="small" onClick={() => setOpen(open === b.batchId ? null : b.batchId)}>
                {open === b.batchId ? 'लपवा / Hide' : 'संदेश / Messages'}
              </Button>
              {b.failed > 0 && (
                <Button size="small" color="warning" onClick={() => retry.mutate(b.batchId)} disabled={retry.isPending}>
                  पुन्हा पाठवा / Retry failed
                </Button>
              )}
            </Box>
            {open === b.batchId && <BatchMessages id={b.batchId} />}
          </Paper>
        );
      })}
    </Box>
  );
}

export default function SmsPage() {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [formError, setFormError] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [askPassword, setAskPassword] = useState(false);
  const [passwordError, setPasswordError] = useState('');
  const [banner, setBanner] = useState<{ ok: boolean; text: string } | null>(null);
  const [previewing, setPreviewing] = useState<SmsKind | null>(null);
  const send = useSendNotice();

  async function start(kind: SmsKind) {
    setBanner(null);
    setFormError('');
    if (kind === 'gramsabha' && (!date || !time)) return setFormError(DATE_AND_TIME);
    if (kind === 'gramsabha' && date < todayIso()) return setFormError('ग्रामसभेची तारीख आजच्या आधीची असू शकत नाही.');
    setPreviewing(kind);
    try {
      const preview = await fetchPreview(kind === 'gramsabha' ? { kind, date, time } : { kind });
      setPending({ kind, date, time, preview });
    } catch (e) {
      setFormError(errorText(e));
    } finally {
      setPreviewing(null);
    }
  }

  function close() {
    setPending(null);
    setAskPassword(false);
    setPasswordError('');
  }

  function sendWith(password: string) {
    if (!pending) return;
    setPasswordError('');
    send.mutate(
      { kind: pending.kind, date: pending.date, time: pending.time, password },
      {
        onSuccess: (r) => {
          close();
          setBanner({ ok: true, text: r.message });
          if (pending.kind === 'gramsabha') {
            setDate('');
            setTime('');
          }
        },
        onError: (e) => {
          // A wrong password keeps the modal open for another try; anything else closes it with the banner.
          if ((e as { status?: number }).status === 403) setPasswordError(errorText(e));
          else {
            close();
            setBanner({ ok: false, text: errorText(e) });
          }
        },
      },
    );
  }

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <BackToAdmin />
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, sm: 30 }, my: 1.5 }}>
        SMS व्यवस्थापन{' '}
        <Typography component="span" color="text.secondary" sx={{ fontSize: { xs: 15, sm: 20 } }}>
          (SMS notices)
        </Typography>
      </Typography>
      {banner && (
        <Alert severity={banner.ok ? 'success' : 'error'} sx={{ mb: 2 }} onClose={() => setBanner(null)} data-testid="sms-banner">
          {banner.text}
        </Alert>
      )}
      <BalanceCard />
      <Section title="ग्रामसभा सूचना / Gram sabha notice">
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <DateField
            id="sms-date"
            label="तारीख / Date"
            value={date}
            onChange={setDate}
            min={todayIso()}
            testId="sms-date"
            sx={{ minWidth: 180 }}
          />
          <TextField
            type="time"
            label="वेळ / Time"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'sms-time' } }}
            sx={{ minWidth: 140 }}
          />
          <Button variant="contained" onClick={() => start('gramsabha')} disabled={previewing !== null} sx={{ mt: 1 }}>
            ग्रामसभा संदेश पाठवा
          </Button>
        </Box>
        {date && (
          <Typography sx={{ fontSize: 14, mt: 0.5 }} color="text.secondary">
            {formatDateMr(date)}
          </Typography>
        )}
      </Section>
      <Section title="थकीत कर सूचना / Dues notice">
        <Typography sx={{ mb: 1 }}>ज्यांचा कर थकीत आहे त्या प्रत्येक मालकाला मालमत्ता क्रमांक व रक्कम असलेला संदेश.</Typography>
        <Button variant="contained" color="secondary" onClick={() => start('dues')} disabled={previewing !== null}>
          थकीत सूचना पाठवा
        </Button>
      </Section>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="sms-form-error">
          {formError}
        </Alert>
      )}
      <Section title="पाठवलेले संदेश / Batches">
        <History />
      </Section>
      <Section title="संदेशांचे साचे / Templates (DLT)">
        <TemplateEditor kind="gramsabha" />
        <TemplateEditor kind="dues" />
      </Section>
      {pending && !askPassword && <ConfirmDialog pending={pending} onCancel={close} onConfirm={() => setAskPassword(true)} />}
      {pending && askPassword && <PasswordDialog busy={send.isPending} error={passwordError} onCancel={close} onSend={sendWith} />}
    </Box>
  );
}
