import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { currentLocale } from '../i18n/localeResources.js';

/** docs/console.md: the dashboard's date format. */
export const DATE_TIME = 'DD/MM/YYYY HH:mm';
/** docs/console.md: the history's date format. */
export const DATE_TIME_SECONDS = 'DD/MM/YYYY HH:mm:ss';

type DateInput = string | number | Date;

/**
 * dayjs in the language on screen (its data is loaded with the language: Italian above,
 * the others by i18n/localeResources.ts). The console's formats are numeric; Arabic's
 * also writes Arabic-Indic digits.
 */
function date(value: DateInput) {
  const locale = currentLocale();
  if (dayjs.locale() !== locale) dayjs.locale(locale);
  return dayjs(value);
}

/** DD/MM/YYYY HH:mm in the browser's time zone; '' when there is no date. */
export function formatDateTime(value: DateInput | null | undefined): string {
  return value == null ? '' : date(value).format(DATE_TIME);
}

/** DD/MM/YYYY HH:mm:ss in the browser's time zone; '' when there is no date. */
export function formatDateTimeSeconds(value: DateInput | null | undefined): string {
  return value == null ? '' : date(value).format(DATE_TIME_SECONDS);
}

const pad = (n: number) => String(n).padStart(2, '0');

const wholeSeconds = (value: DateInput) => Math.floor(dayjs(value).valueOf() / 1000);

/**
 * HH:mm:ss between two instants (docs/console.md: lastUpdated minus dateCreated). Hours keep
 * counting past a day (27:03:09), since a day-based format would hide long alerts.
 * Computed on whole seconds, like the dates shown beside it: 10:00:01.9 to 10:00:03.1
 * reads 00:00:02, as the two times suggest.
 */
export function formatDuration(from: DateInput, to: DateInput): string {
  const total = Math.max(0, wholeSeconds(to) - wholeSeconds(from));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${pad(hours)}:${pad(minutes)}:${pad(total % 60)}`;
}
