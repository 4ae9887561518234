// Shown on routes whose screens are not built yet, inside the right layout, never a blank page.
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';

export default function ComingSoon({ title }: { title: string }) {
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, display: 'flex', justifyContent: 'center' }}>
      <Paper sx={{ p: 4, maxWidth: 640, width: '100%', textAlign: 'center' }} data-testid="coming-soon">
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography>हे पृष्ठ लवकरच उपलब्ध होईल.</Typography>
        <Typography color="text.secondary">This page is coming soon.</Typography>
      </Paper>
    </Box>
  );
}
