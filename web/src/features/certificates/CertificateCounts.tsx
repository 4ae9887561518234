// Dashboard cards with how many certificates of each kind the council holds (spec 1, 2.6): a
// one-row page of each list (totalCount), read again every 60 s, cancelled when the dashboard
// closes. A read still under way is not stacked; after a failure the next tick tries again.
// Failures are not shown: the cards keep the last counts (or a dash).
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { api } from '../../lib/api.ts';
import { councilIdOf } from '../../lib/session.ts';
import { listQuery, PATHS, type KindName } from './paths.ts';

export const REFRESH_MS = 60_000;

const CARDS: { kind: KindName; mr: string; en: string; to: string; color: string }[] = [
  { kind: 'birth', mr: 'जन्म', en: 'Birth', to: '/birthCertForm', color: '#2e7d32' },
  { kind: 'death', mr: 'मृत्यू', en: 'Death', to: '/deathCertForm', color: '#546e7a' },
  { kind: 'residence', mr: 'रहिवासी', en: 'Residence', to: '/residentialCertForm', color: '#0d47a1' },
  { kind: 'marriage', mr: 'विवाह', en: 'Marriage', to: '/marriageCertForm', color: '#ad1457' },
];

type Counts = Partial<Record<KindName, number>>;

/** How many certificates of a kind the council has: a one-row page's totalCount. */
async function fetchCount(kind: KindName, signal: AbortSignal): Promise<number> {
  const e = await api<{ totalCount: number }>(`${PATHS[kind].listPath}?${listQuery(councilIdOf(), 1, 1)}`, { signal });
  return e.result.totalCount;
}

export default function CertificateCounts() {
  const [counts, setCounts] = useState<Counts>({});

  useEffect(() => {
    const ctrl = new AbortController();
    let inFlight = false;
    const refresh = async () => {
      if (inFlight) return;
      inFlight = true;
      const results = await Promise.allSettled(CARDS.map((c) => fetchCount(c.kind, ctrl.signal)));
      inFlight = false;
      if (ctrl.signal.aborted) return;
      const next: Counts = {};
      results.forEach((r, i) => { if (r.status === 'fulfilled') next[CARDS[i].kind] = r.value; });
      setCounts((prev) => ({ ...prev, ...next }));
    };
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => { clearInterval(timer); ctrl.abort(); };
  }, []);

  return (
    <Grid container spacing={2} sx={{ mt: 1 }} aria-label="प्रमाणपत्र संख्या (Certificate counts)" component="section">
      {CARDS.map((c) => (
        <Grid key={c.kind} size={{ xs: 6, md: 3 }}>
          <Card sx={{ height: '100%', borderTop: `4px solid ${c.color}` }}>
            <CardActionArea component={RouterLink} to={c.to} sx={{ height: '100%' }}>
              <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
                <Typography color="text.secondary" sx={{ fontSize: 14 }}>{c.mr} प्रमाणपत्रे · {c.en}</Typography>
                <Typography data-testid={`count-${c.kind}`} sx={{ fontSize: 32, fontWeight: 700, color: c.color, lineHeight: 1.3 }}>
                  {counts[c.kind] ?? '—'}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
