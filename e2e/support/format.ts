/** The browser's time zone in these tests (playwright.config.ts: timezoneId). */
const TIME_ZONE = 'Europe/Rome';

const parts = (iso: string) => {
  const formatter = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(formatter.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
};

/** DD/MM/YYYY, the day as the Italian console writes it ("Dal" / "Al"). */
export function day(iso: string): string {
  const p = parts(iso);
  return `${p.day}/${p.month}/${p.year}`;
}

/** DD/MM/YYYY HH:mm (docs/console.md, dashboard). */
export function dateTime(iso: string): string {
  const p = parts(iso);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** DD/MM/YYYY HH:mm:ss (docs/console.md, history). */
export function dateTimeSeconds(iso: string): string {
  return `${dateTime(iso)}:${parts(iso).second}`;
}

/**
 * HH:mm:ss between the two times as shown (whole seconds), so that the row reads
 * consistently: 10:00:01 to 10:00:03 is 00:00:02.
 */
export function duration(fromIso: string, toIso: string): string {
  const seconds = Math.floor(Date.parse(toIso) / 1000) - Math.floor(Date.parse(fromIso) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}
