import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { API_KEY_HEADER, apiPath, deviceSchema } from '@sos/contract';
import { buildApp } from '../../../src/app.js';
import { openPostgres } from '../../../src/db/client.js';
import { devices } from '../../../src/db/schema.js';
import { rowsOf } from '../../../src/db/rows.js';
import { createTestApp, describeEachDb, TEST_ENV, type TestContext } from '../../helpers/app.js';
import { deleteDevice, eventsAfter, lastEventId, register } from '../../routes/device/fixtures.js';
import { beat } from './fixtures.js';

/** Heartbeats coalesced in batches (devices/health/heartbeats.ts), through the device API. */
describeEachDb('heartbeats in batches', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const registerAll = async (serials: string[]) => {
    const ids = new Map<string, number>();
    for (const serial of serials)
      ids.set(serial, deviceSchema.parse((await register(ctx, serial)).json()).id);
    return ids;
  };
  const dbNow = async () =>
    new Date(
      rowsOf<{ now: string }>(await ctx.database.db.execute(sql`SELECT now()::text AS now`))[0]!
        .now,
    );

  it('answers every one of many concurrent heartbeats 204, written in few statements', async () => {
    const serials = Array.from({ length: 100 }, (_, i) => `fleet-${i}`);
    const ids = await registerAll(serials);
    await ctx.database.db
      .update(devices)
      .set({ lastSeenAt: new Date('2020-01-01T00:00:00Z') })
      .where(inArray(devices.id, [...ids.values()]));
    const statementsBefore = ctx.app.heartbeats.batches;
    const before = await dbNow();
    // Three rounds per device, all at once; the battery of the last call issued wins.
    const calls = [1, 2, 3].flatMap((round) => serials.map((s) => beat(ctx, s, round * 10)));
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode);
    const after = await dbNow();
    expect(statuses.filter((s) => s !== 204)).toEqual([]);
    // 300 heartbeats: one UPDATE each before; now a handful of batches.
    expect(ctx.app.heartbeats.batches - statementsBefore).toBeLessThan(calls.length / 5);
    const rows = await ctx.database.db
      .select()
      .from(devices)
      .where(inArray(devices.id, [...ids.values()]));
    for (const row of rows) {
      // The last contact is when the heartbeat was written: within the calls, to the second.
      expect(row.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(
        Math.floor(before.getTime() / 1000) * 1000,
      );
      expect(row.lastSeenAt!.getTime()).toBeLessThanOrEqual(after.getTime());
      expect(row.online).toBe(true);
    }
  });

  it('keeps the last battery reported, and a heartbeat without one keeps it', async () => {
    const [id] = (await registerAll(['fleet-battery'])).values();
    expect((await beat(ctx, 'fleet-battery', 40)).statusCode).toBe(204);
    expect((await beat(ctx, 'fleet-battery', 35)).statusCode).toBe(204);
    expect((await beat(ctx, 'fleet-battery')).statusCode).toBe(204);
    const [row] = await ctx.database.db.select().from(devices).where(eq(devices.id, id!));
    expect(row!.batteryPct).toBe(35);
  });

  it('answers an unknown serial 404 and a deleted device 403 in the same batch as known ones', async () => {
    const ids = await registerAll(['fleet-known', 'fleet-deleted']);
    expect((await deleteDevice(ctx, ids.get('fleet-deleted')!)).statusCode).toBeLessThan(300);
    const [known, unknown, deleted] = await Promise.all([
      beat(ctx, 'fleet-known', 80),
      beat(ctx, 'fleet-nobody', 80),
      beat(ctx, 'fleet-deleted', 80),
    ]);
    expect(known!.statusCode).toBe(204);
    expect(unknown!.statusCode).toBe(404);
    expect(unknown!.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(deleted!.statusCode).toBe(403);
    expect(deleted!.json()).toMatchObject({ code: 'DEVICE_DELETED' });
  });

  it('brings an offline device back online with one device-online event, however many beat at once', async () => {
    const [id] = (await registerAll(['fleet-back'])).values();
    expect((await beat(ctx, 'fleet-back')).statusCode).toBe(204);
    await ctx.database.db.update(devices).set({ online: false }).where(eq(devices.id, id!));
    const from = await lastEventId(ctx);
    // A second process on the same PostgreSQL beats for the same device at the same time.
    // (Embedded: a second app on the one database handle; it has a single process.)
    const other =
      ctx.databaseUrl === undefined
        ? await buildApp({ env: TEST_ENV, database: ctx.database, closeDatabase: false })
        : await buildApp({ env: TEST_ENV, database: await openPostgres(ctx.databaseUrl, 3) });
    try {
      const inject = (app: typeof ctx.app) =>
        app.inject({
          method: 'POST',
          url: apiPath('deviceHeartbeat'),
          headers: { [API_KEY_HEADER]: ctx.apiKey },
          payload: { serial: 'fleet-back' },
        });
      const results = await Promise.all(
        [ctx.app, other].flatMap((app) => Array.from({ length: 10 }, () => inject(app))),
      );
      expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 204));
    } finally {
      await other.close();
    }
    const online = (await eventsAfter(ctx, from)).filter((e) => e.type === 'device-online');
    expect(online).toHaveLength(1);
    expect(online[0]!.data).toMatchObject({ id, serial: 'fleet-back', online: true });
  });

  it('writes the pending heartbeats when the app closes', async () => {
    const [id] = (await registerAll(['fleet-close'])).values();
    await ctx.database.db
      .update(devices)
      .set({ lastSeenAt: new Date('2020-01-01T00:00:00Z'), batteryPct: 90 })
      .where(eq(devices.id, id!));
    // A second app on the same database, with an interval long enough that only close writes.
    const app = await buildApp({
      env: TEST_ENV,
      database: ctx.database,
      closeDatabase: false,
      heartbeats: { intervalMs: 3_600_000 },
    });
    await app.ready();
    // Straight into the coalescer, so the heartbeat surely waits in a batch when close begins.
    const answered = app.heartbeats.record('fleet-close', 12);
    await app.close();
    await answered;
    const [row] = await ctx.database.db.select().from(devices).where(eq(devices.id, id!));
    expect(row!.batteryPct).toBe(12);
    expect(row!.lastSeenAt!.getTime()).toBeGreaterThan(Date.parse('2021-01-01T00:00:00Z'));
  });
});
