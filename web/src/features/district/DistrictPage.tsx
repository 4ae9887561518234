// /district: a district account's overview (issue 32): per council and for the district, properties,
// the tax year's demand, collection and balance (the councils' DCBs), collection %, certificates
// and SMS sent; a table sortable by any column, then the charts. Totals only: no record is reachable.
import { lazy, Suspense, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import QueryStatus from '../../components/QueryStatus.tsx';
import { formatRupees } from '../../../../common/money.ts';
import type { CouncilTotals } from './api.ts';
import { useDistrictSummary } from './queries.ts';

const DistrictCharts = lazy(() => import('./DistrictCharts.tsx'));

type Row = Pick<CouncilTotals, 'properties' | 'demand' | 'collected' | 'balance' | 'collectionPercent' | 'certificates' | 'smsSent'>;
interface Column {
  key: string;
  mr: string;
  en: string;
  value: (r: Row) => number;
  show: (r: Row) => string;
}
const count = (n: number) => n.toLocaleString('en-IN');
const money = (v: string) => formatRupees(v);
const COLUMNS: Column[] = [
  { key: 'properties', mr: 'मालमत्ता', en: 'Properties', value: (r) => r.properties, show: (r) => count(r.properties) },
  { key: 'demand', mr: 'एकूण देय', en: 'Demand', value: (r) => Number(r.demand), show: (r) => money(r.demand) },
  { key: 'collected', mr: 'वसुली', en: 'Collected', value: (r) => Number(r.collected), show: (r) => money(r.collected) },
  { key: 'balance', mr: 'शिल्लक', en: 'Balance', value: (r) => Number(r.balance), show: (r) => money(r.balance) },
  {
    key: 'collectionPercent',
    mr: 'वसुली %',
    en: 'Collected %',
    value: (r) => r.collectionPercent,
    show: (r) => `${r.collectionPercent.toFixed(2)}%`,
  },
  { key: 'birth', mr: 'जन्म', en: 'Birth', value: (r) => r.certificates.birth, show: (r) => count(r.certificates.birth) },
  { key: 'death', mr: 'मृत्यू', en: 'Death', value: (r) => r.certificates.death, show: (r) => count(r.certificates.death) },
  {
    key: 'residence',
    mr: 'रहिवासी',
    en: 'Residence',
    value: (r) => r.certificates.residence,
    show: (r) => count(r.certificates.residence),
  },
  { key: 'marriage', mr: 'विवाह', en: 'Marriage', value: (r) => r.certificates.marriage, show: (r) => count(r.certificates.marriage) },
  { key: 'smsSent', mr: 'SMS', en: 'SMS sent', value: (r) => r.smsSent, show: (r) => count(r.smsSent) },
];

/** This tax year (April to March) and the four before it. */
function recentYears(): number[] {
  const now = new Date();
  const year = now.getMonth() >= 3 ? now.getFullYear() : now.getFullYear() - 1;
  return [0, 1, 2, 3, 4].map((i) => year - i);
}

export default function DistrictPage() {
  const years = useMemo(recentYears, []);
  const [taxYear, setTaxYear] = useState(years[0]);
  const q = useDistrictSummary(taxYear);
  const [sort, setSort] = useState<{ key: string; asc: boolean }>({ key: 'name', asc: true });
  const summary = q.data;
  const rows = useMemo(() => {
    if (!summary) return [];
    const column = COLUMNS.find((c) => c.key === sort.key);
    const sorted = [...summary.councils].sort((a, b) => (column ? column.value(a) - column.value(b) : a.name.localeCompare(b.name, 'mr')));
    return sort.asc ? sorted : sorted.reverse();
  }, [summary, sort]);
  const sortBy = (key: string) => setSort((s) => ({ key, asc: s.key === key ? !s.asc : key === 'name' }));
  const head = (key: string, mr: string, en: string, numeric: boolean) => (
    <TableCell key={key} align={numeric ? 'right' : 'left'} sortDirection={sort.key === key ? (sort.asc ? 'asc' : 'desc') : false}>
      <TableSortLabel active={sort.key === key} direction={sort.key === key && !sort.asc ? 'desc' : 'asc'} onClick={() => sortBy(key)}>
        <span>
          {mr}
          <br />
          <small>{en}</small>
        </span>
      </TableSortLabel>
    </TableCell>
  );
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ my: 1 }}>
        जिल्हा आढावा {summary ? `— ${summary.district.name}` : ''}{' '}
        <Typography component="span" color="text.secondary">
          / District overview
        </Typography>
      </Typography>
      <TextField
        select
        size="small"
        label="कर वर्ष / Tax year"
        value={taxYear}
        onChange={(e) => setTaxYear(Number(e.target.value))}
        sx={{ mb: 2, minWidth: 160 }}
      >
        {years.map((y) => (
          <MenuItem key={y} value={y}>
            {y}-{String((y + 1) % 100).padStart(2, '0')}
          </MenuItem>
        ))}
      </TextField>
      <QueryStatus busy={q.isFetching} query={q} />
      {summary && (
        <>
          <Paper sx={{ mb: 2 }}>
            <TableContainer tabIndex={0} role="region" aria-label="ग्रामपंचायतनिहाय आकडे / Totals per council">
              <Table size="small" data-testid="district-table">
                <TableHead>
                  <TableRow>
                    {head('name', 'ग्रामपंचायत', 'Council', false)}
                    {COLUMNS.map((c) => head(c.key, c.mr, c.en, true))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.councilId} data-testid="district-row">
                      <TableCell component="th" scope="row">
                        {r.name}
                      </TableCell>
                      {COLUMNS.map((c) => (
                        <TableCell key={c.key} align="right">
                          {c.show(r)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow>
                    <TableCell component="th" scope="row">
                      एकूण / Total ({summary.councils.length})
                    </TableCell>
                    {COLUMNS.map((c) => (
                      <TableCell key={c.key} align="right" data-testid={`district-total-${c.key}`}>
                        {c.show(summary.total)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
          </Paper>
          <Suspense fallback={null}>
            <DistrictCharts summary={summary} />
          </Suspense>
        </>
      )}
    </Box>
  );
}
