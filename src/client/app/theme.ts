import { createTheme } from '@mui/material/styles';

/** The site's look: deep green and warm gold, Poppins headings on Roboto text (both self-hosted). */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b6e4f', dark: '#064a35', light: '#3d9a78', contrastText: '#ffffff' },
    secondary: { main: '#f2a900', dark: '#b57f00', contrastText: '#1d1d1d' },
    // Darker than MUI's defaults so white text on chips and buttons meets WCAG AA contrast.
    info: { main: '#0b5c8a', contrastText: '#ffffff' },
    success: { main: '#1b6b2f', contrastText: '#ffffff' },
    error: { main: '#b3261e', contrastText: '#ffffff' },
    warning: { main: '#8a5300', contrastText: '#ffffff' },
    background: { default: '#f7f9f8', paper: '#ffffff' },
    text: { primary: '#1d2b26', secondary: '#4d5e57' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'Roboto, "Noto Sans Bengali", "Helvetica Neue", Arial, sans-serif',
    h1: { fontFamily: 'Poppins, Roboto, "Noto Sans Bengali", sans-serif', fontWeight: 700 },
    h2: { fontFamily: 'Poppins, Roboto, "Noto Sans Bengali", sans-serif', fontWeight: 700 },
    h3: { fontFamily: 'Poppins, Roboto, "Noto Sans Bengali", sans-serif', fontWeight: 600 },
    h4: { fontFamily: 'Poppins, Roboto, "Noto Sans Bengali", sans-serif', fontWeight: 600 },
    h5: { fontFamily: 'Poppins, Roboto, "Noto Sans Bengali", sans-serif', fontWeight: 600 },
    h6: { fontFamily: 'Poppins, Roboto, "Noto Sans Bengali", sans-serif', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // Focus is always visible from the keyboard: a 2 px outline on links, buttons, cards and anything focusable
    // (`html` raises the rule above MUI's `outline: 0` on ButtonBase). Text inputs keep MUI's own 2 px focused
    // border instead of a second ring; regions focused by script (tabindex -1, the skip-link target) get none.
    // On the dark contact bar and footer (`.on-dark`) the ring is white.
    MuiCssBaseline: {
      styleOverrides: {
        'html :focus-visible:not(input):not(textarea):not([tabindex="-1"])': { outline: '2px solid #0b6e4f', outlineOffset: 2 },
        'html .on-dark :focus-visible': { outlineColor: '#ffffff' },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #e3e9e6' } } },
  },
});
