// One entry of the audit trail as a block: when (India time), who, what, on which record when it is
// not the panel's own (an owner of the property, a payment), and the fields it changed.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTimeMr } from '../../lib/dateTime.ts';
import type { AuditItem } from './api.ts';
import Changes from './Changes.tsx';
import { ACTIONS, ENTITIES, actorText, both } from './words.ts';

export default function Entry({ item, labels, showEntity }: { item: AuditItem; labels?: Record<string, string>; showEntity: boolean }) {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, alignItems: 'baseline' }}>
        <Typography component="time" dateTime={item.at} variant="body2" color="text.secondary">
          {formatDateTimeMr(item.at)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="audit-actor">
          {actorText(item.actor)}
        </Typography>
        <Typography variant="body2" data-testid="audit-action">
          {both(ACTIONS, item.action)}
          {showEntity && (
            <Typography component="span" variant="body2" color="text.secondary">
              {' — '}
              {both(ENTITIES, item.entity)}
              {item.entityId ? ` #${item.entityId}` : ''}
            </Typography>
          )}
        </Typography>
      </Box>
      <Changes changes={item.changes} labels={labels} />
    </>
  );
}
