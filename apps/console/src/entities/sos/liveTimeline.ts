import type { SosTimelineEntry } from '@sos/contract';
import type { LiveEvent } from '../live/liveEvents.js';

/** What a live event means for the timeline of one SOS: an entry to add, or a reason to read it again. */
export type TimelineChange = { kind: 'entry'; entry: SosTimelineEntry } | { kind: 'reload' };

/**
 * Notes and calls arrive whole as `sos-note` events; any other change of that SOS (taken,
 * late, updated, closed) is read again.
 */
export function timelineChange(event: LiveEvent, sosId: number): TimelineChange | null {
  if (event.name === 'sos-note')
    return event.data.sosId === sosId ? { kind: 'entry', entry: event.data.entry } : null;
  const reloads =
    event.name === 'sos-acknowledged' ||
    event.name === 'sos-escalated' ||
    event.name === 'sos-updated' ||
    event.name === 'new-sos-closed';
  return reloads && event.data.id === sosId ? { kind: 'reload' } : null;
}

interface LiveTimeline {
  /** Settles with the first answer (rejects when the timeline is gone before it). */
  loaded: Promise<unknown>;
  /** Settles when the timeline is no longer shown. */
  removed: Promise<unknown>;
  /** Starts listening; answers the function that stops. */
  listen: (onChange: (change: TimelineChange) => void) => () => void;
  /**
   * Reads the timeline again; settles when the answer is in (or failed), with when the read
   * it waited for started: RTK Query joins a read already in flight rather than starting one.
   */
  reload: () => Promise<{ startedTimeStamp?: number }>;
  /** Adds an entry to the timeline as shown. */
  append: (entry: SosTimelineEntry) => void;
}

/**
 * Keeps a shown timeline current from the first request on. A change that lands while a read
 * is in flight may be missing from its answer (the server read before it committed), so it
 * reads again once that read is done, one read at a time, until no change came during one
 * and the last one began after the last change. Listening only after the first answer left
 * the detail at "SOS aperto" after taking charge at once on a loaded machine.
 */
export async function keepTimelineLive(timeline: LiveTimeline): Promise<void> {
  let loaded = false;
  let reading = false;
  let stale = false;
  const readUntilCurrent = async () => {
    reading = true;
    while (stale) {
      stale = false;
      const asked = Date.now();
      const read = await timeline.reload();
      // A read joined in flight may have begun before the change: it does not count.
      if ((read.startedTimeStamp ?? asked) < asked) stale = true;
    }
    reading = false;
  };
  const stop = timeline.listen((change) => {
    if (change.kind === 'entry' && loaded && !reading) return timeline.append(change.entry);
    stale = true;
    if (loaded && !reading) void readUntilCurrent();
  });
  try {
    await timeline.loaded;
  } catch {
    stop();
    return;
  }
  loaded = true;
  if (stale) void readUntilCurrent();
  await timeline.removed;
  stop();
}
