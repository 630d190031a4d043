import type pg from 'pg';
import { sleep } from './clock.js';
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
  const latencies: number[] = [];
  const slowestPerSos: number[] = [];
  let missing = 0;
  for (let i = 0; !stop(i); i++) {
    const delivery = await fleet.measure(() => send(i));
    latencies.push(...delivery.latencies);
    if (delivery.latencies.length > 0) slowestPerSos.push(Math.max(...delivery.latencies));
    missing += delivery.missing;
    await sleep(gapMs);
  }
  return { latency: summarize(latencies), perSos: summarize(slowestPerSos), missing, raised: slowestPerSos.length };
}

/** Transactions committed in the bench database so far (each heartbeat batch is one). */
export async function commits(client: pg.Client): Promise<number> {
  // Statistics are flushed by each backend about once a second: read them fresh.
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ n: string }>(
    'SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0]?.n ?? NaN);
}
