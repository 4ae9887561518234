// The information and scheme modals (spec 2.4): close button, a click on the overlay or Escape.
// Loaded on the first click (see LazyDialog.tsx): the home page does not carry MUI's modal code.
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogActions from '@mui/material/DialogActions';
import IconButton from '@mui/material/IconButton';
import Icon from '../../components/Icon.tsx';
import { CLOSE } from '../../components/icons.ts';

export interface InfoDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}

export default function InfoDialog({ open, onClose, title, children, actions }: InfoDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" scroll="paper" aria-labelledby="info-dialog-title">
      <DialogTitle id="info-dialog-title" sx={{ pr: 7, fontWeight: 700, color: 'primary.dark', lineHeight: 1.4 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label="बंद करा" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <Icon d={CLOSE} />
      </IconButton>
      <DialogContent dividers>{children}</DialogContent>
      {actions && <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>}
    </Dialog>
  );
}
