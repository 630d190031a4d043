import { afterEach, describe, expect, it } from 'vitest';
import { DueLoop } from '../../src/lib/due-loop.js';
import type { Log } from '../../src/lib/log.js';

const quiet: Log = { info() {}, warn() {}, error() {} };

/** A loop whose rounds are held open until the test lets each one end. */
function heldLoop() {
  const rounds: Array<() => void> = [];
  const loop = new DueLoop(
    () => new Promise<null>((resolve) => rounds.push(() => resolve(null))),
    quiet,
    { pollMs: 60_000, name: 'test' },
  );
  return { loop, rounds };
}

const tick = () => new Promise((r) => setTimeout(r, 10));

describe('DueLoop.roundAfter (lib/due-loop.ts)', () => {
  let stop: () => Promise<void> = async () => {};
  afterEach(() => stop());

  it('resolves only once a round started after the call is over, not the one under way', async () => {
    const { loop, rounds } = heldLoop();
    stop = () => loop.stop();
    loop.start();
    await tick();
    expect(rounds).toHaveLength(1); // round 1 under way
    let done = false;
    const after = loop.roundAfter().then(() => (done = true));
    rounds[0]!(); // round 1 ends: it started before the call
    await tick();
    expect(done).toBe(false);
    expect(rounds).toHaveLength(2); // round 2, asked for by roundAfter, runs right after
    rounds[1]!();
    await after;
    expect(done).toBe(true);
  });

  it('resolves at once when the loop is stopped, and any waiter when it stops', async () => {
    const { loop, rounds } = heldLoop();
    loop.start();
    await tick();
    const waiting = loop.roundAfter();
    rounds[0]!();
    const stopped = loop.stop();
    await tick();
    rounds[1]?.();
    await stopped;
    await waiting;
    await loop.roundAfter();
  });
});
