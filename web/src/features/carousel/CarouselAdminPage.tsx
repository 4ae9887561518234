// /addcarouselimages (spec 2.7, 5, 8): add mode uploads one or more images with one caption,
// edit mode lists the council's slides in slideshow order with Delete, and up/down buttons that save
// a new order (issue 14). The notices and the confirmation say the spec's words, through the staff
// app's snackbar and dialog (components/feedback).
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/Delete';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import AdminHeader, { ModeSwitch } from '../../components/AdminHeader.tsx';
import { useConfirm, useNotify } from '../../components/feedback/FeedbackProvider.tsx';
import { messageOf } from '../../lib/api.ts';
import { councilIdOf } from '../../lib/session.ts';
import { imageUrl, type Slide } from './api.ts';
import { useDeleteSlide, useReorderSlides, useSlides, useUploadSlides } from './queries.ts';

type Mode = 'add' | 'edit';

function AddForm() {
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [previews, setPreviews] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [inputKey, setInputKey] = useState(0);
  const userId = councilIdOf();
  const upload = useUploadSlides(userId);
  const busy = upload.isPending;
  const notify = useNotify();

  useEffect(() => {
    const urls = files.map((f) => URL.createObjectURL(f));
    setPreviews(urls);
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, [files]);

  const send = async () => {
    setError('');
    if (files.length === 0 || !content.trim() || !userId) return notify('कृपया मजकूर लिहा आणि फोटो निवडा. (complete all fields!)', 'warning');
    try {
      await upload.mutateAsync({ files, content: content.trim() });
      notify(`अपलोड यशस्वी! ${files.length} फोटो मुख्यपृष्ठावर जोडले. (Uploaded)`, 'success');
      setContent('');
      setFiles([]);
      setInputKey((k) => k + 1);
    } catch (err) {
      setError(messageOf(err, 'अपलोड अयशस्वी. (Upload failed)'));
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }}>
      <TextField
        label="फोटोवरील मजकूर (Blog Content)"
        fullWidth
        multiline
        minRows={2}
        value={content}
        onChange={(e) => setContent(e.target.value)}
      />
      <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<CloudUploadIcon />}>
          फोटो निवडा (Choose images)
          <input
            key={inputKey}
            hidden
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            data-testid="carousel-files"
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
          />
        </Button>
        <Typography color="text.secondary">{files.length ? `${files.length} फोटो निवडले` : 'JPEG, PNG किंवा WebP'}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="slide-shape-hint">
        सर्वात योग्य आकार: रुंद पट्टी 16:6, उदा. 1600 × 600 px. पूर्ण फोटो दिसतो; उरलेली जागा त्याच फोटोच्या धूसर प्रतीने भरते. (Best shape: a wide 16:6
        banner, e.g. 1600 × 600 px; the whole picture is shown.)
      </Typography>
      {previews.length > 0 && (
        <Grid container spacing={1.5} sx={{ mt: 2 }}>
          {previews.map((u, i) => (
            <Grid key={u} size={{ xs: 6, sm: 4, md: 3 }}>
              <Box
                component="img"
                src={u}
                alt={files[i]?.name ?? ''}
                data-testid="preview"
                sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 2, display: 'block', bgcolor: '#eee' }}
              />
            </Grid>
          ))}
        </Grid>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Button variant="contained" sx={{ mt: 3 }} onClick={send} disabled={busy}>
        {busy ? 'अपलोड होत आहे…' : 'अपलोड करा (Upload)'}
      </Button>
    </Paper>
  );
}

function EditGrid() {
  const userId = councilIdOf();
  const read = useSlides(userId, !!userId);
  const del = useDeleteSlide(userId);
  const reorder = useReorderSlides(userId);
  const confirm = useConfirm();
  const [deleteError, setDeleteError] = useState('');
  const [message, setMessage] = useState('');
  const slides = read.data ?? null;
  const error =
    deleteError ||
    (!userId
      ? 'कृपया पुन्हा लॉगिन करा. (User not logged in. Please log in again.)'
      : read.isError && !read.isFetching
        ? messageOf(read.error)
        : '');

  const remove = async (s: Slide) => {
    if (!(await confirm({ title: 'हा फोटो हटवायचा आहे का? (really want to delete?)', confirmLabel: 'हटवा (Delete)' }))) return;
    setDeleteError('');
    setMessage('');
    try {
      await del.mutateAsync(s.corosalId);
      setMessage('फोटो हटवला! (Deleted)');
    } catch (err) {
      setDeleteError(messageOf(err));
    }
  };

  /** Swaps slide i with its neighbour (-1 up, +1 down) and saves the whole order. */
  const move = async (i: number, by: -1 | 1) => {
    if (!slides) return;
    const order = [...slides];
    [order[i], order[i + by]] = [order[i + by], order[i]];
    setDeleteError('');
    setMessage('');
    try {
      await reorder.mutateAsync(order);
      setMessage('क्रम जतन केला! (Order saved)');
    } catch (err) {
      setDeleteError(messageOf(err));
    }
  };

  return (
    <Box>
      {slides && slides.length > 1 && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          मुख्यपृष्ठावर फोटो याच क्रमाने दिसतात; ↑ / ↓ ने क्रम बदला. (Slides show in this order; move them with the arrows.)
        </Typography>
      )}
      {message && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {slides === null ? (
        !error && <Typography role="status">लोड होत आहे…</Typography>
      ) : slides.length === 0 ? (
        <Typography color="text.secondary">
          अद्याप फोटो नाहीत. <span lang="en">(No carousel images available)</span>
        </Typography>
      ) : (
        <Grid container spacing={2}>
          {slides.map((s, i) => (
            <Grid key={s.corosalId} size={{ xs: 12, sm: 6, md: 4 }}>
              <Paper data-testid="admin-slide" sx={{ overflow: 'hidden', height: '100%', display: 'flex', flexDirection: 'column' }}>
                <Box
                  component="img"
                  src={imageUrl(s.imagePathSmall || s.imagePath)}
                  alt={s.blogContent}
                  loading="lazy"
                  sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block', bgcolor: '#eee' }}
                />
                <Box sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start', flexGrow: 1 }}>
                  <Typography variant="body2" sx={{ flexGrow: 1, wordBreak: 'break-word' }}>
                    {i + 1}. {s.blogContent}
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label={`फोटो ${i + 1} वर हलवा (move up)`}
                    disabled={i === 0 || reorder.isPending}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`फोटो ${i + 1} खाली हलवा (move down)`}
                    disabled={i === slides.length - 1 || reorder.isPending}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <Button color="error" size="small" startIcon={<DeleteIcon />} onClick={() => remove(s)}>
                    हटवा (Delete)
                  </Button>
                </Box>
              </Paper>
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}

export default function CarouselAdminPage() {
  const [mode, setMode] = useState<Mode>('add');
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 1100 }}>
      <AdminHeader title="मुख्यपृष्ठ फोटो (Home page photos)">
        <ModeSwitch<Mode>
          mode={mode}
          onChange={setMode}
          options={[
            { value: 'add', label: 'फोटो जोडा (Add Images)' },
            { value: 'edit', label: 'फोटो बदला (Edit Images)' },
          ]}
        />
      </AdminHeader>
      {mode === 'add' ? <AddForm /> : <EditGrid />}
    </Box>
  );
}
