import type pg from 'pg';
import { sleep } from './clock.js';
import { MachineMeter } from './proc.js';
import type { SseFleet } from './sse-fleet.js';
import { summarize } from './stats.js';

/**
 * Alarms sent one at a time until `stop(i)`, each measured from its send to the `new-sos`
 * on every dashboard stream. `send(i)` sends the i-th and resolves with its SOS id. Each
 * alarm is one independent event seen by every dashboard at about the same moment, so
 * `perSos` holds the slowest dashboard of each: its p99 is over the alarms themselves.
 */
export async function deliveryRounds(
  fleet: SseFleet,
  gapMs: number,
  stop: (i: number) => boolean,
  send: (i: number) => Promise<number>,
) {
  return (await splitRounds(fleet, gapMs, stop, send, () => 0))[0]!;
}

/**
 * deliveryRounds, the rounds told apart by `group(i)` (0, 1…): alarms of two kinds sent in
 * turn under the same load, each kind's figures apart.
 */
export async function splitRounds(
  fleet: SseFleet,
  gapMs: number,
  stop: (i: number) => boolean,
  send: (i: number) => Promise<number>,
  group: (i: number) => number,
) {
  const groups: Array<{ latencies: number[]; slowest: number[]; missing: number }> = [];
  const machine = new MachineMeter();
  for (let i = 0; !stop(i); i++) {
    const g = (groups[group(i)] ??= { latencies: [], slowest: [], missing: 0 });
    const delivery = await fleet.measure(() => send(i));
    g.latencies.push(...delivery.latencies);
    if (delivery.latencies.length > 0) g.slowest.push(Math.max(...delivery.latencies));
    g.missing += delivery.missing;
    await sleep(gapMs);
  }
  if (groups.length === 0) groups.push({ latencies: [], slowest: [], missing: 0 });
  // A tail on a virtual machine may be the host's: what it took while these rounds ran.
  const stealPercent = machine.stealPercent();
  return Array.from(groups, (g = { latencies: [], slowest: [], missing: 0 }) => ({
    latency: summarize(g.latencies),
    perSos: summarize(g.slowest),
    missing: g.missing,
    raised: g.slowest.length,
    stealPercent,
  }));
}

/** One series of alarms' figures. */
export type Rounds = Awaited<ReturnType<typeof deliveryRounds>>;

/** Transactions committed in the bench database so far (each heartbeat batch is one). */
export async function commits(client: pg.Client): Promise<number> {
  // Statistics are flushed by each backend about once a second: read them fresh.
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ n: string }>(
    'SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0]?.n ?? NaN);
}
