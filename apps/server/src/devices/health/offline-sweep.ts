import { sql } from 'drizzle-orm';
import { LIVE_EVENTS } from '@sos/contract';
import type { Tx } from '../../db/client.js';
import { readAlarmConf } from '../../conf/alarm-repository.js';
import { writeEvents, type EventsWrite } from '../../live/outbox.js';
import { rowsOf } from '../../db/rows.js';
import { deviceJsonSql } from '../device-json-sql.js';
import { HEARTBEAT_SWEEP_GRACE_MS } from './heartbeats.js';

/** offlineAfterSeconds as /api/conf/alarm stores it, by the alarm settings' one reader. */
export async function readOfflineAfterSeconds(db: Tx): Promise<number> {
  return (await readAlarmConf(db)).offlineAfterSeconds;
}

/**
 * Marks offline every monitored, visible device silent for longer than its own supervision
 * (supervisionSeconds; docs/expected-events.md), or offlineAfterSeconds when it has none,
 * with one `device-offline` event each, in ONE set-based statement (the partial indexes
 * devices_online_last_seen_idx and devices_supervision_due_idx find them). A row another
 * writer holds is skipped (swept on the next round), so of all processes sweeping at once, and
 * of a contact racing the sweep, exactly one writes the transition. Answers how many went offline.
 */
export async function sweepOffline(db: Tx, offlineAfterSeconds: number): Promise<number> {
  const rows = await writeEvents<{ n: number }>(
    db,
    LIVE_EVENTS.deviceOffline,
    sweepOfflineSql(offlineAfterSeconds),
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The sweep's changes and answer, for writeEvents (scripts/offline-sweep-plan.ts prints the
 * statement's plan on a large fleet).
 * The seconds come as a parameter, not a sub-select of settings: the planner then folds the
 * cutoff and estimates the rows from the index (a sub-select made it guess a third of the
 * table, which priced the statement past jit_above_cost: 150 ms of JIT for an empty sweep).
 */
export function sweepOfflineSql(offlineAfterSeconds: number): EventsWrite {
  const ctes = sql`
    due AS MATERIALIZED (
      SELECT id FROM devices
      WHERE online AND deleted_at IS NULL AND (
        (supervision_seconds IS NULL AND last_seen_at < ${cutoffSql(offlineAfterSeconds)})
        OR (supervision_seconds IS NOT NULL AND ${SUPERVISION_DUE} < ${NOW_LESS_GRACE}))
      -- Row locks in id order, as a heartbeat batch takes them (devices/contact.ts), and a
      -- row another writer holds is skipped, not waited for: the next round (the deadline is
      -- past: at once) re-checks it. Waiting, the sweep held every device it had locked behind
      -- the expectations engine's batches (10:00 cliff), and every heartbeat batch behind it.
      ORDER BY id FOR UPDATE SKIP LOCKED
    ),
    gone AS (
      UPDATE devices d SET online = false FROM due WHERE d.id = due.id
      RETURNING d.*
    ),
    source AS (SELECT ${deviceJsonSql('gone')} AS data, gone.last_seen_at, gone.id FROM gone)`;
  return {
    ctes,
    order: sql`source.last_seen_at, source.id`,
    answer: sql`SELECT count(*)::int AS n FROM appended`,
  };
}

/**
 * Milliseconds until the nearest deadline: the oldest contact among online devices plus
 * offlineAfterSeconds (an index-only read of the same partial index); null when no device
 * is online. Measured on the database's clock, which every process shares.
 */
export async function msUntilNextOffline(
  db: Tx,
  offlineAfterSeconds: number,
): Promise<number | null> {
  const result = await db.execute(nextOfflineSql(offlineAfterSeconds));
  const ms = rowsOf<{ ms: number | string | null }>(result)[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
}

/**
 * The last contact before which an online device is overdue: offlineAfterSeconds ago, plus
 * HEARTBEAT_SWEEP_GRACE_MS for heartbeats heard but still in a coalescer's batch (see there).
 */
function cutoffSql(offlineAfterSeconds: number) {
  return sql`(now() - make_interval(secs => ${offlineAfterSeconds}::int) - ${HEARTBEAT_SWEEP_GRACE_MS}::int * interval '1 millisecond')`;
}

/** A device's own deadline: the expression devices_supervision_due_idx indexes (migration 0013). */
const SUPERVISION_DUE = sql`sos_seconds_after(last_seen_at, supervision_seconds)`;
const NOW_LESS_GRACE = sql`(now() - ${HEARTBEAT_SWEEP_GRACE_MS}::int * interval '1 millisecond')`;

/** The nearer of the two deadlines: the global setting's oldest contact, a device's own supervision. */
export function nextOfflineSql(offlineAfterSeconds: number) {
  return sql`
    SELECT least(
      (SELECT EXTRACT(EPOCH FROM (min(last_seen_at) - ${cutoffSql(offlineAfterSeconds)})) * 1000
        FROM devices WHERE online AND deleted_at IS NULL AND supervision_seconds IS NULL),
      (SELECT EXTRACT(EPOCH FROM (min(${SUPERVISION_DUE}) - ${NOW_LESS_GRACE})) * 1000
        FROM devices WHERE online AND deleted_at IS NULL AND supervision_seconds IS NOT NULL)
    )::float8 AS ms`;
}
