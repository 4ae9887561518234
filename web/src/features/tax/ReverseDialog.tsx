// Cancelling a receipt (a bounced cheque): the clerk sees the receipt, is told what follows (its
// amount is owed again; its number stays used, so the numbers stay gapless) and must give a reason.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { PAYMENT_METHODS } from '../../../../common/property/tax.ts';
import { formatDateMr } from '../../lib/format.ts';
import { useNotify } from '../../components/feedback/FeedbackProvider.tsx';
import { useReversal } from './queries.ts';
import { messageOf, rupees, type Receipt } from './labels.ts';

export default function ReverseDialog({ receipt, onClose }: { receipt: Receipt; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState('');
  const reverse = useReversal();
  const notify = useNotify();
  const method = PAYMENT_METHODS[receipt.paidMethod as keyof typeof PAYMENT_METHODS];

  const submit = async () => {
    setError('');
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    try {
      const r = await reverse.mutateAsync({ paymentId: receipt.paymentId, reason: reason.trim() });
      notify(r.message, 'success');
      onClose();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <Dialog
      open
      onClose={reverse.isPending ? undefined : onClose}
      aria-labelledby="reverse-title"
      aria-describedby="reverse-text"
      fullWidth
      maxWidth="sm"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id="reverse-title">
          पावती {receipt.name} रद्द करायची? / Cancel receipt {receipt.name}?
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="reverse-text" sx={{ mb: 2 }}>
            {rupees(receipt.amount)}, {formatDateMr(receipt.paidOn)}, {method ? `${method.mr} / ${method.en}` : receipt.paidMethod}
            {receipt.chequeNo ? `, क्र. ${receipt.chequeNo}` : ''}.
            <br />
            ही रक्कम पुन्हा थकबाकीत जाईल; पावती क्रमांक वापरलेलाच राहील (रद्द म्हणून). / The amount is owed again; the receipt number stays used,
            marked cancelled.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            name="reason"
            label="रद्द करण्याचे कारण / Reason"
            placeholder="धनादेश न वटता परत आला / Cheque bounced"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setMissing(false);
            }}
            error={missing}
            helperText={missing ? 'कारण आवश्यक आहे / A reason is required' : ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={reverse.isPending}>
            मागे / Back
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={reverse.isPending}>
            पावती रद्द करा / Cancel receipt
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
