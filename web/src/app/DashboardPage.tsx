// /admin: the staff dashboard (spec 2.6): the first-run setup notice, the backups, the certificate counts and a
// card for each screen the staff-screen table marks. Composed here in app/ because it shows more
// than one feature.
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useSession } from '../lib/session.ts';
import CertificateCounts from '../features/certificates/CertificateCounts.tsx';
import SetupNotice, { useOpenSetupOnce } from '../features/site/SetupNotice.tsx';
import BackupCard from '../features/backups/BackupCard.tsx';
import Loading from '../components/Loading.tsx';
import type { DashboardCard } from './staffScreens.tsx';

// The tax collection chart brings the chart library: it loads after the cards, on the staff side only.
const CollectionChart = lazy(() => import('../features/tax/CollectionChart.tsx'));

export default function DashboardPage({ cards }: { cards: DashboardCard[] }) {
  const session = useSession();
  if (useOpenSetupOnce()) return <Loading />;
  return (
    <Box sx={{ p: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        डॅशबोर्ड
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        नमस्कार, {session?.username}
      </Typography>
      <SetupNotice />
      <BackupCard />
      <Box id="certificate-counts">
        <CertificateCounts />
      </Box>
      <Box sx={{ mt: 2 }}>
        <Suspense fallback={null}>
          <CollectionChart />
        </Suspense>
      </Box>
      <Grid container spacing={2} sx={{ mt: 1 }}>
        {cards.map((c) => (
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
