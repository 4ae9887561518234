// The layout every staff page shares (spec 2.6): a sidebar with the staff links (staffScreens.tsx,
// handed over by the router) and Logout, collapsing at 768 px or less into a drawer with an overlay
// and open/close buttons. It holds the staff screens' query client (QueryProvider.tsx).
import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import CloseIcon from '@mui/icons-material/Close';
import { useSession } from '../../lib/session.ts';
import { logout as endSession } from '../../lib/api.ts';
import Loading from '../../components/Loading.tsx';
import type { SidebarLink } from '../staffScreens.tsx';
import QueryProvider from '../QueryProvider.tsx';
import { usePageTitle } from '../../lib/title.ts';
import { useMyProfile } from '../../features/site/queries.ts';
import { TERMS } from '../../../../common/glossary.ts';

export const SIDEBAR_WIDTH = 260;

/** A sidebar item: the current screen lighter; focus a 3 px amber ring inside the item (about 10:1
 *  on the dark blue, where MUI's darker background alone was 1.06:1). */
const SIDEBAR_ITEM = {
  '&.active': { bgcolor: 'rgba(255,255,255,.15)' },
  '&.Mui-focusVisible, &:focus-visible': { outline: '3px solid #ffca28', outlineOffset: -3, bgcolor: 'rgba(255,255,255,.12)' },
} as const;

/** The first stop of the keyboard: straight to the screen, past the sidebar's links. */
function SkipLink() {
  return (
    <Box
      component="a"
      href="#main"
      sx={{
        position: 'absolute',
        left: 8,
        top: -100,
        zIndex: 1300,
        p: 1.5,
        bgcolor: 'white',
        color: 'primary.main',
        fontWeight: 700,
        '&:focus': { top: 8 },
      }}
    >
      मुख्य मजकुराकडे जा (Skip to content)
    </Box>
  );
}

/** The staff screen's <title>: its name and the council's office name. */
function StaffTitle({ titles }: { titles: Record<string, string> }) {
  const { pathname } = useLocation();
  const profile = useMyProfile();
  usePageTitle(titles[pathname] ?? TERMS.staffOffice.mr, profile.data?.officeName);
  return null;
}

/** A district account's <title>: the screen's name (it has no council profile to read). */
function DistrictTitle({ titles }: { titles: Record<string, string> }) {
  usePageTitle(titles[useLocation().pathname] ?? DISTRICT_HEADING, undefined);
  return null;
}

const DISTRICT_HEADING = 'जिल्हा प्रशासन';

export default function AdminLayout({
  links,
  titles,
  district = false,
}: {
  links: SidebarLink[];
  titles: Record<string, string>;
  /** A district account's layout (issue 32): its heading, and no council profile read. */
  district?: boolean;
}) {
  const heading = district ? DISTRICT_HEADING : 'ग्रामपंचायत प्रशासन';
  const narrow = useMediaQuery('(max-width:768px)');
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const session = useSession();
  const { pathname } = useLocation();
  // A staff screen opens at its top, not at the scroll position of the screen before (the long
  // setup form's Save and Later buttons lead to the dashboard).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  const logout = () => {
    endSession();
    navigate('/login', { replace: true });
  };

  const sidebar = (
    <Box
      sx={{
        width: SIDEBAR_WIDTH,
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        minHeight: 0,
        bgcolor: '#0b2545',
        color: 'white',
      }}
    >
      <Box sx={{ p: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Box>
          <Typography sx={{ fontWeight: 700 }}>{heading}</Typography>
          <Typography variant="body2" sx={{ opacity: 0.8 }}>
            {session?.username}
          </Typography>
        </Box>
        {narrow && (
          <IconButton aria-label="मेनू बंद करा" onClick={() => setOpen(false)} sx={{ color: 'white' }}>
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      <Divider sx={{ borderColor: 'rgba(255,255,255,.2)' }} />
      {/* The links scroll inside the dark sidebar, so on a short office laptop (1366×640) Logout below stays in view. */}
      <List component="nav" aria-label="कर्मचारी मेनू" sx={{ flexGrow: 1, minHeight: 0, overflowY: 'auto' }}>
        {links.map((l) => (
          <ListItemButton key={l.to} component={NavLink} to={l.to} end onClick={() => setOpen(false)} sx={SIDEBAR_ITEM}>
            <ListItemText primary={l.mr} secondary={l.en} slotProps={{ secondary: { sx: { color: 'rgba(255,255,255,.6)' } } }} />
          </ListItemButton>
        ))}
      </List>
      <Divider sx={{ borderColor: 'rgba(255,255,255,.2)' }} />
      <ListItemButton onClick={logout} sx={SIDEBAR_ITEM}>
        <ListItemText primary="Logout" secondary="बाहेर पडा" slotProps={{ secondary: { sx: { color: 'rgba(255,255,255,.6)' } } }} />
      </ListItemButton>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      {narrow ? (
        <Drawer open={open} onClose={() => setOpen(false)}>
          {sidebar}
        </Drawer>
      ) : (
        <Box component="aside" sx={{ position: 'sticky', top: 0, height: '100vh', flexShrink: 0, alignSelf: 'flex-start' }}>
          {sidebar}
        </Box>
      )}
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, '&:focus': { outline: 'none' } }}>
        {narrow && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, bgcolor: 'white', boxShadow: 1 }}>
            <IconButton aria-label="मेनू उघडा" onClick={() => setOpen(true)}>
              <MenuIcon />
            </IconButton>
            <Typography sx={{ fontWeight: 700 }}>{heading}</Typography>
          </Box>
        )}
        <QueryProvider>
          {district ? <DistrictTitle titles={titles} /> : <StaffTitle titles={titles} />}
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </QueryProvider>
      </Box>
    </Box>
  );
}
