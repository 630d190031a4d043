import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPath,
  deviceListSchema,
  errorResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  sosSchema,
} from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../../helpers/app.js';
import {
  closeSos,
  deleteDevice,
  deviceHeaders,
  eventsAfter,
  lastEventId,
  raiseSos,
  register,
} from '../fixtures.js';

describeOnOneDb('POST /api/device/sos', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const listDevices = async () =>
    deviceListSchema.parse(
      (
        await ctx.app.inject({ url: apiPath('deviceGetAll'), headers: ctx.bearer(ctx.admin.token) })
      ).json(),
    );

  it('raises a new open SOS with 201, announces it and records the contact', async () => {
    const device = (await register(ctx, 'sos-new', 'Lab')).json<{
      id: number;
      lastSeenAt: string;
    }>();
    const before = await lastEventId(ctx);
    const res = await raiseSos(ctx, 'sos-new');
    expect(res.statusCode).toBe(201);
    const sos = sosSchema.parse(res.json());
    expect(sos).toMatchObject({
      state: 'OPEN',
      dateClosed: null,
      closedBy: null,
      device: { id: device.id, displayName: 'Lab' },
    });
    expect(await eventsAfter(ctx, before)).toEqual([{ type: 'new-sos', data: sos }]);
    const listed = (await listDevices()).find((d) => d.id === device.id);
    expect(listed?.lastSos).toEqual(sos);
    expect(Date.parse(listed!.lastSeenAt!)).toBeGreaterThanOrEqual(Date.parse(device.lastSeenAt));
  });

  it('answers 200 with the same SOS while it is open, without a new event', async () => {
    await register(ctx, 'sos-repeat');
    const first = sosSchema.parse((await raiseSos(ctx, 'sos-repeat')).json());
    const before = await lastEventId(ctx);
    const again = await raiseSos(ctx, 'sos-repeat');
    expect(again.statusCode).toBe(200);
    expect(sosSchema.parse(again.json()).id).toBe(first.id);
    expect(await eventsAfter(ctx, before)).toEqual([]);
  });

  it('raises a new SOS once the previous one is closed', async () => {
    await register(ctx, 'sos-after-close');
    const first = sosSchema.parse((await raiseSos(ctx, 'sos-after-close')).json());
    expect((await closeSos(ctx, first.id)).statusCode).toBe(200);
    const second = await raiseSos(ctx, 'sos-after-close');
    expect(second.statusCode).toBe(201);
    expect(sosSchema.parse(second.json()).id).not.toBe(first.id);
  });

  it('keeps one open SOS per device when two calls race: one 201, one 200, same SOS', async () => {
    await register(ctx, 'sos-race');
    const before = await lastEventId(ctx);
    const [a, b] = await Promise.all([raiseSos(ctx, 'sos-race'), raiseSos(ctx, 'sos-race')]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 201]);
    expect(sosSchema.parse(a!.json()).id).toBe(sosSchema.parse(b!.json()).id);
    expect((await eventsAfter(ctx, before)).map((e) => e.type)).toEqual(['new-sos']);
  });

  it('keeps one open SOS per device under many racing calls with different keys', async () => {
    await register(ctx, 'sos-race-many');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => raiseSos(ctx, 'sos-race-many', `race-${i}`)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => sosSchema.parse(r.json()).id)).size).toBe(1);
  });

  describe('Idempotency-Key', () => {
    it('answers a repeated key with the same SOS, even after it was closed', async () => {
      await register(ctx, 'sos-key');
      const first = await raiseSos(ctx, 'sos-key', 'key-1');
      expect(first.statusCode).toBe(201);
      const sos = sosSchema.parse(first.json());
      expect((await closeSos(ctx, sos.id)).statusCode).toBe(200);
      const before = await lastEventId(ctx);
      const retry = await raiseSos(ctx, 'sos-key', 'key-1');
      expect(retry.statusCode).toBe(200);
      expect(sosSchema.parse(retry.json())).toMatchObject({ id: sos.id, state: 'CLOSED' });
      expect(await eventsAfter(ctx, before)).toEqual([]);
    });

    it('raises a new SOS for a new key once the previous one is closed', async () => {
      await register(ctx, 'sos-key-new');
      const first = sosSchema.parse((await raiseSos(ctx, 'sos-key-new', 'k-a')).json());
      await closeSos(ctx, first.id);
      const second = await raiseSos(ctx, 'sos-key-new', 'k-b');
      expect(second.statusCode).toBe(201);
      expect(sosSchema.parse(second.json()).id).not.toBe(first.id);
    });

    it('keeps keys per device: the same key on another device raises its own SOS', async () => {
      await register(ctx, 'sos-key-dev-a');
      await register(ctx, 'sos-key-dev-b');
      const a = sosSchema.parse((await raiseSos(ctx, 'sos-key-dev-a', 'shared')).json());
      const b = await raiseSos(ctx, 'sos-key-dev-b', 'shared');
      expect(b.statusCode).toBe(201);
      expect(sosSchema.parse(b.json()).id).not.toBe(a.id);
    });

    it.each([
      ['empty', ''],
      ['too long', 'k'.repeat(201)],
    ])('refuses an %s key with 400 naming the header', async (_name, key) => {
      await register(ctx, 'sos-key-bad');
      const res = await ctx.app.inject({
        method: 'POST',
        url: apiPath('deviceSos'),
        headers: { ...deviceHeaders(ctx), [IDEMPOTENCY_KEY_HEADER]: key },
        payload: { serial: 'sos-key-bad' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`headers.${IDEMPOTENCY_KEY_HEADER}`);
    });
  });

  it('refuses an unknown serial with 404 telling to register first', async () => {
    const before = await lastEventId(ctx);
    const res = await raiseSos(ctx, 'sos-never-registered');
    expect(res.statusCode).toBe(404);
    expect(errorResponseSchema.parse(res.json())).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/register the device first/),
    });
    expect(await eventsAfter(ctx, before)).toEqual([]);
  });

  it('refuses a deleted device with 403 DEVICE_DELETED, telling the consoles (docs/alarm-handling.md)', async () => {
    const id = (await register(ctx, 'sos-deleted')).json<{ id: number }>().id;
    await deleteDevice(ctx, id);
    const before = await lastEventId(ctx);
    const res = await raiseSos(ctx, 'sos-deleted');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('DEVICE_DELETED');
    expect(await eventsAfter(ctx, before)).toEqual([
      {
        type: 'device-deleted-sos',
        data: expect.objectContaining({ id, displayName: 'sos-deleted' }),
      },
    ]);
  });

  it.each([
    ['a missing serial', {}],
    ['a numeric serial', { serial: 42 }],
    ['a null serial', { serial: null }],
    ['a serial too long', { serial: 's'.repeat(65) }],
    ['a serial with bad characters', { serial: 'a;drop table' }],
  ])('refuses %s with 400 naming body.serial', async (_name, payload) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath('deviceSos'),
      headers: deviceHeaders(ctx),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('body.serial'),
    });
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath('deviceSos'),
      headers: { ...deviceHeaders(ctx), 'content-type': 'application/json' },
      payload: '{"serial":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });
});
