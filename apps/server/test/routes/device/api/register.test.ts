import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, deviceSchema, errorResponseSchema, liveEventSchemas } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../../helpers/app.js';
import {
  deleteDevice,
  deviceHeaders,
  deviceWithOpenSos,
  eventsAfter,
  lastEventId,
  register,
} from '../fixtures.js';

describeOnOneDb('POST /api/device/register', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  it('creates a new device with 201 and announces it', async () => {
    const before = await lastEventId(ctx);
    const res = await register(ctx, 'reg-new-1', 'Reception');
    expect(res.statusCode).toBe(201);
    const device = deviceSchema.parse(res.json());
    expect(device).toMatchObject({ serial: 'reg-new-1', displayName: 'Reception', lastSos: null });
    expect(device.lastSeenAt).not.toBeNull();
    const written = await eventsAfter(ctx, before);
    expect(written).toEqual([{ type: 'device-registered', data: device }]);
    liveEventSchemas['device-registered'].parse(written[0]?.data);
  });

  it('answers 200 with the same device for a known serial, without an event when the name is unchanged', async () => {
    const first = deviceSchema.parse((await register(ctx, 'reg-known', 'Hall')).json());
    const before = await lastEventId(ctx);
    const again = await register(ctx, 'reg-known', 'Hall');
    expect(again.statusCode).toBe(200);
    expect(deviceSchema.parse(again.json()).id).toBe(first.id);
    expect(await eventsAfter(ctx, before)).toEqual([]);
  });

  it('renames a known serial and announces the rename, keeping its open SOS', async () => {
    const { deviceId, sosId } = await deviceWithOpenSos(ctx, 'reg-rename', 'Old name');
    const before = await lastEventId(ctx);
    const res = await register(ctx, 'reg-rename', 'New name');
    expect(res.statusCode).toBe(200);
    const device = deviceSchema.parse(res.json());
    expect(device).toMatchObject({ id: deviceId, displayName: 'New name' });
    expect(device.lastSos).toMatchObject({
      id: sosId,
      device: { id: deviceId, displayName: 'New name' },
    });
    expect(await eventsAfter(ctx, before)).toEqual([{ type: 'device-renamed', data: device }]);
  });

  it('trims the serial and the name', async () => {
    const res = await register(ctx, '  reg-trim  ', '  Kitchen ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ serial: 'reg-trim', displayName: 'Kitchen' });
  });

  it('refuses a deleted serial with 403 DEVICE_DELETED and writes no event', async () => {
    const id = (await register(ctx, 'reg-deleted')).json<{ id: number }>().id;
    expect((await deleteDevice(ctx, id)).statusCode).toBe(204);
    const before = await lastEventId(ctx);
    const res = await register(ctx, 'reg-deleted', 'Back again');
    expect(res.statusCode).toBe(403);
    expect(errorResponseSchema.parse(res.json()).code).toBe('DEVICE_DELETED');
    expect(res.json().message).toMatch(/deleted by an administrator/);
    expect(await eventsAfter(ctx, before)).toEqual([]);
  });

  describe('bad input', () => {
    const post = (payload: string | object, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: apiPath('deviceRegister'),
        headers: { ...deviceHeaders(ctx), 'content-type': 'application/json', ...headers },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });

    it.each([
      ['malformed JSON', '{"serial": "x",', 'BAD_REQUEST', /not valid JSON/],
      ['a missing serial', { displayName: 'A' }, 'VALIDATION_ERROR', /body\.serial/],
      ['a missing name', { serial: 'reg-x' }, 'VALIDATION_ERROR', /body\.displayName/],
      ['a numeric serial', { serial: 12, displayName: 'A' }, 'VALIDATION_ERROR', /body\.serial/],
      [
        'a blank name',
        { serial: 'reg-x', displayName: '   ' },
        'VALIDATION_ERROR',
        /body\.displayName/,
      ],
      [
        'a serial too long',
        { serial: 'a'.repeat(65), displayName: 'A' },
        'VALIDATION_ERROR',
        /body\.serial/,
      ],
      [
        'a name too long',
        { serial: 'reg-x', displayName: 'n'.repeat(101) },
        'VALIDATION_ERROR',
        /body\.displayName/,
      ],
      [
        'a serial with a space',
        { serial: 'reg x', displayName: 'A' },
        'VALIDATION_ERROR',
        /body\.serial/,
      ],
      [
        'a serial with a slash',
        { serial: 'reg/x', displayName: 'A' },
        'VALIDATION_ERROR',
        /body\.serial/,
      ],
      [
        'a serial with an accent',
        { serial: 'règ', displayName: 'A' },
        'VALIDATION_ERROR',
        /body\.serial/,
      ],
      [
        'a name with a NUL character',
        { serial: 'reg-x', displayName: 'a\u0000b' },
        'VALIDATION_ERROR',
        /body\.displayName/,
      ],
      [
        'a name with a line break',
        { serial: 'reg-x', displayName: 'a\nb' },
        'VALIDATION_ERROR',
        /body\.displayName/,
      ],
      [
        'a name with a lone surrogate',
        '{"serial":"reg-x","displayName":"a\\ud800b"}',
        'VALIDATION_ERROR',
        /body\.displayName/,
      ],
      ['an array body', [], 'VALIDATION_ERROR', /body/],
    ])('refuses %s with 400', async (_name, payload, code, message) => {
      const before = await lastEventId(ctx);
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, message: expect.stringMatching(message) });
      expect(await eventsAfter(ctx, before)).toEqual([]);
    });

    it('refuses a non-JSON content type with 415', async () => {
      const res = await post('serial=a', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });
  });
});
