// The owners of one property, newest first: the current one marked, each earlier one with the
// ferfar that replaced it (number, reason, date, reference). Dates in mr-IN (spec 9).
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateMr } from '../../lib/format.ts';
import type { OwnershipHistory } from './api.ts';

export default function OwnershipList({ history }: { history: OwnershipHistory }) {
  const byNumber = new Map(history.transfers.map((t) => [t.ferfarNumber, t]));
  return (
    <Box component="ol" data-testid="ownership-history" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {history.owners.map((o) => {
        const t = o.ferfarNumber ? byNumber.get(o.ferfarNumber) : undefined;
        return (
          <Box
            component="li"
            key={o.ownerId}
            data-testid="history-owner"
            sx={{
              p: 1.5,
              border: 1,
              borderColor: o.isActive ? 'primary.main' : 'divider',
              borderRadius: 1,
              bgcolor: o.isActive ? 'rgba(13,71,161,.04)' : undefined,
            }}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{o.malkacheNav}</Typography>
              {o.isActive ? (
                <Chip size="small" color="primary" label="सध्याचे मालक / Current" />
              ) : (
                <Chip size="small" label="पूर्वीचे मालक / Replaced" />
              )}
            </Box>
            <Typography variant="body2" color="text.secondary">
              भोगवटादार: {o.bhogwatdarakNav || 'N/A'} · {formatDateMr(o.since)}
            </Typography>
            <Typography variant="body2">
              {t
                ? `फेरफार क्र. ${t.ferfarNumber} · ${t.ferfarKaran} · ${formatDateMr(t.ferfarDate)} · संदर्भ ${t.referenceNo}`
                : o.reason === 'new'
                  ? 'मूळ नोंद / Original registration'
                  : 'फेरफार / Transfer'}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
