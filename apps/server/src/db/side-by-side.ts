import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';
import { rowsOf } from './rows.js';

/** One part of a read: its statements in a transaction it is given. */
export type ReadPart<T> = (tx: Tx) => Promise<T>;

const READ_ONLY = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/**
 * Two read-only parts of one answer on ONE snapshot of the database, side by side when a
 * second connection is free (docs/alarm-handling.md, "Reports"): the first part's transaction
 * exports its snapshot and the second's imports it, as pg_dump's parallel jobs do, so they
 * read the same rows whatever commits meanwhile. Nothing waits for a connection it may never
 * get (a busy pool, or the embedded database's single connection): when the first part is done
 * before the second has begun, its own transaction runs the second part too. `prepare` runs
 * first in each transaction (its settings).
 */
export async function readSideBySide<A, B>(
  db: Db,
  first: ReadPart<A>,
  second: ReadPart<B>,
  prepare: ReadPart<unknown>,
): Promise<[A, B]> {
  let claimedBy: 'first' | 'second' | undefined;
  let imported: Promise<void> | undefined;
  let other: Promise<{ value: B } | undefined> | undefined;

  const own = db.transaction(async (tx) => {
    const [{ snapshot }] = rowsOf<{ snapshot: string }>(
      await tx.execute(sql`SELECT pg_export_snapshot() AS snapshot`),
    ) as [{ snapshot: string }];
    other = db.transaction(async (tx2) => {
      // Claimed and marked in one turn of the event loop: the first part sees one or the other.
      if (claimedBy) return undefined;
      claimedBy = 'second';
      let done = () => {};
      imported = new Promise<void>((resolve) => (done = resolve));
      try {
        // Its first statement (SET TRANSACTION may precede it): while the exporter is open.
        await tx2.execute(sql.raw(`SET TRANSACTION SNAPSHOT '${snapshot.replaceAll("'", '')}'`));
      } finally {
        done();
      }
      await prepare(tx2);
      return { value: await second(tx2) };
    }, READ_ONLY);
    // Handled now: it may fail while this transaction is still at work; awaited below.
    other.catch(() => undefined);
    await prepare(tx);
    const a = await first(tx);
    if (!claimedBy) {
      claimedBy = 'first';
      return { a, b: { value: await second(tx) } };
    }
    // The exported snapshot lives as long as this transaction: open until it is imported.
    await imported;
    return { a, b: undefined };
  }, READ_ONLY);

  const mine = await own.catch(async (err: unknown) => {
    await other?.catch(() => undefined);
    throw err;
  });
  // Defined: the first transaction started it. Awaited even when it had nothing left to do,
  // so that no transaction outlives the call; its own failure, if any, is thrown here.
  const theirs = await other;
  const b = mine.b ?? theirs;
  if (!b) throw new Error('readSideBySide: neither transaction ran the second part');
  return [mine.a, b.value];
}
