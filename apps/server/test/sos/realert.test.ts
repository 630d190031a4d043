import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiPath, sosSchema, sosTimelineSchema, type AlarmKind, type Sos } from '@sos/contract';
import { sos as sosTable } from '../../src/db/schema.js';
import { setSetting, SETTING_KEYS } from '../../src/db/settings.js';
import { describeEachDb, type TestContext } from '../helpers/app.js';
import { deviceHeaders, eventsAfter, lastEventId, register } from '../routes/device/fixtures.js';
import { ackSos, timelineOf } from '../routes/sos/handling-fixtures.js';
import { recordsAfter, lastAuditId } from '../audit/fixtures.js';
import { openSosOf } from '../receivers/fixtures.js';
import { useBothReceivers } from '../receivers/both-receivers.js';

/**
 * docs/alarm-handling.md, "Re-alert": a further alarm from a device whose SOS is open, over
 * any protocol, unacknowledges it, restarts its escalation clock, sends `sos-realerted` and
 * takes the most severe kind; restores, cancels, contacts and repeats re-alert nothing.
 */
describeEachDb('the re-alert of an open SOS', (kind) => {
  const receivers = useBothReceivers(kind);
  const { dc09, scaip } = receivers;
  let ctx: TestContext;
  beforeAll(() => {
    ctx = receivers.ctx();
  });

  const httpRaise = async (serial: string, alarmKind?: AlarmKind) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath('deviceSos'),
      headers: deviceHeaders(ctx),
      payload: { serial, ...(alarmKind ? { kind: alarmKind } : {}) },
    });
    expect(res.statusCode).toBeLessThan(300);
    return sosSchema.parse(res.json());
  };
  const ack = async (sosId: number) =>
    expect((await ackSos(ctx, sosId, ctx.employee.token)).statusCode).toBe(200);
  const types = async (since: number) => (await eventsAfter(ctx, since)).map((e) => e.type);
  const typesOf = async (sosId: number, since: number) =>
    (await eventsAfter(ctx, since))
      .filter((e) => (e.data as { id?: number }).id === sosId)
      .map((e) => e.type);
  const entries = async (sosId: number) =>
    sosTimelineSchema
      .parse((await timelineOf(ctx, sosId)).json())
      .map((e) => [e.type, e.text ?? e.by?.username ?? null]);

  /** What every re-alert shows: unacknowledged, a re-alert time, `sos-updated` then `sos-realerted` with the SOS. */
  async function expectRealerted(before: number, sos: Sos | null, kinds: AlarmKind[]) {
    expect(sos).toMatchObject({
      state: 'OPEN',
      acknowledgedAt: null,
      acknowledgedBy: null,
      escalatedAt: null,
      kind: kinds.slice().sort(bySeverity)[0],
      kinds,
    });
    expect(sos!.realertedAt).not.toBeNull();
    expect(await eventsAfter(ctx, before)).toEqual([
      { type: 'sos-updated', data: sos },
      { type: 'sos-realerted', data: sos },
    ]);
  }
  const SEVERITY: AlarmKind[] = [
    'FIRE',
    'GAS',
    'MEDICAL',
    'FALL',
    'PANIC',
    'INTRUSION',
    'FLOOD',
    'INACTIVITY',
    'WANDERING',
    'OTHER',
  ];
  const bySeverity = (a: AlarmKind, b: AlarmKind) => SEVERITY.indexOf(a) - SEVERITY.indexOf(b);

  it('over HTTP: a fire on an acknowledged medical SOS re-alerts it; a lesser kind re-alerts and keeps FIRE; a repeat nothing', async () => {
    await register(ctx, 'ra-http', 'Casa Rossi');
    const raised = await httpRaise('ra-http', 'MEDICAL');
    await ack(raised.id);
    let before = await lastEventId(ctx);
    const auditBefore = await lastAuditId(ctx);
    const fire = await httpRaise('ra-http', 'FIRE');
    expect(fire.id).toBe(raised.id);
    await expectRealerted(before, fire, ['MEDICAL', 'FIRE']);
    // The earlier take-charge stays on the timeline; taking charge again is a take-charge, not a take-over.
    await ack(raised.id);
    expect((await recordsAfter(ctx, auditBefore)).map((r) => r.action)).toEqual([
      'SOS_ACKNOWLEDGED',
    ]);
    before = await lastEventId(ctx);
    const panic = await httpRaise('ra-http', 'PANIC');
    await expectRealerted(before, panic, ['MEDICAL', 'FIRE', 'PANIC']);
    // A kind received before, again: the latest alarm's kind goes last.
    before = await lastEventId(ctx);
    const medical = await httpRaise('ra-http', 'MEDICAL');
    await expectRealerted(before, medical, ['FIRE', 'PANIC', 'MEDICAL']);
    before = await lastEventId(ctx);
    // Plain repeats: no kind, or the SOS's own kind.
    expect(await httpRaise('ra-http')).toEqual(medical);
    expect(await httpRaise('ra-http', 'FIRE')).toEqual(medical);
    expect(await types(before)).toEqual([]);
    expect(await entries(raised.id)).toEqual([
      ['RAISED', null],
      ['ACKNOWLEDGED', 'employee'],
      ['DEVICE_EVENT', 'Incendio'],
      ['ACKNOWLEDGED', 'employee'],
      ['DEVICE_EVENT', 'Allarme personale'],
      ['DEVICE_EVENT', 'Emergenza medica'],
    ]);
  });

  it('over DC-09: a fire re-alerts an acknowledged medical SOS; restore, cancel, test, still present and a repeat do not', async () => {
    const serial = 'DC09-0-5A01';
    await dc09('5A01', '1100 01 001');
    const raised = (await openSosOf(ctx, serial))!;
    expect(raised.kind).toBe('MEDICAL');
    await ack(raised.id);
    let before = await lastEventId(ctx);
    await dc09('5A01', '1110 01 003');
    const realerted = await openSosOf(ctx, serial);
    await expectRealerted(before, realerted, ['MEDICAL', 'FIRE']);
    await ack(raised.id);
    before = await lastEventId(ctx);
    await dc09('5A01', '1110 01 003', true); // the same frame again: a repeat
    await dc09('5A01', '3110 01 003'); // its restore
    await dc09('5A01', '1406 01 001'); // a cancel
    await dc09('5A01', '1602 00 000'); // a periodic test
    await dc09('5A01', '6100 01 001'); // "still present", of a kind already received
    expect(await types(before)).toEqual(['sos-updated', 'sos-updated', 'sos-updated']);
    expect(await openSosOf(ctx, serial)).toMatchObject({
      acknowledgedBy: { username: 'employee' },
      kind: 'FIRE',
      kinds: ['MEDICAL', 'FIRE'],
    });
  });

  it('over SCAIP: smoke re-alerts an acknowledged fall; restore, cancel, test and a repeated ref do not', async () => {
    const serial = 'SCAIP-RA1';
    await scaip({ ref: 'ra-fall', cid: 'RA1', mty: 'ME', dty: '0005', stc: '0009', did: '1' });
    const raised = (await openSosOf(ctx, serial))!;
    expect(raised.kind).toBe('FALL');
    await ack(raised.id);
    let before = await lastEventId(ctx);
    await scaip({ ref: 'ra-smoke', cid: 'RA1', mty: 'ME', dty: '0023', stc: '0009', did: '2' });
    await expectRealerted(before, await openSosOf(ctx, serial), ['FALL', 'FIRE']);
    await ack(raised.id);
    before = await lastEventId(ctx);
    await scaip({ ref: 'ra-smoke', cid: 'RA1', mty: 'ME', dty: '0023', stc: '0009', did: '2' }); // repeat
    await scaip({ ref: 'ra-reset', cid: 'RA1', mty: 'RE', dty: '0023', stc: '0009', did: '2' }); // restore
    await scaip({ ref: 'ra-cancel', cid: 'RA1', mty: 'ME', dty: '0002', stc: '0019' }); // cancel
    await scaip({ ref: 'ra-test', cid: 'RA1', mty: 'ME', dty: '0005', stc: '0102' }); // test report
    expect(await types(before)).toEqual(['sos-updated', 'sos-updated']);
    expect(await openSosOf(ctx, serial)).toMatchObject({
      acknowledgedBy: { username: 'employee' },
      kind: 'FIRE',
    });
  });

  it('restarts the escalation clock from the re-alert, and escalates once its target passes from there', async () => {
    // Only here: the other tests' SOS, left unacknowledged, must not escalate meanwhile. Five
    // minutes, so that no slowness of the machine between two steps can pass it.
    await setSetting(ctx.app.db, SETTING_KEYS.ackTargetSeconds, '300');
    await register(ctx, 'ra-esc');
    const raised = await httpRaise('ra-esc', 'FALL');
    const sweep = () => ctx.app.escalation.sweepNow();
    const ago = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;
    await ctx.app.db
      .update(sosTable)
      .set({ createdAt: ago(600) })
      .where(eq(sosTable.id, raised.id));
    await sweep();
    expect((await openSosOf(ctx, 'ra-esc'))!.escalatedAt).not.toBeNull();
    let before = await lastEventId(ctx);
    await expectRealerted(before, await httpRaise('ra-esc', 'GAS'), ['FALL', 'GAS']);
    // Raised ten minutes ago, re-alerted now: not due before 5 minutes from the re-alert.
    before = await lastEventId(ctx);
    await sweep();
    expect(await typesOf(raised.id, before)).toEqual([]);
    await ctx.app.db
      .update(sosTable)
      .set({ realertedAt: ago(301) })
      .where(eq(sosTable.id, raised.id));
    await sweep();
    await sweep();
    expect(await typesOf(raised.id, before)).toEqual(['sos-escalated']);
    expect((await entries(raised.id)).map(([type]) => type)).toEqual([
      'RAISED',
      'ESCALATED',
      'DEVICE_EVENT',
      'ESCALATED',
    ]);
  });
});
