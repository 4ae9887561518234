// Dashboard cards with how many certificates of each kind the council holds (spec 1, 2.6), read
// again every 60 s while shown (countQueries.ts). Failures are not shown: the cards keep the last
// counts (or a dash).
import { Link as RouterLink } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useCertificateCounts } from './countQueries.ts';
import { PATHS, type KindName } from './paths.ts';

const CARDS: { kind: KindName; mr: string; en: string; color: string }[] = [
  { kind: 'birth', mr: 'जन्म', en: 'Birth', color: '#2e7d32' },
  { kind: 'death', mr: 'मृत्यू', en: 'Death', color: '#546e7a' },
  { kind: 'residence', mr: 'रहिवासी', en: 'Residence', color: '#0d47a1' },
  { kind: 'marriage', mr: 'विवाह', en: 'Marriage', color: '#ad1457' },
];

export default function CertificateCounts() {
  const counts = useCertificateCounts(CARDS.map((c) => c.kind));

  return (
    <Grid container spacing={2} sx={{ mt: 1 }} aria-label="प्रमाणपत्र संख्या (Certificate counts)" component="section">
      {CARDS.map((c, i) => (
        <Grid key={c.kind} size={{ xs: 6, md: 3 }}>
          <Card sx={{ height: '100%', borderTop: `4px solid ${c.color}` }}>
            <CardActionArea component={RouterLink} to={PATHS[c.kind].screen} sx={{ height: '100%' }}>
              <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
                <Typography color="text.secondary" sx={{ fontSize: 14 }}>
                  {c.mr} प्रमाणपत्रे · {c.en}
                </Typography>
                <Typography data-testid={`count-${c.kind}`} sx={{ fontSize: 32, fontWeight: 700, color: c.color, lineHeight: 1.3 }}>
                  {counts[i] ?? '—'}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
