// /receipt8no (spec 2.1, 4): two modes, Download Receipt and the transfer-entry (ferfar nond) form.
// Switching mode starts the other one afresh: errors, captcha, selection and form are cleared.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import PageHeader from './PageHeader.tsx';
import ReceiptTab from './ReceiptTab.tsx';
import TransferForm from './TransferForm.tsx';

export default function ReceiptTransferPage() {
  const [mode, setMode] = useState<'receipt' | 'transfer'>('receipt');
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2, md: 3 }, maxWidth: 1000, mx: 'auto' }}>
      <PageHeader mr="नमुना ८ पावती व फेरफार" en="Form 8 receipt and transfer" current="/receipt8no" />
      <Tabs value={mode} onChange={(_, v) => setMode(v)} variant="fullWidth" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="receipt" label="पावती डाउनलोड (Download Receipt)" />
        <Tab value="transfer" label="फेरफार नोंद (Transfer entry)" />
      </Tabs>
      {/* Unmounting the other mode is what resets it. */}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
        {mode === 'receipt' ? <ReceiptTab /> : <TransferForm />}
      </Paper>
    </Box>
  );
}
