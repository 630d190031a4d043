import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, sosStatsSchema, type PathName } from '@sos/contract';
import { encodeCursor } from '../../../src/sos/history-cursor.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { closeSos, raiseSos, register } from '../device/fixtures.js';

/**
 * Every route that takes a date (from, to, the history's cursor) refuses one outside
 * 1970-01-01…2100-12-31 with a 400 naming the field; nothing out of range reaches the
 * database, and the edges of the range are answered (docs/hardening.md).
 */
const ROUTES: PathName[] = ['sosStats', 'sosHistory', 'sosHistoryCsv'];
const OUT_OF_RANGE = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01',
  '0001-06-15T12:00:00+02:00',
  '1969-12-31',
  '2101-01-01',
  '9999-12-31',
  '9999-12-31T23:59:59Z',
];

describeOnOneDb('dates in queries', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await register(ctx, 'dates-1');
    await closeSos(ctx, (await raiseSos(ctx, 'dates-1')).json<{ id: number }>().id);
  });
  afterAll(async () => ctx.close());

  const get = (name: PathName, query: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${apiPath(name)}?${query}`,
      headers: ctx.bearer(ctx.admin.token),
    });

  for (const name of ROUTES) {
    for (const field of ['from', 'to'] as const) {
      it.each(OUT_OF_RANGE)(`${name}: ${field}=%s is a 400 naming ${field}`, async (value) => {
        const res = await get(name, `${field}=${encodeURIComponent(value)}`);
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
        expect(res.json().message).toContain(
          `querystring.${field}: must be a date from 1970-01-01 to 2100-12-31`,
        );
      });
    }

    it(`${name}: the edges of the range are answered`, async () => {
      const res = await get(name, 'from=2100-12-20&to=2100-12-31T23:59:59Z');
      expect(res.statusCode).toBe(200);
      const early = await get(name, 'from=1970-01-01&to=1970-01-10');
      expect(early.statusCode).toBe(200);
    });
  }

  it('stats up to the last instant of the range answer a valid report, day by day', async () => {
    const res = await get('sosStats', 'to=2100-12-31T23:59:59Z');
    expect(res.statusCode).toBe(200);
    expect(sosStatsSchema.safeParse(res.json()).success).toBe(true);
    // 23:59:59 UTC is already the next day in the server's Europe/Rome.
    expect(
      res
        .json()
        .byDay.map((d: { day: string }) => d.day)
        .slice(-2),
    ).toEqual(['2100-12-31', '2101-01-01']);
  });

  it.each([
    '0000-01-01T00:00:00.000000Z',
    '0001-01-01T00:00:00.000000Z',
    '9999-12-31T23:59:59.999999Z',
  ])('history: a cursor carrying %s is a 400 naming the cursor', async (closedAt) => {
    const res = await get('sosHistory', `cursor=${encodeCursor({ closedAt, id: 1 })}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().message).toMatch(/^cursor: /);
  });

  it('history: a cursor inside the range still pages', async () => {
    const res = await get(
      'sosHistory',
      `cursor=${encodeCursor({ closedAt: '2100-12-31T00:00:00.000000Z', id: 1 })}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
  });
});
