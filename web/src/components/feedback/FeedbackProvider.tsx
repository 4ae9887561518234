// The staff app's one way to tell the clerk something and to ask a yes/no question, instead of
// window.alert/confirm (which block the page, cannot be styled, read English buttons and cannot be
// driven by a screen reader the way a dialog can): `useNotify()` shows a snackbar, `useConfirm()`
// opens a dialog and resolves true on confirm, false on cancel, Escape or a click outside.
// Mounted once in the staff layout's providers (app/QueryProvider.tsx).
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import Snackbar from '@mui/material/Snackbar';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';

export type Severity = 'success' | 'info' | 'warning' | 'error';
export type Notify = (message: string, severity?: Severity) => void;

export interface ConfirmOptions {
  title: string;
  /** Text under the title, or any content (a list, a table) the clerk should see before deciding. */
  body?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
}
export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

interface Feedback {
  notify: Notify;
  confirm: Confirm;
}

const FeedbackContext = createContext<Feedback | null>(null);

interface Note {
  key: number;
  message: string;
  severity: Severity;
}

interface Question extends ConfirmOptions {
  resolve: (answer: boolean) => void;
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  // The messages not yet shown, the one showing first.
  const [notes, setNotes] = useState<Note[]>([]);
  const [noteOpen, setNoteOpen] = useState(false);
  const nextKey = useRef(0);
  const [question, setQuestion] = useState<Question | null>(null);

  const notify = useCallback<Notify>((message, severity = 'info') => {
    setNotes((q) => {
      // A newer message takes the place of the one showing: it closes (its exit shows the next)
      // rather than make the clerk wait out its time.
      if (q.length) setNoteOpen(false);
      else setNoteOpen(true);
      return [...q, { key: nextKey.current++, message, severity }];
    });
  }, []);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setQuestion((open) => {
          // A second question while one is open answers the first "no" rather than leaving it hanging.
          open?.resolve(false);
          return { ...options, resolve };
        });
      }),
    [],
  );

  const answer = (value: boolean) => {
    question?.resolve(value);
    setQuestion(null);
  };

  const current = notes[0];
  const closeNote = (_e?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setNoteOpen(false);
  };

  const value = useMemo(() => ({ notify, confirm }), [notify, confirm]);

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <Snackbar
        key={current?.key}
        open={noteOpen && current !== undefined}
        // Errors stay until closed: the clerk may need to read or copy them.
        autoHideDuration={current?.severity === 'error' ? null : 6000}
        onClose={closeNote}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        slotProps={{
          transition: {
            onExited: () => {
              setNotes((q) => {
                const rest = q.slice(1);
                if (rest.length > 0) setNoteOpen(true);
                return rest;
              });
            },
          },
        }}
      >
        {current ? (
          <Alert
            onClose={() => closeNote()}
            severity={current.severity}
            variant="filled"
            closeText="बंद करा"
            sx={{ width: '100%', whiteSpace: 'pre-line' }}
          >
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
      <Dialog
        open={question !== null}
        onClose={() => answer(false)}
        aria-labelledby="feedback-confirm-title"
        aria-describedby={question?.body !== undefined ? 'feedback-confirm-body' : undefined}
        fullWidth
        maxWidth="sm"
      >
        {question && (
          <>
            <DialogTitle id="feedback-confirm-title">{question.title}</DialogTitle>
            {question.body !== undefined && (
              <DialogContent id="feedback-confirm-body">
                {typeof question.body === 'string' ? (
                  <DialogContentText sx={{ whiteSpace: 'pre-line' }}>{question.body}</DialogContentText>
                ) : (
                  question.body
                )}
              </DialogContent>
            )}
            <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button onClick={() => answer(false)}>{question.cancelLabel ?? 'रद्द करा (Cancel)'}</Button>
              <Button onClick={() => answer(true)} variant="contained" autoFocus>
                {question.confirmLabel ?? 'होय (Confirm)'}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </FeedbackContext.Provider>
  );
}

function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useNotify/useConfirm need a <FeedbackProvider> above them');
  return feedback;
}

/** `notify(message, severity = 'info')`: a snackbar at the bottom of the screen. */
export function useNotify(): Notify {
  return useFeedback().notify;
}

/** `await confirm({ title, body?, confirmLabel?, cancelLabel? })`: true when the clerk confirms. */
export function useConfirm(): Confirm {
  return useFeedback().confirm;
}
