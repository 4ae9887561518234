// One marriage photo: a preview (the chosen file, else the saved photo, else a placeholder) and a
// file chooser that refuses files over 600 KB with the spec's alert and clears itself.
import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNotify } from '../../components/feedback/FeedbackProvider.tsx';
import { apiUrl } from '../../lib/api.ts';
import { PHOTO_PLACEHOLDER } from './placeholder.ts';

export const PHOTO_LIMIT_BYTES = 600 * 1024;
export const PHOTO_TOO_BIG = 'photo size must not exceed 600 KB, choose a smaller photo';

interface Props {
  name: string;
  mr: string;
  en: string;
  required: boolean;
  savedUrl: string | null;
  file: File | null;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

export default function PhotoField({ name, mr, en, required, savedUrl, file, disabled, onChange }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const notify = useNotify();

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // The form was reset (after a submit): let the same file be chosen again.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  const choose = (e: React.ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    if (chosen && chosen.size > PHOTO_LIMIT_BYTES) {
      notify(PHOTO_TOO_BIG, 'error');
      e.target.value = '';
      onChange(null);
      return;
    }
    onChange(chosen);
  };

  const src = preview ?? (savedUrl ? apiUrl(savedUrl) : PHOTO_PLACEHOLDER);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, textAlign: 'center' }}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ fontWeight: 600 }}>
        {mr}
        {required && (
          <Typography component="span" aria-hidden sx={{ color: 'error.main', fontWeight: 700 }}>
            {' '}
            *
          </Typography>
        )}
        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          {en}
        </Typography>
      </Typography>
      <Box
        component="img"
        src={src}
        alt={`${en} preview`}
        data-testid={`${name}-preview`}
        sx={{
          width: 120,
          height: 150,
          objectFit: 'cover',
          borderRadius: 1,
          border: '1px solid',
          borderColor: 'divider',
          bgcolor: 'grey.100',
        }}
      />
      <Button component="label" variant="outlined" size="small" disabled={disabled}>
        फोटो निवडा
        <input ref={input} id={id} name={name} type="file" accept="image/jpeg,image/png,image/webp" hidden onChange={choose} />
      </Button>
      <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 160, overflowWrap: 'anywhere' }}>
        {file ? file.name : 'कमाल 600 KB'}
      </Typography>
    </Box>
  );
}
