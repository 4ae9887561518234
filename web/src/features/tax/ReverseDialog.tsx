// Cancelling a receipt (a bounced cheque): the clerk sees the receipt, is told what follows (its
// amount is owed again; its number stays used, so the numbers stay gapless) and must give a reason.
import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { PAYMENT_METHODS } from '../../../../common/property/tax.ts';
import { formatDateMr } from '../../lib/format.ts';
import FormDialog, { useDialogSend } from '../../components/FormDialog.tsx';
import { useReversal } from './queries.ts';
import { rupees, type Receipt } from './labels.ts';

export default function ReverseDialog({ receipt, onClose }: { receipt: Receipt; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reverse = useReversal();
  const { error, setError, send } = useDialogSend(onClose);
  const method = PAYMENT_METHODS[receipt.paidMethod as keyof typeof PAYMENT_METHODS];

  const submit = async () => {
    setError('');
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    await send(() => reverse.mutateAsync({ paymentId: receipt.paymentId, reason: reason.trim() }));
  };

  return (
    <FormDialog
      titleId="reverse-title"
      title={`पावती ${receipt.name} रद्द करायची? / Cancel receipt ${receipt.name}?`}
      describedBy="reverse-text"
      busy={reverse.isPending}
      onClose={onClose}
      onSubmit={() => void submit()}
      error={error}
      cancelLabel="मागे / Back"
      submitLabel="पावती रद्द करा / Cancel receipt"
      submitColor="error"
    >
      <DialogContentText id="reverse-text" sx={{ mb: 2 }}>
        {rupees(receipt.amount)}, {formatDateMr(receipt.paidOn)}, {method ? `${method.mr} / ${method.en}` : receipt.paidMethod}
        {receipt.chequeNo ? `, क्र. ${receipt.chequeNo}` : ''}.
        <br />
        ही रक्कम पुन्हा थकबाकीत जाईल; पावती क्रमांक वापरलेलाच राहील (रद्द म्हणून). / The amount is owed again; the receipt number stays used, marked
        cancelled.
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
    </FormDialog>
  );
}
