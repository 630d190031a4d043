import dayjs from 'dayjs';
import 'dayjs/locale/it';
import 'dayjs/locale/en';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/de';
import 'dayjs/locale/ar';
import type { Locale } from './locales.js';

/** dayjs follows the chosen language (the console's formats are numeric, Latin digits). */
export function applyDayjsLocale(locale: Locale): void {
  dayjs.locale(locale);
}
