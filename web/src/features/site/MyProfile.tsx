// The council's own site profile for the staff forms that edit it (first-run setup, site profile):
// the form once the profile is read, the error if it could not be, "loading" until then.
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { SiteProfile } from './api.ts';
import { useMyProfile } from './queries.ts';

export default function MyProfile({ form }: { form: (profile: SiteProfile) => React.ReactNode }) {
  const mine = useMyProfile();
  return mine.data ? (
    form(mine.data)
  ) : mine.isError && !mine.isFetching ? (
    <Alert severity="error" role="alert">
      {mine.error.message}
    </Alert>
  ) : (
    <Typography role="status">लोड होत आहे…</Typography>
  );
}
