// The district's charts (loaded after the table): collection per council, and certificates issued
// per month by kind. @mui/x-charts, staff side only.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DistrictSummary } from './api.ts';

/** Councils drawn at most: past this the bars are too thin to read; the table has them all. */
const MOST_BARS = 40;
const MONTHS_MR = ['जाने', 'फेब्रु', 'मार्च', 'एप्रि', 'मे', 'जून', 'जुलै', 'ऑग', 'सप्टें', 'ऑक्टो', 'नोव्हें', 'डिसें'];
const monthLabel = (ym: string) => `${MONTHS_MR[Number(ym.slice(5, 7)) - 1]} ${ym.slice(2, 4)}`;

export default function DistrictCharts({ summary }: { summary: DistrictSummary }) {
  const lowest = [...summary.councils].sort((a, b) => a.collectionPercent - b.collectionPercent).slice(0, MOST_BARS);
  const months = summary.certificatesByMonth;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }} data-testid="district-charts">
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          वसुली टक्केवारी / Collection %
          {summary.councils.length > MOST_BARS && (
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              (सर्वात कमी {MOST_BARS} / lowest {MOST_BARS})
            </Typography>
          )}
        </Typography>
        <BarChart
          height={280}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: lowest.map((c) => c.name), width: 140, tickLabelStyle: { fontSize: 11 } }]}
          xAxis={[{ min: 0, max: 100 }]}
          series={[{ label: 'वसुली % / Collected %', data: lowest.map((c) => c.collectionPercent), valueFormatter: (v) => `${v ?? 0}%` }]}
        />
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          दरमहा दाखले / Certificates a month
        </Typography>
        {months.length ? (
          <BarChart
            height={280}
            xAxis={[{ scaleType: 'band', data: months.map((m) => monthLabel(m.month)) }]}
            series={[
              { label: 'जन्म / Birth', data: months.map((m) => m.birth), stack: 'c' },
              { label: 'मृत्यू / Death', data: months.map((m) => m.death), stack: 'c' },
              { label: 'रहिवासी / Residence', data: months.map((m) => m.residence), stack: 'c' },
              { label: 'विवाह / Marriage', data: months.map((m) => m.marriage), stack: 'c' },
            ]}
          />
        ) : (
          <Typography color="text.secondary">या वर्षी अजून दाखले नाहीत / No certificates this year yet</Typography>
        )}
      </Paper>
    </Box>
  );
}
