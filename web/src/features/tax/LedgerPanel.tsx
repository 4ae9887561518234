// A property's books on /karMagni: its receipts (each with its PDF and, while it counts, a way to
// cancel it with a reason; a cancelled one shows why) and its ledger (GET /api/KarImport/ledger):
// the balance per head (arrears, current, total), the advance held (आगाऊ जमा), and every entry,
// oldest first, with its year, head, part, kind, amount, receipt, reference and reason.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { PAYMENT_METHODS, TAX_HEADS } from '../../../../common/property/tax.ts';
import { formatDateMr } from '../../lib/format.ts';
import { useNotify } from '../../components/feedback/FeedbackProvider.tsx';
import { downloadReceipt, type HistoryRow, type Ledger } from './api.ts';
import { headLabel, KIND_LABELS, messageOf, PART_LABELS, receiptsOf, rupees, taxYearLabel, type Receipt } from './labels.ts';
import ReverseDialog from './ReverseDialog.tsx';
import { SAY } from '../../../../common/messages.ts';

export function Receipts({ rows }: { rows: HistoryRow[] }) {
  const [reversing, setReversing] = useState<Receipt | null>(null);
  const notify = useNotify();
  const receipts = receiptsOf(rows);
  if (!receipts.length) return <Typography sx={{ p: 1 }}>भरणा इतिहास नाही / No payments yet.</Typography>;
  return (
    <Box component="section" aria-labelledby="receipts-title">
      <Typography variant="h6" component="h2" id="receipts-title">
        पावत्या / Receipts
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <table className="tax-heads tax-stack" data-testid="payment-history">
          <thead>
            <tr>
              <th scope="col">पावती</th>
              <th scope="col">दिनांक</th>
              <th scope="col">रक्कम</th>
              <th scope="col">प्रकार</th>
              <th scope="col">स्थिती / Status</th>
              <th scope="col">
                <span className="tax-sr-only">कृती / Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {receipts.map((r) => {
              const method = PAYMENT_METHODS[r.paidMethod as keyof typeof PAYMENT_METHODS];
              return (
                <tr key={r.paymentId} data-testid={`receipt-${r.name}`}>
                  <th scope="row">{r.name}</th>
                  <td data-label="दिनांक">{formatDateMr(r.paidOn)}</td>
                  <td data-label="रक्कम">{r.cancelled ? <s>{rupees(r.amount)}</s> : rupees(r.amount)}</td>
                  <td data-label="प्रकार">
                    {method?.mr ?? r.paidMethod}
                    {r.chequeNo ? ` क्र. ${r.chequeNo}` : ''}
                  </td>
                  <td className="tax-wrap" data-label="स्थिती / Status">
                    {r.cancelled ? (
                      <span>
                        <Chip size="small" color="error" label="रद्द / Cancelled" />{' '}
                        <span data-testid="cancel-reason">{r.cancelReason}</span>
                      </span>
                    ) : (
                      <Chip size="small" color="success" variant="outlined" label="वैध / Valid" />
                    )}
                  </td>
                  <td data-label="">
                    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', width: '100%' }}>
                      <Button
                        size="small"
                        aria-label={`पावती ${r.name} PDF`}
                        onClick={() => void downloadReceipt(r.paymentId).catch((e) => notify(SAY.pdfFailed(messageOf(e)), 'error'))}
                      >
                        PDF
                      </Button>
                      {!r.cancelled && (
                        <Button size="small" color="error" aria-label={`पावती ${r.name} रद्द करा / Reverse`} onClick={() => setReversing(r)}>
                          रद्द करा
                        </Button>
                      )}
                    </Box>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Box>
      {reversing && <ReverseDialog receipt={reversing} onClose={() => setReversing(null)} />}
    </Box>
  );
}

export function LedgerPanel({ ledger }: { ledger: Ledger }) {
  const { balance, entries } = ledger;
  return (
    <Box component="section" aria-labelledby="ledger-title" data-testid="ledger">
      <Typography variant="h6" component="h2" id="ledger-title">
        खातेवही / Ledger
      </Typography>
      <Box sx={{ overflowX: 'auto', mb: 2 }}>
        <table className="tax-heads" data-testid="ledger-balance">
          <caption className="tax-sr-only">शिल्लक / Balance</caption>
          <thead>
            <tr>
              <th scope="col">
                कर
                <br />
                <small>Head</small>
              </th>
              <th scope="col">
                मागील
                <br />
                <small>Arrears</small>
              </th>
              <th scope="col">
                चालू
                <br />
                <small>Current</small>
              </th>
              <th scope="col">
                एकूण
                <br />
                <small>Total</small>
              </th>
            </tr>
          </thead>
          <tbody>
            {TAX_HEADS.map((h) => {
              const b = balance.heads[h.key];
              return (
                <tr key={h.key}>
                  <th scope="row">{h.mr}</th>
                  <td>{rupees(b?.arrears)}</td>
                  <td>{rupees(b?.current)}</td>
                  <td>{rupees(b?.total)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">आगाऊ जमा / Advance</th>
              <td colSpan={3} data-testid="ledger-advance">
                {rupees(balance.advance)}
              </td>
            </tr>
            <tr>
              <th scope="row">एकूण देय / Total due</th>
              <td colSpan={3} data-testid="ledger-total">
                {rupees(balance.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </Box>
      {entries.length === 0 ? (
        <Typography>नोंदी नाहीत / No entries.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <table className="tax-heads tax-ledger tax-stack" data-testid="ledger-entries">
            <caption className="tax-sr-only">नोंदी / Entries</caption>
            <thead>
              <tr>
                <th scope="col">दिनांक</th>
                <th scope="col">कर वर्ष</th>
                <th scope="col">कर</th>
                <th scope="col">भाग</th>
                <th scope="col">नोंद</th>
                <th scope="col">रक्कम</th>
                <th scope="col">पावती</th>
                <th scope="col">संदर्भ</th>
                <th scope="col">कारण</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.entryId} data-kind={e.kind}>
                  <td data-label="दिनांक">{formatDateMr(e.date)}</td>
                  <td data-label="कर वर्ष">{taxYearLabel(e.taxYear)}</td>
                  <td data-label="कर">{headLabel(e.head)}</td>
                  <td data-label="भाग">{PART_LABELS[e.part]?.mr ?? e.part}</td>
                  <td data-label="नोंद">{KIND_LABELS[e.kind]?.mr ?? e.kind}</td>
                  <td data-label="रक्कम">{rupees(e.amount)}</td>
                  <td data-label="पावती" className={e.receiptNo ? undefined : 'tax-empty'}>
                    {e.receiptNo ?? ''}
                  </td>
                  <td data-label="संदर्भ" className={e.reference ? 'tax-wrap' : 'tax-empty'}>
                    {e.reference}
                  </td>
                  <td data-label="कारण" className="tax-wrap">
                    {e.reason}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      )}
    </Box>
  );
}
