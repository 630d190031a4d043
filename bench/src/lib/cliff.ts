import type pg from 'pg';

/** HH:mm of an instant in a time zone. */
function wallClock(at: Date, zone: string): string {
  return at.toLocaleTimeString('it-IT', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: zone,
  });
}

/**
 * The zone the bench's check-in windows are in: Rome, or New York when Rome is within an hour
 * of midnight. A window must stay in its day, so a cliff asked for around Rome's midnight
 * came only at 00:30, and the run waited for it for up to half an hour.
 */
export function cliffZone(now = new Date()): string {
  const hour = (zone: string) =>
    Number(now.toLocaleString('en-GB', { hour: '2-digit', hour12: false, timeZone: zone }));
  return ['Europe/Rome', 'America/New_York'].find((zone) => hour(zone) % 23 !== 0)!;
}

/** The first whole minute at least `leadMs` from now whose window (from `spanMin` before) stays in its day. */
export function cliffAfter(leadMs: number, zone: string, spanMin: number) {
  let end = new Date(Math.ceil((Date.now() + leadMs) / 60_000) * 60_000);
  for (;;) {
    const from = wallClock(new Date(end.getTime() - spanMin * 60_000), zone);
    const to = wallClock(end, zone);
    if (from < to) return { end, start: new Date(end.getTime() - spanMin * 60_000), from, to };
    end = new Date(end.getTime() + 60_000);
  }
}

/**
 * Devices 1..count: supervision mixed from 60 s to 24 h, all heard now; residents 1..residents:
 * one check-in window ending at `cliff`, every day, its expectation due then (as the server
 * schedules it, written in one statement each); every `checkedInEvery`-th resident checked in.
 */
export async function seedExpectations(
  client: pg.Client,
  count: number,
  residents: number,
  cliff: { end: Date; start: Date; from: string; to: string },
  checkedInEvery: number,
): Promise<{ missed: number; checkedIn: number }> {
  await client.query(
    `UPDATE devices SET supervision_seconds = (ARRAY[60, 300, 900, 3600, 21600, 86400])[1 + id % 6],
       last_seen_at = now(), online = true WHERE id <= $1`,
    [count],
  );
  const windows = JSON.stringify([
    { days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'], from: cliff.from, to: cliff.to },
  ]);
  await client.query(
    `INSERT INTO device_profiles (device_id, check_ins) SELECT id, $2::jsonb FROM devices WHERE id <= $1
     ON CONFLICT (device_id) DO UPDATE SET check_ins = excluded.check_ins`,
    [residents, windows],
  );
  await client.query(
    `INSERT INTO expectations (device_id, kind, due_at, window_start, window_label)
     SELECT id, 'CHECK_IN', $2, $3, $4 FROM devices WHERE id <= $1
     ON CONFLICT (device_id, kind) DO UPDATE SET due_at = excluded.due_at,
       window_start = excluded.window_start, window_label = excluded.window_label`,
    [residents, cliff.end, cliff.start, `${cliff.from}–${cliff.to}`],
  );
  const checked = await client.query(
    `UPDATE devices SET last_check_in_at = now() WHERE id <= $1 AND id % $2 = 0`,
    [residents, checkedInEvery],
  );
  const checkedIn = checked.rowCount ?? 0;
  // Counted as autovacuum would have counted them by a real cliff, where the rows are days
  // old: written a minute before it, the planner still saw a few hundred check-ins, not tens
  // of thousands, and planned the engine's statements for those.
  await client.query('ANALYZE devices, device_profiles, expectations');
  return { missed: residents - checkedIn, checkedIn };
}

/** Every CHECK_IN SOS: per device how many, and each one's delay after the window's end. */
export async function raisedAfter(
  client: pg.Client,
  cliffEnd: Date,
  residents: number,
  checkedInEvery: number,
) {
  const { rows } = await client.query<{ device_id: number; n: string; delay_ms: number }>(
    `SELECT device_id, count(*) AS n,
       extract(epoch FROM (min(created_at) - $1::timestamptz)) * 1000 AS delay_ms
     FROM sos WHERE source_protocol = 'SYSTEM' AND source_code = 'CHECK_IN' GROUP BY device_id`,
    [cliffEnd],
  );
  const misses = await client.query<{ twice: string; total: string }>(
    `SELECT count(*) FILTER (WHERE n > 1) AS twice, coalesce(sum(n), 0) AS total FROM
       (SELECT device_id, count(*) AS n FROM expectation_misses WHERE kind = 'CHECK_IN' GROUP BY device_id) m`,
  );
  return {
    raised: rows.length,
    misses: Number(misses.rows[0]?.total ?? 0),
    twice: rows.filter((r) => Number(r.n) > 1).length + Number(misses.rows[0]?.twice ?? 0),
    wrong: rows.filter((r) => r.device_id > residents || r.device_id % checkedInEvery === 0).length,
    delaysMs: rows.map((r) => Number(r.delay_ms)),
  };
}
