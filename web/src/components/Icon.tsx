// A Material icon as a bare SVG path: on the public pages this costs nothing at run time, where
// an @mui/icons-material component goes through the styling engine on every render.
export default function Icon({ d, size = 24, className }: { d: string | string[]; size?: number; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="currentColor" aria-hidden="true" focusable="false" className={className}>
      {(Array.isArray(d) ? d : [d]).map((p, i) => (
        <path key={i} d={p} />
      ))}
    </svg>
  );
}
