import './app/fonts.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { theme } from './app/theme.ts';
import { router } from './app/router.tsx';
import { setNavigator } from './app/navigation.ts';

// Inside the staff app the public header moves through the router (no page load).
setNavigator((to) => void router.navigate(to));

// The first render as a transition: React yields to the browser every few milliseconds instead of
// holding a slow phone's main thread for the whole page (Lighthouse's total blocking time).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
      </ThemeProvider>
    </StrictMode>,
  );
});
