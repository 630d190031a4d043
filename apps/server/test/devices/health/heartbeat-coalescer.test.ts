import { describe, expect, it } from 'vitest';
import type { Beat } from '../../../src/devices/health/heartbeat-batch.js';
import {
  HEARTBEAT_ANSWER_SLICE,
  HeartbeatCoalescer,
} from '../../../src/devices/health/heartbeats.js';

/** A write that records its batches and answers every serial but "unknown-*" as found. */
function recordingWrite() {
  const batches: Beat[][] = [];
  const write = async (beats: Beat[]) => {
    batches.push(beats);
    return new Set(beats.map((b) => b.serial).filter((s) => !s.startsWith('unknown')));
  };
  return { batches, write };
}

describe('HeartbeatCoalescer', () => {
  it('writes one entry per serial with the last battery reported, and answers every caller', async () => {
    const { batches, write } = recordingWrite();
    const coalescer = new HeartbeatCoalescer(write, { intervalMs: 5 });
    const answers = await Promise.all([
      coalescer.record('a', 10),
      coalescer.record('b', 50),
      coalescer.record('a'),
      coalescer.record('a', 30),
      coalescer.record('b'),
      coalescer.record('unknown-1', 5),
    ]);
    expect(answers).toEqual([true, true, true, true, true, false]);
    expect(batches).toEqual([
      [
        { serial: 'a', battery: 30 },
        { serial: 'b', battery: 50 },
        { serial: 'unknown-1', battery: 5 },
      ],
    ]);
  });

  it('writes a full batch at once and the rest after it, never two batches at a time', async () => {
    let running = 0;
    let overlapped = false;
    const { batches, write } = recordingWrite();
    const coalescer = new HeartbeatCoalescer(
      async (beats) => {
        overlapped ||= running > 0;
        running++;
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return write(beats);
      },
      { intervalMs: 60_000, maxBatch: 10 },
    );
    const all = Promise.all(Array.from({ length: 25 }, (_, i) => coalescer.record(`s${i}`)));
    await coalescer.flush(); // the last 5 would otherwise wait the whole interval
    const answers = await all;
    expect(answers.every(Boolean)).toBe(true);
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(overlapped).toBe(false);
  });

  it('writes what arrived during a write once it has waited the interval since it arrived, not an interval after the write', async () => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const at = (t0: number) => performance.now() - t0;
    const t0 = performance.now();
    const starts: number[] = [];
    const ends: number[] = [];
    let writeMs = 400;
    const coalescer = new HeartbeatCoalescer(
      async (beats) => {
        starts.push(at(t0));
        await sleep(writeMs);
        ends.push(at(t0));
        return new Set(beats.map((b) => b.serial));
      },
      { intervalMs: 300 },
    );
    // A write longer than the interval: what arrived during it has waited long enough.
    const first = coalescer.record('a');
    await sleep(320); // the first write is under way
    const second = coalescer.record('b');
    await Promise.all([first, second]);
    expect(starts[1]! - ends[0]!).toBeLessThan(150);
    // A short write: what arrived during it still waits its interval, counted from its arrival.
    writeMs = 50;
    const third = coalescer.record('c');
    await sleep(320);
    const arrived = at(t0);
    const fourth = coalescer.record('d');
    await Promise.all([third, fourth]);
    expect(starts[3]! - arrived).toBeGreaterThan(250);
  });

  it('rejects every caller of a failed batch with its error, and the next batch still goes', async () => {
    let fail = true;
    const coalescer = new HeartbeatCoalescer(
      async (beats) => {
        if (fail) throw new Error('database down');
        return new Set(beats.map((b) => b.serial));
      },
      { intervalMs: 1 },
    );
    const failed = await Promise.allSettled([coalescer.record('a'), coalescer.record('b', 3)]);
    expect(failed.map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual([
      'database down',
      'database down',
    ]);
    fail = false;
    await expect(coalescer.record('a')).resolves.toBe(true);
  });

  it('flush writes what is pending without waiting for the interval', async () => {
    const { batches, write } = recordingWrite();
    const coalescer = new HeartbeatCoalescer(write, { intervalMs: 60_000 });
    const answer = coalescer.record('a', 1);
    await coalescer.flush();
    await expect(answer).resolves.toBe(true);
    expect(batches).toEqual([[{ serial: 'a', battery: 1 }]]);
  });
});

describe('HeartbeatCoalescer: answers in slices', () => {
  it('lets other work run after each slice of a written batch, so an SOS never waits for a whole batch', async () => {
    const serials = Array.from({ length: 3 * HEARTBEAT_ANSWER_SLICE + 10 }, (_, i) => `s-${i}`);
    let answered = 0;
    let answeredWhenOtherWorkRan = -1;
    const write = async (beats: Beat[]) => {
      // Work that became ready while the batch was being written (an SOS read off its socket).
      setImmediate(() => (answeredWhenOtherWorkRan = answered));
      return new Set(beats.map((b) => b.serial));
    };
    const coalescer = new HeartbeatCoalescer(write, { intervalMs: 1 });
    const answers = await Promise.all(
      serials.map((s) => coalescer.record(s).then((found) => (answered++, found))),
    );
    expect(answers.every(Boolean)).toBe(true);
    expect(answeredWhenOtherWorkRan).toBe(HEARTBEAT_ANSWER_SLICE);
  });
});
