import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecentFrames } from '../../src/live/recent.js';
import { eventFrame } from '../../src/live/sse.js';

const frame = (id: number) => eventFrame(id, 'new-sos', '{}');

describe('RecentFrames', () => {
  it('answers from memory only when it holds every event after the asked id', () => {
    const recent = new RecentFrames(3, 1024 * 1024);
    recent.reset(10);
    expect(recent.after(10)).toEqual([]);
    expect(recent.after(9)).toBeNull(); // older than what this process saw
    for (const id of [11, 13, 14, 16]) recent.push(frame(id)); // 12 and 15 never committed
    expect(recent.after(10)).toBeNull(); // 11 was evicted
    expect(recent.after(11)!.map((f) => f.id)).toEqual([13, 14, 16]);
    expect(recent.after(13)!.map((f) => f.id)).toEqual([14, 16]);
    expect(recent.after(15)!.map((f) => f.id)).toEqual([16]);
    expect(recent.after(16)).toEqual([]);
    expect(recent.after(17)).toBeNull(); // not seen yet: the database decides
  });

  it('returns exactly the kept ids greater than the asked one', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 520 }),
        (raw, size, asked) => {
          const ids = [...raw].sort((a, b) => a - b);
          const recent = new RecentFrames(size, Infinity);
          recent.reset(0);
          ids.forEach((id) => recent.push(frame(id)));
          const kept = ids.slice(-size);
          const floor = ids.length > size ? ids[ids.length - size - 1]! : 0;
          const answer = recent.after(asked);
          if (asked < floor || asked > (ids.at(-1) ?? 0)) expect(answer).toBeNull();
          else expect(answer!.map((f) => f.id)).toEqual(kept.filter((id) => id > asked));
        },
      ),
    );
  });
});
