import { DateTime } from 'luxon';
import { CHECK_IN_DAYS, type CheckInWindow } from '@sos/contract';

/** One occurrence of a check-in window: its instants and how its SOS names it. */
export interface CheckInSlot {
  start: Date;
  end: Date;
  /** "08:00–10:00", the SOS's source detail. */
  label: string;
}

/** A window's wall-clock time on a calendar day in `zone`, as an instant (luxon resolves DST). */
function at(day: DateTime, hhmm: string): DateTime {
  const [hour, minute] = hhmm.split(':').map(Number);
  return DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour, minute },
    { zone: day.zone },
  );
}

/**
 * The occurrence whose end comes first strictly after `after`, among the windows' days in
 * `zone` (docs/expected-events.md); null with no windows. Occurrences are built per calendar
 * day from wall-clock times by luxon, so a day has exactly one occurrence of each window
 * whatever daylight saving does: a time in the skipped hour (29 March, Europe/Rome) moves
 * forward by the gap, a time in the repeated hour (25 October) is its second passage (luxon's
 * choice, pinned by test/expectations/windows.test.ts). Among
 * occurrences ending at the same instant the longest is kept.
 */
export function nextCheckInSlot(
  windows: readonly CheckInWindow[],
  zone: string,
  after: Date,
): CheckInSlot | null {
  if (windows.length === 0) return null;
  const afterMs = after.getTime();
  const first = DateTime.fromJSDate(after, { zone }).startOf('day').minus({ days: 1 });
  let best: { start: DateTime; end: DateTime; window: CheckInWindow } | null = null;
  // Every weekday appears within 8 days; one day more covers a window that ends after `after` today.
  for (let d = 0; d < 9; d++) {
    const day = first.plus({ days: d });
    const weekday = CHECK_IN_DAYS[day.weekday - 1];
    for (const window of windows) {
      if (!weekday || !window.days.includes(weekday)) continue;
      const end = at(day, window.to);
      if (end.toMillis() <= afterMs) continue;
      const start = at(day, window.from);
      if (!best || end < best.end || (+end === +best.end && start < best.start))
        best = { start, end, window };
    }
    if (best) break;
  }
  if (!best) return null;
  return {
    start: best.start.toJSDate(),
    end: best.end.toJSDate(),
    label: `${best.window.from}–${best.window.to}`,
  };
}
