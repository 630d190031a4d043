import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import { users } from '../../src/db/schema.js';
import { rowsOf } from '../../src/db/rows.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { deviceWithOpenSos } from '../routes/device/fixtures.js';
import { call, recorded } from './fixtures.js';

/**
 * A database error in the middle of an audited transaction: the change and its record go
 * together. Triggers fail either the change itself (before the record is written) or, at
 * commit, the record (after the change was written).
 */
describeEachDb('audit log: a change and its record commit or roll back together', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    // One statement per call: PGlite's extended protocol takes no more.
    for (const statement of [
      `CREATE FUNCTION test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`,
      `CREATE TRIGGER test_fail_user BEFORE INSERT ON users FOR EACH ROW
        WHEN (NEW.username = 'doomed-change') EXECUTE FUNCTION test_fail()`,
      `CREATE CONSTRAINT TRIGGER test_fail_record AFTER INSERT ON audit_log DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW WHEN (NEW.target_label = 'doomed-record') EXECUTE FUNCTION test_fail()`,
    ]) {
      await ctx.database.db.execute(sql.raw(statement));
    }
  });
  afterAll(async () => ctx.close());

  const create = (username: string) =>
    call(ctx, 'POST', apiPath('employee'), ctx.admin.token, {
      username,
      email: `${username}@example.it`,
      password: 'a-long-password',
    });
  const userNamed = async (username: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.username, username))).length;

  it('writes no record when the change fails mid-transaction', async () => {
    const records = await recorded(ctx, async () =>
      expect((await create('doomed-change')).statusCode).toBe(500),
    );
    expect(records).toEqual([]);
    expect(await userNamed('doomed-change')).toBe(0);
  });

  it('keeps no change when its record fails at commit', async () => {
    const records = await recorded(ctx, async () =>
      expect((await create('doomed-record')).statusCode).toBe(500),
    );
    expect(records).toEqual([]);
    expect(await userNamed('doomed-record')).toBe(0);
    // The same path still works for everybody else.
    expect((await create('lucky')).statusCode).toBe(201);
  });

  it('leaves an SOS open and unacknowledged when the record of its close or take-charge fails', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'r-1');
    await ctx.database.db.execute(
      sql.raw(`
      CREATE CONSTRAINT TRIGGER test_fail_sos AFTER INSERT ON audit_log DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW WHEN (NEW.target_label = 'SOS #${sosId}') EXECUTE FUNCTION test_fail()`),
    );
    const state = async () =>
      rowsOf<{ state: string; acked: boolean }>(
        await ctx.database.db.execute(
          sql`SELECT state, acknowledged_at IS NOT NULL AS acked FROM sos WHERE id = ${sosId}`,
        ),
      )[0];
    const attempts = [
      () => call(ctx, 'POST', `${apiPath('sosAck')}?sosId=${sosId}`, ctx.employee.token),
      () =>
        call(ctx, 'POST', `${apiPath('sosNote')}?sosId=${sosId}`, ctx.employee.token, {
          text: 'nota',
        }),
      () => call(ctx, 'PATCH', `${apiPath('sosClose')}?sosId=${sosId}`, ctx.employee.token),
    ];
    for (const attempt of attempts) {
      expect(
        await recorded(ctx, async () => expect((await attempt()).statusCode).toBe(500)),
      ).toEqual([]);
    }
    expect(await state()).toEqual({ state: 'OPEN', acked: false });
    const timeline = await call(
      ctx,
      'GET',
      `${apiPath('sosTimeline')}?sosId=${sosId}`,
      ctx.employee.token,
    );
    expect(timeline.json<{ type: string }[]>().map((e) => e.type)).toEqual(['RAISED']);
  });
});
