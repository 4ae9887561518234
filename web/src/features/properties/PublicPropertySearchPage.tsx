// /usermalmatta (spec 2.2, 4, 5): the citizen's property search. Search by property number or
// owner name; suggestions from one character, 500 ms after the last key; a 5-character captcha the
// server checks (refresh for a new one), and a proof of work the browser solves unseen (pow.ts); then
// the owner banner with two views, outstanding tax (the default) and property details. Back resets
// everything. Plain elements and property.css: this is
// a public page and stays light (no MUI): the server renders the form with its captcha (issue 12),
// the browser does the rest once it has hydrated it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PowPool } from './pow.ts';
import { ASSESSMENT_LABELS } from '../../../../common/property/fields.ts';
import { TAX_HEADS } from '../../../../common/property/tax.ts';
import { ApiError, messageOf } from '../../lib/api.ts';
import { preloaded } from '../../lib/preloaded.ts';
import {
  CAPTCHA_PATH,
  fetchCaptcha,
  type Captcha,
  fetchPublicProperty,
  fetchSuggestions,
  withPow,
  type PublicProperty,
  type SearchType,
  type Suggestion,
} from './publicApi.ts';
import { rupees, useDebounced } from './shared.ts';
import '../../components/public-record.css';
import './property.css';

const TYPES: { value: SearchType; mr: string; en: string }[] = [
  { value: 'malmatta', mr: 'मालमत्ता क्रमांक', en: 'Property number' },
  { value: 'owner', mr: 'मालकाचे नाव', en: 'Owner name' },
];

const HEADS = [
  { key: 'gharpatti', mr: 'घरपट्टी', en: 'House tax' },
  { key: 'divabatti', mr: 'दिवाबत्ती', en: 'Street light' },
  { key: 'arogyakar', mr: 'आरोग्य कर', en: 'Health' },
  { key: 'panipatti', mr: 'पाणीपट्टी', en: 'Water' },
] as const;

const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' || v === 0 ? 'N/A' : String(v));
/** The property details view (spec 2.2), label and value. */
const DETAILS: { mr: string; en: string; value: (p: PublicProperty) => string }[] = [
  { mr: 'भोगवटादाराचे नाव', en: 'Occupier', value: (p) => text(p.bhogwatdarakNav) },
  { mr: ASSESSMENT_LABELS.areaSqm.mr, en: ASSESSMENT_LABELS.areaSqm.en, value: (p) => text(p.areaSqm) },
  { mr: 'गट क्रमांक', en: 'Gat number', value: (p) => text(p.gatNo) },
  { mr: 'सिटी सर्व्हे क्रमांक', en: 'City survey number', value: (p) => text(p.citySurveyNo) },
  { mr: 'मालमत्तेचे वर्णन', en: 'Description', value: (p) => text(p.malmattaVarnan) },
  { mr: 'बांधकाम वर्ष', en: 'Construction year', value: (p) => text(p.milkatBandhakamYear) },
  ...(['landRate', 'buildingRate', 'constructionRate'] as const).map((k) => ({
    ...ASSESSMENT_LABELS[k],
    value: (p: PublicProperty) => rupees(p[k]),
  })),
  { ...ASSESSMENT_LABELS.ghasaraRate, value: (p) => text(p.ghasaraRate) },
  // Every head the total adds up, water included (issue 29, point 8), then the total.
  ...[...TAX_HEADS.map((h) => h.assessed), 'total' as const].map((k) => ({
    ...ASSESSMENT_LABELS[k],
    value: (p: PublicProperty) => rupees(p[k]),
  })),
];

/** The UPI QR code of the outstanding total (issue 30): the qrcode package is loaded only when a
 *  result has one, so the search page stays light. On a phone the link opens the UPI app itself. */
function UpiPay({ upi }: { upi: NonNullable<PublicProperty['upi']> }) {
  const [image, setImage] = useState('');
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((q) => (q.default ?? q).toDataURL(upi.link, { errorCorrectionLevel: 'M', margin: 4, width: 220 }))
      .then((url) => live && setImage(url))
      .catch(() => live && setImage(''));
    return () => {
      live = false;
    };
  }, [upi.link]);
  return (
    <section className="prop-upi" aria-labelledby="prop-upi-title" data-testid="upi-pay">
      <h2 id="prop-upi-title">
        UPI ने भरा <span className="prop-en">Pay by UPI</span>
      </h2>
      {image && <img src={image} width={220} height={220} alt={`UPI QR: ${rupees(upi.amount)}, बिल ${upi.billNo}`} data-testid="upi-qr" />}
      <p>
        रक्कम / Amount: <b data-testid="upi-amount">{rupees(upi.amount)}</b> · बिल क्र. / Bill No. <b>{upi.billNo}</b>
      </p>
      <a className="gp-btn gp-btn--solid" href={upi.link} data-testid="upi-link">
        UPI ने भरा / Pay by UPI
      </a>
      <p className="prop-hint">
        कोणत्याही UPI ॲपने QR स्कॅन करा; बँक जमा तपासल्यावर पावती मिळेल. / Scan with any UPI app; the receipt follows once the bank credit is
        checked.
      </p>
    </section>
  );
}

/** The suggestions' list, named by the box (one search box on the page; a fixed id reads the same
 *  in the server's HTML and after hydration). */
const LIST_ID = 'prop-options';

export default function PublicPropertySearchPage() {
  const [type, setType] = useState<SearchType>('malmatta');
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [selected, setSelected] = useState<Suggestion | null>(null);
  // The server renders the form with a captcha of its own (web/src/public/pages.ts); without one, the browser asks.
  const [captcha, setCaptcha] = useState<Captcha | null>(() => preloaded<Captcha>(CAPTCHA_PATH) ?? null);
  const [captchaText, setCaptchaText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PublicProperty | null>(null);
  const [view, setView] = useState<'dues' | 'details'>('dues');
  const term = useDebounced(query.trim(), 500);
  const inputRef = useRef<HTMLInputElement>(null);
  // The proof of work (security issue 25): loaded and started when the page opens, in the browser
  // only, so solutions are ready by the time the citizen types or presses Search.
  const powPool = useRef<Promise<PowPool> | null>(null);
  const pow = useCallback(() => (powPool.current ??= import('./pow.ts').then((m) => m.createPowPool())), []);
  const takePow = useCallback(async () => (await pow()).take(), [pow]);
  useEffect(() => {
    void pow();
  }, [pow]);

  const newCaptcha = useCallback(() => {
    setCaptcha(null);
    fetchCaptcha()
      .then(setCaptcha)
      .catch((err: Error) => setError(err.message || 'माहिती मिळवताना सर्व्हर त्रुटी आली. कृपया पुन्हा प्रयत्न करा.'));
  }, []);

  useEffect(() => {
    if (!preloaded<Captcha>(CAPTCHA_PATH)) newCaptcha();
  }, [newCaptcha]);

  useEffect(() => {
    if (!term || (selected && selected.malmattaNo === term) || (selected && selected.malkacheNav === term)) {
      setOptions([]);
      return;
    }
    const ctrl = new AbortController();
    withPow(takePow, (altcha) => fetchSuggestions(type, term, altcha, ctrl.signal))
      .then((s) => {
        setOptions(s);
        setOpen(true);
        setActive(-1);
      })
      .catch((err: Error) => {
        if (!ctrl.signal.aborted) {
          setOptions([]);
          if (err instanceof ApiError && err.status === 429) setError(err.message);
        }
      });
    return () => ctrl.abort();
  }, [term, type, selected, takePow]);

  const choose = (s: Suggestion) => {
    setSelected(s);
    setQuery(type === 'malmatta' ? s.malmattaNo : s.malkacheNav);
    setOpen(false);
    setError('');
  };

  const onKey = (e: React.KeyboardEvent) => {
    if (!open || !options.length) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === 'Escape') setOpen(false);
  };

  const reset = () => {
    setType('malmatta');
    setQuery('');
    setOptions([]);
    setSelected(null);
    setOpen(false);
    setCaptchaText('');
    setError('');
    setResult(null);
    setView('dues');
    newCaptcha();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    if (!selected) {
      setError('कृपया सूचीमधून एक मालमत्ता निवडा');
      return;
    }
    if (!captchaText.trim()) {
      setError('कॅप्चा आवश्यक आहे');
      return;
    }
    if (!captcha) return;
    setBusy(true);
    try {
      const property = await withPow(takePow, (altcha) =>
        fetchPublicProperty(selected.malmattaNo, captcha.captchaId, captchaText.trim(), altcha),
      );
      setResult(property);
      setView('dues');
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      if (status === 404) setError('प्रदान केलेला मालमत्ता क्रमांक सापडला नाही.');
      else if (status === 400 || status === 429) setError(messageOf(err, 'चुकीचा कॅप्चा कोड'));
      else setError('माहिती मिळवताना सर्व्हर त्रुटी आली. कृपया पुन्हा प्रयत्न करा.');
      // A captcha answers once, right or wrong.
      setCaptchaText('');
      newCaptcha();
    } finally {
      setBusy(false);
    }
  };

  if (result) {
    const dues = result.dues;
    return (
      <div className="qr-page gp-container">
        <section className="qr-card" aria-labelledby="prop-owner">
          <div className="prop-banner">
            <p className="prop-banner__label">मालकाचे नाव / Owner</p>
            <h1 id="prop-owner" data-testid="result-owner">
              {result.malkacheNav || 'N/A'}
            </h1>
            <p>
              मालमत्ता क्रमांक {result.malmattaNo} · मो. {result.mobileNo || 'N/A'}
            </p>
          </div>
          <div className="prop-toggle" role="group" aria-label="दृश्य">
            <button type="button" aria-pressed={view === 'dues'} onClick={() => setView('dues')}>
              थकीत कर <span>Outstanding tax</span>
            </button>
            <button type="button" aria-pressed={view === 'details'} onClick={() => setView('details')}>
              मालमत्ता तपशील <span>Property details</span>
            </button>
          </div>
          {view === 'dues' &&
            (dues ? (
              <>
                <div className="prop-table-wrap">
                  <table className="prop-table" data-testid="dues-table">
                    <thead>
                      <tr>
                        <th scope="col">कर / Tax</th>
                        <th scope="col">मागील / Arrears</th>
                        <th scope="col">चालू / Current</th>
                        <th scope="col">एकूण / Total</th>
                      </tr>
                    </thead>
                    <tbody>
                      {HEADS.map((h) => (
                        <tr key={h.key}>
                          <th scope="row">
                            {h.mr}
                            <span className="prop-en">{h.en}</span>
                          </th>
                          <td>{rupees(dues[h.key].magil)}</td>
                          <td>{rupees(dues[h.key].chalu)}</td>
                          <td>{rupees(dues[h.key].total)}</td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <th scope="row" colSpan={3}>
                          एकूण थकीत कर / Total outstanding
                        </th>
                        <td data-testid="dues-total">{rupees(dues.total)}</td>
                      </tr>
                    </tfoot>
                  </table>
                </div>
                {result.upi && <UpiPay upi={result.upi} />}
              </>
            ) : (
              <p className="qr-state" data-testid="no-dues">
                या मालमत्तेसाठी थकीत कर माहिती उपलब्ध नाही
              </p>
            ))}
          {view === 'details' && (
            <dl className="prop-rows" data-testid="property-details">
              {DETAILS.map((d) => (
                <div className="prop-row" key={d.en}>
                  <dt>
                    {d.mr}
                    <span className="prop-en">{d.en}</span>
                  </dt>
                  <dd>{d.value(result)}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className="prop-actions">
            <button type="button" className="gp-btn" onClick={reset}>
              ← मागे (Back)
            </button>
            <a className="gp-btn gp-btn--solid" href={result.certificateLink}>
              मालमत्ता कर प्रमाणपत्र (Certificate)
            </a>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="qr-page gp-container">
      <form className="qr-card prop-search" onSubmit={submit} aria-labelledby="prop-title" noValidate>
        <h1 id="prop-title">
          मालमत्ता शोध <span className="prop-en">Property search</span>
        </h1>
        <fieldset className="prop-types">
          <legend>शोधाचा प्रकार / Search by</legend>
          {TYPES.map((t) => (
            <label key={t.value}>
              <input
                type="radio"
                name="searchType"
                value={t.value}
                checked={type === t.value}
                onChange={() => {
                  setType(t.value);
                  setQuery('');
                  setSelected(null);
                  setOptions([]);
                  setError('');
                  inputRef.current?.focus();
                }}
              />
              {t.mr} <span className="prop-en">{t.en}</span>
            </label>
          ))}
        </fieldset>
        <div className="prop-field prop-combo">
          <label htmlFor="prop-query">
            {type === 'malmatta' ? 'मालमत्ता क्रमांक लिहा' : 'मालकाचे नाव लिहा'} <span className="prop-en">(at least 1 character)</span>
          </label>
          <input
            id="prop-query"
            ref={inputRef}
            name="query"
            value={query}
            autoComplete="off"
            maxLength={50}
            role="combobox"
            aria-expanded={open && options.length > 0}
            aria-controls={LIST_ID}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? `${LIST_ID}-${active}` : undefined}
            onChange={(e) => {
              setQuery(e.target.value);
              setSelected(null);
              setError('');
            }}
            onKeyDown={onKey}
            onFocus={() => options.length && setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
          />
          {open && options.length > 0 && (
            <ul id={LIST_ID} role="listbox" className="prop-options">
              {options.map((o, i) => (
                <li
                  key={`${o.malmattaNo}-${i}`}
                  id={`${LIST_ID}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(o);
                  }}
                >
                  <b>{o.malmattaNo}</b> — {o.malkacheNav || 'N/A'}
                </li>
              ))}
            </ul>
          )}
          {open && term && options.length === 0 && !selected && <p className="prop-hint">काहीही सापडले नाही / No match</p>}
        </div>
        <div className="prop-field">
          <label htmlFor="prop-captcha">
            चित्रातील अक्षरे लिहा <span className="prop-en">Captcha</span>
          </label>
          <div className="prop-captcha">
            {captcha ? (
              <img
                src={captcha.image}
                alt="कॅप्चा: चित्रातील ५ अक्षरे व अंक / Captcha: 5 letters and digits in the picture"
                width={captcha.width}
                height={captcha.height}
                data-testid="captcha-image"
                data-captcha-id={captcha.captchaId}
              />
            ) : (
              <span className="prop-captcha__wait">…</span>
            )}
            <button
              type="button"
              className="gp-btn"
              onClick={() => {
                setCaptchaText('');
                newCaptcha();
              }}
              aria-label="नवीन कॅप्चा (Refresh captcha)"
            >
              ↻
            </button>
          </div>
          <input
            id="prop-captcha"
            name="captcha"
            value={captchaText}
            onChange={(e) => setCaptchaText(e.target.value.toUpperCase())}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={5}
          />
        </div>
        {error && (
          <p className="qr-state--error prop-error" role="alert" data-testid="search-error">
            {error}
          </p>
        )}
        <button type="submit" className="gp-btn gp-btn--solid prop-submit" disabled={busy}>
          {busy ? 'शोधत आहे…' : 'शोधा (Search)'}
        </button>
      </form>
    </div>
  );
}
