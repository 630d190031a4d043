import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useAppSelector } from '../store/hooks.js';
import { emotionCache } from '../i18n/emotionCache.js';
import { useShownLocale } from '../i18n/shownLocale.js';
import { resourcesOf } from '../i18n/localeResources.js';
import { createAppTheme } from '../theme/createAppTheme.js';
import { selectThemeStyle } from '../theme/themeSlice.js';

/** MUI theme (style and language) with the Emotion cache of the writing direction. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const style = useAppSelector(selectThemeStyle);
  const locale = useShownLocale();
  const theme = useMemo(
    () => createAppTheme(style, locale, resourcesOf(locale).muiLocale),
    [style, locale],
  );
  return (
    <CacheProvider value={emotionCache(resourcesOf(locale).rtlCache)}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
