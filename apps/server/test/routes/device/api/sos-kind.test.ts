import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, IDEMPOTENCY_KEY_HEADER, sosSchema, sosTimelineSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../../helpers/app.js';
import { deviceHeaders, eventsAfter, lastEventId, register } from '../fixtures.js';

describeOnOneDb('POST /api/device/sos with a kind', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const raise = (serial: string, body: Record<string, unknown> = {}, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath('deviceSos'),
      headers: { ...deviceHeaders(ctx), ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) },
      payload: { serial, ...body },
    });
  const timeline = async (sosId: number) =>
    sosTimelineSchema
      .parse(
        (
          await ctx.app.inject({
            url: `${apiPath('sosTimeline')}?sosId=${sosId}`,
            headers: ctx.bearer(ctx.employee.token),
          })
        ).json(),
      )
      .map((e) => [e.type, e.text]);

  it('raises an SOS of the kind sent, from HTTP; PANIC when none is sent', async () => {
    await register(ctx, 'k-fire');
    await register(ctx, 'k-plain');
    const fire = await raise('k-fire', { kind: 'FIRE' });
    expect(fire.statusCode).toBe(201);
    expect(sosSchema.parse(fire.json())).toMatchObject({
      kind: 'FIRE',
      source: { protocol: 'HTTP', code: null, detail: null },
    });
    expect(sosSchema.parse((await raise('k-plain')).json()).kind).toBe('PANIC');
  });

  it('refuses an unknown kind with a 400 naming the field, and raises nothing', async () => {
    await register(ctx, 'k-bad');
    const before = await lastEventId(ctx);
    for (const bad of ['fire', 'SMOKE', 3, null, '']) {
      const res = await raise('k-bad', { kind: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('kind'),
      });
    }
    expect(await eventsAfter(ctx, before)).toEqual([]);
    expect((await raise('k-bad')).statusCode).toBe(201);
  });

  it('a differing kind on the open SOS: DEVICE_EVENT, the kind by severity, sos-updated and sos-realerted; a plain repeat stays as it was', async () => {
    await register(ctx, 'k-up');
    const raised = sosSchema.parse((await raise('k-up', {}, 'first')).json());
    let before = await lastEventId(ctx);
    // Plain repeats: no kind, the same kind, the same Idempotency-Key.
    for (const res of [
      await raise('k-up'),
      await raise('k-up', { kind: 'PANIC' }),
      await raise('k-up', {}, 'first'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(raised);
    }
    expect(await eventsAfter(ctx, before)).toEqual([]);
    const upgraded = await raise('k-up', { kind: 'MEDICAL' });
    expect(upgraded.statusCode).toBe(200);
    const sos = sosSchema.parse(upgraded.json());
    expect(sos).toMatchObject({
      id: raised.id,
      state: 'OPEN',
      kind: 'MEDICAL',
      kinds: ['PANIC', 'MEDICAL'],
      source: { protocol: 'HTTP' },
    });
    expect(await eventsAfter(ctx, before)).toEqual([
      { type: 'sos-updated', data: sos },
      { type: 'sos-realerted', data: sos },
    ]);
    before = await lastEventId(ctx);
    // A lesser kind is told on the timeline (and re-alerts) but never replaces a graver one.
    expect(sosSchema.parse((await raise('k-up', { kind: 'INTRUSION' })).json()).kind).toBe(
      'MEDICAL',
    );
    expect((await eventsAfter(ctx, before)).map((e) => e.type)).toEqual([
      'sos-updated',
      'sos-realerted',
    ]);
    expect(await timeline(raised.id)).toEqual([
      ['RAISED', null],
      ['DEVICE_EVENT', 'Emergenza medica'],
      ['DEVICE_EVENT', 'Intrusione'],
    ]);
  });
});
