import { createTheme, type Theme } from '@mui/material/styles';
import type { Localization } from '@mui/material/locale';
import type { Locale } from '../i18n/locales.js';
import { isRtl } from '../i18n/locales.js';
import { PALETTES } from './palette.js';
import type { ThemeStyle } from './themeSlice.js';

/** docs/console.md: drawer 300 px; top bar 64 px, 56 px on small screens. */
export const DRAWER_WIDTH = 300;
const TOP_BAR_HEIGHT = { small: 56, large: 64 } as const;

const FONT_FAMILY = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Noto Sans Arabic"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * The console's theme for a style (light or dark) and a language: its direction, and MUI's
 * texts in it (`localization`, loaded with the language: i18n/localeResources.ts).
 */
export function createAppTheme(
  style: ThemeStyle,
  locale: Locale,
  localization: Localization,
): Theme {
  const base = createTheme({
    direction: isRtl(locale) ? 'rtl' : 'ltr',
    palette: PALETTES[style],
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_FAMILY,
      h1: { fontSize: '1.75rem', fontWeight: 700 },
      h2: { fontSize: '1.375rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
  });
  return createTheme(
    base,
    {
      mixins: {
        // docs/console.md: 56 px on small screens, 64 px from sm up (no 48 px landscape variant).
        toolbar: {
          minHeight: TOP_BAR_HEIGHT.small,
          [base.breakpoints.up('sm')]: { minHeight: TOP_BAR_HEIGHT.large },
        },
      },
      components: {
        // Users who asked for less motion (WCAG 2.3.3) get every transition and animation at
        // once: a dialog, a menu, a ripple show their end state without the frames between
        // (the alert card's blinking has its own steady look: features/dashboard).
        MuiCssBaseline: {
          styleOverrides: {
            '@media (prefers-reduced-motion: reduce)': {
              '*, *::before, *::after': {
                animation: 'none !important',
                transition: 'none !important',
                scrollBehavior: 'auto !important',
              },
            },
          },
        },
        MuiToolbar: {
          styleOverrides: {
            regular: {
              minHeight: TOP_BAR_HEIGHT.small,
              [base.breakpoints.up('sm')]: { minHeight: TOP_BAR_HEIGHT.large },
            },
          },
        },
        MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
        MuiAlert: { styleOverrides: { filled: { fontWeight: 500 } } },
      },
    },
    localization,
  );
}
