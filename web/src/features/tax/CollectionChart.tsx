// The collection view: this tax year's demand against collection per head, and the collections of
// each month April–March, as bar charts (@mui/x-charts, staff side only: the dashboard loads this
// file lazily, never the public pages). Numbers come as exact strings; Number() is only
// for drawing bar heights, and the labels print the strings.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatRupees } from '../../lib/format.ts';
import { TAX_HEADS } from '../../../../common/property/tax.ts';
import { fetchCollection, type CollectionSummary } from './api.ts';

/** Axis labels short enough to print whole at half a screen's width. */
const SHORT_HEADS = ['घरपट्टी', 'दिवाबत्ती', 'आरोग्य', 'पाणीपट्टी'];
const MONTHS_MR = ['एप्रि', 'मे', 'जून', 'जुलै', 'ऑग', 'सप्टें', 'ऑक्टो', 'नोव्हें', 'डिसें', 'जाने', 'फेब्रु', 'मार्च'];

export default function CollectionChart() {
  const [data, setData] = useState<CollectionSummary | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    fetchCollection().then(setData, (err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  }, []);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!data) return null;
  const money = (v: number | null) => formatRupees(v ?? 0);
  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid="collection-chart">
      <Typography variant="h6">वसुली {data.financialYear} / Collection</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: SHORT_HEADS, tickLabelStyle: { fontSize: 11 } }]}
          series={[
            { label: 'मागणी / Demand', data: data.heads.map((h) => Number(h.demand)), valueFormatter: money },
            { label: 'वसुली / Collected', data: data.heads.map((h) => Number(h.collected)), valueFormatter: money },
          ]}
        />
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: MONTHS_MR, height: 40, tickLabelStyle: { fontSize: 10, angle: -45, textAnchor: 'end' } }]}
          series={[{ label: 'मासिक वसुली / Collected a month', data: data.months.map((m) => Number(m.amount)), valueFormatter: money }]}
        />
      </Box>
      <Typography variant="body2">
        {data.heads
          .map((h) => `${TAX_HEADS.find((x) => x.key === h.category)?.mr}: ${formatRupees(h.collected)} / ${formatRupees(h.demand)}`)
          .join(' · ')}
      </Typography>
    </Paper>
  );
}
