import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { currentLocale } from '../i18n/localeResources.js';
import { INTL_TAGS } from '../i18n/locales.js';

/** docs/console.md: the dashboard's date format. */
export const DATE_TIME = 'DD/MM/YYYY HH:mm';
/** docs/console.md: the history's date format. */
export const DATE_TIME_SECONDS = 'DD/MM/YYYY HH:mm:ss';

type DateInput = string | number | Date;

const digitsOf = new Map<string, readonly string[] | null>();

/**
 * The language's own digits for the ASCII digits of a text (Arabic-Indic in Arabic, as Intl
 * writes them for the language's tag: docs/console.md); the text as it is elsewhere. For the
 * numbers the console writes itself (dates, durations, a zone's number), never for codes.
 */
export function localDigits(text: string, locale = currentLocale()): string {
  const tag = INTL_TAGS[locale];
  let digits = digitsOf.get(tag);
  if (digits === undefined) {
    const format = new Intl.NumberFormat(tag, { useGrouping: false });
    const own = Array.from({ length: 10 }, (_, d) => format.format(d));
    digits = own.join('') === '0123456789' ? null : own;
    digitsOf.set(tag, digits);
  }
  const own = digits;
  return own === null ? text : text.replace(/[0-9]/g, (d) => own[Number(d)] ?? d);
}

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
  return value == null ? '' : localDigits(date(value).format(DATE_TIME));
}

/** DD/MM/YYYY HH:mm:ss in the browser's time zone; '' when there is no date. */
export function formatDateTimeSeconds(value: DateInput | null | undefined): string {
  return value == null ? '' : localDigits(date(value).format(DATE_TIME_SECONDS));
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
  return localDigits(`${pad(hours)}:${pad(minutes)}:${pad(total % 60)}`);
}
