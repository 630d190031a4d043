import type { SosTimelineEntry } from '@sos/contract';

/**
 * Whether two timeline entries are the same step: an entry can arrive twice (the answer to
 * this console's own request and the live event), and two calls logged in the same
 * millisecond with the same note differ by their call.
 */
export function sameEntry(a: SosTimelineEntry, b: SosTimelineEntry): boolean {
  if (a.type !== b.type || a.at !== b.at || a.text !== b.text || a.by?.username !== b.by?.username)
    return false;
  return JSON.stringify(a.call ?? null) === JSON.stringify(b.call ?? null);
}
