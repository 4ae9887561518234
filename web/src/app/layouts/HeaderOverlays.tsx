// The header's phone menu drawer and logout confirmation. Fetched on first use: a visitor who only
// reads the home page does not download MUI's modal, drawer and list code.
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';

export const DRAWER_WIDTH = 280;

export function MenuDrawer({
  open,
  onClose,
  items,
  onItem,
  loginLabel,
  onLogin,
}: {
  open: boolean;
  onClose: () => void;
  items: string[];
  onItem: (index: number) => void;
  loginLabel: string;
  onLogin: () => void;
}) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}>
      <List component="nav" aria-label="मेनू">
        {items.map((label, i) => (
          <ListItemButton key={label} onClick={() => onItem(i)}>
            <ListItemText primary={label} />
          </ListItemButton>
        ))}
        <ListItemButton onClick={onLogin}>
          <ListItemText primary={loginLabel} />
        </ListItemButton>
      </List>
    </Drawer>
  );
}

export function LogoutDialog({ open, onClose, onLogout }: { open: boolean; onClose: () => void; onLogout: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="logout-title">
      <DialogTitle id="logout-title">लॉगआउट पुष्टीकरण</DialogTitle>
      <DialogContent>
        <DialogContentText>तुम्हाला खरोखर लॉगआउट करायचे आहे का?</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>रद्द करा</Button>
        <Button color="error" variant="contained" onClick={onLogout}>
          लॉगआउट
        </Button>
      </DialogActions>
    </Dialog>
  );
}
