import { describe, expect, it } from 'vitest';
import {
  TRANSACTION_MAX_ANSWERS,
  TRANSACTION_TTL_MS,
  TransactionCache,
} from '../../../src/receivers/scaip/transactions.js';
import type { ReceiverAnswer } from '../../../src/receivers/signal.js';

const answerOf = (text: string): ReceiverAnswer => ({ bytes: Buffer.from(text), refused: false });

/** A cache on a hand-moved clock, and how many times each key's answer was produced. */
function setup(maxEntries?: number) {
  const clock = { now: 0 };
  const cache = new TransactionCache(() => clock.now, maxEntries);
  const produced = new Map<string, number>();
  const ask = async (key: string, remember = true) => {
    const answer = await cache.answer(key, async () => {
      const count = (produced.get(key) ?? 0) + 1;
      produced.set(key, count);
      return { answer: answerOf(`${key}#${count}`), remember };
    });
    return answer.bytes?.toString();
  };
  return { clock, cache, produced, ask };
}

describe('SIP transactions remembered', () => {
  it('answers a retransmission within 32 s with the first answer, produced once', async () => {
    const { clock, ask, produced } = setup();
    expect(await ask('t1')).toBe('t1#1');
    clock.now = TRANSACTION_TTL_MS - 1;
    expect(await ask('t1')).toBe('t1#1');
    expect(produced.get('t1')).toBe(1);
  });

  it('forgets a transaction after 32 s: the same key is produced again', async () => {
    const { clock, ask } = setup();
    await ask('t1');
    clock.now = TRANSACTION_TTL_MS;
    expect(await ask('t1')).toBe('t1#2');
  });

  it('does not remember an answer that committed nothing', async () => {
    const { ask } = setup();
    expect(await ask('t1', false)).toBe('t1#1');
    expect(await ask('t1')).toBe('t1#2');
    expect(await ask('t1')).toBe('t1#2');
  });

  it('keeps at most its bound, forgetting the oldest first', async () => {
    const { ask, cache } = setup(3);
    for (const key of ['a', 'b', 'c', 'd']) await ask(key);
    expect(cache.size).toBe(3);
    expect(await ask('d')).toBe('d#1');
    expect(await ask('b')).toBe('b#1');
    expect(await ask('a')).toBe('a#2');
  });

  it('stays within its bound over a long stream of transactions, expiring by age too', async () => {
    const { clock, ask, cache } = setup(1000);
    for (let i = 0; i < 50_000; i += 1) {
      clock.now = i;
      await ask(`k${i}`);
      expect(cache.size).toBeLessThanOrEqual(1000);
    }
    clock.now = 50_000 + TRANSACTION_TTL_MS;
    await ask('last');
    expect(cache.size).toBe(1);
  });

  it('answers a looping peer RFC 3261 times at most (0, 0.5, 1.5 … 31.5 s: 11), then stays silent until it expires', async () => {
    const { clock, ask, produced } = setup();
    const answers = [];
    for (let i = 0; i < 1000; i += 1) answers.push(await ask('loop'));
    expect(TRANSACTION_MAX_ANSWERS).toBe(11);
    expect(answers.filter((a) => a === 'loop#1')).toHaveLength(11);
    expect(answers.slice(11).every((a) => a === undefined)).toBe(true);
    expect(produced.get('loop')).toBe(1);
    clock.now = TRANSACTION_TTL_MS;
    expect(await ask('loop')).toBe('loop#2');
  });
});
