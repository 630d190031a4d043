import { eq, sql } from 'drizzle-orm';
import { deviceRepeats, devices } from '../../src/db/schema.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sosSchema } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import {
  closeSos,
  deleteDevice,
  eventsAfter,
  lastEventId,
  raiseSos,
  register,
} from '../routes/device/fixtures.js';
import { alarm, deviceBySerial, message, openSosOf, sosOf, technicalAlarmsOf } from './fixtures.js';

describeEachDb('the signal sink', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const accept = (m: Parameters<TestContext['app']['signalSink']['accept']>[0]) =>
    ctx.app.signalSink.accept(m);
  const types = async (since: number) => (await eventsAfter(ctx, since)).map((e) => e.type);

  it('registers an unknown device and raises an SOS of the kind and source it sent', async () => {
    const before = await lastEventId(ctx);
    expect(await accept(message('1A2B', [alarm('FIRE', '1110', 'zona 3')]))).toBe('committed');
    const device = await deviceBySerial(ctx, 'DC09-0-1A2B');
    expect(device).toMatchObject({ displayName: 'DC-09 1A2B', deletedAt: null });
    const open = await openSosOf(ctx, 'DC09-0-1A2B');
    expect(open).toMatchObject({
      state: 'OPEN',
      kind: 'FIRE',
      source: { protocol: 'DC09', code: '1110', detail: 'zona 3' },
      device: { id: device!.id, displayName: 'DC-09 1A2B' },
    });
    const written = await eventsAfter(ctx, before);
    expect(written.map((e) => e.type)).toEqual(['device-registered', 'new-sos']);
    expect(written[0]!.data).toMatchObject({ serial: 'DC09-0-1A2B', displayName: 'DC-09 1A2B' });
    expect(sosSchema.parse(written[1]!.data)).toEqual(open);
  });

  it('answers a repeat without a second effect, and a later message of the same device is new', async () => {
    const first = message('2B2B', [alarm('PANIC', '1120')], 'seq-0007');
    expect(await accept(first)).toBe('committed');
    const before = await lastEventId(ctx);
    expect(await accept({ ...first })).toBe('repeat');
    expect(await accept({ ...first, signals: [alarm('FIRE', '1110')] })).toBe('repeat');
    expect(await types(before)).toEqual([]);
    const [only] = await sosOf(ctx, 'DC09-0-2B2B');
    expect(only!.timeline.map((e) => e.type)).toEqual(['RAISED']);
    expect(await accept(message('2B2B', [alarm('PANIC', '1120')], 'seq-0008'))).toBe('committed');
    expect(await sosOf(ctx, 'DC09-0-2B2B')).toHaveLength(1);
    // Ten minutes later the same key is a new message.
    await ctx.database.db.execute(
      sql`UPDATE device_repeats SET at = now() - interval '601 seconds' WHERE serial = 'DC09-0-2B2B'`,
    );
    expect(await accept({ ...first })).toBe('committed');
  });

  it('a known device’s new alarm is one batched statement that claims its key: a repeat after the close changes nothing', async () => {
    await register(ctx, 'DC09-0-2C2C', 'Soggiorno');
    const batches = ctx.app.sosWrites.batches;
    const first = message(
      '2C2C',
      [alarm('FALL', '1101', 'zona 2'), { type: 'CONTACT', code: null }],
      'seq-0100',
    );
    expect(await accept(first)).toBe('committed');
    expect(ctx.app.sosWrites.batches).toBe(batches + 1);
    const open = await openSosOf(ctx, 'DC09-0-2C2C');
    expect(open).toMatchObject({
      kind: 'FALL',
      source: { protocol: 'DC09', code: '1101', detail: 'zona 2' },
    });
    expect((await closeSos(ctx, open!.id)).statusCode).toBe(200);
    const before = await lastEventId(ctx);
    // No SOS open, so only the claim the raise's statement wrote can tell it is a repeat.
    expect(await accept({ ...first })).toBe('repeat');
    expect(await types(before)).toEqual([]);
    expect(await sosOf(ctx, 'DC09-0-2C2C')).toHaveLength(1);
    await ctx.database.db.execute(
      sql`UPDATE device_repeats SET at = now() - interval '601 seconds' WHERE serial = 'DC09-0-2C2C'`,
    );
    expect(await accept({ ...first })).toBe('committed');
    expect(await sosOf(ctx, 'DC09-0-2C2C')).toHaveLength(2);
  });

  it('adds what the device says about its open SOS to the timeline, a further alarm re-alerting it with the graver kind', async () => {
    const serial = 'DC09-0-3C3C';
    await accept(message('3C3C', [alarm('PANIC', '1120')]));
    let before = await lastEventId(ctx);
    expect(await accept(message('3C3C', [alarm('FIRE', '1110')]))).toBe('committed');
    const upgraded = await openSosOf(ctx, serial);
    expect(upgraded).toMatchObject({
      kind: 'FIRE',
      kinds: ['PANIC', 'FIRE'],
      source: { protocol: 'DC09', code: '1120' },
    });
    const written = await eventsAfter(ctx, before);
    expect(written).toEqual([
      { type: 'sos-updated', data: upgraded },
      { type: 'sos-realerted', data: upgraded },
    ]);
    // A lesser kind afterwards re-alerts but never replaces it; restores and cancels never close.
    before = await lastEventId(ctx);
    await accept(
      message('3C3C', [
        alarm('INTRUSION', '1130'),
        { type: 'RESTORE', code: '3110', detail: null },
      ]),
    );
    await accept(message('3C3C', [{ type: 'CANCEL', code: '1406', detail: null }]));
    expect(await types(before)).toEqual([
      'sos-updated',
      'sos-realerted',
      'sos-updated',
      'sos-updated',
    ]);
    const [sos] = await sosOf(ctx, serial);
    expect(sos!.timeline.map((e) => [e.type, e.text])).toEqual([
      ['RAISED', null],
      ['DEVICE_EVENT', 'Incendio (1110)'],
      ['DEVICE_EVENT', 'Intrusione (1130)'],
      ['DEVICE_EVENT', 'Ripristino dal dispositivo (3110)'],
      ['DEVICE_EVENT', 'Annullato dal dispositivo (1406)'],
    ]);
    expect(await openSosOf(ctx, serial)).toMatchObject({
      id: sos!.id,
      state: 'OPEN',
      kind: 'FIRE',
    });
  });

  it('two alarms in one message: one SOS, the second on its timeline', async () => {
    await accept(message('4D4D', [alarm('INTRUSION', '1130'), alarm('GAS', '1151')]));
    const [sos] = await sosOf(ctx, 'DC09-0-4D4D');
    expect(sos!.timeline.map((e) => e.text)).toEqual([null, 'Gas (1151)']);
    expect(await openSosOf(ctx, 'DC09-0-4D4D')).toMatchObject({
      kind: 'GAS',
      source: { code: '1130' },
    });
  });

  it('a restore or cancel without an open SOS is contact only', async () => {
    const before = await lastEventId(ctx);
    await accept(
      message('5E5E', [
        { type: 'RESTORE', code: '3110', detail: null },
        { type: 'CANCEL', code: '1406', detail: null },
      ]),
    );
    expect(await types(before)).toEqual(['device-registered']);
    expect(await sosOf(ctx, 'DC09-0-5E5E')).toEqual([]);
  });

  it('sets a technical alarm once and clears it on its restore', async () => {
    const battery = {
      type: 'TECHNICAL',
      alarm: 'LOW_BATTERY',
      code: '1302',
      detail: null,
    } as const;
    await accept(message('6F6F', [{ type: 'CONTACT', code: '1602' }]));
    const device = (await deviceBySerial(ctx, 'DC09-0-6F6F'))!;
    let before = await lastEventId(ctx);
    await accept(message('6F6F', [battery]));
    await accept(message('6F6F', [battery]));
    const written = await eventsAfter(ctx, before);
    expect(written.map((e) => e.type)).toEqual(['technical-alarm']);
    const [listed] = await technicalAlarmsOf(ctx, device.id);
    expect(listed).toMatchObject({
      type: 'LOW_BATTERY',
      device: { id: device.id, displayName: 'DC-09 6F6F' },
    });
    // The second report touched lastSeenAt since.
    expect(written[0]!.data).toEqual({
      ...listed,
      device: { ...listed!.device, lastSeenAt: expect.any(String) },
    });
    await accept(
      message('6F6F', [{ type: 'TECHNICAL', alarm: 'TAMPER', code: '1137', detail: null }]),
    );
    expect((await technicalAlarmsOf(ctx, device.id)).map((a) => a.type).sort()).toEqual([
      'LOW_BATTERY',
      'TAMPER',
    ]);
    before = await lastEventId(ctx);
    await accept(
      message('6F6F', [
        { type: 'TECHNICAL_CLEAR', alarm: 'LOW_BATTERY', code: '3302', detail: null },
      ]),
    );
    await accept(
      message('6F6F', [
        { type: 'TECHNICAL_CLEAR', alarm: 'POWER_FAILURE', code: '3301', detail: null },
      ]),
    );
    expect(await eventsAfter(ctx, before)).toEqual([
      { type: 'technical-alarm-cleared', data: { type: 'LOW_BATTERY', deviceId: device.id } },
    ]);
    expect((await technicalAlarmsOf(ctx, device.id)).map((a) => a.type)).toEqual(['TAMPER']);
  });

  it('a known device keeps its name; a heartbeat starts monitoring, other contact does not', async () => {
    const { id } = (await register(ctx, 'DC09-0-7A7A', 'Cucina, sig.ra Rossi')).json<{
      id: number;
    }>();
    await accept(message('7A7A', [{ type: 'CONTACT', code: '1602' }]));
    expect(await deviceBySerial(ctx, 'DC09-0-7A7A')).toMatchObject({
      id,
      displayName: 'Cucina, sig.ra Rossi',
      online: null,
    });
    await accept(message('7A7A', [{ type: 'HEARTBEAT' }]));
    expect(await deviceBySerial(ctx, 'DC09-0-7A7A')).toMatchObject({ online: true });
    await accept(message('7A7A', [alarm('FALL', null)]));
    expect(await openSosOf(ctx, 'DC09-0-7A7A')).toMatchObject({
      kind: 'FALL',
      device: { displayName: 'Cucina, sig.ra Rossi' },
    });
  });

  it('supervision of a known device is batched as a heartbeat: written before it is answered, no repeat claimed', async () => {
    await register(ctx, 'DC09-0-6D6D', 'Ingresso');
    await ctx.database.db
      .update(devices)
      .set({ online: false, lastSeenAt: new Date(0) })
      .where(eq(devices.serial, 'DC09-0-6D6D'));
    const before = await lastEventId(ctx);
    // The same NULL twice at once (a retransmission): both answered once written, one effect.
    const answers = await Promise.all([
      accept(message('6D6D', [{ type: 'HEARTBEAT' }], 'null-1')),
      accept(message('6D6D', [{ type: 'HEARTBEAT' }], 'null-1')),
    ]);
    expect(answers).toEqual(['committed', 'committed']);
    const device = await deviceBySerial(ctx, 'DC09-0-6D6D');
    expect(device).toMatchObject({ online: true });
    expect(device!.lastSeenAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await types(before)).toEqual(['device-online']);
    expect(
      await ctx.database.db
        .select()
        .from(deviceRepeats)
        .where(eq(deviceRepeats.serial, 'DC09-0-6D6D')),
    ).toEqual([]);
  });

  it('a deleted device’s alarm is committed as the technical alarm, never an SOS', async () => {
    await accept(message('8B8B', [{ type: 'HEARTBEAT' }]));
    const device = (await deviceBySerial(ctx, 'DC09-0-8B8B'))!;
    await deleteDevice(ctx, device.id);
    const before = await lastEventId(ctx);
    expect(await accept(message('8B8B', [alarm('FIRE', '1110')]))).toBe('committed');
    expect(await accept(message('8B8B', [{ type: 'HEARTBEAT' }]))).toBe('committed');
    expect(await types(before)).toEqual(['device-deleted-sos']);
    expect(await technicalAlarmsOf(ctx, device.id)).toMatchObject([{ type: 'DELETED_DEVICE_SOS' }]);
    expect(await sosOf(ctx, 'DC09-0-8B8B')).toEqual([]);
    expect(await deviceBySerial(ctx, 'DC09-0-8B8B')).toMatchObject({
      displayName: 'DC-09 8B8B',
      deletedAt: expect.any(Date),
    });
  });

  it('an SOS raised over HTTP is PANIC from HTTP; the device’s DC-09 alarm joins it', async () => {
    await register(ctx, 'DC09-0-9C9C', 'Bagno');
    const raised = sosSchema.parse((await raiseSos(ctx, 'DC09-0-9C9C')).json());
    expect(raised).toMatchObject({
      kind: 'PANIC',
      source: { protocol: 'HTTP', code: null, detail: null },
    });
    await accept(message('9C9C', [alarm('MEDICAL', '1100')]));
    expect(await openSosOf(ctx, 'DC09-0-9C9C')).toMatchObject({
      id: raised.id,
      kind: 'MEDICAL',
      source: { protocol: 'HTTP' },
    });
  });
});
