// Existing properties (spec 2.3): filters by owner name and property number, one card a property
// with Update, the Namuna 8 PDF, the tax demand bill (9-क) PDF and the ownership history, and paging.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import SearchIcon from '@mui/icons-material/Search';
import { ListPages, ListStatus } from '../../components/ListParts.tsx';
import { BUILDING_TYPES, USAGES, type BuildingType, type Usage } from '../../../../common/property/assessment.ts';
import { ASSESSMENT_LABELS } from '../../../../common/property/fields.ts';
import type { OwnersPage, PropertyRow } from './api.ts';
import { rupees } from './shared.ts';

export interface Filters {
  ownerName: string;
  malmattaNo: string;
}

interface Props {
  page: OwnersPage | null;
  filters: Filters;
  loading: boolean;
  error: string;
  busy: boolean;
  onFilters: (f: Filters) => void;
  onSearch: () => void;
  onReset: () => void;
  onPage: (n: number) => void;
  onUpdate: (row: PropertyRow) => void;
  onPdf: (row: PropertyRow) => void;
  /** The tax demand bill (Namuna 9-क) PDF. */
  onDemand: (row: PropertyRow) => void;
  onHistory: (row: PropertyRow) => void;
}

const HEADS = ['gharpatti', 'divabatti', 'arogya', 'panipatti'] as const;

function Card({
  row,
  busy,
  onUpdate,
  onPdf,
  onDemand,
  onHistory,
}: { row: PropertyRow; busy: boolean } & Pick<Props, 'onUpdate' | 'onPdf' | 'onDemand' | 'onHistory'>) {
  const type = BUILDING_TYPES[row.buildingType as BuildingType];
  const use = USAGES[row.usage as Usage];
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="property-card"
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: 18 }}>
          मालमत्ता क्र. {row.malmattaNo}
        </Typography>
        <Typography sx={{ fontWeight: 700, color: 'primary.main' }} data-testid="card-total">
          {rupees(row.total)}
        </Typography>
      </Box>
      <Box>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.malkacheNav || 'N/A'}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          भोगवटादार: {row.bhogwatdarakNav || 'N/A'} · मो. {row.mobileNo || 'N/A'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          गट {row.gatNo} · सि.स. {row.citySurveyNo} · {type?.mr ?? row.buildingType} · {use?.mr ?? row.usage} · {row.areaSqm} चौ.मी.
          {row.milkatBandhakamYear ? ` · ${row.milkatBandhakamYear}` : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))', gap: 0.5, fontSize: 13 }}>
        <span>
          {ASSESSMENT_LABELS.bhandavaliRateRs.mr}: {rupees(row.bhandavaliRateRs)}
        </span>
        {HEADS.map((h) => (
          <span key={h}>
            {ASSESSMENT_LABELS[h].mr}: {rupees(row[h])}
          </span>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<EditIcon />}
          disabled={busy}
          onClick={() => onUpdate(row)}
          aria-label={`अद्ययावत ${row.malmattaNo}`}
        >
          अद्ययावत
        </Button>
        <Button
          size="small"
          variant="contained"
          startIcon={<PictureAsPdfIcon />}
          disabled={busy}
          onClick={() => onPdf(row)}
          aria-label={`नमुना ८ PDF ${row.malmattaNo}`}
        >
          नमुना ८ PDF
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ReceiptIcon />}
          disabled={busy}
          onClick={() => onDemand(row)}
          aria-label={`कर मागणी बिल PDF ${row.malmattaNo}`}
        >
          कर मागणी PDF
        </Button>
        <Button
          size="small"
          startIcon={<HistoryIcon />}
          disabled={busy}
          onClick={() => onHistory(row)}
          aria-label={`मालकी इतिहास ${row.malmattaNo}`}
        >
          मालकी इतिहास
        </Button>
      </Box>
    </Paper>
  );
}

export default function PropertyCards({
  page,
  filters,
  loading,
  error,
  busy,
  onFilters,
  onSearch,
  onReset,
  onPage,
  onUpdate,
  onPdf,
  onDemand,
  onHistory,
}: Props) {
  const count = page ? (page.totalCapped ? `${page.totalCount.toLocaleString('en-IN')}+` : String(page.totalCount)) : '';
  return (
    <Box>
      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch();
        }}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto auto' }, gap: 1, mb: 2, alignItems: 'center' }}
      >
        <TextField
          size="small"
          name="ownerNameFilter"
          label="मालकाचे नाव (Owner name)"
          value={filters.ownerName}
          onChange={(e) => onFilters({ ...filters, ownerName: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          size="small"
          name="malmattaNoFilter"
          label="मालमत्ता क्र. (Malmatta no)"
          value={filters.malmattaNo}
          onChange={(e) => onFilters({ ...filters, malmattaNo: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ height: 40 }}>
          शोधा
        </Button>
        <Button type="button" onClick={onReset} sx={{ height: 40 }}>
          रीसेट
        </Button>
      </Box>
      <ListStatus
        loading={loading}
        error={error}
        empty={!!page && page.items.length === 0}
        emptyText="कोणतीही मालमत्ता आढळली नाही. / No properties found."
      />
      {page && page.items.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            एकूण {count} मालमत्ता (Total {count})
          </Typography>
          <Box
            component="ul"
            aria-label="मालमत्ता यादी"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
          >
            {page.items.map((row) => (
              <Card
                key={row.propertyId}
                row={row}
                busy={busy}
                onUpdate={onUpdate}
                onPdf={onPdf}
                onDemand={onDemand}
                onHistory={onHistory}
              />
            ))}
          </Box>
          <ListPages page={page} onPage={onPage} disabled={loading || busy} siblingCount={1} />
        </>
      )}
    </Box>
  );
}
