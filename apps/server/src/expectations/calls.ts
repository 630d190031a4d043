import { eq, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type Sos } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { devices, sos, sosTimeline } from '../db/schema.js';
import { touchDevice } from '../devices/contact.js';
import type { DeviceRow } from '../devices/json.js';
import { appendEvent } from '../live/outbox.js';
import type { Closer } from '../sos/close.js';
import { toSosJson } from '../sos/json.js';
import { recordCheckIn, recordTest } from './signals.js';

/** The timeline's words for an operator's confirmation (docs/expected-events.md). */
const CHECK_IN_CONFIRMED_TEXT_IT = 'Check-in confermato';

/** A device's call of the HTTP device API: contact (404 unknown, 403 deleted), then `apply`. */
const deviceCall = <T>(db: Db, serial: string, apply: (tx: Tx, device: DeviceRow) => Promise<T>) =>
  db.transaction(async (tx) => apply(tx, await touchDevice(tx, serial)));

/** POST /api/device/test: the device's periodic test (a contact, no SOS); TEST_MISSED cleared. */
export function deviceTest(db: Db, serial: string): Promise<void> {
  return deviceCall(db, serial, async (tx, device) => {
    if (await recordTest(tx, device.id))
      await appendEvent(tx, LIVE_EVENTS.technicalAlarmCleared, {
        type: 'TEST_MISSED',
        deviceId: device.id,
      });
  });
}

/** POST /api/device/checkin: the resident's check-in; after a missed window, "Check-in ricevuto" on its SOS. */
export function deviceCheckIn(db: Db, serial: string): Promise<void> {
  return deviceCall(db, serial, async (tx, device) => {
    const updated = await recordCheckIn(tx, device.id);
    if (updated) await appendEvent(tx, LIVE_EVENTS.sosUpdated, toSosJson(updated, device));
  });
}

export type CheckInConfirmResult =
  { sos: Sos } | { error: 'NOT_FOUND' } | { error: 'NOT_OPEN'; sos: Sos };

/**
 * POST /api/sos/checkin?sosId=: an operator's "Check-in confermato" (the resident answered):
 * a check-in of the SOS's device, recorded on its timeline with who; the SOS stays open.
 */
export function confirmCheckIn(db: Db, sosId: number, user: Closer): Promise<CheckInConfirmResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(sos).where(eq(sos.id, sosId));
    if (!row) return { error: 'NOT_FOUND' } as const;
    // Its device first, as every writer locks them (then the SOS): never a deadlock.
    const [device] = await tx
      .select()
      .from(devices)
      .where(eq(devices.id, row.deviceId))
      .for('update');
    if (!device) return { error: 'NOT_FOUND' } as const;
    const [open] = await tx.select().from(sos).where(eq(sos.id, sosId)).for('update');
    if (!open || open.state !== 'OPEN')
      return { error: 'NOT_OPEN', sos: toSosJson(open ?? row, device) } as const;
    await tx
      .update(devices)
      .set({ lastCheckInAt: sql`now()` })
      .where(eq(devices.id, device.id));
    await tx.insert(sosTimeline).values({
      sosId,
      type: 'DEVICE_EVENT',
      byId: user.id,
      byUsername: user.username,
      text: CHECK_IN_CONFIRMED_TEXT_IT,
    });
    const [updated = open] = await tx
      .update(sos)
      .set({ updatedAt: sql`now()` })
      .where(eq(sos.id, sosId))
      .returning();
    const json = toSosJson(updated, device);
    await appendEvent(tx, LIVE_EVENTS.sosUpdated, json);
    return { sos: json };
  });
}
