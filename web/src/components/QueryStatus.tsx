// What a staff report shows above its table while its query runs or after it failed: a thin
// progress bar, and the server's message with a Retry button.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { messageOf } from '../lib/api.ts';
import { SAY } from '../../../common/messages.ts';

export default function QueryStatus({
  busy,
  query,
}: {
  /** The bar shows (the query is fetching, or a download runs). */
  busy: boolean;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
}) {
  return (
    <>
      {busy && <LinearProgress aria-label="लोड होत आहे / Loading" sx={{ mb: 1 }} />}
      {query.isError && (
        <Alert severity="error" role="alert" action={<Button onClick={() => void query.refetch()}>{SAY.retry}</Button>}>
          {messageOf(query.error)}
        </Alert>
      )}
    </>
  );
}
