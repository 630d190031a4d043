import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sos } from '../../src/db/schema.js';
import { setSetting, SETTING_KEYS } from '../../src/db/settings.js';
import { msToNextDue } from '../../src/expectations/claim.js';
import { msToNextDeadline } from '../../src/sos/escalation/repository.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { deviceWithOpenSos } from '../routes/device/fixtures.js';

describeEachDb('the durable timers’ next due time (db/ms-until.ts)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await setSetting(ctx.app.db, SETTING_KEYS.ackTargetSeconds, '60');
  });
  afterAll(async () => ctx.close());

  it('an idle server runs no rounds between its polls: nothing pending is null, not "due now"', async () => {
    expect(await msToNextDeadline(ctx.app.db)).toBeNull();
    expect(await msToNextDue(ctx.app.db)).toBeNull();
    // Idle, each loop reads the database once a poll: in 1.5 s at most two push passes (1 s
    // poll, two reads each) and one round each of escalation and expectations (2 s), one more
    // of each for a timer late on a loaded machine. "Due now" ran a round every 50 ms: 60+.
    await ctx.app.escalation.settled();
    await ctx.app.push.settled();
    const execute = vi.spyOn(ctx.app.db, 'execute');
    const transaction = vi.spyOn(ctx.app.db, 'transaction');
    // A retry spies on the same spies: count this attempt's calls only.
    execute.mockClear();
    transaction.mockClear();
    await new Promise((r) => setTimeout(r, 1500));
    expect(execute.mock.calls.length + transaction.mock.calls.length).toBeLessThanOrEqual(10);
  });

  it('a pending SOS is due at its raise plus the target; one past it is due now (0)', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'ms-until');
    const ms = await msToNextDeadline(ctx.app.db);
    expect(ms).toBeGreaterThan(50_000);
    expect(ms).toBeLessThanOrEqual(60_000);
    await ctx.app.db
      .update(sos)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(sos.id, sosId));
    expect(await msToNextDeadline(ctx.app.db)).toBe(0);
  });
});
