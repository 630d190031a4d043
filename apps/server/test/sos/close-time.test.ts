import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOpenSos } from '../../src/sos/close.js';
import { readTimeline } from '../../src/sos/timeline.js';
import { createTestApp, DB_KINDS, type TestContext } from '../helpers/app.js';
import { deviceWithOpenSos } from '../routes/device/fixtures.js';
import { addNote, logCall, putProfile } from '../routes/sos/handling-fixtures.js';

// Two transactions at once need two connections: PostgreSQL only.
const run = DB_KINDS.includes('postgres') ? describe : describe.skip;

run('the time of a close (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('postgres');
  });
  afterAll(async () => ctx.close());

  it('is after the notes and calls that committed while its transaction waited', async () => {
    const { sosId, deviceId } = await deviceWithOpenSos(ctx, 'close-time');
    const profile = { residentName: 'Anna Neri', phone: '+39 011 555 0199', contacts: [] };
    expect((await putProfile(ctx, deviceId, profile)).statusCode).toBe(200);
    await ctx.app.db.transaction(async (tx) => {
      // The close's transaction has begun (as one does before waiting for the chain's lock)…
      await tx.execute(sql`SELECT 1`);
      await new Promise((resolve) => setTimeout(resolve, 30));
      // …when an operator's note and call commit on other connections.
      expect(
        (await addNote(ctx, sosId, ctx.employee.token, { text: 'Richiamata' })).statusCode,
      ).toBe(201);
      const call = await logCall(ctx, sosId, ctx.employee.token, {
        to: 'RESIDENT',
        result: 'ANSWERED',
      });
      expect(call.statusCode).toBe(201);
      await closeOpenSos(tx, [{ id: sosId, closer: ctx.admin, closing: {} }]);
    });
    const timeline = await readTimeline(ctx.app.db, sosId);
    expect(timeline?.map((e) => e.type)).toEqual(['RAISED', 'NOTE', 'CALL', 'CLOSED']);
  });
});
