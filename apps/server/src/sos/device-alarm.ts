import { eq } from 'drizzle-orm';
import type { AlarmKind, AlarmSource } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { sos } from '../db/schema.js';
import {
  addDeviceEvent,
  findOpenSos,
  receivedKinds,
  type AlarmOutcome,
  type DeviceEvent,
  type SosRow,
} from './device-event.js';
import {
  ALARM_KIND_LABELS_IT,
  CANCEL_TEXT_IT,
  deviceEventText,
  RESTORE_TEXT_IT,
} from './device-event-text.js';
import { locationColumns } from './raise.js';

export interface DeviceAlarm {
  kind: AlarmKind;
  source: AlarmSource;
  location?: { lat: number; lon: number; accuracyM: number | null } | undefined;
  /** Contact ID qualifier 6: news of an alarm already raised, a re-alert only for a kind not received yet. */
  stillPresent?: boolean | undefined;
  /** A SCAIP call-back unit's crd (docs/voice.md): the SOS offers "Richiama il dispositivo". */
  callBackUri?: string | undefined;
}

/** What an alarm did (alarmEventsOf, sos/device-event.ts, names its live events). */
export interface AlarmEffect extends AlarmOutcome {
  sos: SosRow;
}

/**
 * A device's alarm, in a transaction holding its (visible) device's row: a new open SOS of
 * that kind and source, or, when the device has one open, a DEVICE_EVENT on it ("Incendio
 * (1110)") that re-alerts it, the kind by severity (sos/device-event.ts; docs/alarm-handling.md,
 * "Re-alert"). The caller appends the events (alarmEventsOf).
 */
export async function raiseDeviceAlarm(
  tx: Tx,
  deviceId: number,
  alarm: DeviceAlarm,
): Promise<AlarmEffect> {
  const open = await findOpenSos(tx, deviceId);
  if (open) {
    const text = deviceEventText(ALARM_KIND_LABELS_IT[alarm.kind], alarm.source.code);
    const realert = !alarm.stillPresent || !receivedKinds(open, undefined).includes(alarm.kind);
    const event: DeviceEvent = {
      text,
      words: { kind: alarm.kind, code: alarm.source.code },
      kind: alarm.kind,
      realert,
      ...(alarm.location ? { location: alarm.location } : {}),
    };
    const updated = await addDeviceEvent(tx, open, event);
    if (!alarm.callBackUri || updated.callBackUri === alarm.callBackUri)
      return { raised: false, realerted: realert, sos: updated };
    const [withCallBack] = await tx
      .update(sos)
      .set({ callBackUri: alarm.callBackUri })
      .where(eq(sos.id, open.id))
      .returning();
    return { raised: false, realerted: realert, sos: withCallBack ?? updated };
  }
  const [row] = await tx
    .insert(sos)
    .values({
      deviceId,
      kind: alarm.kind,
      sourceProtocol: alarm.source.protocol,
      sourceCode: alarm.source.code,
      sourceDetail: alarm.source.detail,
      sourceParts: alarm.source.parts ?? null,
      ...locationColumns(alarm.location),
      callBackUri: alarm.callBackUri ?? null,
    })
    .returning();
  if (!row) throw new Error(`no SOS raised for device ${deviceId}`);
  return { raised: true, realerted: false, sos: row };
}

/** A restore or a cancel from the device: a DEVICE_EVENT on its open SOS, which stays open. */
export async function noteDeviceEvent(
  tx: Tx,
  deviceId: number,
  restore: boolean,
  code: string | null,
): Promise<SosRow | null> {
  const open = await findOpenSos(tx, deviceId);
  if (!open) return null;
  const text = deviceEventText(restore ? RESTORE_TEXT_IT : CANCEL_TEXT_IT, code);
  const words = restore ? { code, restore: true } : { code, cancel: true };
  return addDeviceEvent(tx, open, { text, words });
}
