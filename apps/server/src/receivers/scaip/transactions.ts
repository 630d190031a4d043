import type { ReceiverAnswer } from '../signal.js';

/**
 * SIP retransmissions (RFC 3261 §17.2.2): a client that has not heard our answer sends the
 * same request again, same transaction, for up to 32 s. It gets the very answer the first
 * copy got (or will get, when it is still being committed), with no second effect. Bounded:
 * the oldest entries go first. Repeats beyond a transaction, or reaching another process,
 * are recognised by the sink from (serial, ref).
 */
export const TRANSACTION_TTL_MS = 32_000;
/**
 * A client's copies of one non-INVITE request: at 0 s then T1 = 0.5 s doubling to T2 = 4 s
 * until Timer F (64·T1 = 32 s): 0, 0.5, 1.5, 3.5, 7.5, 11.5 … 31.5, eleven in all. Answered that
 * many times at most; further copies (a peer looping on our answer) get silence until the
 * entry expires, so one peer cannot turn the receiver into an echo costing a core.
 */
export const TRANSACTION_MAX_ANSWERS = 11;
const TRANSACTION_MAX_ENTRIES = 20_000;

const SILENCE: ReceiverAnswer = { bytes: null, refused: true };

interface Entry {
  key: string;
  answer: Promise<ReceiverAnswer>;
  at: number;
  answers: number;
}

export class TransactionCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Every entry in arrival order, oldest at `head`: what expires next. Not the Map's own
   * order: a V8 Map keeps its deleted slots until it is rehashed, so iterating it from the
   * front after deleting there walks them all, once per message (docs/scaip.md, "Cost").
   */
  private queue: (Entry | undefined)[] = [];
  private head = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = TRANSACTION_MAX_ENTRIES,
  ) {}

  /** The answer of this transaction: the remembered one, or `produce()`'s, remembered. */
  answer(
    key: string,
    produce: () => Promise<{ answer: ReceiverAnswer; remember: boolean }>,
  ): Promise<ReceiverAnswer> {
    const at = this.now();
    this.expire(at);
    const known = this.entries.get(key);
    if (known) {
      known.answers += 1;
      return known.answers <= TRANSACTION_MAX_ANSWERS ? known.answer : Promise.resolve(SILENCE);
    }
    const entry: Entry = { key, answer: Promise.resolve(SILENCE), at, answers: 1 };
    entry.answer = produce().then(({ answer, remember }) => {
      // An answer that committed nothing (503) is not the transaction's last word: a
      // retransmission after the database is back deserves another try.
      if (!remember && this.entries.get(key) === entry) this.entries.delete(key);
      return answer;
    });
    this.entries.set(key, entry);
    this.queue.push(entry);
    if (this.entries.size > this.maxEntries) this.expire(at);
    return entry.answer;
  }

  /** Drops the entries older than the TTL, and the oldest beyond the bound. */
  private expire(at: number): void {
    while (this.head < this.queue.length) {
      const oldest = this.queue[this.head];
      if (oldest && this.entries.size <= this.maxEntries && at - oldest.at < TRANSACTION_TTL_MS)
        break;
      this.queue[this.head] = undefined;
      this.head += 1;
      if (oldest && this.entries.get(oldest.key) === oldest) this.entries.delete(oldest.key);
    }
    // Compacted once half of it is spent: amortised O(1) per entry.
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
