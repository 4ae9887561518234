// A staff dialog that is one form: title, the fields, the server's error under them, and a
// back/cancel button beside the submit button. Enter submits; while it is sending the dialog does
// not close and both buttons are off.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useNotify } from './feedback/FeedbackProvider.tsx';
import { messageOf } from '../lib/api.ts';

export interface FormDialogProps {
  /** The title's id, for aria-labelledby. */
  titleId: string;
  title: React.ReactNode;
  /** The id of a text in the fields that says what the form does, for aria-describedby. */
  describedBy?: string;
  busy: boolean;
  fullScreen?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** The server's answer when it refused, shown under the fields. */
  error: string;
  cancelLabel: string;
  submitLabel: React.ReactNode;
  submitColor?: 'primary' | 'error';
  children: React.ReactNode;
}

export default function FormDialog(p: FormDialogProps) {
  return (
    <Dialog
      open
      onClose={p.busy ? undefined : p.onClose}
      aria-labelledby={p.titleId}
      aria-describedby={p.describedBy}
      fullScreen={p.fullScreen}
      fullWidth
      maxWidth="sm"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          p.onSubmit();
        }}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={p.titleId}>{p.title}</DialogTitle>
        <DialogContent>
          {p.children}
          {p.error && (
            <Alert severity="error" role="alert">
              {p.error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={p.onClose} disabled={p.busy}>
            {p.cancelLabel}
          </Button>
          <Button type="submit" color={p.submitColor} variant="contained" disabled={p.busy}>
            {p.submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * The sending of a FormDialog: `send` runs the call, shows the server's message and closes the
 * dialog when it went through, or keeps the refusal in `error` for the dialog to show.
 */
export function useDialogSend(onClose: () => void) {
  const [error, setError] = useState('');
  const notify = useNotify();
  const send = async (call: () => Promise<{ message: string }>) => {
    try {
      const r = await call();
      notify(r.message, 'success');
      onClose();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return { error, setError, send };
}
