// The ownership history of a property (issue 9): every owner it has had, newest first, each with the
// transfer (ferfar) that made it the owner. The register is amended, never overwritten.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Loading from '../../components/Loading.tsx';
import OwnershipList from './OwnershipList.tsx';
import { useOwnershipHistory } from './queries.ts';

export default function HistoryDialog({ malmattaNo, onClose }: { malmattaNo: string; onClose: () => void }) {
  const { data: history, error: failed } = useOwnershipHistory(malmattaNo);
  const error = failed ? failed.message || 'डेटा मिळवताना त्रुटी आली. कृपया पुन्हा प्रयत्न करा.' : '';
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="history-title">
      <DialogTitle id="history-title">
        मालकी इतिहास — {malmattaNo} <Chip size="small" lang="en" label="Ownership history" sx={{ ml: 1 }} />
      </DialogTitle>
      <DialogContent dividers>
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : history ? (
          <OwnershipList history={history} />
        ) : (
          <Loading />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>बंद करा (Close)</Button>
      </DialogActions>
    </Dialog>
  );
}
