import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';
import { ToastProvider } from '../components/Toast';

/**
 * What every page sits in, in the browser and on the server alike: the theme, the baseline styles and the toasts.
 * The router goes inside (a browser router in main.tsx, a static one in entry-server.tsx).
 */
export default function AppShell({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}
