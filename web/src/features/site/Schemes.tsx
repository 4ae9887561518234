// Government schemes (spec 2.4 point 3): a beneficiary filter, cards with title, description and
// badge, a detail modal with eligibility and benefits. 'Apply' and 'download form' do nothing, as in the spec.
import { useId, useState } from 'react';
import InfoDialog from '../../components/Modal.tsx';
import { BENEFICIARIES, BENEFICIARY_LABELS, fetchSchemeDetails, hasSchemeDetails, type Beneficiary, type SchemeCard } from './api.ts';
import Points from './Points.tsx';

const nothing = () => {
  /* the spec's buttons do nothing */
};

function Badges({ scheme }: { scheme: SchemeCard }) {
  return (
    <span className="gp-badges">
      {scheme.badge && <span className="gp-badge">{scheme.badge}</span>}
      <span className="gp-badge gp-badge--accent">{BENEFICIARY_LABELS[scheme.beneficiary] ?? scheme.beneficiary}</span>
    </span>
  );
}

/** `level`: the cards' heading level under the page's (h3 in the home's section, h2 on /yojna-full). */
export default function Schemes({ schemes, level = 3 }: { schemes: SchemeCard[] | undefined; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const filterId = useId();
  const [filter, setFilter] = useState<Beneficiary | 'All'>('All');
  const [open, setOpen] = useState(false);
  const [scheme, setScheme] = useState<SchemeCard | null>(null);
  // The home page's cards come without the dialog's content: read once, on the first opening.
  const [detailsFailed, setDetailsFailed] = useState(false);
  const shown = (schemes ?? []).map((s, index) => ({ s, index })).filter(({ s }) => filter === 'All' || s.beneficiary === filter);

  const openScheme = (s: SchemeCard, index: number) => {
    setScheme(s);
    setOpen(true);
    if (hasSchemeDetails(s)) return;
    setDetailsFailed(false);
    fetchSchemeDetails()
      .then((all) => {
        const full = all[index]?.title === s.title ? all[index] : all.find((x) => x.title === s.title);
        if (full) setScheme((now) => (now === s ? full : now));
        else setDetailsFailed(true);
      })
      .catch(() => setDetailsFailed(true));
  };

  return (
    <>
      <div className="gp-filter">
        <label htmlFor={filterId}>लाभार्थी प्रकार</label>
        <select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value as Beneficiary | 'All')} data-testid="scheme-filter">
          {(['All', ...BENEFICIARIES] as const).map((b) => (
            <option key={b} value={b}>
              {BENEFICIARY_LABELS[b]}
            </option>
          ))}
        </select>
      </div>
      {!schemes ? (
        <p className="gp-status" role="status">
          योजना लोड होत आहेत…
        </p>
      ) : shown.length === 0 ? (
        <p className="gp-empty" role="status">
          कोणतीही योजना आढळली नाही
        </p>
      ) : (
        <ul className="gp-list-reset gp-cards">
          {shown.map(({ s, index }) => (
            <li key={`${s.title}-${index}`}>
              {/* The title is the card's button, inside its heading (a heading inside a button is no
                  heading to a screen reader); the button's area covers the whole card. */}
              <div className="gp-card gp-card--open" data-testid="scheme-card">
                <Badges scheme={s} />
                <Heading>
                  <button type="button" className="gp-card__open" aria-haspopup="dialog" onClick={() => openScheme(s, index)}>
                    {s.title}
                  </button>
                </Heading>
                <span className="gp-card__text">{s.description}</span>
                <span className="gp-card__more" aria-hidden="true">
                  अधिक माहिती ›
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {scheme && (
        <InfoDialog
          open={open}
          onClose={() => setOpen(false)}
          title={scheme.title}
          actions={
            <>
              <button type="button" className="gp-btn" onClick={nothing}>
                फॉर्म डाउनलोड करा
              </button>
              <button type="button" className="gp-btn gp-btn--solid" onClick={nothing}>
                अर्ज करा
              </button>
            </>
          }
        >
          <div className="gp-points">
            <Badges scheme={scheme} />
            <h3>तपशील</h3>
            <p>{scheme.details || scheme.description}</p>
            {hasSchemeDetails(scheme) ? (
              <>
                <Points heading="h3" title="पात्रता" items={scheme.eligibility} />
                <Points heading="h3" title="लाभ" items={scheme.benefits} />
              </>
            ) : (
              <p className="gp-status" role="status">
                {detailsFailed ? 'पात्रता आणि लाभांची माहिती आत्ता उपलब्ध नाही.' : 'माहिती लोड होत आहे…'}
              </p>
            )}
          </div>
        </InfoDialog>
      )}
    </>
  );
}
