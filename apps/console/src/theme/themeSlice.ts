import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeStyle = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'current-theme';

/** docs/console.md: read current-theme; if light or dark apply it, otherwise store the default. */
function readStoredTheme(): ThemeStyle {
  const stored = localStorage.getItem(THEME_STORAGE_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  localStorage.setItem(THEME_STORAGE_KEY, 'light');
  return 'light';
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: () => ({ style: readStoredTheme() }),
  reducers: {
    themeChanged(state, action: PayloadAction<ThemeStyle>) {
      state.style = action.payload;
    },
  },
  selectors: { selectThemeStyle: (state) => state.style },
});

export const { themeChanged } = themeSlice.actions;
export const { selectThemeStyle } = themeSlice.selectors;
