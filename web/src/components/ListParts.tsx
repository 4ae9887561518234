// The parts of a searchable card list of the staff pages (certificates, properties) around the
// cards: the loading bar, the error, the "nothing found" box, and the page numbers under the list.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The loading bar, the error, and `emptyText` when the search found nothing (and is not loading or failed). */
export function ListStatus({ loading, error, empty, emptyText }: { loading: boolean; error: string; empty: boolean; emptyText: string }) {
  return (
    <>
      {loading && <LinearProgress sx={{ mb: 1 }} aria-label="लोड होत आहे" />}
      {error && (
        <Typography role="alert" sx={{ color: 'error.main', fontWeight: 600, mb: 2 }}>
          {error}
        </Typography>
      )}
      {!loading && !error && empty && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ fontSize: 18 }} color="text.secondary">
            {emptyText}
          </Typography>
        </Paper>
      )}
    </>
  );
}

/** The page numbers under the list, when there is more than one page. */
export function ListPages({
  page,
  onPage,
  disabled,
  siblingCount,
}: {
  page: { totalPages: number; pageNumber: number };
  onPage: (n: number) => void;
  disabled: boolean;
  siblingCount: number;
}) {
  if (page.totalPages <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
      <Pagination
        count={page.totalPages}
        page={page.pageNumber}
        onChange={(_, n) => onPage(n)}
        disabled={disabled}
        color="primary"
        siblingCount={siblingCount}
      />
    </Box>
  );
}
