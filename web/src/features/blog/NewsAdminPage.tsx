// /dashnews (spec 2.8, 5, 8): add mode (title, content, event date) switches to edit mode after a
// successful create; edit mode lists the council's posts with Edit, Delete and Refresh List.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RefreshIcon from '@mui/icons-material/Refresh';
import AdminHeader, { ModeSwitch } from '../../components/AdminHeader.tsx';
import DateField from '../../components/form/DateField.tsx';
import HistoryPanel from '../../components/history/HistoryPanel.tsx';
import { labelsOf } from '../../components/history/words.ts';
import { councilIdOf } from '../../lib/session.ts';
import { useConfirm, useNotify, type Notify } from '../../components/feedback/FeedbackProvider.tsx';
import { messageOf } from '../../lib/api.ts';
import { formatDateMr } from '../../lib/format.ts';
import { dateToIso, isoToDate, type NewsItem } from './api.ts';
import { useCreateNews, useDeleteNews, useNews, useUpdateNews } from './queries.ts';
import { SAY } from '../../../../common/messages.ts';

type Mode = 'add' | 'edit';
interface Draft {
  title: string;
  content: string;
  date: string;
}
const EMPTY: Draft = { title: '', content: '', date: '' };

/** The form's labels, by the wire's field names: the boxes and the history panel read them. */
const FIELDS = [
  { name: 'blogTitle', mr: 'शीर्षक', en: 'Title' },
  { name: 'blogContent', mr: 'मजकूर', en: 'Content' },
  { name: 'eventDate', mr: 'दिनांक', en: 'Event Date' },
] as const;
const [TITLE, CONTENT, DATE] = FIELDS.map((f) => `${f.en} (${f.mr})`);
const HISTORY_LABELS = labelsOf(FIELDS);

/** Title, content and date, trimmed and all required (spec 5); null after the notice. */
function toInput(d: Draft, notify: Notify) {
  const userId = councilIdOf();
  const input = { blogTitle: d.title.trim(), blogContent: d.content.trim(), eventDate: d.date.trim(), createdByUserId: userId };
  if (!input.blogTitle || !input.blogContent || !input.eventDate || !userId) {
    notify(SAY.completeAllFields, 'warning');
    return null;
  }
  return { ...input, eventDate: dateToIso(input.eventDate) };
}

function NewsFields({ draft, onChange }: { draft: Draft; onChange: (d: Draft) => void }) {
  return (
    <>
      <TextField
        label={TITLE}
        fullWidth
        margin="normal"
        value={draft.title}
        onChange={(e) => onChange({ ...draft, title: e.target.value })}
      />
      <TextField
        label={CONTENT}
        fullWidth
        margin="normal"
        multiline
        minRows={4}
        value={draft.content}
        onChange={(e) => onChange({ ...draft, content: e.target.value })}
      />
      <DateField
        id="news-date"
        label={DATE}
        margin="normal"
        value={draft.date}
        onChange={(date) => onChange({ ...draft, date })}
        hintTestId="news-date-gb"
        sx={{ minWidth: 220 }}
      />
    </>
  );
}

function NewsRow({
  item,
  userId,
  onSaved,
  onDelete,
}: {
  item: NewsItem;
  userId: number;
  onSaved: (msg: string) => void;
  onDelete: () => void;
}) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState('');
  const update = useUpdateNews(userId);
  const notify = useNotify();

  const save = async () => {
    if (!draft) return;
    const input = toInput(draft, notify);
    if (!input) return;
    setError('');
    try {
      await update.mutateAsync({ id: item.blogId, input, version: item.version });
      setDraft(null);
      onSaved('बातमी अद्ययावत केली!');
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <Paper component="li" data-testid="admin-news" sx={{ p: 2, listStyle: 'none' }}>
      {draft ? (
        <>
          <NewsFields draft={draft} onChange={setDraft} />
          <HistoryPanel entity="BlogPost" entityId={item.blogId} labels={HISTORY_LABELS} />
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button variant="contained" onClick={save} disabled={update.isPending}>
              {SAY.save}
            </Button>
            <Button
              onClick={() => {
                setDraft(null);
                setError('');
              }}
            >
              {SAY.cancel}
            </Button>
          </Box>
        </>
      ) : (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'flex-start' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="caption" sx={{ color: 'primary.main', fontWeight: 600 }}>
              {formatDateMr(item.eventDate)}
            </Typography>
            <Typography sx={{ fontWeight: 700 }}>{item.blogTitle}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
              {item.blogContent}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
            <Button
              size="small"
              startIcon={<EditIcon />}
              onClick={() => setDraft({ title: item.blogTitle, content: item.blogContent, date: isoToDate(item.eventDate) })}
            >
              {SAY.edit}
            </Button>
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
              {SAY.delete}
            </Button>
          </Box>
        </Box>
      )}
    </Paper>
  );
}

export default function NewsAdminPage() {
  const userId = councilIdOf();
  const [mode, setMode] = useState<Mode>('add');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const news = useNews(userId, mode === 'edit' && !!userId);
  const create = useCreateNews(userId);
  const del = useDeleteNews(userId);
  const notify = useNotify();
  const confirm = useConfirm();
  const items = news.data ?? null;
  const readError =
    mode !== 'edit'
      ? ''
      : !userId
        ? 'User not logged in. Please log in again.'
        : news.isError && !news.isFetching
          ? messageOf(news.error)
          : '';
  const shownError = error || readError;

  const switchTo = (m: Mode) => {
    setMode(m);
    setError('');
    setMessage('');
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    setMessage('');
    const input = toInput(draft, notify);
    if (!input) return;
    try {
      // The list of edit mode is read afresh after the create (useCreateNews).
      await create.mutateAsync(input);
      setDraft(EMPTY);
      setMode('edit');
      setMessage('बातमी जतन केली!');
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const remove = async (item: NewsItem) => {
    if (!(await confirm({ title: 'ही बातमी हटवायची आहे का? (really want to delete?)', confirmLabel: 'हटवा (Delete)' }))) return;
    setError('');
    setMessage('');
    try {
      await del.mutateAsync(item.blogId);
      setMessage('बातमी हटवली!');
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 1000 }}>
      <AdminHeader title="मुख्यपृष्ठ बातम्या (Home page news)">
        <ModeSwitch<Mode>
          mode={mode}
          onChange={switchTo}
          options={[
            { value: 'add', label: 'बातमी जोडा (Add News)' },
            { value: 'edit', label: 'बातम्या बदला (Edit News)' },
          ]}
        />
      </AdminHeader>
      {message && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="news-message">
          {message}
        </Alert>
      )}
      {shownError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {shownError}
        </Alert>
      )}
      {mode === 'add' ? (
        <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, md: 3 } }}>
          <NewsFields draft={draft} onChange={setDraft} />
          <Box>
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={create.isPending}>
              बातमी जतन करा (Save News)
            </Button>
          </Box>
        </Paper>
      ) : (
        <>
          <Button
            variant="outlined"
            startIcon={<RefreshIcon />}
            onClick={() => {
              setMessage('');
              setError('');
              void news.refetch();
            }}
            sx={{ mb: 2 }}
          >
            यादी पुन्हा वाचा (Refresh List)
          </Button>
          {items === null ? (
            !shownError && <Typography role="status">लोड होत आहे…</Typography>
          ) : items.length === 0 ? (
            <Typography color="text.secondary">अद्याप बातमी नाही. (No news yet.)</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {items.map((n) => (
                <NewsRow key={n.blogId} item={n} userId={userId} onDelete={() => remove(n)} onSaved={setMessage} />
              ))}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
