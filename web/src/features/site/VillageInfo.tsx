// Village information (spec 2.4 point 2): the stats grid, facilities, summary and the latest news.
// The schools and anganwadi cards open a list of the centres; all of it is the council's site profile.
import { useState } from 'react';
import Icon from '../../components/Icon.tsx';
import { AGRICULTURE, CHART, CHECK_CIRCLE, CHILD_CARE, FAMILY, GROUPS, SCHOOL } from '../../components/icons.ts';
import InfoDialog from '../../components/Modal.tsx';
import type { Centre, SiteProfile, Stat } from './api.ts';

const ICONS: Record<string, string | string[]> = {
  population: GROUPS,
  families: FAMILY,
  farmland: AGRICULTURE,
  schools: SCHOOL,
  anganwadis: CHILD_CARE,
};

type CentreKind = 'schools' | 'anganwadis';
const CENTRE_TEXT: Record<CentreKind, { title: string; head: string; children: string; teachers: string }> = {
  schools: { title: 'गावातील शाळा', head: 'मुख्याध्यापक', children: 'विद्यार्थी संख्या', teachers: 'शिक्षक संख्या' },
  anganwadis: { title: 'अंगणवाडी केंद्रे', head: 'पर्यवेक्षिका / सेविका', children: 'मुलांची संख्या', teachers: 'कर्मचारी संख्या' },
};

function StatCard({ stat, onOpen }: { stat: Stat; onOpen?: () => void }) {
  const body = (
    <>
      <Icon d={(stat.key && ICONS[stat.key]) || CHART} size={36} className="gp-stat__icon" />
      <span className="gp-stat__value">{stat.value}</span>
      <span className="gp-stat__label">{stat.label}</span>
      {onOpen && <span className="gp-stat__hint">यादी पहा ›</span>}
    </>
  );
  if (!onOpen)
    return (
      <div className="gp-stat" data-testid="stat">
        {body}
      </div>
    );
  return (
    <button type="button" className="gp-stat" onClick={onOpen} aria-haspopup="dialog" data-testid="stat">
      {body}
    </button>
  );
}

function CentreList({ kind, centres }: { kind: CentreKind; centres: Centre[] }) {
  const t = CENTRE_TEXT[kind];
  if (!centres.length) return <p>माहिती उपलब्ध नाही.</p>;
  return (
    <ol className="gp-list-reset gp-centres">
      {centres.map((c, i) => (
        <li key={i} className="gp-centre" data-testid="centre">
          <strong>{c.name}</strong>
          {c.head && (
            <p>
              <b>{t.head}:</b> {c.head}
            </p>
          )}
          <p>
            <b>{t.children}:</b> {c.children}
          </p>
          <p>
            <b>{t.teachers}:</b> {c.teachers}
          </p>
        </li>
      ))}
    </ol>
  );
}

export default function VillageInfo({ profile, news }: { profile: SiteProfile | null | undefined; news: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  // The dialog keeps its content while it animates closed.
  const [kind, setKind] = useState<CentreKind>('schools');

  // Until the profile arrives the block holds a screen's height, so nothing below it is on screen
  // to be pushed down when it fills in (layout shift).
  if (profile === undefined)
    return (
      <div className="gp-info__loading">
        <p className="gp-status" role="status">
          माहिती लोड होत आहे…
        </p>
      </div>
    );

  return (
    <div className="gp-info">
      <div>
        {profile === null ? (
          <p className="gp-status">माहिती उपलब्ध नाही.</p>
        ) : (
          <>
            <ul className="gp-list-reset gp-stats" aria-label="गावाची आकडेवारी">
              {profile.stats.map((s, i) => {
                const centres = s.key === 'schools' || s.key === 'anganwadis' ? s.key : undefined;
                return (
                  <li key={i}>
                    <StatCard
                      stat={s}
                      onOpen={
                        centres
                          ? () => {
                              setKind(centres);
                              setOpen(true);
                            }
                          : undefined
                      }
                    />
                  </li>
                );
              })}
            </ul>
            {profile.facilities.length > 0 && (
              <div className="gp-block">
                <h3>सुविधा</h3>
                <ul className="gp-list-reset gp-facilities">
                  {profile.facilities.map((f, i) => (
                    <li key={i}>
                      <Icon d={CHECK_CIRCLE} size={20} />
                      <span>{f}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {profile.summary && (
              <div className="gp-block">
                <h3>आमच्या गावाविषयी</h3>
                <p className="gp-summary">{profile.summary}</p>
              </div>
            )}
          </>
        )}
      </div>
      <aside id="news" aria-labelledby="news-title">
        <h3 id="news-title">ताज्या बातम्या</h3>
        {news}
      </aside>
      {profile && (
        <InfoDialog open={open} onClose={() => setOpen(false)} title={CENTRE_TEXT[kind].title}>
          <CentreList kind={kind} centres={profile[kind]} />
        </InfoDialog>
      )}
    </div>
  );
}
