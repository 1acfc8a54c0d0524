/**
 * Material's theme around the screens that draw with Material (forms, the dashboard, dialogs, menus, toasts). The
 * shell and the pages to read are plain CSS (src/client/ui/site.css, the same colours and type), so this module, and
 * Material and Emotion with it, load with the first screen that needs them, not with every page.
 */
import type { ComponentType, ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';

export function ThemeScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** `Component` drawn inside the theme. */
export function themed<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Themed(props: P) {
    return (
      <ThemeScope>
        <Component {...props} />
      </ThemeScope>
    );
  }
  Themed.displayName = `Themed(${Component.displayName ?? Component.name})`;
  return Themed;
}
