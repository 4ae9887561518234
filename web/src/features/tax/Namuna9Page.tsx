// /namuna9: Namuna 9, the demand register of the village for a tax year (नमुना ९ मागणी नोंदवही),
// from the books (GET /api/KarImport/namuna9): per property and head the arrears brought in, the
// year's demand, what was collected of each, remissions and the balance, with the receipts and the
// resolution / order numbers (on a line under the property's heads); the village's totals under
// every page. A property shows the heads with anything in them, as the printed register does. The
// whole register downloads as PDF (A4 landscape, every page totalled) and Excel.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import TableViewIcon from '@mui/icons-material/TableView';
import BackToAdmin from '../../components/BackToAdmin.tsx';
import QueryStatus from '../../components/QueryStatus.tsx';
import { Pager, RowsPerPage } from '../../components/Paging.tsx';
import { useNotify } from '../../components/feedback/FeedbackProvider.tsx';
import { TAX_HEADS } from '../../../../common/property/tax.ts';
import { toPaise } from '../../../../common/money.ts';
import { downloadNamuna9Excel, downloadNamuna9Pdf, type Namuna9Row } from './api.ts';
import { useNamuna9 } from './queries.ts';
import { messageOf, rupees } from './labels.ts';
import TaxYearPicker, { useCurrentTaxYear } from './TaxYearPicker.tsx';
import ColumnHeads from './ColumnHeads.tsx';
import './tax.css';

type Cells = Namuna9Row['total'];
/** The register's money columns, in its order. */
const COLUMNS: { key: keyof Cells; mr: string; en: string }[] = [
  { key: 'arrears', mr: 'मागील थकबाकी', en: 'Arrears' },
  { key: 'current', mr: 'चालू मागणी', en: 'Current demand' },
  { key: 'demand', mr: 'एकूण मागणी', en: 'Total demand' },
  { key: 'collectedArrears', mr: 'वसूल मागील', en: 'Collected arrears' },
  { key: 'collectedCurrent', mr: 'वसूल चालू', en: 'Collected current' },
  { key: 'remitted', mr: 'माफी', en: 'Remitted' },
  { key: 'balance', mr: 'शिल्लक', en: 'Balance' },
];

const hasAny = (c: Cells) => COLUMNS.some((col) => toPaise(c[col.key]) !== 0n);

function PropertyRows({ row }: { row: Namuna9Row }) {
  const heads = TAX_HEADS.filter((h) => hasAny(row.heads[h.key]));
  const shown = heads.length ? heads : [TAX_HEADS[0]];
  const remarks = [
    ...row.remissions.map((r) => `माफी ठराव ${r}`),
    ...row.corrections.map((r) => `दुरुस्ती आदेश ${r}`),
    ...(toPaise(row.advance) > 0n ? [`आगाऊ जमा ${rupees(row.advance)}`] : []),
  ];
  const receipts = row.receipts.map((p) => `${p.receiptNo}${p.cancelled ? ' (रद्द)' : ''}`).join(', ');
  // Receipts and remarks on a line of their own under the heads: the register stays as wide as its money.
  const note = receipts || remarks.length > 0;
  const span = shown.length + (note ? 1 : 0);
  return (
    <>
      {shown.map((h, i) => (
        <tr
          key={h.key}
          data-testid={i === 0 ? `n9-row-${row.malmattaNo}` : undefined}
          className={!note && i === shown.length - 1 ? 'n9-last' : undefined}
        >
          {i === 0 && (
            <>
              <td rowSpan={span}>{row.serial}</td>
              <th scope="rowgroup" rowSpan={span}>
                {row.malmattaNo}
              </th>
              <td rowSpan={span} className="tax-wrap">
                {row.malkacheNav}
              </td>
            </>
          )}
          <td>{h.mr}</td>
          {COLUMNS.map((c) => (
            <td key={c.key} className="num">
              {rupees(row.heads[h.key][c.key])}
            </td>
          ))}
        </tr>
      ))}
      {note && (
        <tr className="n9-last n9-note">
          <td colSpan={COLUMNS.length + 1}>
            {receipts && <span>पावत्या / Receipts: {receipts}</span>}
            {receipts && remarks.length > 0 && ' · '}
            {remarks.length > 0 && <span>शेरा / Remarks: {remarks.join('; ')}</span>}
          </td>
        </tr>
      )}
    </>
  );
}

export default function Namuna9Page() {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(25);
  const [chosenYear, setChosenYear] = useState<number>();
  const q = useNamuna9(chosenYear, page, size);
  const currentYear = useCurrentTaxYear(chosenYear, q.data?.taxYear);
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);
  const data = q.data;
  const shownYear = chosenYear ?? data?.taxYear;

  const save = async (what: 'pdf' | 'excel') => {
    if (!shownYear) return;
    setDownloading(true);
    try {
      await (what === 'pdf' ? downloadNamuna9Pdf(shownYear) : downloadNamuna9Excel(shownYear));
    } catch (err) {
      notify(messageOf(err), 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <BackToAdmin />
      <Typography variant="h5" component="h1" sx={{ my: 1 }}>
        नमुना ९ — कर मागणी नोंदवही {data ? data.financialYear : ''}{' '}
        <Typography component="span" color="text.secondary">
          / Demand register
        </Typography>
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <TaxYearPicker
          current={currentYear}
          value={shownYear}
          onChange={(y) => {
            setChosenYear(y);
            setPage(1);
          }}
        />
        <RowsPerPage size={size} setSize={setSize} setPage={setPage} />
        <Button variant="outlined" startIcon={<PictureAsPdfIcon />} onClick={() => void save('pdf')} disabled={downloading || !data}>
          PDF
        </Button>
        <Button variant="outlined" startIcon={<TableViewIcon />} onClick={() => void save('excel')} disabled={downloading || !data}>
          Excel
        </Button>
        <Typography data-testid="n9-count">एकूण मालमत्ता / Properties: {data?.totalCount ?? 0}</Typography>
      </Box>
      <QueryStatus busy={q.isFetching || downloading} query={q} />
      {data && !data.items.length && (
        <Typography sx={{ p: 3, textAlign: 'center' }}>या वर्षाची मागणी नाही / No demand for this year.</Typography>
      )}
      {data && data.items.length > 0 && (
        <div className="tax-list-wrap" tabIndex={0} role="region" aria-label="नमुना ९ / Namuna 9">
          <table className="tax-list n9" data-testid="namuna9">
            <thead>
              <tr>
                <th scope="col">अ.क्र.</th>
                <th scope="col">मालमत्ता क्र.</th>
                <th scope="col">मालकाचे नाव</th>
                <th scope="col">कर</th>
                <ColumnHeads columns={COLUMNS} />
              </tr>
            </thead>
            <tbody>
              {data.items.map((row) => (
                <PropertyRows key={row.karId} row={row} />
              ))}
            </tbody>
            <tfoot>
              {TAX_HEADS.map((h) => (
                <tr key={h.key}>
                  {h === TAX_HEADS[0] && (
                    <th scope="rowgroup" colSpan={3} rowSpan={TAX_HEADS.length + 1}>
                      गावाची एकूण / Village totals
                    </th>
                  )}
                  <td>{h.mr}</td>
                  {COLUMNS.map((c) => (
                    <td key={c.key} className="num">
                      {rupees(data.totals.heads[h.key][c.key])}
                    </td>
                  ))}
                </tr>
              ))}
              <tr data-testid="n9-totals">
                <td>
                  <b>एकूण / Total</b>
                </td>
                {COLUMNS.map((c) => (
                  <td key={c.key} className="num" data-testid={`n9-total-${c.key}`}>
                    {rupees(data.totals.total[c.key])}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {data && (
        <Pager
          page={page}
          totalPages={data.totalPages}
          setPage={setPage}
          labels={{ first: 'पहिले / First', previous: 'मागे / Previous', page: 'पान', next: 'पुढे / Next', last: 'शेवटचे / Last' }}
        />
      )}
    </Box>
  );
}
