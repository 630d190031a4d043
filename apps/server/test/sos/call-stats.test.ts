import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiPath,
  historyPageSchema,
  sosStatsSchema,
  type CallResult,
  type CallTarget,
} from '@sos/contract';
import { sosTimeline } from '../../src/db/schema.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { deviceWithOpenSos } from '../routes/device/fixtures.js';
import { closeWith, logCall, putProfile } from '../routes/sos/handling-fixtures.js';
import { seedSos } from '../routes/sos/reporting-fixtures.js';

type Call = [CallTarget, CallResult];

describeEachDb('calls in the stats, the history and its CSV', (kind) => {
  let ctx: TestContext;
  let ids: number[];
  /** Calls as POST /api/sos/call leaves them, on seeded SOS at fixed times. */
  const seedCalls = async (sosId: number, calls: Call[]) => {
    for (const [to, result] of calls) {
      await ctx.database.db.insert(sosTimeline).values({
        sosId,
        type: 'CALL',
        byUsername: 'maria',
        callTo: to,
        callContactIndex: to === 'CONTACT' ? 0 : null,
        callName: 'Nome',
        callPhone: '+39 011 555 0101',
        callResult: result,
      });
    }
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    ids = await seedSos(ctx, [
      { raised: '2026-04-10T08:00:00Z', closeAfterS: 600, closedBy: 'maria' }, // A
      { raised: '2026-04-10T09:00:00Z', closeAfterS: 600, closedBy: 'maria' }, // B
      { raised: '2026-04-10T10:00:00Z', closeAfterS: 600, closedBy: 'maria' }, // C: no call
      { raised: '2026-04-09T10:00:00Z', closeAfterS: 600, closedBy: 'maria' }, // D: the day before
      { raised: '2026-04-12T10:00:00Z', closeAfterS: 600, closedBy: 'maria' }, // E: only the resident
    ]);
    const [a, b, , d, e] = ids as [number, number, number, number, number];
    await seedCalls(a, [
      ['RESIDENT', 'NO_ANSWER'],
      ['CONTACT', 'NO_ANSWER'],
      ['CONTACT', 'ANSWERED'],
    ]);
    await ctx.database.db
      .insert(sosTimeline)
      .values({ sosId: a, type: 'NOTE', byUsername: 'maria', text: 'non è una chiamata' });
    // The resident's ANSWERED is a call, but not a contact reached.
    await seedCalls(b, [
      ['CONTACT', 'BUSY'],
      ['RESIDENT', 'ANSWERED'],
    ]);
    await seedCalls(d, [
      ['CONTACT', 'ANSWERED'],
      ['CONTACT', 'ANSWERED'],
      ['CONTACT', 'ANSWERED'],
    ]);
    await seedCalls(e, [['RESIDENT', 'VOICEMAIL']]);
  });
  afterAll(async () => ctx.close());

  const get = (path: 'sosStats' | 'sosHistory' | 'sosHistoryCsv', query: string) =>
    ctx.app.inject({ url: `${apiPath(path)}${query}`, headers: ctx.bearer(ctx.admin.token) });
  const stats = async (query: string) =>
    sosStatsSchema.parse((await get('sosStats', query)).json());

  it('callsPerSos: calls on the SOS raised in the range ÷ those SOS; contactReachedPct: ANSWERED ÷ CONTACT calls', async () => {
    // A, B, C: 5 calls on 3 SOS (the note is no call); contact calls NO_ANSWER, ANSWERED, BUSY.
    expect(await stats('?from=2026-04-10&to=2026-04-10')).toMatchObject({
      total: 3,
      callsPerSos: 1.7,
      contactReachedPct: 33.3,
    });
    // With D: 8 calls on 4 SOS, 4 of 6 contact calls answered.
    expect(await stats('?from=2026-04-09&to=2026-04-10')).toMatchObject({
      callsPerSos: 2,
      contactReachedPct: 66.7,
    });
  });

  it('is null without SOS, 0 calls per SOS without calls, and no reach without contact calls', async () => {
    expect(await stats('?from=2026-04-20&to=2026-04-21')).toMatchObject({
      total: 0,
      callsPerSos: null,
      contactReachedPct: null,
    });
    expect(await stats('?from=2026-04-10T10:00:00Z&to=2026-04-10T11:00:00Z')).toMatchObject({
      total: 1,
      callsPerSos: 0,
      contactReachedPct: null,
    });
    expect(await stats('?from=2026-04-12&to=2026-04-12')).toMatchObject({
      callsPerSos: 1,
      contactReachedPct: null,
    });
  });

  it('gives each history row its number of calls, and the CSV the same as its last column', async () => {
    const page = historyPageSchema.parse(
      (await get('sosHistory', '?from=2026-04-09&to=2026-04-12')).json(),
    );
    const byId = new Map(page.items.map((item) => [item.id, item.calls]));
    expect(ids.map((id) => byId.get(id))).toEqual([3, 2, 0, 3, 1]);
    const csv = (await get('sosHistoryCsv', '?from=2026-04-09&to=2026-04-12')).body.split('\r\n');
    expect(csv[0]!.endsWith(',note,calls')).toBe(true);
    const csvCalls = new Map(
      csv.slice(1, -1).map((line) => [Number(line.split(',')[0]), Number(line.split(',').at(-1))]),
    );
    expect(ids.map((id) => csvCalls.get(id))).toEqual([3, 2, 0, 3, 1]);
  });

  it('counts the calls an operator logged through the API once the SOS is closed', async () => {
    const { sosId, deviceId } = await deviceWithOpenSos(ctx, 'history-calls');
    await putProfile(ctx, deviceId, {
      phone: '+39 011 555 0101',
      contacts: [{ name: 'Marco', phone: '333 1234567' }],
    });
    await logCall(ctx, sosId, ctx.employee.token, { to: 'RESIDENT', result: 'NO_ANSWER' });
    await logCall(ctx, sosId, ctx.employee.token, {
      to: 'CONTACT',
      contactIndex: 0,
      result: 'ANSWERED',
    });
    await closeWith(ctx, sosId, ctx.employee.token, { outcome: 'ASSISTANCE_SENT' });
    const page = historyPageSchema.parse((await get('sosHistory', `?deviceId=${deviceId}`)).json());
    expect(page.items.map((item) => [item.id, item.calls])).toEqual([[sosId, 2]]);
  });
});
