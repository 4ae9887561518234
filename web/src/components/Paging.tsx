// Paging of a long staff list: the rows-a-page choice (10/25/50/100, back to page 1 on a change) and
// the first/previous/page/next/last bar under the table, shown only when there is more than one page.
// The words come from the page, as each list has its own (English or Marathi / English).
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export const PAGE_SIZES = [10, 25, 50, 100];

/** The "rows" select; choosing a size goes back to the first page. */
export function RowsPerPage({ size, setSize, setPage }: { size: number; setSize: (n: number) => void; setPage: (p: number) => void }) {
  return (
    <TextField
      select
      size="small"
      label="ओळी / Rows"
      value={size}
      onChange={(e) => {
        setSize(Number(e.target.value));
        setPage(1);
      }}
      sx={{ width: 110 }}
    >
      {PAGE_SIZES.map((n) => (
        <MenuItem key={n} value={n}>
          {n}
        </MenuItem>
      ))}
    </TextField>
  );
}

export interface PagerLabels {
  first: string;
  previous: string;
  /** The word before "3 / 7". */
  page: string;
  next: string;
  last: string;
}

/** First, previous, "page n / total", next, last; nothing when everything fits on one page. */
export function Pager({
  page,
  totalPages,
  setPage,
  disabled = false,
  labels,
}: {
  page: number;
  totalPages: number;
  setPage: (p: number | ((p: number) => number)) => void;
  /** Every button off (while the list is being rewritten). */
  disabled?: boolean;
  labels: PagerLabels;
}) {
  if (totalPages <= 1) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'center', mt: 2, flexWrap: 'wrap' }}>
      <Button onClick={() => setPage(1)} disabled={page <= 1 || disabled}>
        {labels.first}
      </Button>
      <Button onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1 || disabled}>
        {labels.previous}
      </Button>
      <Typography>
        {labels.page} {page} / {totalPages}
      </Typography>
      <Button onClick={() => setPage((p) => Math.min(totalPages, p + 1))} disabled={page >= totalPages || disabled}>
        {labels.next}
      </Button>
      <Button onClick={() => setPage(totalPages)} disabled={page >= totalPages || disabled}>
        {labels.last}
      </Button>
    </Box>
  );
}
