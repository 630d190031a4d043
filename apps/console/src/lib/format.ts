import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { currentLocale } from '../i18n/localeResources.js';
import { INTL_TAGS } from '../i18n/locales.js';

/** docs/console.md: the dashboard's date format. */
const DATE_TIME = 'DD/MM/YYYY HH:mm';
/** docs/console.md: the history's date format. */
const DATE_TIME_SECONDS = 'DD/MM/YYYY HH:mm:ss';

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

/** A date in one numeric pattern, in the browser's time zone and the language's digits. */
const formatter =
  (pattern: string) =>
  (value: DateInput | null | undefined): string =>
    value == null ? '' : localDigits(date(value).format(pattern));

/** DD/MM/YYYY HH:mm; '' when there is no date. */
export const formatDateTime = formatter(DATE_TIME);
/** HH:mm (docs/alarm-handling.md: "da {HH:mm}"); '' when there is no date. */
export const formatTime = formatter('HH:mm');
/** DD/MM HH:mm (a test may be days old); '' when there is no date. */
export const formatDayTime = formatter('DD/MM HH:mm');
/** DD/MM/YYYY HH:mm:ss; '' when there is no date. */
export const formatDateTimeSeconds = formatter(DATE_TIME_SECONDS);

/** A day as forms and the server read it (YYYY-MM-DD, never shown as such), `offset` days from today. */
export const isoDay = (offset = 0): string => dayjs().add(offset, 'day').format('YYYY-MM-DD');

const pad = (n: number) => String(n).padStart(2, '0');

/** A call's length as the design writes it, mm:ss (minutes past 59 keep counting: 75:02). */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return localDigits(`${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`);
}

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
