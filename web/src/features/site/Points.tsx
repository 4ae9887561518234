// A titled bullet list of a public site section (a committee's duties, a scheme's documents);
// nothing when the list is empty.
export default function Points({ title, items, heading: H }: { title: string; items: string[]; heading: 'h3' | 'h4' }) {
  if (!items.length) return null;
  return (
    <>
      <H className="gp-points-title">{title}</H>
      <ul>
        {items.map((x, i) => (
          <li key={i}>{x}</li>
        ))}
      </ul>
    </>
  );
}
