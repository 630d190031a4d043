import dayjs from 'dayjs';

/** Spec §9: the dashboard's date format. */
export const DATE_TIME = 'DD/MM/YYYY HH:mm';
/** Spec §9: the history's date format. */
export const DATE_TIME_SECONDS = 'DD/MM/YYYY HH:mm:ss';

type DateInput = string | number | Date;

/** DD/MM/YYYY HH:mm in the browser's time zone; '' when there is no date. */
export function formatDateTime(value: DateInput | null | undefined): string {
  return value == null ? '' : dayjs(value).format(DATE_TIME);
}

/** DD/MM/YYYY HH:mm:ss in the browser's time zone; '' when there is no date. */
export function formatDateTimeSeconds(value: DateInput | null | undefined): string {
  return value == null ? '' : dayjs(value).format(DATE_TIME_SECONDS);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * HH:mm:ss between two instants (spec §2: lastUpdated minus dateCreated). Hours keep
 * counting past a day (27:03:09), since a day-based format would hide long alerts.
 */
export function formatDuration(from: DateInput, to: DateInput): string {
  const ms = dayjs(to).diff(dayjs(from));
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${pad(hours)}:${pad(minutes)}:${pad(total % 60)}`;
}
