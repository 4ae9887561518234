// The heading of a staff editing page: a back arrow to /admin and the page's title, with the page's
// own controls (an add/edit switch) at the right when it has any.
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

export default function AdminHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: children ? 2 : 1, ...(children ? { flexWrap: 'wrap' } : {}) }}>
      <IconButton aria-label="डॅशबोर्डवर परत (Back to Admin)" onClick={() => navigate('/admin')}>
        <ArrowBackIcon />
      </IconButton>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, ...(children ? { flexGrow: 1 } : {}) }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The add / edit switch of a page that both adds items and edits the ones it has. */
export function ModeSwitch<M extends string>({
  mode,
  onChange,
  options,
}: {
  mode: M;
  onChange: (m: M) => void;
  options: { value: M; label: string }[];
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={mode}
      onChange={(_, m: M | null) => m && onChange(m)}
      aria-label="mode"
    >
      {options.map((o) => (
        <ToggleButton key={o.value} value={o.value}>
          {o.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
