// /propertyqr/{malmattaNo}/{createdByUserId} (spec 2.9, 5): the public property tax certificate the
// Namuna 8 QR code opens. A number in Western digits is asked for in Devanagari digits (as the
// register writes it); money as ₹ with 2 decimals in Indian grouping, other empty values N/A. Plain
// elements and property.css (a public page, rendered on the server with its record, issue 12); prints
// on one A4 sheet.
import { formatDateGB } from '../../lib/format.ts';
import { certificateNumber } from '../../../../common/property/malmatta.ts';
import { certificatePath, certificateRefusal, fetchCertificate, type CertificateRow } from './publicApi.ts';
import { PublicRecord, usePublicRecord } from '../../components/PublicRecord.tsx';
import { rupees } from './shared.ts';
import './property.css';

const na = (v: string | number | null | undefined) => (v === null || v === undefined || String(v).trim() === '' ? 'N/A' : String(v));

/** The rows of spec 2.9, English then Marathi. The tax rate is per ₹1000 of capital value, so it
 *  carries the per-mille sign (‰), the percent sign's own kind for "per thousand". */
const ROWS: { en: string; mr: string; value: (r: CertificateRow) => string }[] = [
  { en: 'Property Number', mr: 'मालमत्ता क्रमांक', value: (r) => na(r.malmattaNo) },
  { en: 'Owner Name', mr: 'मालकाचे नाव', value: (r) => na(r.malkacheNav) },
  { en: 'Occupier', mr: 'भोगवटादार', value: (r) => na(r.bhogwatdarakNav) },
  { en: 'Mobile Number', mr: 'मोबाईल क्रमांक', value: (r) => na(r.mobileNo) },
  { en: 'Survey (Gat) Number', mr: 'गट क्रमांक', value: (r) => na(r.gatNo) },
  { en: 'Property Description', mr: 'मालमत्तेचे वर्णन', value: (r) => na(r.malmattaVarnan) },
  { en: 'Area (sq. m)', mr: 'क्षेत्रफळ (चौ.मी.)', value: (r) => na(r.areaSqm) },
  { en: 'Construction Year', mr: 'बांधकाम वर्ष', value: (r) => (r.milkatBandhakamYear ? String(r.milkatBandhakamYear) : 'N/A') },
  { en: 'Property Created Date', mr: 'नोंदणी दिनांक', value: (r) => formatDateGB(r.propertyCreatedAt) },
  { en: 'Construction Rate', mr: 'बांधकाम दर', value: (r) => rupees(r.constructionRate) },
  { en: 'Depreciation Rate', mr: 'घसारा दर', value: (r) => na(r.ghasaraRate) },
  { en: 'Building Value', mr: 'भांडवली मूल्य', value: (r) => rupees(r.bhandavaliRateRs) },
  { en: 'Tax Rate', mr: 'कराचा दर', value: (r) => (r.karachaRateRs ? `${r.karachaRateRs}‰ (प्रति ₹1000 / per ₹1000)` : 'N/A') },
  { en: 'House Tax', mr: 'घरपट्टी', value: (r) => rupees(r.gharpatti) },
  { en: 'Street Light Tax', mr: 'दिवाबत्ती कर', value: (r) => rupees(r.divabatti) },
  { en: 'Health Tax', mr: 'आरोग्य कर', value: (r) => rupees(r.arogya) },
  { en: 'Water Tax', mr: 'पाणीपट्टी', value: (r) => rupees(r.panipatti) },
];

/** The page for /propertyqr/{malmattaNo}/{createdByUserId}?s=…; the parts come from the address (the
 *  server's page table, web/src/public/pages.ts, or the staff app's router). `s`, the signature a
 *  council's QR code carries, goes with the read: the server limits unsigned reads more. */
export default function PropertyCertificatePage({
  malmattaNo = '',
  createdByUserId = '',
  s,
}: {
  malmattaNo?: string;
  createdByUserId?: string;
  s?: string;
}) {
  const number = malmattaNo.trim();
  const userId = createdByUserId.trim();
  const asked = number ? certificateNumber(number) : '';
  const state = usePublicRecord<CertificateRow>({
    path: number && userId ? certificatePath(asked, userId, s) : null,
    fetch: (signal) => fetchCertificate(asked, userId, s, signal),
    fromResult: (result) => (result as CertificateRow[] | null)?.[0] ?? null,
    fromFailure: (f) => certificateRefusal(f.message),
  });

  const row = state.status === 'loaded' ? state.record : null;
  const body = (
    <PublicRecord
      state={state}
      missing={!number ? 'Malmatta number is missing.' : !userId ? 'User ID is missing.' : undefined}
      texts={{
        loading: 'मालमत्तेचा दाखला उघडत आहे… (Loading property certificate...)',
        empty: 'मालमत्तेची माहिती सापडली नाही (No property data found.)',
        errorPrefix: 'Error: ',
        errorMr: 'मालमत्तेचा दाखला उघडता आला नाही',
      }}
      reasonTestId="certificate-reason"
    >
      {(r) => (
        <>
          <dl className="prop-rows prop-rows--certificate" data-testid="certificate-rows">
            {ROWS.map((x) => (
              <div className="prop-row" key={x.en}>
                <dt>
                  {x.en}
                  <span className="prop-en">{x.mr}</span>
                </dt>
                <dd>{x.value(r)}</dd>
              </div>
            ))}
            <div className="prop-row prop-row--total">
              <dt>
                Total Annual Tax<span className="prop-en">एकूण वार्षिक कर</span>
              </dt>
              <dd data-testid="certificate-total">{rupees(r.total)}</dd>
            </div>
          </dl>
          <p className="prop-footnote">
            हे प्रमाणपत्र {r.officeName || 'ग्रामपंचायत'} यांच्या वतीने दिले आहे. This certificate is issued on behalf of{' '}
            {r.officeNameEnglish || 'the Gram Panchayat'}.
          </p>
        </>
      )}
    </PublicRecord>
  );

  return (
    <div className="qr-page qr-page--print gp-container">
      <article className="qr-card prop-certificate" aria-labelledby="certificate-title">
        <header className="prop-certificate__head">
          <p className="prop-office">{row?.officeName || 'ग्रामपंचायत'}</p>
          <p className="prop-office-en">{row?.officeNameEnglish || 'Gram Panchayat'}</p>
          <h1 id="certificate-title">
            Property Tax Certificate<span>मालमत्ता कर प्रमाणपत्र</span>
          </h1>
        </header>
        {body}
        <div className="prop-actions">
          <button type="button" className="gp-btn" onClick={() => window.history.back()}>
            मागे (Back)
          </button>
          {row && (
            <button type="button" className="gp-btn gp-btn--solid" onClick={() => window.print()}>
              Print / प्रिंट
            </button>
          )}
        </div>
      </article>
    </div>
  );
}
