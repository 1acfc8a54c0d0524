import { useLayoutEffect, type ReactNode } from 'react';
import { ToastProvider } from '../components/Toast';

/**
 * What every page sits in, in the browser and on the server alike: the toasts. The baseline styles are plain CSS
 * (src/client/ui/site.css); Material's theme comes with the screens that use Material (ThemeScope.tsx). The router goes
 * inside (a browser router in main.tsx, a static one in entry-server.tsx).
 */
export default function AppShell({ children }: { children: ReactNode }) {
  // The app has drawn the page for whoever is here: the mark /boot.js set for a signed-in person comes off.
  useLayoutEffect(() => document.documentElement.removeAttribute('data-session'), []);
  return (
    <ToastProvider>{children}</ToastProvider>
  );
}
