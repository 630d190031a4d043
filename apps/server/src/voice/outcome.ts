import type { CallResult } from '@sos/contract';

/**
 * The CALL entry's result of a call that ended with this SIP final code (docs/voice.md):
 * answered (2xx) → ANSWERED; busy (486, 600) → BUSY; no such number (404, 484, 604) →
 * WRONG_NUMBER; anything else — 408/480/487, 30 s without an answer (tm's own 408), a
 * declined or failed call — NO_ANSWER: nobody spoke.
 */
export function callResultOf(code: number): CallResult {
  if (code >= 200 && code < 300) return 'ANSWERED';
  if (code === 486 || code === 600) return 'BUSY';
  if (code === 404 || code === 484 || code === 604) return 'WRONG_NUMBER';
  return 'NO_ANSWER';
}

/** Whole seconds between answer and end (unix seconds, fractional), never negative. */
export function durationOf(
  answeredAt: number | null | undefined,
  endedAt: number | null | undefined,
): number | null {
  if (answeredAt == null || endedAt == null) return null;
  return Math.max(0, Math.round(endedAt - answeredAt));
}
