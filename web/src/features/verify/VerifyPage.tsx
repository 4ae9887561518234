// /verify: a citizen, a bank or a school checks a PDF the portal signed (issue 31): choose the file,
// and the answer says, Marathi first, whether it is genuine and matches the office's record now.
// A public page: plain elements in the QR pages' card (components/public-record.css); the form needs
// JavaScript to send the file.
import { useEffect, useState } from 'react';
import { messageOf } from '../../lib/api.ts';
import '../../components/public-record.css';
import './verify.css';
import { verifyPdf, type VerifyResult } from './api.ts';

const KINDS: Record<string, string> = {
  birth: 'जन्म प्रमाणपत्र / Birth certificate',
  death: 'मृत्यू प्रमाणपत्र / Death certificate',
  residence: 'रहिवासी दाखला / Residence certificate',
  marriage: 'विवाह नोंदणी प्रमाणपत्र / Marriage certificate',
  namuna8: 'नमुना ८ उतारा / Namuna 8 extract',
  receipt: 'नमुना १० पावती / Namuna 10 receipt',
};
const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

export default function VerifyPage() {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = 'PDF तपासणी | Verify a PDF';
  }, []);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    setResult(null);
    if (!file) return setError('तपासायची PDF निवडा. / Choose the PDF to check.');
    setBusy(true);
    try {
      setResult(await verifyPdf(file));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="qr-page">
      <article className="qr-card" aria-labelledby="verify-title">
        <h1 id="verify-title">PDF तपासणी / Verify a PDF</h1>
        <p>
          ग्रामपंचायतीने दिलेले प्रमाणपत्र, नमुना ८ उतारा किंवा पावती (PDF) निवडा: त्यावरील डिजिटल स्वाक्षरी आणि कार्यालयाची आजची नोंद तपासली जाईल.
          <br />
          Choose a certificate, Namuna 8 extract or receipt (PDF) the gram panchayat issued: its digital signature and the office&apos;s
          record as it is today are checked.
        </p>
        <form className="verify-form" onSubmit={submit} noValidate>
          <label htmlFor="verify-file">PDF फाइल / PDF file</label>
          <input
            id="verify-file"
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <button type="submit" disabled={busy}>
            {busy ? 'तपासत आहे… / Checking…' : 'तपासा / Verify'}
          </button>
        </form>
        {error && (
          <p className="verify-error" role="alert">
            {error}
          </p>
        )}
        {result && (
          <section
            className={result.genuine ? 'verify-result verify-genuine' : 'verify-result verify-not'}
            role="status"
            data-testid="verify-result"
          >
            <h2>{result.genuine ? 'खरी PDF / Genuine' : 'खरी नाही / Not genuine'}</h2>
            <p>{result.reason}</p>
            <dl>
              {result.kind && (
                <>
                  <dt>कागदपत्र / Document</dt>
                  <dd>{KINDS[result.kind] ?? result.kind}</dd>
                </>
              )}
              {result.registrationNumber && (
                <>
                  <dt>क्रमांक / Number</dt>
                  <dd>{result.registrationNumber}</dd>
                </>
              )}
              {result.signedBy && (
                <>
                  <dt>स्वाक्षरी करणारे / Signed by</dt>
                  <dd>{result.signedBy}</dd>
                </>
              )}
              {result.signedAt && (
                <>
                  <dt>स्वाक्षरीची वेळ / Signed at</dt>
                  <dd>{when(result.signedAt)} IST</dd>
                </>
              )}
            </dl>
          </section>
        )}
      </article>
    </div>
  );
}
