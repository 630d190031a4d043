import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { eventFrame } from '../../src/live/sse.js';
import { newCounters } from '../../src/live/stats.js';
import { LiveStream, MAX_BUFFERED_BYTES } from '../../src/live/stream.js';

/** A client socket that reads `readable` chunks, then stops reading (its buffer fills up). */
function client(readable = Infinity) {
  const received: string[] = [];
  const out = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      if (received.length >= readable) return; // never acknowledged: the peer stopped reading
      received.push(chunk.toString());
      callback();
    },
  });
  return { out, received };
}

const next64k = () => 64 * 1024 + 100;
const frame = (id: number, size = 10) =>
  eventFrame(id, 'new-sos', JSON.stringify({ pad: 'x'.repeat(size) }));

describe('LiveStream', () => {
  it('drops a client that stops reading instead of buffering without bound', () => {
    const { out } = client(0);
    const counters = newCounters();
    const closed: LiveStream[] = [];
    const stream = new LiveStream(out, 1, 'session-1', counters, (s) => closed.push(s));
    let id = 0;
    let written = 0;
    while (!stream.closed && id < 1000) {
      const next = frame(++id, 64 * 1024);
      written += next.bytes.length;
      stream.deliver(next);
    }
    expect(stream.closed).toBe(true);
    expect(out.destroyed).toBe(true);
    // Cut just past the limit, not before, and not long after.
    expect(written).toBeGreaterThan(MAX_BUFFERED_BYTES);
    expect(written).toBeLessThan(MAX_BUFFERED_BYTES + 2 * next64k());
    expect(counters.slowClientsDropped).toBe(1);
    expect(closed).toEqual([stream]);
  });

  it('holds live frames during a replay and sends only those after the replayed id', () => {
    const { out, received } = client();
    const stream = new LiveStream(out, 1, 'session-1', newCounters(), () => {});
    stream.holdLive();
    for (const id of [3, 4, 5, 6]) stream.deliver(frame(id));
    stream.writeBacklog(frame(4).bytes);
    stream.writeBacklog(frame(5).bytes);
    stream.goLive(5);
    stream.deliver(frame(7));
    const ids = received.map((chunk) => /^id: (\d+)/.exec(chunk)?.[1]);
    expect(ids).toEqual(['4', '5', '6', '7']);
  });

  it('drops a replaying client when the live frames held for it grow too big', () => {
    const { out } = client();
    const stream = new LiveStream(out, 1, 'session-1', newCounters(), () => {});
    stream.holdLive();
    for (let id = 1; id <= 20 && !stream.closed; id++) stream.deliver(frame(id, 100 * 1024));
    expect(stream.closed).toBe(true);
  });
});
