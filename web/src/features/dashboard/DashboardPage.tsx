// /admin: the staff dashboard (spec 2.6). Cards to the registers and the certificate screens.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useSession } from '../../lib/session.ts';
import CertificateCounts from '../certificates/CertificateCounts.tsx';

const CARDS = [
  { to: '/receipt8no', title: 'नमुना ८', text: 'नवीन नोंदणी — मालमत्ता नोंदवही (Form 8, new registration)' },
  { to: '/karMagni', title: 'नमुना ९', text: 'नवीन नोंदणी — कर मागणी व भरणा (Form 9, new registration)' },
  { to: '/birthCertForm', title: 'जन्म प्रमाणपत्र', text: 'Birth certificates' },
  { to: '/deathCertForm', title: 'मृत्यू प्रमाणपत्र', text: 'Death certificates' },
  { to: '/residentialCertForm', title: 'रहिवासी दाखला', text: 'Residence certificates' },
  { to: '/marriageCertForm', title: 'विवाह नोंदणी प्रमाणपत्र', text: 'Marriage certificates' },
  { to: '/siteProfile', title: 'संकेतस्थळ माहिती', text: 'कार्यालयाची माहिती, आकडेवारी, योजना, समित्या, सेवा (Site profile)' },
];

export default function DashboardPage() {
  const session = useSession();
  return (
    <Box sx={{ p: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>डॅशबोर्ड</Typography>
      <Typography color="text.secondary" gutterBottom>नमस्कार, {session?.username}</Typography>
      <Box id="certificate-counts"><CertificateCounts /></Box>
      <Grid container spacing={2} sx={{ mt: 1 }}>
        {CARDS.map((c) => (
          <Grid key={c.to} size={{ xs: 12, sm: 6, lg: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={c.to} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6">{c.title}</Typography>
                  <Typography color="text.secondary">{c.text}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
