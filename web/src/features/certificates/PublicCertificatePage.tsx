// /birthqr/:id, /deathqr/:id, /residenceqr/:id, /marriageqr/:id (spec 2): the read-only page a QR
// code on a printed certificate opens. No session: it shows what anyone may see, Aadhaar masked.
// Plain elements and certificates.css, like the other public pages; prints on one A4 sheet.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { apiUrl } from '../../lib/api.ts';
import { formatDateGB } from '../../lib/format.ts';
import { fetchPublic, PublicReadError } from './api.ts';
import { KINDS, type Item, type KindName } from './kinds.ts';
import { GENDER, PROFESSION, optionLabel } from './options.ts';
import { PHOTO_PLACEHOLDER } from './placeholder.ts';
import './certificates.css';

interface Row { en: string; mr: string; value: (r: Item) => string }

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const field = (name: string) => (r: Item) => s(r[name]);
const date = (name: string) => (r: Item) => (r[name] ? formatDateGB(s(r[name])) : '');
const row = (en: string, mr: string, value: Row['value']): Row => ({ en, mr, value });

interface View { title: { mr: string; en: string }; failed: string; rows: Row[]; statement?: (r: Item) => string }

const VIEWS: Record<KindName, View> = {
  birth: {
    title: { mr: 'जन्म प्रमाणपत्र', en: 'Birth Certificate' }, failed: 'Failed to fetch certificate',
    rows: [
      row('Registration No.', 'नोंदणी क्रमांक', field('registrationNo')),
      row('Registration Date', 'नोंदणी दिनांक', date('registrationDate')),
      row('Child Full Name (English)', 'बालकाचे पूर्ण नाव (इंग्रजी)', field('childFullNameEnglish')),
      row('Child Full Name (Marathi)', 'बालकाचे पूर्ण नाव (मराठी)', field('childFullNameMarathi')),
      row('Birth Date', 'जन्म दिनांक', date('birthDate')),
      row('Birth Date in Words', 'जन्म दिनांक (अक्षरी)', field('birthDateWords')),
      row('Gender', 'लिंग', (r) => optionLabel(GENDER, s(r.gender))),
      row('Birth Place (English)', 'जन्म ठिकाण (इंग्रजी)', field('birthPlaceEnglish')),
      row('Birth Place (Marathi)', 'जन्म ठिकाण (मराठी)', field('birthPlaceMarathi')),
      row("Father's Name (English)", 'वडिलांचे नाव (इंग्रजी)', field('fatherFullNameEnglish')),
      row("Father's Name (Marathi)", 'वडिलांचे नाव (मराठी)', field('fatherFullNameMarathi')),
      row("Mother's Name (English)", 'आईचे नाव (इंग्रजी)', field('motherFullNameEnglish')),
      row("Mother's Name (Marathi)", 'आईचे नाव (मराठी)', field('motherFullNameMarathi')),
    ],
  },
  death: {
    title: { mr: 'मृत्यू प्रमाणपत्र', en: 'Death Certificate' }, failed: 'Failed to fetch death certificate',
    rows: [
      row('Registration Number', 'नोंदणी क्रमांक', field('registrationNumber')),
      row('Registration Date', 'नोंदणी दिनांक', date('registrationDate')),
      row('Name of Deceased (English)', 'मृत व्यक्तीचे नाव (इंग्रजी)', field('deceasedNameEnglish')),
      row('Name of Deceased (Marathi)', 'मृत व्यक्तीचे नाव (मराठी)', field('deceasedNameMarathi')),
      row('Date of Death', 'मृत्यू दिनांक', date('dateOfDeath')),
      row('Date of Death in Words', 'मृत्यू दिनांक (अक्षरी)', field('dateOfDeathWords')),
      row('Age of Deceased', 'मृत्यूच्या वेळी वय', (r) => (r.ageOfDeceased || r.ageOfDeceased === 0 ? `${s(r.ageOfDeceased)} years / वर्षे` : '')),
      row('Spouse Name (English)', 'पती / पत्नीचे नाव (इंग्रजी)', field('spouseNameEnglish')),
      row('Spouse Name (Marathi)', 'पती / पत्नीचे नाव (मराठी)', field('spouseNameMarathi')),
      row("Father's Name (English)", 'वडिलांचे नाव (इंग्रजी)', field('fatherNameEnglish')),
      row("Father's Name (Marathi)", 'वडिलांचे नाव (मराठी)', field('fatherNameMarathi')),
      row("Mother's Name (English)", 'आईचे नाव (इंग्रजी)', field('motherNameEnglish')),
      row("Mother's Name (Marathi)", 'आईचे नाव (मराठी)', field('motherNameMarathi')),
      row('Address at Death (English)', 'मृत्यूच्या वेळी पत्ता (इंग्रजी)', field('addressAtDeathEnglish')),
      row('Address at Death (Marathi)', 'मृत्यूच्या वेळी पत्ता (मराठी)', field('addressAtDeathMarathi')),
    ],
  },
  residence: {
    title: { mr: 'रहिवासी दाखला', en: 'Residential Certificate' }, failed: 'Failed to fetch certificate',
    rows: [
      row('Certificate No.', 'दाखला क्रमांक', field('registrationNumber')),
      row('Issue Date', 'दिनांक', date('registrationDate')),
      row('Applicant Name (English)', 'अर्जदाराचे नाव (इंग्रजी)', field('applicantNameEnglish')),
      row('Applicant Name (Marathi)', 'अर्जदाराचे नाव (मराठी)', field('applicantNameMarathi')),
      row('Aadhaar No.', 'आधार क्रमांक', field('applicantAadhaar')),
      row('Mobile No.', 'मोबाईल क्रमांक', field('applicantMobile')),
      row('Age', 'वय', (r) => (r.applicantAge ? `${s(r.applicantAge)} years / वर्षे` : '')),
      row('Profession', 'व्यवसाय', (r) => optionLabel(PROFESSION, s(r.applicantProfession))),
    ],
    statement: (r) => `This certificate is issued to ${s(r.applicantNameEnglish) || 'the applicant'} as a resident of this Gram Panchayat, at the applicant's request.`,
  },
  marriage: {
    title: { mr: 'विवाह नोंदणी प्रमाणपत्र', en: 'Marriage Certificate' }, failed: 'Failed to fetch marriage certificate',
    rows: [
      row("Husband's Name (English)", 'पतीचे नाव (इंग्रजी)', field('husbandNameEnglish')),
      row("Husband's Name (Marathi)", 'पतीचे नाव (मराठी)', field('husbandNameMarathi')),
      row("Wife's Name (English)", 'पत्नीचे नाव (इंग्रजी)', field('wifeNameEnglish')),
      row("Wife's Name (Marathi)", 'पत्नीचे नाव (मराठी)', field('wifeNameMarathi')),
      row('Registration Number', 'नोंदणी क्रमांक', field('registrationNumber')),
      row('Marriage Date', 'विवाह दिनांक', date('marriageDate')),
      row("Husband's Age", 'पतीचे वय', (r) => (r.husbandAgeYears ? `${s(r.husbandAgeYears)} years / वर्षे` : '')),
      row("Wife's Age", 'पत्नीचे वय', (r) => (r.wifeAgeYears ? `${s(r.wifeAgeYears)} years / वर्षे` : '')),
      row('Place of Marriage', 'विवाहाचे ठिकाण', field('marriagePlaceEnglish')),
    ],
  },
};

type State = { status: 'loading' } | { status: 'error'; message: string; reason?: string } | { status: 'empty' } | { status: 'loaded'; record: Item };

function Photo({ url, label }: { url: unknown; label: string }) {
  const [broken, setBroken] = useState(false);
  const src = typeof url === 'string' && url && !broken ? apiUrl(url) : PHOTO_PLACEHOLDER;
  return (
    <figure className="cert-photo">
      <img src={src} alt={label} width={120} height={150} onError={() => setBroken(true)} />
      <figcaption>{label}</figcaption>
    </figure>
  );
}

export default function PublicCertificatePage({ kind }: { kind: KindName }) {
  const { certificateId } = useParams();
  const k = KINDS[kind];
  const view = VIEWS[kind];
  const id = certificateId?.trim() ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => { document.title = `${view.title.en} | ${view.title.mr}`; }, [view]);

  useEffect(() => {
    if (!id) return;
    const ctrl = new AbortController();
    setState({ status: 'loading' });
    fetchPublic(k, id, view.failed, ctrl.signal)
      .then((record) => setState(record ? { status: 'loaded', record } : { status: 'empty' }))
      .catch((err: Error) => {
        if (!ctrl.signal.aborted) setState({ status: 'error', message: err.message || view.failed, reason: err instanceof PublicReadError ? err.reason : undefined });
      });
    return () => ctrl.abort();
  }, [k, id, view]);

  const record = state.status === 'loaded' ? state.record : null;
  const office = { mr: s(record?.officeName) || 'ग्रामपंचायत', en: s(record?.officeNameEnglish) || 'Gram Panchayat' };

  let body: React.ReactNode;
  if (!id) body = <p className="cert-state cert-state--error" role="alert">Certificate ID is missing.</p>;
  else if (state.status === 'loading') body = <p className="cert-state" role="status">Loading certificate...</p>;
  else if (state.status === 'error') {
    body = (
      <>
        <p className="cert-state cert-state--error" role="alert">Error: {state.message}</p>
        {state.reason && <p className="cert-state" data-testid="cert-error-reason">{state.reason}</p>}
      </>
    );
  }
  else if (state.status === 'empty') body = <p className="cert-state">No certificate data found.</p>;
  else {
    const r = state.record;
    body = (
      <>
        {kind === 'marriage' && (
          <div className="cert-photos">
            <Photo url={r.husbandPhotoUrl} label="Husband / पती" />
            <Photo url={r.wifePhotoUrl} label="Wife / पत्नी" />
          </div>
        )}
        <dl className="cert-rows">
          {view.rows.map((x) => (
            <div className="cert-row" key={x.en}>
              <dt><span>{x.en}</span><span className="cert-mr">{x.mr}</span></dt>
              <dd>{x.value(r) || 'N/A'}</dd>
            </div>
          ))}
        </dl>
        {view.statement && <p className="cert-statement">{view.statement(r)}</p>}
        <p className="cert-verified">
          ही माहिती ग्रामपंचायतीच्या नोंदवहीतून घेतली आहे. This information is taken from the register of the Gram Panchayat.
        </p>
      </>
    );
  }

  return (
    <div className="cert-page">
      <article className="cert-card" aria-labelledby="cert-title">
        <header className="cert-head">
          <p className="cert-office">{office.mr}</p>
          <p className="cert-office-en">{office.en}</p>
          <h1 id="cert-title">
            <span>{view.title.mr}</span>
            <span className="cert-title-en">{view.title.en}</span>
          </h1>
        </header>
        {body}
        <div className="cert-actions">
          <button type="button" className="gp-btn" onClick={() => window.history.back()}>Back</button>
          {record && <button type="button" className="gp-btn gp-btn--solid" onClick={() => window.print()}>Print / प्रिंट</button>}
        </div>
      </article>
    </div>
  );
}
