import { eq, sql } from 'drizzle-orm';
import { CHECK_IN_SOURCE_CODE } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { devices } from '../db/schema.js';
import { clearDeviceTechnicalAlarm } from '../devices/device-technical.js';
import { addDeviceEvent, findOpenSos, type SosRow } from '../sos/device-event.js';
import { scheduleTest } from './schedule.js';

/** The timeline's words for a check-in that came after its window's SOS (docs/expected-events.md). */
const CHECK_IN_RECEIVED_TEXT_IT = 'Check-in ricevuto';

/**
 * A periodic test from the device (Contact ID 602/603, SIA RP, SCAIP stc 0102/0103, POST
 * /api/device/test), in a transaction holding the device's row: lastTestAt, the next test's
 * due time, and TEST_MISSED cleared. Answers whether one was standing (an event to tell).
 */
export async function recordTest(tx: Tx, deviceId: number): Promise<boolean> {
  await tx
    .update(devices)
    .set({ lastTestAt: sql`now()` })
    .where(eq(devices.id, deviceId));
  await scheduleTest(tx, deviceId);
  return clearDeviceTechnicalAlarm(tx, deviceId, 'TEST_MISSED');
}

/** Whether an SOS is the one a missed check-in window raised. */
const isCheckInSos = (row: SosRow) =>
  row.sourceProtocol === 'SYSTEM' && row.sourceCode === CHECK_IN_SOURCE_CODE;

/**
 * A check-in (POST /api/device/checkin, a SCAIP activity detector), in a transaction holding
 * the device's row: lastCheckInAt, which the engine compares with the window's start. After a
 * missed window it closes nothing: its open SOS gets "Check-in ricevuto". Answers that SOS as
 * updated, for `sos-updated`, or null.
 */
export async function recordCheckIn(tx: Tx, deviceId: number): Promise<SosRow | null> {
  await tx
    .update(devices)
    .set({ lastCheckInAt: sql`now()` })
    .where(eq(devices.id, deviceId));
  const open = await findOpenSos(tx, deviceId);
  if (!open || !isCheckInSos(open)) return null;
  return addDeviceEvent(tx, open, { text: CHECK_IN_RECEIVED_TEXT_IT });
}
