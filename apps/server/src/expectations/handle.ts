import { and, eq } from 'drizzle-orm';
import { CHECK_IN_SOURCE_CODE, LIVE_EVENTS, type Device } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { devices, expectationMisses, expectations, sosTimeline } from '../db/schema.js';
import { setDeviceTechnicalAlarm } from '../devices/device-technical.js';
import { toDeviceJson } from '../devices/json.js';
import { appendEvent } from '../live/outbox.js';
import { raiseDeviceAlarm } from '../sos/device-alarm.js';
import { toSosJson } from '../sos/json.js';
import { openSosOf } from '../sos/repository.js';
import type { DueExpectation } from './claim.js';
import { scheduleCheckIn } from './schedule.js';

/** Late by at least this much, the SOS's timeline says so ("in ritardo di {n} min"). */
export const LATE_NOTE_MS = 60_000;

/** An event to append once every row is written (live/outbox.ts: no row lock after its lock). */
export type PendingEvent = (tx: Tx) => Promise<unknown>;

/** The words of a late raise's timeline entry (docs/expected-events.md). */
export const lateText = (label: string, minutes: number) =>
  `Mancato check-in ${label}: in ritardo di ${minutes} min`;

/**
 * One claimed expectation (claim.ts), in the transaction that holds it: what it raises, and
 * when the next one of its kind falls due. The events go to `pending`.
 */
export async function handleDue(
  tx: Tx,
  due: DueExpectation,
  zone: string,
  pending: PendingEvent[],
): Promise<void> {
  if (due.kind === 'TEST') return handleTest(tx, due, pending);
  return handleCheckIn(tx, due, zone, pending);
}

/** No test for the interval plus 10 %: TEST_MISSED, once; the next test schedules again. */
async function handleTest(tx: Tx, due: DueExpectation, pending: PendingEvent[]) {
  await tx
    .update(expectations)
    .set({ dueAt: null })
    .where(and(eq(expectations.deviceId, due.deviceId), eq(expectations.kind, 'TEST')));
  if (due.deleted) return;
  await tx
    .insert(expectationMisses)
    .values({ deviceId: due.deviceId, kind: 'TEST', dueAt: due.dueAt });
  const since = await setDeviceTechnicalAlarm(tx, due.deviceId, 'TEST_MISSED');
  if (!since) return;
  pending.push(async (t) =>
    appendEvent(t, LIVE_EVENTS.technicalAlarm, {
      type: 'TEST_MISSED',
      device: await deviceJson(t, due.deviceId),
      since: since.toISOString(),
    }),
  );
}

/**
 * A window ended: a check-in since its start satisfies it; else an INACTIVITY SOS through the
 * devices' own raise (sos/device-alarm.ts: a new SOS, or an entry on the open one), saying how
 * late when no process ran at its end. Then the next window after both its end and now, so a
 * long outage raises once, not once per window missed.
 */
async function handleCheckIn(tx: Tx, due: DueExpectation, zone: string, pending: PendingEvent[]) {
  const after = new Date(Math.max(due.dueAt.getTime(), due.now.getTime()));
  await scheduleCheckIn(tx, due.deviceId, due.checkIns, zone, after);
  const start = due.windowStart ?? due.dueAt;
  // No windows any more (the profile was erased since): nothing was expected.
  if (due.checkIns.length === 0) return;
  if (due.deleted || (due.lastCheckInAt !== null && due.lastCheckInAt >= start)) return;
  const label = due.windowLabel ?? '';
  const effect = await raiseDeviceAlarm(tx, due.deviceId, {
    kind: 'INACTIVITY',
    source: { protocol: 'SYSTEM', code: CHECK_IN_SOURCE_CODE, detail: label },
  });
  await tx
    .insert(expectationMisses)
    .values({ deviceId: due.deviceId, kind: 'CHECK_IN', dueAt: due.dueAt });
  const lateMs = due.now.getTime() - due.dueAt.getTime();
  if (lateMs >= LATE_NOTE_MS) {
    await tx.insert(sosTimeline).values({
      sosId: effect.sos.id,
      type: 'DEVICE_EVENT',
      text: lateText(label, Math.floor(lateMs / 60_000)),
    });
  }
  const [device] = await tx.select().from(devices).where(eq(devices.id, due.deviceId));
  if (!device) return;
  const json = toSosJson(effect.sos, device);
  pending.push((t) =>
    appendEvent(t, effect.raised ? LIVE_EVENTS.newSos : LIVE_EVENTS.sosUpdated, json),
  );
}

async function deviceJson(tx: Tx, id: number): Promise<Device> {
  const [row] = await tx.select().from(devices).where(eq(devices.id, id));
  if (!row) throw new Error(`device ${id} vanished in its own transaction`);
  const [open] = await openSosOf(tx, id);
  return toDeviceJson(row, open ?? null);
}
