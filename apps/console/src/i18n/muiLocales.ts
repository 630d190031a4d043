import { arSD, deDE, enUS, esES, frFR, type Localization } from '@mui/material/locale';
import type { Locale } from './locales.js';

/** MUI's own texts (pagination, …) of the languages other than Italian: loaded with them. */
export const MUI_LOCALES: Record<Exclude<Locale, 'it'>, Localization> = {
  en: enUS,
  es: esES,
  fr: frFR,
  de: deDE,
  ar: arSD,
};
