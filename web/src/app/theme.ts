import { createTheme } from '@mui/material/styles';

// Devanagari-capable fonts first: Marathi must never fall back to boxes.
export const theme = createTheme({
  palette: { primary: { main: '#0d47a1' }, secondary: { main: '#ff8f00' }, background: { default: '#f6f8fb' } },
  typography: {
    fontFamily: '"GP Devanagari", "Noto Sans Devanagari", "Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
});
