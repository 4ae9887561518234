// Public header bar (spec 2.2): contact strip on wide screens, logo and title, five menu items
// (a 280 px drawer below 900 px), LOGIN / LOGOUT with a confirmation dialog.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogActions from '@mui/material/DialogActions';
import MenuIcon from '@mui/icons-material/Menu';
import PhoneIcon from '@mui/icons-material/Phone';
import EmailIcon from '@mui/icons-material/Email';
import { clearSession, useSession } from '../../lib/session.ts';
import { useSiteProfile } from '../../features/site/api.ts';
import { ROUTE_DELAY_MS, scrollToSection } from '../scroll.ts';

export const DRAWER_WIDTH = 280;

const MENU: { label: string; section?: string; path?: string }[] = [
  { label: 'मुख्यपृष्ठ', section: 'home' },
  { label: 'ग्रामपंचायत', section: 'grampanchayat' },
  { label: 'योजना', section: 'yojana' },
  { label: 'समिती', section: 'samiti' },
  { label: 'मालमत्ता तपशील', path: '/usermalmatta' },
];

export default function Header() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const profile = useSiteProfile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const go = (item: (typeof MENU)[number]) => {
    setDrawerOpen(false);
    if (item.path) return navigate(item.path);
    if (location.pathname === '/') scrollToSection(item.section!);
    else {
      navigate('/');
      setTimeout(() => scrollToSection(item.section!), ROUTE_DELAY_MS);
    }
  };

  const logout = () => {
    clearSession();
    setConfirmOpen(false);
    navigate('/');
    window.location.reload();
  };

  const officeName = profile?.officeName || 'ग्रामपंचायत कार्यालय';
  const subtitle = profile ? [profile.block && `ता. ${profile.block}`, profile.district && `जि. ${profile.district}`].filter(Boolean).join(', ') : '';

  return (
    <>
      {(profile?.phone || profile?.email) && (
        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 3, justifyContent: 'flex-end', px: 3, py: 0.5, bgcolor: 'primary.dark', color: 'white', fontSize: 14 }}>
          {profile.phone && <Box component="a" href={`tel:${profile.phone}`} sx={{ color: 'inherit', display: 'flex', gap: 0.5, alignItems: 'center' }}><PhoneIcon fontSize="inherit" />{profile.phone}</Box>}
          {profile.email && <Box component="a" href={`mailto:${profile.email}`} sx={{ color: 'inherit', display: 'flex', gap: 0.5, alignItems: 'center' }}><EmailIcon fontSize="inherit" />{profile.email}</Box>}
        </Box>
      )}
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 1.5, minHeight: { xs: 64, md: 72 } }}>
          <Box component="a" href="/" onClick={(e: React.MouseEvent) => { e.preventDefault(); go(MENU[0]); }} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, textDecoration: 'none', color: 'inherit', minWidth: 0, flexGrow: 1 }}>
            <Box component="img" src={profile?.logoUrl || '/favicon.svg'} alt="" width={44} height={44} sx={{ borderRadius: 1, flexShrink: 0 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography component="div" sx={{ fontWeight: 700, fontSize: { xs: 16, md: 20 }, lineHeight: 1.2 }} noWrap>{officeName}</Typography>
              {subtitle && <Typography component="div" variant="body2" color="text.secondary" noWrap>{subtitle}</Typography>}
            </Box>
          </Box>
          <Box component="nav" aria-label="मुख्य मेनू" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
            {MENU.map((m) => <Button key={m.label} color="inherit" onClick={() => go(m)}>{m.label}</Button>)}
          </Box>
          {session ? (
            <Button variant="outlined" color="primary" onClick={() => setConfirmOpen(true)} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>LOGOUT</Button>
          ) : (
            <Button variant="contained" onClick={() => navigate('/login')} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>LOGIN</Button>
          )}
          <IconButton aria-label="मेनू उघडा" onClick={() => setDrawerOpen(true)} sx={{ display: { md: 'none' } }}><MenuIcon /></IconButton>
        </Toolbar>
      </AppBar>
      <Drawer anchor="right" open={drawerOpen} onClose={() => setDrawerOpen(false)} sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}>
        <List component="nav" aria-label="मेनू">
          {MENU.map((m) => <ListItemButton key={m.label} onClick={() => go(m)}><ListItemText primary={m.label} /></ListItemButton>)}
          <ListItemButton onClick={() => { setDrawerOpen(false); if (session) setConfirmOpen(true); else navigate('/login'); }}>
            <ListItemText primary={session ? 'LOGOUT' : 'LOGIN'} />
          </ListItemButton>
        </List>
      </Drawer>
      <Dialog open={confirmOpen} onClose={() => setConfirmOpen(false)} aria-labelledby="logout-title">
        <DialogTitle id="logout-title">लॉगआउट पुष्टीकरण</DialogTitle>
        <DialogContent><DialogContentText>तुम्हाला खरोखर लॉगआउट करायचे आहे का?</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmOpen(false)}>रद्द करा</Button>
          <Button color="error" variant="contained" onClick={logout}>लॉगआउट</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
