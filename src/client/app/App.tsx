import { useLayoutEffect, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';
import { ToastProvider } from '../components/Toast';

/**
 * What every page sits in, in the browser and on the server alike: the theme, the baseline styles and the toasts.
 * The router goes inside (a browser router in main.tsx, a static one in entry-server.tsx).
 */
export default function AppShell({ children }: { children: ReactNode }) {
  // The app has drawn the page for whoever is here: the mark /boot.js set for a signed-in person comes off.
  useLayoutEffect(() => document.documentElement.removeAttribute('data-session'), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}
