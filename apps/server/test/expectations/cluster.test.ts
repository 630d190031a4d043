import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { openPostgres, type Database } from '../../src/db/client.js';
import {
  deviceProfiles,
  devices,
  events,
  expectations,
  sos,
  sosTimeline,
} from '../../src/db/schema.js';
import { deviceName } from '../../src/devices/name.js';
import { OUTBOX_ORDER_LOCK_KEY } from '../../src/live/outbox.js';
import { DB_KINDS, openTestDatabase, TEST_ENV } from '../helpers/app.js';
import { spawnServer, waitForUrl } from '../helpers/process.js';
import { until } from '../helpers/until.js';
import { EVERY_DAY } from './fixtures.js';

// Several server processes share one PostgreSQL; the embedded database has one process.
const run = DB_KINDS.includes('postgres') ? describe : describe.skip;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DEVICES = 40;

/**
 * The backend of a writer waiting for the outbox's lock (SHARED, not granted) in this database
 * while it holds claimed windows of `ids`: the engine's batch. Its claim is seen from the
 * rows' xmax (its transaction id), never by locking them: a check that locked the rows for a
 * moment made the engine's claim (SKIP LOCKED) pass them over, so its batch held only part
 * of them and the rest were never claimed while it waited.
 */
const engineBlockedOnOutbox = (client: pg.Client, ids: number[]) =>
  until(
    'a writer waiting at the outbox with windows claimed',
    async () => {
      const waiting = await client.query<{ pid: number }>(
        `SELECT l.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.mode = 'ShareLock' AND NOT l.granted
            AND l.objid = $1 AND a.datname = current_database()
            AND EXISTS (SELECT 1 FROM expectations e
                         WHERE e.device_id = ANY($2) AND e.kind = 'CHECK_IN'
                           AND e.xmax = a.backend_xid)`,
        [OUTBOX_ORDER_LOCK_KEY, ids],
      );
      return waiting.rows[0]?.pid;
    },
    30_000,
  );

const isBackendAlive = async (client: pg.Client, pid: number) =>
  (await client.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount === 1;

/**
 * Every server process runs the engine on its own timer: each missed window raises one SOS,
 * also when two processes claim at the same moment, and one that ended while no process ran
 * raises once when a process starts again, late, and says so.
 */
run('expected events across server processes [postgres]', () => {
  let database: Database;
  let url: string;
  let drop: () => Promise<void>;
  let ids: number[];
  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    ({ database, drop } = opened);
    url = opened.url!;
    const rows = await database.db
      .insert(devices)
      .values(
        Array.from({ length: DEVICES }, (_, i) => ({
          serial: `x-${i}`,
          ...deviceName(`Casa ${i}`),
        })),
      )
      .returning({ id: devices.id });
    ids = rows.map((r) => r.id);
    const checkIns = [{ days: [...EVERY_DAY], from: '08:00', to: '10:00' }];
    await database.db
      .insert(deviceProfiles)
      .values(ids.map((deviceId) => ({ deviceId, checkIns })));
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** Every device's window ended `secondsAgo` with no check-in since it opened. */
  const windowsEnded = (secondsAgo: number) =>
    database.db
      .insert(expectations)
      .values(
        ids.map((deviceId) => ({
          deviceId,
          kind: 'CHECK_IN' as const,
          dueAt: sql`now() - make_interval(secs => ${secondsAgo})`,
          windowStart: sql`now() - make_interval(secs => ${secondsAgo + 7200})`,
          windowLabel: '08:00–10:00',
        })),
      )
      .onConflictDoUpdate({
        target: [expectations.deviceId, expectations.kind],
        set: { dueAt: sql`excluded.due_at`, windowStart: sql`excluded.window_start` },
      });
  const newSosCount = async () =>
    (
      await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(events)
        .where(eq(events.type, 'new-sos'))
    )[0]!.n;
  const sosPerDevice = async () =>
    database.db
      .select({ deviceId: sos.deviceId, n: sql<number>`count(*)::int` })
      .from(sos)
      .where(inArray(sos.deviceId, ids))
      .groupBy(sos.deviceId);
  const openSosCount = async () =>
    (
      await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sos)
        .where(and(inArray(sos.deviceId, ids), eq(sos.state, 'OPEN')))
    )[0]!.n;

  it('two processes claiming together raise each missed window once', async () => {
    const apps: FastifyInstance[] = await Promise.all(
      [0, 1].map(async () => {
        const app = await buildApp({
          env: TEST_ENV,
          database: await openPostgres(url, 3),
          expectations: { pollMs: 100 },
        });
        await app.ready();
        return app;
      }),
    );
    try {
      await windowsEnded(1);
      // Both engines poll every 100 ms; both are also told to sweep now, at once.
      await Promise.all(
        apps.flatMap((app) => [app.expectations.sweepNow(), app.expectations.sweepNow()]),
      );
      const until = Date.now() + 20_000;
      while (Date.now() < until && (await newSosCount()) < DEVICES) await sleep(100);
      // A second process raising late would add a duplicate now: give it time to show.
      await sleep(1500);
      const counts = await sosPerDevice();
      expect(counts).toHaveLength(DEVICES);
      expect(counts.every((c) => c.n === 1)).toBe(true);
      expect(await newSosCount()).toBe(DEVICES);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  }, 60_000);

  it('a window that ended while every process was down raises once at the restart, late', async () => {
    await database.db
      .update(sos)
      .set({ state: 'CLOSED', closedAt: sql`now()` })
      .where(inArray(sos.deviceId, ids));
    // The windows ended 3 minutes ago, while no server ran.
    await windowsEnded(180);
    const before = await newSosCount();
    const servers = [0, 1].map(() =>
      spawnServer({ DATABASE_URL: url, SOS_JWT_SECRET: TEST_ENV.SOS_JWT_SECRET! }),
    );
    try {
      await Promise.all(servers.map(waitForUrl));
      const until = Date.now() + 20_000;
      while (Date.now() < until && (await newSosCount()) < before + DEVICES) await sleep(200);
      // A second process raising late would add a duplicate now: give it time to show.
      await sleep(2500);
      expect(await newSosCount()).toBe(before + DEVICES);
      const open = await database.db.select({ id: sos.id }).from(sos).where(eq(sos.state, 'OPEN'));
      expect(open).toHaveLength(DEVICES);
      const late = await database.db
        .select({ text: sosTimeline.text })
        .from(sosTimeline)
        .where(
          inArray(
            sosTimeline.sosId,
            open.map((o) => o.id),
          ),
        );
      expect(late).toHaveLength(DEVICES);
      expect(
        late.every((l) => /^Mancato check-in 08:00–10:00: in ritardo di 3 min$/.test(l.text ?? '')),
      ).toBe(true);
    } finally {
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
    }
  }, 90_000);

  it('a process killed (-9) in the middle of its batch, uncommitted: the next one raises each window once', async () => {
    await database.db
      .update(sos)
      .set({ state: 'CLOSED', closedAt: sql`now()` })
      .where(inArray(sos.deviceId, ids));
    const before = await newSosCount();
    const a = spawnServer({ DATABASE_URL: url, SOS_JWT_SECRET: TEST_ENV.SOS_JWT_SECRET! });
    const holder = new pg.Client({ connectionString: url });
    try {
      await waitForUrl(a);
      // The outbox's lock, held here once A runs (its start reads the outbox): A's engine, at
      // its next poll (2 s at most), stops where it raises (its claim held, its windows
      // rescheduled and their misses recorded), uncommitted.
      await holder.connect();
      await holder.query('SELECT pg_advisory_lock($1)', [OUTBOX_ORDER_LOCK_KEY]);
      await windowsEnded(60);
      const waiting = await engineBlockedOnOutbox(holder, ids);
      a.child.kill('SIGKILL');
      await a.exited;
      await holder.query('SELECT pg_advisory_unlock($1)', [OUTBOX_ORDER_LOCK_KEY]);
      // Its backend finishes the statement, finds its client gone and rolls everything back.
      await until(
        "the killed process's backend gone",
        async () => ((await isBackendAlive(holder, waiting)) ? undefined : true),
        30_000,
      );
      expect(await openSosCount()).toBe(0);
    } finally {
      if (a.child.exitCode === null) a.child.kill('SIGKILL');
      await holder.end();
    }
    const b = spawnServer({ DATABASE_URL: url, SOS_JWT_SECRET: TEST_ENV.SOS_JWT_SECRET! });
    try {
      await until(
        'an open SOS for every device',
        async () => ((await openSosCount()) === DEVICES ? true : undefined),
        30_000,
      );
      // A raise the dead process had left behind would show as a duplicate now.
      await sleep(2500);
      expect(await newSosCount()).toBe(before + DEVICES);
      expect(await openSosCount()).toBe(DEVICES);
    } finally {
      b.child.kill('SIGTERM');
      await b.exited;
    }
  }, 90_000);
});
