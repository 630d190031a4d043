/** `_HH:MM:SS,MM-DD-YYYY` in UTC, the DC-09 timestamp. */
const TIMESTAMP = /^_(\d{2}):(\d{2}):(\d{2}),(\d{2})-(\d{2})-(\d{4})$/;

const two = (n: number) => String(n).padStart(2, '0');

export function formatTimestamp(at: Date): string {
  return (
    `_${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())},` +
    `${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}-${at.getUTCFullYear()}`
  );
}

/** The instant, or null when the text is not a real UTC time in that format. */
export function parseTimestamp(text: string): Date | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  const [hh, mi, ss, mo, dd, yyyy] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const at = new Date(Date.UTC(yyyy, mo - 1, dd, hh, mi, ss));
  // Date.UTC rolls 31-02 over to March: a round trip tells a real date from a wrapped one.
  return formatTimestamp(at) === text ? at : null;
}

/** Every frame with a timestamp (encrypted ones must have one): the device's clock may lag 40 s or lead 20 s (replay protection). */
export function withinWindow(at: Date, now: Date): boolean {
  const offset = at.getTime() - now.getTime();
  return offset >= -40_000 && offset <= 20_000;
}
