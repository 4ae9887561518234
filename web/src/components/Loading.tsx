import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export default function Loading({ label = 'लोड होत आहे…' }: { label?: string }) {
  return (
    <Box role="status" sx={{ p: 6, display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress size={24} /> <span>{label}</span>
    </Box>
  );
}
