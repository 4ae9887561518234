// /audit (issue 28): the council's audit trail, "लेखापरीक्षण नोंदी / Audit trail". Filters by kind of
// record, record id, action and days (India's days; `to` includes its whole day), kept in the
// address so a filtered view can be bookmarked or sent. A table on a wide screen, cards on a phone.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AdminHeader from '../../components/AdminHeader.tsx';
import QueryStatus from '../../components/QueryStatus.tsx';
import DateField from '../../components/form/DateField.tsx';
import { Pager, RowsPerPage } from '../../components/Paging.tsx';
import type { AuditFilter, AuditItem } from '../../components/history/api.ts';
import Changes from '../../components/history/Changes.tsx';
import Entry from '../../components/history/Entry.tsx';
import { useAuditPage } from '../../components/history/queries.ts';
import { ACTIONS, ENTITIES, actorText, both, type Label } from '../../components/history/words.ts';
import { todayIso } from '../../lib/dates.ts';
import { formatDateTimeMr } from '../../lib/dateTime.ts';
import { FIELD_LABELS } from './labels.ts';

const FILTERS = ['entity', 'entityId', 'action', 'from', 'to'] as const;
type Filter = Record<(typeof FILTERS)[number], string>;

const PAGER = { first: 'पहिले / First', previous: 'मागे / Previous', page: 'पान / Page', next: 'पुढे / Next', last: 'शेवटचे / Last' };

const filterOf = (params: URLSearchParams): Filter => Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) as Filter;

/** The record an entry belongs to, as "मालमत्ता (नमुना ८) / Property #7". */
const recordText = (item: AuditItem) => `${both(ENTITIES, item.entity)}${item.entityId ? ` #${item.entityId}` : ''}`;

/** A filter's select over one of the trail's tables (ENTITIES, ACTIONS), "सर्व / All" first. */
function Choice({
  table,
  ...rest
}: {
  label: string;
  name: string;
  value: string;
  onChange: (e: React.ChangeEvent<HTMLInputElement>) => void;
  table: Readonly<Record<string, Label>>;
}) {
  return (
    <TextField select size="small" {...rest}>
      <MenuItem value="">सर्व / All</MenuItem>
      {Object.entries(table).map(([k, l]) => (
        <MenuItem key={k} value={k}>
          {l.mr} / {l.en}
        </MenuItem>
      ))}
    </TextField>
  );
}

export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const applied = filterOf(params);
  const [draft, setDraft] = useState<Filter>(applied);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(25);
  const phone = useMediaQuery('(max-width:899.95px)');
  const filter: AuditFilter = {
    entity: applied.entity || undefined,
    entityId: (applied.entity && applied.entityId.trim()) || undefined,
    action: applied.action || undefined,
    from: applied.from || undefined,
    to: applied.to || undefined,
  };
  const audit = useAuditPage(filter, page, size);
  const data = audit.data;

  const set = (k: keyof Filter) => (e: React.ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [k]: e.target.value }));

  const search = (e: React.FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const k of FILTERS) if (draft[k].trim()) next.set(k, draft[k].trim());
    setParams(next);
    setPage(1);
    // The same filters again read afresh.
    if (next.toString() === params.toString()) void audit.refetch();
  };
  const clear = () => {
    setDraft(filterOf(new URLSearchParams()));
    setParams(new URLSearchParams());
    setPage(1);
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2, md: 4 }, maxWidth: 1300 }}>
      <AdminHeader title="लेखापरीक्षण नोंदी (Audit trail)" />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        कोणी, केव्हा, काय बदलले — प्रत्येक नोंद कायमची; ती बदलता किंवा काढता येत नाही. / Who changed what, when: every entry is kept for good.
      </Typography>

      <Paper component="form" role="search" aria-label="नोंदी शोधा / Filter the trail" onSubmit={search} sx={{ p: 2, mb: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
              lg: 'repeat(5, minmax(0, 1fr))',
            },
          }}
        >
          <Choice label="नोंदीचा प्रकार / Record" name="entity" value={draft.entity} onChange={set('entity')} table={ENTITIES} />
          <TextField
            size="small"
            label="नोंद क्रमांक (ID) / Record ID"
            name="entityId"
            value={draft.entityId}
            onChange={set('entityId')}
            disabled={!draft.entity}
            helperText={draft.entity ? undefined : 'आधी प्रकार निवडा / Choose a record first'}
            slotProps={{
              htmlInput: { maxLength: 64, pattern: '[A-Za-z0-9_.:\\-]+' },
              // The hint says why the box is off: readable (4.5:1), not in the disabled grey.
              formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
            }}
          />
          <Choice label="कृती / Action" name="action" value={draft.action} onChange={set('action')} table={ACTIONS} />
          <DateField
            id="audit-from"
            size="small"
            label="पासून / From"
            name="from"
            value={draft.from}
            onChange={(from) => setDraft((d) => ({ ...d, from }))}
            max={draft.to || todayIso()}
          />
          <DateField
            id="audit-to"
            size="small"
            label="पर्यंत / To"
            name="to"
            value={draft.to}
            onChange={(to) => setDraft((d) => ({ ...d, to }))}
            min={draft.from || undefined}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button type="submit" variant="contained">
            शोधा (Search)
          </Button>
          <Button onClick={clear}>सर्व दाखवा (Clear)</Button>
          <Box sx={{ flexGrow: 1 }} />
          <RowsPerPage size={size} setSize={setSize} setPage={setPage} />
        </Box>
      </Paper>

      <QueryStatus busy={audit.isFetching} query={audit} />
      {data && (
        <Typography color="text.secondary" sx={{ mb: 1 }} aria-live="polite" data-testid="audit-count">
          {data.totalCount}
          {data.totalCapped ? '+' : ''} नोंदी / entries
        </Typography>
      )}
      {data && !data.items.length && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">कोणतीही नोंद आढळली नाही / No entries found</Typography>
        </Paper>
      )}
      {data &&
        data.items.length > 0 &&
        (phone ? (
          <Box component="ol" aria-label="नोंदी / Entries" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {data.items.map((item) => (
              <Paper component="li" variant="outlined" key={item.id} data-testid="audit-row" sx={{ p: 1.5, minWidth: 0 }}>
                <Entry item={item} labels={FIELD_LABELS[item.entity]} showEntity />
                {item.address && (
                  <Typography variant="caption" color="text.secondary">
                    IP: {item.address}
                  </Typography>
                )}
              </Paper>
            ))}
          </Box>
        ) : (
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="लेखापरीक्षण नोंदी / Audit trail">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 170 }}>केव्हा / When</TableCell>
                  <TableCell sx={{ width: 150 }}>कोणी / Who</TableCell>
                  <TableCell sx={{ width: 150 }}>कृती / Action</TableCell>
                  <TableCell sx={{ width: 220 }}>नोंद / Record</TableCell>
                  <TableCell>बदल / Changes</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((item) => (
                  <TableRow key={item.id} data-testid="audit-row" sx={{ verticalAlign: 'top' }}>
                    <TableCell>
                      <time dateTime={item.at}>{formatDateTimeMr(item.at)}</time>
                    </TableCell>
                    <TableCell data-testid="audit-actor">
                      {actorText(item.actor)}
                      {item.address && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          IP: {item.address}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell data-testid="audit-action">{both(ACTIONS, item.action)}</TableCell>
                    <TableCell>
                      {recordText(item)}
                      {item.recordEntity && item.recordEntity !== item.entity && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {both(ENTITIES, item.recordEntity)} #{item.recordId}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Changes changes={item.changes} labels={FIELD_LABELS[item.entity]} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        ))}
      {data && <Pager page={page} totalPages={data.totalPages} setPage={setPage} disabled={audit.isFetching} labels={PAGER} />}
    </Box>
  );
}
