import { useEffect } from 'react';
import { useAppSelector } from '../../store/hooks.js';
import { APP_BAR_COLORS } from '../../theme/palette.js';
import { selectThemeStyle } from '../../theme/themeSlice.js';

/**
 * The installed console's title bar in the theme the user chose (index.html's theme-color
 * metas follow the system's light or dark until then): both metas take the top bar's colour.
 */
export function ThemeColor() {
  const style = useAppSelector(selectThemeStyle);
  useEffect(() => {
    for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
      meta.content = APP_BAR_COLORS[style].bg;
    }
  }, [style]);
  return null;
}
