import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, historyPageSchema, sosHistorySchema, type HistoryPage } from '@sos/contract';
import { encodeCursor } from '../../../src/sos/history-cursor.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { seedDevice, seedSos, type SeededSos } from './reporting-fixtures.js';

describeOnOneDb('GET /api/sos/history (paged)', (kind) => {
  let ctx: TestContext;
  let kitchen: number;
  let hall: number;
  /** Every seeded closed SOS's id, in the history's order (newest closure first, then id). */
  let expected: number[];
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    kitchen = await seedDevice(ctx, 'Kitchen');
    hall = await seedDevice(ctx, 'Hall');
    const list: SeededSos[] = [];
    for (let i = 0; i < 30; i++) {
      list.push({
        // Pairs share their closure time to the microsecond: the id breaks the tie.
        raised: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2), 12)).toISOString(),
        closeAfterS: 60,
        deviceId: i % 3 === 0 ? hall : kitchen,
        outcome: i % 5 === 0 ? 'FALSE_ALARM' : 'ASSISTANCE_SENT',
      });
    }
    const ids = await seedSos(ctx, list);
    expected = ids
      .map((id, i) => ({ id, at: Math.floor(i / 2) }))
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .map((r) => r.id);
    await seedSos(ctx, [
      { raised: '2026-01-05T12:00:00Z', deviceId: await seedDevice(ctx, 'Open one') },
    ]);
  });
  afterAll(async () => ctx.close());

  const get = (query: string, token = ctx.admin.token) =>
    ctx.app.inject({ url: `${apiPath('sosHistory')}${query}`, headers: ctx.bearer(token) });
  const page = async (query: string): Promise<HistoryPage> => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return historyPageSchema.parse(res.json());
  };

  it('visits every closed SOS once, in order, while others are closed during the paging', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const current: HistoryPage = await page(`?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...current.items.map((s) => s.id));
      cursor = current.nextCursor;
      pages += 1;
      // A newer closure lands on page one, never in the pages still to come.
      if (pages === 2)
        await seedSos(ctx, [
          { raised: new Date().toISOString(), closeAfterS: 0, deviceId: kitchen },
        ]);
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(expected);
    expect((await page('?limit=7')).total).toBe(31);
  });

  it('answers 20 by default, the same SOS JSON as getAll (and its calls), and a total over every page', async () => {
    const first = await page('');
    expect(first.items).toHaveLength(20);
    const all = sosHistorySchema.parse(
      (
        await ctx.app.inject({ url: apiPath('sosGetAll'), headers: ctx.bearer(ctx.admin.token) })
      ).json(),
    );
    expect(first.items).toEqual(all.slice(0, 20).map((sos) => ({ ...sos, calls: 0 })));
    expect(first.total).toBe(all.length);
  });

  it('filters by outcome, device and raise day (Rome days)', async () => {
    const falseAlarms = await page('?outcome=FALSE_ALARM&limit=500');
    expect(falseAlarms.total).toBe(6);
    expect(falseAlarms.items.every((s) => s.id && expected.includes(s.id))).toBe(true);
    const halls = await page(`?deviceId=${hall}&limit=500`);
    expect(halls.total).toBe(10);
    expect(halls.items.every((s) => s.device.displayName === 'Hall')).toBe(true);
    // 2026-01-02 and 03 in Rome: the SOS raised at 12:00Z on those days (two a day).
    const days = await page('?from=2026-01-02&to=2026-01-03');
    expect(days.items.map((s) => s.dateCreated.slice(0, 10))).toEqual([
      '2026-01-03',
      '2026-01-03',
      '2026-01-02',
      '2026-01-02',
    ]);
    const instants = await page('?from=2026-01-02T12:00:00Z&to=2026-01-02T12:00:01Z');
    expect(instants.total).toBe(2);
    const combined = await page(
      `?from=2026-01-01&to=2026-01-06&deviceId=${hall}&outcome=FALSE_ALARM`,
    );
    expect(combined.items.map((s) => s.dateCreated.slice(0, 10))).toEqual(['2026-01-01']); // i = 0 only
  });

  it('finds one SOS by its id (the audit log opens it), and none for an unknown id', async () => {
    const one = await page(`?sosId=${expected[0]}`);
    expect(one.items.map((s) => s.id)).toEqual([expected[0]]);
    expect(one.total).toBe(1);
    expect((await page('?sosId=999999')).items).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=501', 'limit'],
    ['?limit=ten', 'limit'],
    ['?outcome=LOST', 'outcome'],
    ['?deviceId=-1', 'deviceId'],
    ['?sosId=x', 'sosId'],
    ['?from=tomorrow', 'from'],
    ['?cursor=not-a-cursor', 'cursor'],
    [`?cursor=${Buffer.from('2026-01-01|1').toString('base64url')}`, 'cursor'],
    [`?cursor=${encodeCursor({ closedAt: '2026-13-45T99:00:00.000000Z', id: 1 })}`, 'cursor'],
  ])('refuses %s with a 400 naming the parameter', async (query, name) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toContain(name);
  });

  it('takes limit 500 (the most) and 1', async () => {
    expect((await page('?limit=500')).items).toHaveLength(31);
    const one = await page('?limit=1');
    expect(one.items).toHaveLength(1);
    expect(one.nextCursor).not.toBeNull();
  });

  it('is for super administrators only', async () => {
    expect((await get('', ctx.employee.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: apiPath('sosHistory') })).statusCode).toBe(401);
  });
});
