// Government schemes (spec 2.4 point 3): a beneficiary filter, cards with title, description and
// badge, a detail modal with eligibility and benefits. 'Apply' and 'download form' do nothing, as in the spec.
import { useId, useState } from 'react';
import InfoDialog from '../../components/Modal.tsx';
import { BENEFICIARIES, BENEFICIARY_LABELS, type Beneficiary, type Scheme } from './api.ts';

const nothing = () => {
  /* the spec's buttons do nothing */
};

function Badges({ scheme }: { scheme: Scheme }) {
  return (
    <span className="gp-badges">
      {scheme.badge && <span className="gp-badge">{scheme.badge}</span>}
      <span className="gp-badge gp-badge--accent">{BENEFICIARY_LABELS[scheme.beneficiary] ?? scheme.beneficiary}</span>
    </span>
  );
}

function Points({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul>
        {items.map((x, i) => (
          <li key={i}>{x}</li>
        ))}
      </ul>
    </>
  );
}

export default function Schemes({ schemes }: { schemes: Scheme[] | undefined }) {
  const filterId = useId();
  const [filter, setFilter] = useState<Beneficiary | 'All'>('All');
  const [open, setOpen] = useState(false);
  const [scheme, setScheme] = useState<Scheme | null>(null);
  const shown = (schemes ?? []).filter((s) => filter === 'All' || s.beneficiary === filter);

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
          {shown.map((s, i) => (
            <li key={`${s.title}-${i}`}>
              <button
                type="button"
                className="gp-card"
                aria-haspopup="dialog"
                data-testid="scheme-card"
                onClick={() => {
                  setScheme(s);
                  setOpen(true);
                }}
              >
                <Badges scheme={s} />
                <h3>{s.title}</h3>
                <span className="gp-card__text">{s.description}</span>
                <span className="gp-card__more">अधिक माहिती ›</span>
              </button>
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
            <Points title="पात्रता" items={scheme.eligibility} />
            <Points title="लाभ" items={scheme.benefits} />
          </div>
        </InfoDialog>
      )}
    </>
  );
}
