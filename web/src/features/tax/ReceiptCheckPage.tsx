// /receiptqr/{receiptId}: the page a Namuna 10 receipt's QR code opens. No login; it shows only the
// receipt's number, date, amount and property number, so a citizen or an auditor can check it.
// A public page: plain elements and tax.css, rendered on the server with the receipt (or the
// server's "no such receipt") in it, so it reads without JavaScript (issue 12).
import { ApiError } from '../../lib/api.ts';
import { formatDateMr, formatRupees } from '../../lib/format.ts';
import { PublicRecord, usePublicRecord } from '../../components/PublicRecord.tsx';
import { fetchPublicReceipt, publicReceiptPath, type PublicReceipt } from './api.ts';
import './tax.css';

export default function ReceiptCheckPage({ receiptId = '' }: { receiptId?: string }) {
  const state = usePublicRecord<PublicReceipt>({
    path: publicReceiptPath(receiptId),
    fetch: (signal) => fetchPublicReceipt(receiptId, signal),
    fromFailure: (f) => new ApiError(f.message, f.status),
  });
  return (
    <div className="qr-page">
      <article className="qr-card receipt-card" aria-labelledby="receipt-title">
        <h1 id="receipt-title">कर पावती तपासणी / Tax receipt check</h1>
        <PublicRecord state={state} texts={{ loading: 'लोड होत आहे… / Loading…', empty: 'ही पावती सापडली नाही. / No such receipt.' }}>
          {(receipt) => (
            <section data-testid="receipt-check">
              <p className="receipt-ok">ही पावती ग्रामपंचायतीच्या नोंदीत आहे. / This receipt is in the panchayat’s records.</p>
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
            </section>
          )}
        </PublicRecord>
      </article>
    </div>
  );
}
