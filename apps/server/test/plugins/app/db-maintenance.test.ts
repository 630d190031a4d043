import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/rows.js';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';

/** 200 devices written four times over: ~600 dead row versions, past autovacuum's 50 + 20 %. */
async function churnDevices(ctx: TestContext) {
  const db = ctx.database.db;
  await db.execute(sql`INSERT INTO devices (serial, display_name, name_sort_key)
    SELECT 'CHURN-' || g, 'Churn ' || g, 'churn ' || lpad(g::text, 4, '0') FROM generate_series(1, 200) g`);
  for (let i = 0; i < 3; i++)
    await db.execute(
      sql`UPDATE devices SET display_name = display_name || '.' WHERE serial LIKE 'CHURN-%'`,
    );
  // Statistics reach pg_stat_user_tables at the next flush: force it.
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  await db.execute(sql`SELECT 1`);
}

async function devicesStats(ctx: TestContext) {
  await ctx.database.db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const result = await ctx.database.db.execute(sql`
    SELECT n_dead_tup::int AS dead, vacuum_count::int AS vacuums, analyze_count::int AS analyzes
    FROM pg_stat_user_tables WHERE relname = 'devices'`);
  return rowsOf<{ dead: number; vacuums: number; analyzes: number }>(result)[0]!;
}

describeEachDb('the embedded database is maintained as autovacuum would', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await churnDevices(ctx);
  });
  afterAll(async () => ctx.close());

  if (kind === 'embedded') {
    it('a table past the thresholds is vacuumed and analyzed, once', async () => {
      expect((await devicesStats(ctx)).dead).toBeGreaterThan(300);
      const done = await ctx.app.dbMaintenance.runNow();
      expect(done).toContainEqual({ table: 'devices', vacuum: true, analyze: true });
      const after = await devicesStats(ctx);
      expect(after).toMatchObject({ dead: 0, vacuums: 1, analyzes: 1 });
      // Nothing left to do for it until it changes again.
      expect((await ctx.app.dbMaintenance.runNow()).map((t) => t.table)).not.toContain('devices');
    });
  } else {
    it('PostgreSQL keeps its own autovacuum: the server runs nothing', async () => {
      expect(await ctx.app.dbMaintenance.runNow()).toEqual([]);
      expect((await devicesStats(ctx)).vacuums).toBe(0);
    });
  }
});
