import type { ReceiverAnswer } from '../signal.js';

/**
 * SIP retransmissions (RFC 3261 §17.2.2): a client that has not heard our answer sends the
 * same request again, same transaction, for up to 32 s. It gets the very answer the first
 * copy got (or will get, when it is still being committed), with no second effect. Bounded:
 * the oldest entries go first. Repeats beyond a transaction, or reaching another process,
 * are recognised by the sink from (serial, ref).
 */
export const TRANSACTION_TTL_MS = 32_000;
export const TRANSACTION_MAX_ENTRIES = 20_000;

interface Entry {
  answer: Promise<ReceiverAnswer>;
  at: number;
}

export class TransactionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = TRANSACTION_MAX_ENTRIES,
  ) {}

  /** The answer of this transaction: the remembered one, or `produce()`'s, remembered. */
  answer(key: string, produce: () => Promise<{ answer: ReceiverAnswer; remember: boolean }>): Promise<ReceiverAnswer> {
    const at = this.now();
    const known = this.entries.get(key);
    if (known && at - known.at < TRANSACTION_TTL_MS) return known.answer;
    if (known) this.entries.delete(key);
    const entry: Entry = { answer: Promise.resolve({ bytes: null, refused: true }), at };
    entry.answer = produce().then(({ answer, remember }) => {
      // An answer that committed nothing (503) is not the transaction's last word: a
      // retransmission after the database is back deserves another try.
      if (!remember && this.entries.get(key) === entry) this.entries.delete(key);
      return answer;
    });
    this.entries.set(key, entry);
    // Insertion order is time order: expired or surplus entries are at the front.
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && at - old.at < TRANSACTION_TTL_MS) break;
      this.entries.delete(oldKey);
    }
    return entry.answer;
  }

  get size(): number {
    return this.entries.size;
  }
}
