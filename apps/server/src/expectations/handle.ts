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
import {
  isMissed,
  lateNoteOf,
  raiseInactivity,
  rescheduleCheckIns,
  withOpenSos,
} from './check-ins-due.js';

/** An event to append once every row is written (live/outbox.ts: no row lock after its lock). */
type PendingEvent = (tx: Tx) => Promise<unknown>;

/**
 * A claimed batch (claim.ts), in the transaction that holds it: what it raises, and when the
 * next expectation of each falls due. Check-ins are handled set-based (check-ins-due.ts: a
 * cliff of windows ending at one minute costs a few statements per batch, not a few per
 * window); the live events are appended last, once every row is written.
 */
export async function handleDueBatch(
  tx: Tx,
  due: readonly DueExpectation[],
  zone: string,
): Promise<void> {
  const pending: PendingEvent[] = [];
  for (const row of due) if (row.kind === 'TEST') await handleTest(tx, row, pending);
  const checkIns = due.filter((row) => row.kind === 'CHECK_IN');
  if (checkIns.length > 0) await handleCheckIns(tx, checkIns, zone, pending);
  for (const append of pending) await append(tx);
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
 * Windows ended: a check-in since its start keeps one; else an INACTIVITY SOS, new (set-based,
 * check-ins-due.ts), or on a device with one open an entry that re-alerts it, through the
 * devices' own raise (sos/device-alarm.ts); late when no process ran at its end, it says so.
 */
async function handleCheckIns(
  tx: Tx,
  due: readonly DueExpectation[],
  zone: string,
  pending: PendingEvent[],
) {
  const missed = due.filter(isMissed);
  await rescheduleCheckIns(tx, due, missed, zone);
  const open = await withOpenSos(
    tx,
    missed.map((row) => row.deviceId),
  );
  // The re-alerts first: they lock their SOS rows, which no writer may do once it holds the
  // outbox's lock (live/outbox.ts), as the new SOS's statement does.
  for (const row of missed) {
    if (!open.has(row.deviceId)) continue;
    const updated = await realert(tx, row);
    pending.push((t) => appendEvent(t, LIVE_EVENTS.sosUpdated, updated));
  }
  await raiseInactivity(
    tx,
    missed.filter((row) => !open.has(row.deviceId)),
  );
}

/** A missed window on a device with an SOS open: a DEVICE_EVENT on it, as a receiver's alarm. */
async function realert(tx: Tx, row: DueExpectation) {
  const effect = await raiseDeviceAlarm(tx, row.deviceId, {
    kind: 'INACTIVITY',
    source: { protocol: 'SYSTEM', code: CHECK_IN_SOURCE_CODE, detail: row.windowLabel ?? '' },
  });
  const late = lateNoteOf(row);
  if (late !== null)
    await tx.insert(sosTimeline).values({ sosId: effect.sos.id, type: 'DEVICE_EVENT', text: late });
  const [device] = await tx.select().from(devices).where(eq(devices.id, row.deviceId));
  if (!device) throw new Error(`device ${row.deviceId} vanished in its own transaction`);
  return toSosJson(effect.sos, device);
}

async function deviceJson(tx: Tx, id: number): Promise<Device> {
  const [row] = await tx.select().from(devices).where(eq(devices.id, id));
  if (!row) throw new Error(`device ${id} vanished in its own transaction`);
  const [open] = await openSosOf(tx, id);
  return toDeviceJson(row, open ?? null);
}
