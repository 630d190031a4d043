import { describe, expect, it } from 'vitest';
import { Batcher } from '../../src/lib/batcher.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('writes calls of the same turn together, answers each its own result, and never waits when idle', async () => {
    const written: number[][] = [];
    const batcher = new Batcher<number, number>(
      async (items) => {
        written.push(items);
        return items.map((n) => n * 10);
      },
      (n) => n,
    );
    expect(await batcher.run(1)).toBe(10);
    expect(await Promise.all([2, 3, 4, 5].map((n) => batcher.run(n)))).toEqual([20, 30, 40, 50]);
    expect(written).toEqual([[1], [2, 3, 4, 5]]);
    expect(batcher.batches).toBe(2);
  });

  it('keeps two calls with one key out of one batch, and at most maxInFlight batches written at once', async () => {
    const written: string[][] = [];
    let inFlight = 0;
    let most = 0;
    const batcher = new Batcher<string, string>(
      async (items) => {
        written.push(items);
        most = Math.max(most, ++inFlight);
        await tick();
        inFlight--;
        return items.map((s) => s.toUpperCase());
      },
      (s) => s[0],
      { maxInFlight: 1, maxBatch: 2 },
    );
    const answers = await Promise.all(['a1', 'a2', 'b1', 'c1', 'd1'].map((s) => batcher.run(s)));
    expect(answers).toEqual(['A1', 'A2', 'B1', 'C1', 'D1']);
    expect(most).toBe(1);
    for (const batch of written) {
      expect(batch.length).toBeLessThanOrEqual(2);
      expect(new Set(batch.map((s) => s[0])).size).toBe(batch.length);
    }
    expect(written.flat().sort()).toEqual(['a1', 'a2', 'b1', 'c1', 'd1']);
  });

  it('retries a failed batch item by item: only the item that fails on its own is refused', async () => {
    const batcher = new Batcher<number, number>(
      async (items) => {
        if (items.length > 1) throw new Error('batch refused');
        if (items[0] === 2) throw new Error(`item ${items[0]} refused`);
        return items.map((n) => -n);
      },
      (n) => n,
    );
    const settled = await Promise.allSettled([1, 2, 3].map((n) => batcher.run(n)));
    expect(settled).toEqual([
      { status: 'fulfilled', value: -1 },
      { status: 'rejected', reason: new Error('item 2 refused') },
      { status: 'fulfilled', value: -3 },
    ]);
    await batcher.drain();
  });
});
