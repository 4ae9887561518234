// Village committees (spec 2.4 point 4): chairperson, vice-chairperson, members, responsibilities.
import type { Committee } from './api.ts';
import Points from './Points.tsx';

/** `level`: the rank of a committee's name, 3 under the home page's section heading, 2 on the page
 *  of its own right under the page's h1 (headings go down one step at a time). */
export default function Committees({ committees, level = 3 }: { committees: Committee[] | undefined; level?: 2 | 3 }) {
  const Name = level === 2 ? 'h2' : 'h3';
  const Sub = level === 2 ? 'h3' : 'h4';
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
          <Name className="gp-committee-name">{c.name}</Name>
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
          <Points heading={Sub} title="सदस्य" items={c.members} />
          <Points heading={Sub} title="जबाबदाऱ्या" items={c.responsibilities} />
        </article>
      ))}
    </div>
  );
}
