/**
 * A Vite plugin that leaves Material's CSS-variables theme machinery out of the page (about 7 kB gzip on every page).
 *
 * The site's theme is a plain theme (`createTheme` without `cssVariables` or `colorSchemes`, src/client/app/theme.ts),
 * for which Material's `createTheme` calls `createThemeNoVars` and its `ThemeProvider` renders `ThemeProviderNoVars`.
 * Both modules also import the CSS-variables variants (`createThemeWithVars`, `CssVarsProvider` with its color-scheme
 * storage and script), which tree-shaking cannot drop because the choice is made at run time. This plugin points the
 * two modules at shims that make only the plain choice, with the same code path as Material's for a plain theme, and
 * that refuse a CSS-variables theme with a clear error instead of rendering it differently.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const STYLES = join(dirname(createRequire(import.meta.url).resolve('@mui/material/styles')), '/');
const SHIMS: Record<string, string> = {
  'createTheme.mjs': `
import createThemeNoVars from ${JSON.stringify(`${STYLES}createThemeNoVars.mjs`)};
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) {
    throw new Error('This build leaves out Material\\'s CSS-variables themes (scripts/lib/mui-without-css-vars.ts): a theme with cssVariables or colorSchemes needs that plugin removed.');
  }
  return createThemeNoVars(options, ...args);
}`,
  'ThemeProvider.mjs': `
import * as React from 'react';
import ThemeProviderNoVars from ${JSON.stringify(`${STYLES}ThemeProviderNoVars.mjs`)};
import THEME_ID from ${JSON.stringify(`${STYLES}identifier.mjs`)};
import { jsx } from 'react/jsx-runtime';
export default function ThemeProvider({ theme, ...props }) {
  const plain = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) {
      throw new Error('This build leaves out Material\\'s CssVarsProvider (scripts/lib/mui-without-css-vars.ts).');
    }
    // As Material's ThemeProvider does: a plain theme does not inherit an outer theme's variables.
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return jsx(ThemeProviderNoVars, { theme: plain, ...props });
}`,
};
const PREFIX = '\0mui-without-css-vars:';

export function muiWithoutCssVars(): Plugin {
  return {
    name: 'mui-without-css-vars',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !Object.keys(SHIMS).some((name) => source.endsWith(name))) return null;
      if (importer.startsWith(PREFIX)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const name = resolved?.id.startsWith(STYLES) ? resolved.id.slice(STYLES.length) : undefined;
      return name && name in SHIMS ? PREFIX + name : null;
    },
    load(id) {
      return id.startsWith(PREFIX) ? SHIMS[id.slice(PREFIX.length)] : null;
    },
  };
}
