import { describe, expect, it } from 'vitest';
import type { SosTimelineEntry } from '@sos/contract';
import { deferred } from '../../test/deferred.js';
import { keepTimelineLive, type TimelineChange } from './liveTimeline.js';

const note = (text: string): SosTimelineEntry => ({
  at: '2025-03-01T10:01:00Z',
  type: 'NOTE',
  by: { id: 1, username: 'admin' },
  text,
});

/** A timeline kept live by keepTimelineLive, each read answered when the test says. */
function liveTimeline() {
  const loaded = deferred();
  const removed = deferred();
  /** Each read's answer: `joined`, a read that was in flight before it was asked for. */
  const reads: { settle: (joined: boolean) => void }[] = [];
  const appended: string[] = [];
  let onChange: ((change: TimelineChange) => void) | undefined;
  let listening = false;
  const done = keepTimelineLive({
    loaded: loaded.promise,
    removed: removed.promise,
    listen: (callback) => {
      onChange = callback;
      listening = true;
      return () => void (listening = false);
    },
    reload: () => {
      const read = deferred<{ startedTimeStamp: number }>();
      const asked = Date.now();
      reads.push({
        settle: (joined) => read.settle({ startedTimeStamp: joined ? asked - 1000 : asked }),
      });
      return read.promise;
    },
    append: (entry) => void appended.push(entry.text ?? ''),
  });
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    reads,
    appended,
    done,
    listening: () => listening,
    change: async (change: TimelineChange) => {
      onChange!(change);
      await tick();
    },
    load: async () => {
      loaded.settle();
      await tick();
    },
    answer: async (n: number, joined = false) => {
      reads[n]!.settle(joined);
      await tick();
    },
    remove: () => removed.settle(),
  };
}

describe('keepTimelineLive', () => {
  it('listens from the first request on: a change before the first answer reads again after it', async () => {
    const t = liveTimeline();
    expect(t.listening()).toBe(true);
    await t.change({ kind: 'reload' });
    expect(t.reads).toHaveLength(0);
    await t.load();
    expect(t.reads).toHaveLength(1);
  });

  it('a note before the first answer is read with the rest, not added to nothing', async () => {
    const t = liveTimeline();
    await t.change({ kind: 'entry', entry: note('early') });
    await t.load();
    expect(t.appended).toEqual([]);
    expect(t.reads).toHaveLength(1);
  });

  it('adds a note that comes after the first answer, without reading', async () => {
    const t = liveTimeline();
    await t.load();
    await t.change({ kind: 'entry', entry: note('later') });
    expect(t.appended).toEqual(['later']);
    expect(t.reads).toHaveLength(0);
  });

  it('one read at a time: changes during a read read once more after it, then stop', async () => {
    const t = liveTimeline();
    await t.load();
    await t.change({ kind: 'reload' });
    await t.change({ kind: 'reload' });
    await t.change({ kind: 'entry', entry: note('during') });
    expect(t.reads).toHaveLength(1);
    expect(t.appended).toEqual([]);
    await t.answer(0);
    expect(t.reads).toHaveLength(2);
    await t.answer(1);
    expect(t.reads).toHaveLength(2);
    await t.change({ kind: 'entry', entry: note('after') });
    expect(t.appended).toEqual(['after']);
  });

  it('a read that was already in flight does not count: it reads again after it', async () => {
    const t = liveTimeline();
    await t.load();
    await t.change({ kind: 'reload' });
    await t.answer(0, true);
    expect(t.reads).toHaveLength(2);
    await t.answer(1);
    expect(t.reads).toHaveLength(2);
  });

  it('stops listening when the timeline is no longer shown', async () => {
    const t = liveTimeline();
    await t.load();
    t.remove();
    await t.done;
    expect(t.listening()).toBe(false);
  });
});
