import Check from '@mui/icons-material/Check';
import DarkMode from '@mui/icons-material/DarkModeOutlined';
import LightMode from '@mui/icons-material/LightModeOutlined';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks.js';
import { languageChanged, selectLocale } from '../../i18n/languageSlice.js';
import { INTL_TAGS, LANGUAGE_NAMES, LOCALES } from '../../i18n/locales.js';
import { selectThemeStyle, themeChanged, type ThemeStyle } from '../../theme/themeSlice.js';

const STYLES: { style: ThemeStyle; Icon: typeof LightMode }[] = [
  { style: 'light', Icon: LightMode },
  { style: 'dark', Icon: DarkMode },
];

/**
 * The language (6) and theme (light/dark) choices as menu items, for the options menu
 * and the login page. Returned as an array: MUI menus need their items as direct children.
 */
export function usePreferenceItems(onDone: () => void): ReactElement[] {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const style = useAppSelector(selectThemeStyle);
  const subheader = (key: string, id: 'prefs.language' | 'prefs.theme') => (
    <ListSubheader
      key={key}
      role="presentation"
      sx={{ lineHeight: '36px', bgcolor: 'transparent' }}
    >
      {intl.formatMessage({ id })}
    </ListSubheader>
  );
  return [
    subheader('language', 'prefs.language'),
    ...LOCALES.map((l) => (
      <MenuItem
        key={l}
        role="menuitemradio"
        aria-checked={l === locale}
        selected={l === locale}
        lang={INTL_TAGS[l]}
        onClick={() => {
          dispatch(languageChanged(l));
          onDone();
        }}
      >
        <ListItemIcon>{l === locale && <Check fontSize="small" />}</ListItemIcon>
        <ListItemText>{LANGUAGE_NAMES[l]}</ListItemText>
      </MenuItem>
    )),
    <Divider key="theme-divider" component="li" />,
    subheader('theme', 'prefs.theme'),
    ...STYLES.map(({ style: s, Icon }) => (
      <MenuItem
        key={s}
        role="menuitemradio"
        aria-checked={s === style}
        selected={s === style}
        onClick={() => {
          dispatch(themeChanged(s));
          onDone();
        }}
      >
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText>
          {intl.formatMessage({ id: s === 'light' ? 'prefs.light' : 'prefs.dark' })}
        </ListItemText>
      </MenuItem>
    )),
  ];
}
