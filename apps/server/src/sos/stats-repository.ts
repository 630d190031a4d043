import { sql } from 'drizzle-orm';
import { emptyKindCounts, emptyOutcomeCounts, type SosStats } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { readAlarmConf } from '../conf/alarm-repository.js';
import { readSideBySide } from '../db/side-by-side.js';
import { expectationStats } from './expectation-stats.js';
import { statsCounts } from './stats-counts.js';
import { statsTimes } from './stats-times.js';
import type { ResolvedRange } from './range.js';

/** The current target of /api/conf/alarm (its default when unset). */
export async function ackTargetSeconds(db: Tx): Promise<number> {
  return (await readAlarmConf(db)).ackTargetSeconds;
}

/**
 * docs/alarm-handling.md "Reports", over the SOS raised in [from, to). "Ack" is raise → first
 * acknowledgement, or → close for an SOS closed unacknowledged (credited to its closer); an
 * SOS with neither has no ack time, so it is never "within" (an open one past the target is
 * a miss). Two statements, the counts (stats-counts.ts) and the times (stats-times.ts), read
 * ONE snapshot side by side on two connections when they can (db/side-by-side.ts): about
 * as long as each takes alone. test/sos/stats-oracle.test.ts holds every figure equal to the
 * straightforward statements on random data.
 */
export async function sosStats(
  db: Db,
  range: ResolvedRange,
  tz: string,
  targetS: number,
): Promise<SosStats> {
  const [counts, times] = await readSideBySide(
    db,
    async (tx) => ({
      ...(await statsCounts(tx, range, targetS)),
      ...(await expectationStats(tx, range)),
    }),
    (tx) => statsTimes(tx, range, tz, targetS),
    async (tx) => {
      // A year is ~110,000 SOS: room to sort them in memory rather than in temporary files
      // (measured on PostgreSQL: 0.58 s → 0.48 s), for these statements only.
      await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
      // One core per statement: the two statements already take both of a 2-core machine's,
      // and parallel workers beside them made the whole slower (a year on PostgreSQL: p50
      // 144 ms without them, 173 ms with them; docs/alarm-handling.md "Reports").
      await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
    },
  );
  const { head, byOutcome, byKind, byOperator, ...misses } = counts;
  return {
    total: head.total,
    acknowledged: head.acknowledged,
    ackWithinTargetPct: head.ackWithinTargetPct,
    ackWithin180sPct: head.ackWithin180sPct,
    ...times.head,
    closedWithoutAck: head.closedWithoutAck,
    callsPerSos: head.callsPerSos,
    contactReachedPct: head.contactReachedPct,
    byOutcome: { ...emptyOutcomeCounts(), ...byOutcome },
    byKind: { ...emptyKindCounts(), ...byKind },
    byDay: times.byDay,
    byOperator,
    ...misses,
  };
}
