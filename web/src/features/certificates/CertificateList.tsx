// The list view: name search (Marathi or English), ten registrations a page, Update and PDF on
// each, paging, and the way back to the initial view.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SearchIcon from '@mui/icons-material/Search';
import { ListPages, ListStatus } from '../../components/ListParts.tsx';
import { formatDateGB } from '../../lib/format.ts';
import type { Page } from './api.ts';
import type { Item, KindDef } from './kinds.ts';
import { fieldOf } from '../../../../common/certificates/kinds.ts';

interface Props {
  k: KindDef;
  page: Page;
  filter: string;
  loading: boolean;
  error: string;
  disabled: boolean;
  onFilterChange: (value: string) => void;
  onSearch: () => void;
  onPage: (n: number) => void;
  onUpdate: (item: Item) => void;
  onPdf: (item: Item) => void;
  onNew: () => void;
  onBack: () => void;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The people a row names: the main person, and for marriage the wife too. */
function names(k: KindDef, item: Item): { mr: string; en: string } {
  const [mr, en] = k.nameFields;
  if (k.kind !== 'marriage') return { mr: text(item[mr]), en: text(item[en]) };
  return {
    mr: [item.husbandNameMarathi, item.wifeNameMarathi].map(text).filter(Boolean).join(' — '),
    en: [item.husbandNameEnglish, item.wifeNameEnglish].map(text).filter(Boolean).join(' — '),
  };
}

export default function CertificateList({
  k,
  page,
  filter,
  loading,
  error,
  disabled,
  onFilterChange,
  onSearch,
  onPage,
  onUpdate,
  onPdf,
  onNew,
  onBack,
}: Props) {
  // The date beside the number is a different one per kind (birth, death, issue, marriage): say which.
  const dateLabel = fieldOf(k.table, k.dateField).mr;
  // A search counts up to 10,000 matches; past that the server says so and we show "10,000+".
  const total = `${page.totalCount.toLocaleString('en-IN')}${page.totalCapped ? '+' : ''}`;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack} disabled={disabled}>
          मागे (Back)
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" onClick={onNew} disabled={disabled}>
          नवीन नोंदणी (New)
        </Button>
      </Box>

      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch();
        }}
        sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          fullWidth
          name="nameFilter"
          label={
            k.table.fields.some((f) => f.name === 'crsRegistrationNumber')
              ? 'नाव किंवा CRS क्रमांकाने शोधा (Search by name or CRS No.)'
              : 'नावाने शोधा (Search by name)'
          }
          value={filter}
          onChange={(e) => onFilterChange(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={disabled} sx={{ flexShrink: 0, height: 40 }}>
          शोधा
        </Button>
      </Box>

      <ListStatus loading={loading} error={error} empty={page.items.length === 0} emptyText="कोणतीही नोंदणी आढळली नाही." />

      {page.items.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            एकूण {total} नोंदी (Total {total})
          </Typography>
          <Box component="ul" aria-label="नोंदणी यादी" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {page.items.map((item) => {
              const n = names(k, item);
              const id = text(item[k.idField]);
              return (
                <Paper
                  component="li"
                  key={id}
                  variant="outlined"
                  data-testid="certificate-row"
                  sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
                >
                  <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{n.mr || n.en || '—'}</Typography>
                    {n.en && n.mr && (
                      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {n.en}
                      </Typography>
                    )}
                    <Typography variant="body2" color="text.secondary">
                      नोंदणी क्र. {text(item[k.regField]) || '—'} · {dateLabel}: {formatDateGB(text(item[k.dateField]) || null)}
                      {text(item.crsRegistrationNumber) && ` · CRS: ${text(item.crsRegistrationNumber)}`}
                    </Typography>
                  </Box>
                  <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
                    <Button
                      variant="outlined"
                      size="small"
                      startIcon={<EditIcon />}
                      onClick={() => onUpdate(item)}
                      disabled={disabled}
                      aria-label={`अद्ययावत (Update): ${n.mr || n.en} (Update ${n.en || n.mr})`}
                    >
                      अद्ययावत (Update)
                    </Button>
                    <Button
                      variant="contained"
                      size="small"
                      startIcon={<PictureAsPdfIcon />}
                      onClick={() => onPdf(item)}
                      disabled={disabled}
                      aria-label={`PDF ${n.en || n.mr}`}
                    >
                      PDF
                    </Button>
                  </Box>
                </Paper>
              );
            })}
          </Box>
          <ListPages page={page} onPage={onPage} disabled={disabled || loading} siblingCount={0} />
        </>
      )}
    </Box>
  );
}
