// The list inside an opened HistoryPanel: ten entries at a time, newest first, "अधिक / More" for the next ten.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import QueryStatus from '../QueryStatus.tsx';
import Entry from './Entry.tsx';
import { useHistory } from './queries.ts';

export default function HistoryList({ entity, entityId, labels }: { entity: string; entityId?: string; labels?: Record<string, string> }) {
  const history = useHistory(entity, entityId);
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Box>
      <QueryStatus busy={history.isFetching} query={history} />
      {history.isSuccess && !items.length && <Typography color="text.secondary">अजून कोणतीही नोंद नाही / No entries yet</Typography>}
      {items.length > 0 && (
        <Box component="ol" aria-label="इतिहास / History" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <Box
              component="li"
              key={item.id}
              data-testid="history-entry"
              sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
            >
              <Entry item={item} labels={labels} showEntity={item.entity !== entity} />
            </Box>
          ))}
        </Box>
      )}
      {history.hasNextPage && (
        <Button onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage} sx={{ mt: 1 }}>
          अधिक / More
        </Button>
      )}
    </Box>
  );
}
