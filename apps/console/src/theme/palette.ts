import type { PaletteOptions } from '@mui/material/styles';
import type { ThemeStyle } from './themeSlice.js';

/**
 * An emergency console: red means "alert" and is kept for it (primary actions, the top
 * bar, open SOS). Both palettes meet WCAG AA for text on their backgrounds.
 */
const light: PaletteOptions = {
  mode: 'light',
  primary: { main: '#b71c1c', light: '#e53935', dark: '#7f0000', contrastText: '#ffffff' },
  secondary: { main: '#37474f', light: '#62727b', dark: '#102027', contrastText: '#ffffff' },
  error: { main: '#c62828', contrastText: '#ffffff' },
  warning: { main: '#b45309', contrastText: '#ffffff' },
  success: { main: '#2e7d32', contrastText: '#ffffff' },
  info: { main: '#1565c0', contrastText: '#ffffff' },
  background: { default: '#f3f4f6', paper: '#ffffff' },
  text: { primary: '#1b1d21', secondary: '#4b5260' },
  divider: 'rgba(27, 29, 33, 0.12)',
};

/**
 * A designed dark palette (not an inverted light one): blue-black surfaces that rise in
 * lightness with elevation, a softer red that stays legible on them and does not glare
 * in a dim control room, and dark text on the bright accents.
 */
const dark: PaletteOptions = {
  mode: 'dark',
  primary: { main: '#ff6b6b', light: '#ff9e9e', dark: '#d84343', contrastText: '#190505' },
  secondary: { main: '#90a4ae', light: '#c1d5e0', dark: '#62757f', contrastText: '#0d1014' },
  // dark: the background of a filled error alert in dark mode (the SOS banner, a snackbar);
  // MUI's derived one (#b24d4d) leaves the dark text at 3.7:1, this one at 6:1 (WCAG AA).
  error: { main: '#ff6e6e', dark: '#f25c5c', contrastText: '#190505' },
  warning: { main: '#ffb74d', contrastText: '#1a1000' },
  success: { main: '#66bb6a', contrastText: '#04140a' },
  info: { main: '#64b5f6', contrastText: '#04101c' },
  background: { default: '#0e1116', paper: '#161a21' },
  text: { primary: '#e8eaed', secondary: '#a9b0bb' },
  divider: 'rgba(232, 234, 237, 0.12)',
  action: { selected: 'rgba(255, 107, 107, 0.16)', hover: 'rgba(232, 234, 237, 0.08)' },
};

export const PALETTES: Record<ThemeStyle, PaletteOptions> = { light, dark };

/** The top bar: red in light mode; a raised surface with a red edge in dark mode. */
export const APP_BAR_COLORS: Record<ThemeStyle, { bg: string; fg: string; edge: string }> = {
  light: { bg: '#b71c1c', fg: '#ffffff', edge: '#7f0000' },
  dark: { bg: '#1c212a', fg: '#e8eaed', edge: '#ff6b6b' },
};
