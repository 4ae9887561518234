// /karUpdate, the tax detail list (spec 2.8, 4, 9): 16 columns with Marathi headers, sortable by the
// grand total only (with a clear-sort control), 10/25/50/100 rows a page with the total count,
// first/previous/next/last paging shown when there is more than one page, the Excel of the whole
// list in the current sort, and the yearly "update current and previous tax" (once per tax year).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BackToAdmin from '../../components/BackToAdmin.tsx';
import { Pager, RowsPerPage } from '../../components/Paging.tsx';
import { useNotify } from '../../components/feedback/FeedbackProvider.tsx';
import { councilIdOf } from '../../lib/session.ts';
import { formatRupees } from '../../lib/format.ts';
import { TAX_LIST_COLUMNS, TAX_MESSAGES } from '../../../../common/property/tax.ts';
import { downloadTaxExcel, type SortOrder } from './api.ts';
import { useTaxList } from './queries.ts';
import { useRolloverAction } from './Rollover.tsx';
import './tax.css';
import { messageOf } from '../../lib/api.ts';
import { SAY } from '../../../../common/messages.ts';

/** An idle sort arrow: darker than MUI's default grey (4.45:1 on the header), 7:1. */
const SORT_IDLE = { color: 'rgba(0, 0, 0, 0.72)' } as const;
export default function KarListPage() {
  const userId = councilIdOf();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const [order, setOrder] = useState<SortOrder>('');
  const [downloading, setDownloading] = useState(false);
  const list = useTaxList(userId, page, size, order);
  const data = list.data ?? null;
  // The column totals over every record come with the first page (the server sums once); a later
  // page shows them from that page, read once and kept.
  const first = useTaxList(userId, 1, size, order);
  const totals = data?.totals ?? first.data?.totals ?? null;
  const loading = list.isFetching;
  const error = list.isError ? messageOf(list.error) : '';
  const notify = useNotify();
  const rollover = useRolloverAction();
  const updating = rollover.running;

  const sortBy = (o: SortOrder) => {
    setOrder(o);
    setPage(1);
  };
  const excel = async () => {
    setDownloading(true);
    try {
      await downloadTaxExcel(userId, order);
    } catch (err) {
      notify(messageOf(err), 'error');
    } finally {
      setDownloading(false);
    }
  };
  const update = () => {
    if (!userId) {
      notify(SAY.logInAgain, 'error');
      return;
    }
    void rollover.run();
  };

  const totalPages = data?.totalPages ?? 0;
  const busy = rollover.busy || downloading;
  const cell = (row: Record<string, string | number>, field: string, money: boolean) => {
    const v = row[field];
    if (money) return formatRupees(v ?? 0);
    if (field === 'malkacheNav') return v || 'N/A';
    return v ?? 0;
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <BackToAdmin />
      <Typography variant="h5" component="h1" sx={{ my: 1 }}>
        कर तपशील यादी / Tax detail list
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Button variant="outlined" onClick={() => void excel()} disabled={busy}>
          Excel डाउनलोड
        </Button>
        <Tooltip title={data?.rolledOver ? TAX_MESSAGES.rolledOver : ''}>
          <span>
            <Button variant="contained" onClick={() => void update()} disabled={busy || !data || data.rolledOver}>
              चालू व मागील कर अद्ययावत करा / Update current and previous tax
            </Button>
          </span>
        </Tooltip>
        <RowsPerPage size={size} setSize={setSize} setPage={setPage} />
        <Typography data-testid="total-records">एकूण नोंदी / Total records: {data?.totalItems ?? 0}</Typography>
      </Box>
      {updating && <Alert severity="info">कर अद्ययावत होत आहे… / Updating tax…</Alert>}
      {loading && <Typography>लोड होत आहे… / Loading…</Typography>}
      {error ? (
        <Alert severity="error" role="alert" action={<Button onClick={() => void list.refetch()}>{SAY.retry}</Button>}>
          {error} — {SAY.tryAgainOrAdmin}
        </Alert>
      ) : data && !data.items.length ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <Typography variant="h6">{SAY.noData}</Typography>
          <Typography>{SAY.changeFilter}</Typography>
        </Box>
      ) : (
        data && (
          <div className="tax-list-wrap">
            <table className="tax-list" data-testid="tax-list">
              <thead>
                <tr>
                  {TAX_LIST_COLUMNS.map((c) => (
                    <th key={c.field} scope="col">
                      {c.mr}
                      {c.field === 'total' && (
                        <span>
                          <IconButton
                            size="small"
                            aria-label={SAY.sortAscending}
                            color={order === 'ASC' ? 'primary' : 'default'}
                            sx={order === 'ASC' ? undefined : SORT_IDLE}
                            onClick={() => sortBy('ASC')}
                          >
                            ▲
                          </IconButton>
                          <IconButton
                            size="small"
                            aria-label={SAY.sortDescending}
                            color={order === 'DESC' ? 'primary' : 'default'}
                            sx={order === 'DESC' ? undefined : SORT_IDLE}
                            onClick={() => sortBy('DESC')}
                          >
                            ▼
                          </IconButton>
                          {order && (
                            <Button size="small" onClick={() => sortBy('')}>
                              {SAY.clear}
                            </Button>
                          )}
                        </span>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr key={row.karId}>
                    {TAX_LIST_COLUMNS.map((c) => (
                      <td key={c.field} className={c.money ? 'num' : undefined}>
                        {cell(row, c.field, c.money)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              {totals && (
                <tfoot>
                  <tr data-testid="tax-list-totals">
                    <th scope="row" colSpan={2}>
                      एकूण (सर्व नोंदी) / Total (all records)
                    </th>
                    {TAX_LIST_COLUMNS.slice(2).map((c) => (
                      <td key={c.field} className={c.money ? 'num' : undefined}>
                        {c.money ? formatRupees(totals[c.field] ?? 0) : ''}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
        )
      )}
      <Pager
        page={page}
        totalPages={totalPages}
        setPage={setPage}
        disabled={updating}
        labels={{ first: 'First', previous: 'Previous', page: 'page', next: 'Next', last: 'Last' }}
      />
    </Box>
  );
}
