import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales.js';

export const LANGUAGE_STORAGE_KEY = 'language';

function readStoredLocale(): Locale {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export const languageSlice = createSlice({
  name: 'language',
  initialState: () => ({ locale: readStoredLocale() }),
  reducers: {
    languageChanged(state, action: PayloadAction<Locale>) {
      state.locale = action.payload;
    },
  },
  selectors: { selectLocale: (state) => state.locale },
});

export const { languageChanged } = languageSlice.actions;
export const { selectLocale } = languageSlice.selectors;
