import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDateTime,
  formatDateTimeSeconds,
  formatDayTime,
  formatDuration,
  formatTime,
  localDigits,
} from './format.js';

// Local times (no zone suffix) so the expectations hold in any time zone.
describe('date formats', () => {
  it('formats the dashboard time as DD/MM/YYYY HH:mm', () => {
    expect(formatDateTime('2025-03-07T09:05:04')).toBe('07/03/2025 09:05');
  });

  it('formats the history time as DD/MM/YYYY HH:mm:ss', () => {
    expect(formatDateTimeSeconds('2025-12-31T23:59:58')).toBe('31/12/2025 23:59:58');
  });

  it('formats a time as HH:mm and a recent instant as DD/MM HH:mm', () => {
    expect(formatTime('2025-03-07T09:05:04')).toBe('09:05');
    expect(formatDayTime('2025-03-07T09:05:04')).toBe('07/03 09:05');
  });

  it('shows nothing for a missing date', () => {
    expect(formatTime(null)).toBe('');
    expect(formatDayTime(undefined)).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTimeSeconds(undefined)).toBe('');
  });
});

describe('formatDuration', () => {
  it('formats a short duration as HH:mm:ss', () => {
    expect(formatDuration('2025-03-07T09:00:00Z', '2025-03-07T09:01:05Z')).toBe('00:01:05');
  });

  it('keeps counting hours past a day', () => {
    expect(formatDuration('2025-03-07T09:00:00Z', '2025-03-08T12:03:09Z')).toBe('27:03:09');
  });

  it('agrees with the displayed times, which drop the milliseconds', () => {
    expect(formatDuration('2025-03-07T09:00:48.877Z', '2025-03-07T09:00:50.115Z')).toBe('00:00:02');
    expect(formatDuration('2025-03-07T09:00:48.100Z', '2025-03-07T09:00:48.900Z')).toBe('00:00:00');
  });

  it('never shows a negative duration', () => {
    expect(formatDuration('2025-03-07T09:00:10Z', '2025-03-07T09:00:00Z')).toBe('00:00:00');
  });
});

describe('the language’s own digits', () => {
  it('writes Arabic-Indic digits in Arabic, as Intl does for its tag, and ASCII elsewhere', () => {
    expect(localDigits('28/11/2026 01:39', 'ar')).toBe('٢٨/١١/٢٠٢٦ ٠١:٣٩');
    expect(localDigits('28/11/2026 01:39', 'it')).toBe('28/11/2026 01:39');
    expect(localDigits('00:04:09', 'de')).toBe('00:04:09');
  });
});

describe('formatClock', () => {
  it('writes minutes and seconds, minutes past an hour included', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65.9)).toBe('01:05');
    expect(formatClock(4502)).toBe('75:02');
  });
});
