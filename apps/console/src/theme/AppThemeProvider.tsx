import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useAppSelector } from '../app/hooks.js';
import { emotionCache } from '../i18n/emotionCache.js';
import { selectLocale } from '../i18n/languageSlice.js';
import { isRtl } from '../i18n/locales.js';
import { createAppTheme } from './createAppTheme.js';
import { selectThemeStyle } from './themeSlice.js';

/** MUI theme (style and language) with the Emotion cache of the writing direction. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const style = useAppSelector(selectThemeStyle);
  const locale = useAppSelector(selectLocale);
  const theme = useMemo(() => createAppTheme(style, locale), [style, locale]);
  return (
    <CacheProvider value={emotionCache(isRtl(locale))}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
