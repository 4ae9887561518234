import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export default function NotFoundPage() {
  return (
    <Box sx={{ p: 6, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>पृष्ठ सापडले नाही</Typography>
      <Typography color="text.secondary" gutterBottom>Page not found (404)</Typography>
      <Button component={RouterLink} to="/" variant="contained">मुख्यपृष्ठावर जा</Button>
    </Box>
  );
}
