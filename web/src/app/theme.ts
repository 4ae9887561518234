import { createTheme } from '@mui/material/styles';

/** The focus ring's colour: the primary blue. */
export const FOCUS = '#0d47a1';

// Devanagari-capable fonts first: Marathi must never fall back to boxes.
export const theme = createTheme({
  palette: { primary: { main: '#0d47a1' }, secondary: { main: '#ff8f00' }, background: { default: '#f6f8fb' } },
  typography: {
    fontFamily: '"GP Devanagari", "Noto Sans Devanagari", "Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  // A clear focus ring on every control (WCAG 2.4.7), not a colour change alone: the primary blue
  // (8.6:1 on white) 3 px outside buttons and links, and around a text field's or select's frame.
  // Dark surfaces (the staff sidebar) set a light ring of their own.
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': { outline: `3px solid ${FOCUS}`, outlineOffset: 2 },
      },
    },
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${FOCUS}`, outlineOffset: 2 } } },
    },
    // Placeholders ("पुढे", examples) readable: MUI's 42% grey is 2.6:1 on white, this is 5.7:1.
    MuiInputBase: {
      styleOverrides: { input: { '&::placeholder': { opacity: 1, color: 'rgba(0, 0, 0, 0.6)' } } },
    },
    MuiOutlinedInput: {
      styleOverrides: { root: { '&.Mui-focused': { outline: `2px solid ${FOCUS}`, outlineOffset: 2 } } },
    },
  },
});
