// /receiptqr/{receiptId}: the page a Namuna 10 receipt's QR code opens. No login; it shows only the
// receipt's number, date, amount and property number, so a citizen or an auditor can check it.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateMr, formatRupees } from '../../lib/format.ts';
import { fetchPublicReceipt, type PublicReceipt } from './api.ts';
import './tax.css';

export default function ReceiptCheckPage() {
  const { receiptId = '' } = useParams();
  const [receipt, setReceipt] = useState<PublicReceipt | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    fetchPublicReceipt(receiptId).then(setReceipt, (err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  }, [receiptId]);
  return (
    <Box sx={{ p: 2, maxWidth: 560, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        कर पावती तपासणी / Tax receipt check
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {!receipt && !error && <Typography>लोड होत आहे… / Loading…</Typography>}
      {receipt && (
        <Paper sx={{ p: 2 }} data-testid="receipt-check">
          <Alert severity="success" sx={{ mb: 2 }}>
            ही पावती ग्रामपंचायतीच्या नोंदीत आहे. / This receipt is in the panchayat’s records.
          </Alert>
          <table className="tax-heads">
            <tbody>
              <tr>
                <th scope="row">पावती क्रमांक / Receipt No.</th>
                <td>
                  {receipt.receiptNo} ({receipt.financialYear})
                </td>
              </tr>
              <tr>
                <th scope="row">दिनांक / Date</th>
                <td>{formatDateMr(receipt.paidOn)}</td>
              </tr>
              <tr>
                <th scope="row">रक्कम / Amount</th>
                <td>{formatRupees(receipt.amountTotal)}</td>
              </tr>
              <tr>
                <th scope="row">मालमत्ता क्रमांक / Property No.</th>
                <td>{receipt.malmattaNo}</td>
              </tr>
            </tbody>
          </table>
        </Paper>
      )}
    </Box>
  );
}
