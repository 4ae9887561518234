// The fields one audit entry changed, each as "label: old → new" (the old value struck through for
// the eye, and said as "पूर्वी / before" and "नंतर / after" to a screen reader).
import Box from '@mui/material/Box';
import type { AuditItem } from './api.ts';
import { valueText } from './words.ts';

// Pinned to the item's corner: left where it falls, a hidden word at a line's end would widen the page.
const hidden = {
  position: 'absolute',
  left: 0,
  top: 0,
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export default function Changes({ changes, labels = {} }: { changes: AuditItem['changes']; labels?: Record<string, string> }) {
  if (!changes) return null;
  const fields = Object.entries(changes);
  if (!fields.length) return null;
  return (
    <Box component="ul" data-testid="audit-changes" sx={{ m: 0, pl: 2.5, overflowWrap: 'anywhere' }}>
      {fields.map(([name, { old, new: now }]) => (
        <Box component="li" key={name} data-field={name} sx={{ mb: 0.25, position: 'relative' }}>
          <Box component="span" sx={{ fontWeight: 600 }} title={name}>
            {labels[name] ?? name}
          </Box>
          {': '}
          {old !== null && (
            <>
              <Box component="del" sx={{ color: 'text.secondary' }}>
                <Box component="span" sx={hidden}>
                  पूर्वी / before{' '}
                </Box>
                {valueText(old)}
              </Box>
              <span aria-hidden="true"> → </span>
            </>
          )}
          <Box component="ins" sx={{ textDecoration: 'none', fontWeight: 500 }}>
            {old !== null && (
              <Box component="span" sx={hidden}>
                नंतर / after{' '}
              </Box>
            )}
            {valueText(now)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
