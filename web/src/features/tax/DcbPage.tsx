// /dcb: demand, collection, balance (मागणी, वसुली, शिल्लक) of a tax year per head and in all, from
// the books (GET /api/KarImport/dcb): the arrears brought in, the year's demand, what was collected
// of each, remitted, and the closing balance (opening + demand − collected − remitted), the advance
// held at the start and the end of the year, and the collection chart of the same figures.
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BackToAdmin from '../../components/BackToAdmin.tsx';
import QueryStatus from '../../components/QueryStatus.tsx';
import { TAX_HEADS } from '../../../../common/property/tax.ts';
import type { Dcb } from './api.ts';
import { useDcb } from './queries.ts';
import { rupees } from './labels.ts';
import TaxYearPicker, { useCurrentTaxYear } from './TaxYearPicker.tsx';
import ColumnHeads from './ColumnHeads.tsx';
import './tax.css';

// The chart library loads after the table.
const CollectionChart = lazy(() => import('./CollectionChart.tsx'));

type DcbCells = Dcb['total'];
const COLUMNS: { key: keyof DcbCells; mr: string; en: string }[] = [
  { key: 'openingArrears', mr: 'सुरुवातीची थकबाकी', en: 'Opening arrears' },
  { key: 'currentDemand', mr: 'चालू मागणी', en: 'Current demand' },
  { key: 'collectedArrears', mr: 'वसूल थकबाकी', en: 'Collected arrears' },
  { key: 'collectedCurrent', mr: 'वसूल चालू', en: 'Collected current' },
  { key: 'remitted', mr: 'माफी', en: 'Remitted' },
  { key: 'closing', mr: 'अखेरची शिल्लक', en: 'Closing balance' },
];

export default function DcbPage() {
  const [chosenYear, setChosenYear] = useState<number>();
  const q = useDcb(chosenYear);
  const currentYear = useCurrentTaxYear(chosenYear, q.data?.taxYear);
  const dcb = q.data;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <BackToAdmin />
      <Typography variant="h5" component="h1" sx={{ my: 1 }}>
        मागणी, वसुली, शिल्लक {dcb?.financialYear ?? ''}{' '}
        <Typography component="span" color="text.secondary">
          / Demand, collection, balance
        </Typography>
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TaxYearPicker current={currentYear} value={chosenYear ?? dcb?.taxYear} onChange={setChosenYear} />
      </Box>
      <QueryStatus busy={q.isFetching} query={q} />
      {dcb && (
        <>
          <Paper sx={{ p: { xs: 1, sm: 2 }, mb: 2 }}>
            <div className="tax-list-wrap" tabIndex={0} role="region" aria-label="मागणी, वसुली, शिल्लक / DCB">
              <table className="tax-heads dcb tax-stack" data-testid="dcb">
                <thead>
                  <tr>
                    <th scope="col">कर / Head</th>
                    <ColumnHeads columns={COLUMNS} />
                  </tr>
                </thead>
                <tbody>
                  {TAX_HEADS.map((h) => (
                    <tr key={h.key}>
                      <th scope="row">
                        {h.mr}
                        <br />
                        <small>{h.en}</small>
                      </th>
                      {COLUMNS.map((c) => (
                        <td key={c.key} data-testid={`dcb-${h.key}-${c.key}`} data-label={`${c.mr} / ${c.en}`}>
                          {rupees(dcb.heads[h.key][c.key])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">एकूण / Total</th>
                    {COLUMNS.map((c) => (
                      <td key={c.key} data-testid={`dcb-total-${c.key}`} data-label={`${c.mr} / ${c.en}`}>
                        {rupees(dcb.total[c.key])}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </div>
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="dcb-advance">
              आगाऊ जमा / Advance held: सुरुवातीला / opening {rupees(dcb.advance.opening)} · अखेरीस / closing {rupees(dcb.advance.closing)}
            </Typography>
          </Paper>
          <Suspense fallback={null}>
            <CollectionChart dcb={dcb} />
          </Suspense>
        </>
      )}
    </Box>
  );
}
