// /birthqr/:id, /deathqr/:id, /residenceqr/:id, /marriageqr/:id (spec 2): the read-only page a QR
// code on a printed certificate opens. No session: it shows what anyone may see, Aadhaar masked.
// Plain elements and certificates.css, like the other public pages; prints on one A4 sheet. The rows
// and their labels come from the field table (common/certificates: publicFields and field.view).
import { useState } from 'react';
import { apiUrl } from '../../lib/api.ts';
import { formatDateGB } from '../../lib/format.ts';
import { fetchPublic, publicPath, publicRefusal } from './api.ts';
import { PublicRecord, usePublicRecord } from '../../components/PublicRecord.tsx';
import { optionLabel, type FieldDef, type Label } from '../../../../common/fields/index.ts';
import { KINDS, type Item, type KindName } from './kinds.ts';
import { PHOTO_PLACEHOLDER } from './placeholder.ts';
import './certificates.css';

interface Row {
  en: string;
  mr: string;
  value: (r: Item) => string;
}

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A shown value in the page's words: dates dd/mm/yyyy, options "Male / पुरुष", ages "34 years / वर्षे"
 *  (0 only where it is a real age, the deceased's). */
function shown(f: FieldDef, r: Item): string {
  const v = r[f.name];
  const t = f.type;
  if (t.t === 'date') return v ? formatDateGB(s(v)) : '';
  if (t.t === 'choice') return optionLabel(t.options, s(v));
  if (f.view?.years) {
    const zeroIsAge = f.required && t.t === 'int' && !t.zeroIsEmpty;
    return v || (zeroIsAge && v === 0) ? `${s(v)} years / वर्षे` : '';
  }
  return s(v);
}

interface View {
  title: Label;
  failed: string;
  rows: Row[];
  statement?: (r: Item) => string;
}

/** The rows of a kind's public page: its public fields that carry a `view` label, in that order. */
function viewOf(kind: KindName, failed: string, statement?: View['statement']): View {
  const table = KINDS[kind].table;
  const rows = table.publicFields.flatMap((name) => {
    const f = table.fields.find((x) => x.name === name);
    return f?.view ? [{ en: f.view.en, mr: f.view.mr, value: (r: Item) => shown(f, r) }] : [];
  });
  return { title: table.publicTitle, failed, rows, statement };
}

const VIEWS: Record<KindName, View> = {
  birth: viewOf('birth', 'Failed to fetch certificate'),
  death: viewOf('death', 'Failed to fetch death certificate'),
  residence: viewOf(
    'residence',
    'Failed to fetch certificate',
    // Bilingual like the PDF's statement (issue 14).
    (r) =>
      `हा दाखला ${s(r.applicantNameMarathi) || 'अर्जदार'} यांना, त्यांच्या विनंतीवरून, या ग्रामपंचायतीचे रहिवासी म्हणून देण्यात येत आहे. / ` +
      `This certificate is issued to ${s(r.applicantNameEnglish) || 'the applicant'} as a resident of this Gram Panchayat, at the applicant's request.`,
  ),
  marriage: viewOf('marriage', 'Failed to fetch marriage certificate'),
};

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

export default function PublicCertificatePage({ kind, certificateId }: { kind: KindName; certificateId?: string }) {
  const k = KINDS[kind];
  const view = VIEWS[kind];
  const id = certificateId?.trim() ?? '';
  const state = usePublicRecord<Item>({
    path: id ? publicPath(k, id) : null,
    fetch: (signal) => fetchPublic(k, id, view.failed, signal),
    fromFailure: (f) => publicRefusal(k, f.status, f.message),
  });

  const record = state.status === 'loaded' ? state.record : null;
  const office = { mr: s(record?.officeName) || 'ग्रामपंचायत', en: s(record?.officeNameEnglish) || 'Gram Panchayat' };

  const body = (
    <PublicRecord
      state={state}
      missing={id ? undefined : 'Certificate ID is missing.'}
      texts={{
        loading: 'प्रमाणपत्र उघडत आहे… (Loading certificate...)',
        empty: 'प्रमाणपत्राची माहिती सापडली नाही (No certificate data found.)',
        errorPrefix: 'Error: ',
        errorMr: 'प्रमाणपत्र उघडता आले नाही',
      }}
      reasonTestId="cert-error-reason"
    >
      {(r) => (
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
                <dt>
                  <span>{x.en}</span>
                  <span className="cert-mr">{x.mr}</span>
                </dt>
                <dd>{x.value(r) || 'N/A'}</dd>
              </div>
            ))}
          </dl>
          {view.statement && <p className="cert-statement">{view.statement(r)}</p>}
          <p className="cert-verified">
            ही माहिती ग्रामपंचायतीच्या नोंदवहीतून घेतली आहे. This information is taken from the register of the Gram Panchayat.
          </p>
          {s(r.signedBy) && (
            <p className="cert-verified" data-testid="cert-signed-by">
              डिजिटल स्वाक्षरी / Signed by: {s(r.signedBy)}
            </p>
          )}
          {s(r.recordFingerprint) && (
            <p className="cert-verified" data-testid="cert-fingerprint" style={{ overflowWrap: 'anywhere' }}>
              नोंदीचा ठसा / Record fingerprint (SHA-256): {s(r.recordFingerprint)}
              <br />
              PDF खरी आहे का ते <a href="/verify">/verify</a> वर तपासा. / Check a PDF on <a href="/verify">/verify</a>.
            </p>
          )}
        </>
      )}
    </PublicRecord>
  );

  return (
    <div className="qr-page qr-page--print">
      <article className="qr-card cert-card" aria-labelledby="cert-title">
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
          <button type="button" className="gp-btn" onClick={() => window.history.back()}>
            मागे (Back)
          </button>
          {record && (
            <button type="button" className="gp-btn gp-btn--solid" onClick={() => window.print()}>
              Print / प्रिंट
            </button>
          )}
        </div>
      </article>
    </div>
  );
}
