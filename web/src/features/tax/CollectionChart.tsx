// The collection view: a tax year's demand (arrears brought in and the year's demand), collection and
// balance per head, read from the DCB of the books (GET /api/KarImport/dcb), and, for the current
// year, the collections of each month April–March, as bar charts (@mui/x-charts, staff side only:
// the dashboard and the DCB screen load this file lazily, never the public pages). Amounts come as
// exact strings and are added in paise; Number() is only for drawing bar heights, and the labels
// print the strings.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { fromPaise, toPaise } from '../../../../common/money.ts';
import { TAX_HEADS } from '../../../../common/property/tax.ts';
import type { Dcb } from './api.ts';
import { useCollection, useDcb } from './queries.ts';
import { messageOf, rupees } from './labels.ts';

/** Axis labels short enough to print whole at half a screen's width. */
const SHORT_HEADS = ['घरपट्टी', 'दिवाबत्ती', 'आरोग्य', 'पाणीपट्टी'];
const MONTHS_MR = ['एप्रि', 'मे', 'जून', 'जुलै', 'ऑग', 'सप्टें', 'ऑक्टो', 'नोव्हें', 'डिसें', 'जाने', 'फेब्रु', 'मार्च'];

const sum = (...amounts: string[]) => fromPaise(amounts.reduce((s, a) => s + toPaise(a), 0n));

/** Per head: what was to be collected this year (arrears brought in + the year's demand), what was. */
export function collectionOf(dcb: Dcb) {
  return TAX_HEADS.map((h) => {
    const d = dcb.heads[h.key];
    return {
      key: h.key,
      mr: h.mr,
      demand: sum(d.openingArrears, d.currentDemand),
      collected: sum(d.collectedArrears, d.collectedCurrent),
      closing: d.closing,
    };
  });
}

/** The chart of `dcb` when the screen has it, else of the current tax year's DCB. */
export default function CollectionChart({ dcb: given }: { dcb?: Dcb }) {
  const ownDcb = useDcb(undefined, !given);
  const collection = useCollection();
  // Twelve months in a phone's width (~23 px a band) overlap even at 45°: upright there.
  const narrow = useMediaQuery('(max-width:600px)');
  const dcb = given ?? ownDcb.data;
  if (!given && ownDcb.isError) return <Alert severity="error">{messageOf(ownDcb.error)}</Alert>;
  if (!dcb) return null;
  const heads = collectionOf(dcb);
  const months = collection.data && collection.data.taxYear === dcb.taxYear ? collection.data.months : null;
  const money = (v: number | null) => rupees(v ?? 0);
  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid="collection-chart">
      <Typography variant="h6" component="h2">
        वसुली {dcb.financialYear} / Collection
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: months ? '1fr 1fr' : '1fr' } }}>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: SHORT_HEADS, tickLabelStyle: { fontSize: 11 } }]}
          series={[
            { label: 'मागणी / Demand', data: heads.map((h) => Number(h.demand)), valueFormatter: money },
            { label: 'वसुली / Collected', data: heads.map((h) => Number(h.collected)), valueFormatter: money },
            { label: 'शिल्लक / Balance', data: heads.map((h) => Number(h.closing)), valueFormatter: money },
          ]}
        />
        {months && (
          <BarChart
            height={260}
            xAxis={[
              {
                scaleType: 'band',
                data: MONTHS_MR,
                height: narrow ? 52 : 40,
                tickLabelStyle: { fontSize: 10, angle: narrow ? -90 : -45, textAnchor: 'end' },
              },
            ]}
            series={[{ label: 'मासिक वसुली / Collected a month', data: months.map((m) => Number(m.amount)), valueFormatter: money }]}
          />
        )}
      </Box>
      <Typography variant="body2">{heads.map((h) => `${h.mr}: ${rupees(h.collected)} / ${rupees(h.demand)}`).join(' · ')}</Typography>
    </Paper>
  );
}
