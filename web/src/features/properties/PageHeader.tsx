// The top of every property screen: the way back to /admin, the title in Marathi with the English,
// and the neighbouring property screens.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BackToAdmin from '../../components/BackToAdmin.tsx';

export const PROPERTY_SCREENS = [
  { to: '/getAllInfo', mr: 'नमुना ८ नोंदवही', en: 'Register' },
  { to: '/receipt8no', mr: 'पावती व फेरफार', en: 'Receipt & transfer' },
  { to: '/ferfardata', mr: 'फेरफार नोंदी', en: 'Transfers' },
  { to: '/taxRates', mr: 'कर दर', en: 'Tax rates' },
  { to: '/propertyImport', mr: 'Excel आयात', en: 'Import' },
] as const;

export default function PageHeader({ mr, en, current }: { mr: string; en: string; current: string }) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap', mb: 1 }}>
        <BackToAdmin />
        <Box sx={{ flexGrow: 1 }} />
        <Box component="nav" aria-label="मालमत्ता विभाग" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {PROPERTY_SCREENS.filter((s) => s.to !== current).map((s) => (
            <Button key={s.to} size="small" component={RouterLink} to={s.to} title={s.en}>
              {s.mr}
            </Button>
          ))}
        </Box>
      </Box>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 22, sm: 30 }, mb: 2 }}>
        {mr}{' '}
        <Typography component="span" color="text.secondary" sx={{ fontSize: { xs: 15, sm: 20 } }}>
          ({en})
        </Typography>
      </Typography>
    </>
  );
}
