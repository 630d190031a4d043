import { LIVE_EVENTS } from '@sos/contract';
import type { Db } from '../db/client.js';
import type { LiveHub } from './hub.js';
import { cursorBlock, eventFrame, OPENING, type Frame } from './sse.js';
import type { LiveCounters } from './stats.js';
import { readBounds, readEventsAfter } from './store.js';
import type { LiveStream } from './stream.js';

const REPLAY_PAGE = 500;

/** Where a client resumes: nowhere (new client), after an event id, or an unusable value. */
export type Cursor = { kind: 'none' } | { kind: 'after'; id: number } | { kind: 'invalid' };

export function parseCursor(value: string | undefined): Cursor {
  if (value === undefined || value.trim() === '') return { kind: 'none' };
  const text = value.trim();
  const id = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(id) ? { kind: 'after', id } : { kind: 'invalid' };
}

type ResyncReason = 'invalid-last-event-id' | 'events-pruned' | 'unknown-last-event-id';

export interface ReplayDeps {
  hub: LiveHub;
  db: Db;
  counters: LiveCounters;
}

/**
 * Starts a stream: subscribes it to the hub FIRST (everything published from then on
 * reaches it), sends what it missed, then lets live frames through. While a backlog is
 * replayed, live frames are held, and those the backlog already carried (id ≤ the last
 * replayed id) are dropped: no gap, no duplicate.
 */
export async function startStream(
  deps: ReplayDeps,
  stream: LiveStream,
  cursor: Cursor,
): Promise<void> {
  const { hub, counters } = deps;
  hub.add(stream);
  stream.write(OPENING);
  // Synchronous up to here: every event ≤ lastPublishedId was published before add().
  const head = hub.lastPublishedId;
  if (cursor.kind === 'none') {
    stream.write(cursorBlock(head));
    return;
  }
  if (cursor.kind === 'invalid') {
    resync(stream, counters, head, 'invalid-last-event-id');
    return;
  }

  stream.holdLive();
  const fromMemory = hub.recent.after(cursor.id);
  if (fromMemory) {
    counters.replaysFromMemory++;
    await sendFrames(stream, fromMemory);
    stream.goLive(fromMemory.at(-1)?.id ?? cursor.id);
    return;
  }
  counters.replaysFromDatabase++;
  stream.goLive(await replayFromDatabase(deps, stream, cursor.id, head));
}

async function sendFrames(stream: LiveStream, frames: Frame[]) {
  for (const frame of frames) {
    if (stream.closed) return;
    if (!stream.writeBacklog(frame.bytes)) await stream.drained();
  }
}

/**
 * Replays from < id ≤ published page by page; returns the id after which live frames continue.
 * Only what the hub had published when the stream joined: that is a settled prefix, while
 * a bigger id in the table may still have a smaller one being committed (outbox.ts); the
 * hub brings everything after it, live.
 */
async function replayFromDatabase(
  deps: ReplayDeps,
  stream: LiveStream,
  from: number,
  published: number,
): Promise<number> {
  let cursor = from;
  for (let first = true; ; first = false) {
    const rows = await readEventsAfter(deps.db, cursor, REPLAY_PAGE, published);
    // Read after the rows: if the oldest kept id is still ≤ cursor + 1 now, none of the
    // rows after cursor had been pruned when they were read.
    const bounds = await readBounds(deps.db);
    if (stream.closed) return cursor;
    // Newer than anything stored: the database was replaced; the client must reload. After
    // a resync the stream goes on from what was published (live frames bring the rest).
    if (first && from > (bounds.max ?? 0)) {
      return resync(stream, deps.counters, published, 'unknown-last-event-id');
    }
    if (bounds.min !== null && bounds.min - 1 > cursor) {
      return resync(stream, deps.counters, published, 'events-pruned');
    }
    await sendFrames(
      stream,
      rows.map((row) => eventFrame(row.id, row.type, row.data)),
    );
    cursor = rows.at(-1)?.id ?? cursor;
    if (rows.length < REPLAY_PAGE) return cursor;
  }
}

/** The client missed more than the outbox holds: it reloads its lists, then goes on from `head`. */
function resync(
  stream: LiveStream,
  counters: LiveCounters,
  head: number,
  reason: ResyncReason,
): number {
  counters.resyncs++;
  const data = JSON.stringify({ reason });
  stream.writeBacklog(eventFrame(head, LIVE_EVENTS.resync, data).bytes);
  return head;
}
