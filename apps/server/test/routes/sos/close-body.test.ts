import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, sosSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { deviceWithOpenSos, eventsAfter, lastEventId, register } from '../device/fixtures.js';
import { closeWith } from './handling-fixtures.js';

describeOnOneDb('PATCH /api/sos/close with an outcome and a note', (kind) => {
  let ctx: TestContext;
  let serials = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const closeRaw = (sosId: number, headers: Record<string, string>, payload?: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `${apiPath('sosClose')}?sosId=${sosId}`,
      headers: { ...ctx.bearer(ctx.employee.token), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  it('keeps the outcome and the note in the SOS, its event and the history', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'close-outcome');
    const before = await lastEventId(ctx);
    const res = await closeWith(ctx, sosId, ctx.employee.token, {
      outcome: 'ASSISTANCE_SENT',
      note: 'Ambulanza partita',
    });
    expect(res.statusCode).toBe(200);
    const sos = sosSchema.parse(res.json());
    expect(sos).toMatchObject({
      state: 'CLOSED',
      outcome: 'ASSISTANCE_SENT',
      note: 'Ambulanza partita',
    });
    expect(await eventsAfter(ctx, before)).toEqual([{ type: 'new-sos-closed', data: sos }]);
    const history = await ctx.app.inject({
      url: apiPath('sosGetAll'),
      headers: ctx.bearer(ctx.admin.token),
    });
    expect(history.json()).toContainEqual(sos);
  });

  it.each([
    ['no body, no content type', {}, undefined],
    [
      'no body with JSON headers (docs/console.md)',
      { 'content-type': 'application/json' },
      undefined,
    ],
    ['an empty JSON body', { 'content-type': 'application/json' }, ''],
    ['{}', { 'content-type': 'application/json' }, '{}'],
    ['nulls', { 'content-type': 'application/json' }, '{"outcome":null,"note":null}'],
    ['an empty note', { 'content-type': 'application/json' }, '{"note":""}'],
  ])('closes with %s, without outcome or note', async (name, headers, payload) => {
    const { sosId } = await deviceWithOpenSos(ctx, `close-bodyless-${++serials}`);
    const res = await closeRaw(sosId, headers, payload);
    expect(res.statusCode).toBe(200);
    expect(sosSchema.parse(res.json())).toMatchObject({
      state: 'CLOSED',
      outcome: null,
      note: null,
    });
  });

  it('takes a note of 2,000 characters', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'close-long-note');
    const res = await closeWith(ctx, sosId, ctx.admin.token, { note: 'n'.repeat(2000) });
    expect(res.statusCode).toBe(200);
    expect(res.json().note).toHaveLength(2000);
  });

  it.each([
    ['an unknown outcome', { outcome: 'LOST' }, 'body.outcome'],
    ['a lower-case outcome', { outcome: 'test' }, 'body.outcome'],
    ['a note of 2,001 characters', { note: 'n'.repeat(2001) }, 'body.note'],
    ['a numeric note', { note: 7 }, 'body.note'],
    ['an array', [], 'body'],
  ])(
    'refuses %s with 400 naming the field, leaving the SOS open',
    async (_name, payload, field) => {
      const { sosId } = await deviceWithOpenSos(ctx, `close-bad-${++serials}`);
      const before = await lastEventId(ctx);
      const res = await closeWith(ctx, sosId, ctx.employee.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining(field),
      });
      expect(await eventsAfter(ctx, before)).toEqual([]);
    },
  );

  it('refuses malformed JSON 400, and still deletes a device with JSON headers and no body', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'close-malformed');
    expect(
      (await closeRaw(sosId, { 'content-type': 'application/json' }, '{"note":')).json(),
    ).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
    const poisoned = await closeRaw(
      sosId,
      { 'content-type': 'application/json' },
      '{"__proto__":{"x":1}}',
    );
    expect(poisoned.statusCode).toBe(400);
    const device = (await register(ctx, 'delete-json-headers')).json<{ id: number }>();
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `${apiPath('deviceDelete')}?id=${device.id}`,
      headers: { ...ctx.bearer(ctx.admin.token), 'content-type': 'application/json' },
    });
    expect(deleted.statusCode).toBe(204);
  });
});
