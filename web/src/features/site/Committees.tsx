// Village committees (spec 2.4 point 4): chairperson, vice-chairperson, members, responsibilities.
import type { Committee } from './api.ts';
import Points from './Points.tsx';

export default function Committees({ committees }: { committees: Committee[] | undefined }) {
  if (!committees)
    return (
      <p className="gp-status" role="status">
        समित्यांची माहिती लोड होत आहे…
      </p>
    );
  if (!committees.length) return <p className="gp-status">समित्यांची माहिती उपलब्ध नाही.</p>;
  return (
    <div className="gp-committees">
      {committees.map((c, i) => (
        <article key={`${c.name}-${i}`} className="gp-committee" data-testid="committee">
          <h3>{c.name}</h3>
          <dl>
            {c.chairperson && (
              <>
                <dt>अध्यक्ष</dt>
                <dd>{c.chairperson}</dd>
              </>
            )}
            {c.viceChairperson && (
              <>
                <dt>उपाध्यक्ष</dt>
                <dd>{c.viceChairperson}</dd>
              </>
            )}
          </dl>
          <Points heading="h4" title="सदस्य" items={c.members} />
          <Points heading="h4" title="जबाबदाऱ्या" items={c.responsibilities} />
        </article>
      ))}
    </div>
  );
}
