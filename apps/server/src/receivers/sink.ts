import { eq } from 'drizzle-orm';
import {
  LIVE_EVENTS,
  type AlarmSource,
  type Device,
  type Sos,
  type SourceParts,
} from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { devices } from '../db/schema.js';
import { clearDeviceTechnicalAlarm, setDeviceTechnicalAlarm } from '../devices/device-technical.js';
import { lockOrRegisterDevice } from '../devices/identity.js';
import { claimMessage } from '../sos/repeats.js';
import { appendEvent } from '../live/outbox.js';
import { recordContacts } from '../devices/contact.js';
import { toDeviceJson, type DeviceRow } from '../devices/json.js';
import { recordDeletedDeviceSos } from '../devices/deleted-sos.js';
import { toSosJson } from '../sos/json.js';
import { locationColumns, type NewSosRaise } from '../sos/raise.js';
import { openSosOf } from '../sos/repository.js';
import { noteDeviceEvent, raiseDeviceAlarm } from '../sos/device-alarm.js';
import { alarmEventsOf } from '../sos/device-event.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { recordCheckIn, recordTest } from '../expectations/signals.js';
import {
  SinkUnavailableError,
  type DeviceSignal,
  type ReceivedMessage,
  type SignalSink,
} from './signal.js';

/** An event to append once every row is written; some need the device as it ends up. */
type Pending = (tx: Tx, device: Device) => Promise<unknown>;

export interface SignalSinkOptions {
  /**
   * Records a heartbeat of a known device in the server's coalesced batch (the HTTP
   * heartbeats' own, devices/health/heartbeats.ts) and resolves once it is written: true,
   * or false for an unknown or deleted serial, which then takes the transaction below.
   */
  heartbeat?: (serial: string) => Promise<boolean>;
  /**
   * Raises a new SOS in the server's batched statement (sos/raise.ts raiseNewSos, the HTTP
   * raises' own), claiming the message's repeat key in it: the SOS, or null when it raised
   * none (unknown, deleted or offline device, an SOS already open, a repeat), which then
   * takes the transaction below.
   */
  raiseNew?: (raise: NewSosRaise) => Promise<Sos | null>;
}

/**
 * The signal sink (receivers/signal.ts): one message, one transaction, in this order so that
 * nothing waits while holding the outbox's lock (live/outbox.ts): claim the repeat key (a
 * repeat stops here), lock or register the device, apply each signal, record the contact, then
 * append the events in the order they happened. Only once that commits does accept resolve,
 * and only then may the receiver acknowledge the device (docs/alarm-kinds.md).
 */
export function createSignalSink(db: Db, options: SignalSinkOptions = {}): SignalSink {
  const { heartbeat, raiseNew } = options;
  return {
    async accept(message) {
      try {
        // Supervision (DC-09 NULL, SCAIP PI) is most of what a fleet sends — 100,000 units
        // every minute is 1,667 a second — and changes nothing but the last contact: it joins
        // the heartbeats' batch (one statement for up to 2,000), still answered only once
        // written. A repeat of it needs no claim: recording contact twice changes nothing.
        if (heartbeat && isSupervisionOnly(message) && (await heartbeat(message.serial)))
          return 'committed';
        // A new alarm of a known device is one statement, batched with the others arriving:
        // the many round trips of the transaction below were most of an alarm's answer time
        // under supervision load (bench receivers, docs/receivers.md).
        const raise = raiseNew && newAlarmRaise(message);
        if (raise && (await raiseNew(raise))) return 'committed';
        return await db.transaction((tx) => applyMessage(tx, message));
      } catch (error) {
        throw isDatabaseUnavailable(error) ? new SinkUnavailableError(error) : error;
      }
    },
  };
}

const isSupervisionOnly = (message: ReceivedMessage) =>
  message.signals.length > 0 && message.signals.every((s) => s.type === 'HEARTBEAT');

/** An alarm's source as its SOS records it: the protocol it came by, its code, detail and parts. */
const sourceOf = (
  message: ReceivedMessage,
  alarm: { code: string | null; detail: string | null; parts?: SourceParts },
): AlarmSource => ({
  protocol: message.protocol,
  code: alarm.code,
  detail: alarm.detail,
  ...(alarm.parts ? { parts: alarm.parts } : {}),
});

/**
 * The raise of a message that is one alarm (contact signals aside), or undefined. Not a
 * heartbeat (it would start monitoring, which the raise's statement does not), nor "still
 * present" (never a new SOS).
 */
function newAlarmRaise(message: ReceivedMessage): NewSosRaise | undefined {
  const alarms = message.signals.filter((s) => s.type === 'ALARM');
  const [alarm] = alarms;
  // A call-back unit's crd is written by the transaction path (raiseDeviceAlarm).
  if (alarms.length !== 1 || !alarm || alarm.stillPresent || alarm.callBackUri) return undefined;
  if (message.signals.some((s) => s.type !== 'ALARM' && s.type !== 'CONTACT')) return undefined;
  return {
    serial: message.serial,
    idempotencyKey: undefined,
    at: locationColumns(alarm.location),
    kind: alarm.kind,
    source: sourceOf(message, alarm),
    repeatKey: message.repeatKey,
  };
}

async function applyMessage(tx: Tx, message: ReceivedMessage): Promise<'committed' | 'repeat'> {
  if (!(await claimMessage(tx, message.serial, message.repeatKey))) return 'repeat';
  const { device, registered } = await lockOrRegisterDevice(
    tx,
    message.serial,
    message.displayName,
  );
  if (device.deletedAt !== null) {
    // As over HTTP: told to every console as a technical alarm; the device gets its answer.
    if (message.signals.some((s) => s.type === 'ALARM'))
      await recordDeletedDeviceSos(tx, device.serial);
    return 'committed';
  }
  const pending: Pending[] = [];
  if (registered)
    pending.push((t, json) =>
      appendEvent(t, LIVE_EVENTS.deviceRegistered, { ...json, lastSos: null }),
    );
  for (const signal of message.signals) await applySignal(tx, message, device, signal, pending);
  const heartbeat = message.signals.some((s) => s.type === 'HEARTBEAT');
  await recordContacts(tx, [{ serial: device.serial, heartbeat, battery: null }]);
  if (pending.length > 0) {
    const json = await deviceJson(tx, device.id);
    for (const append of pending) await append(tx, json);
  }
  return 'committed';
}

async function applySignal(
  tx: Tx,
  message: ReceivedMessage,
  device: DeviceRow,
  signal: DeviceSignal,
  pending: Pending[],
) {
  switch (signal.type) {
    case 'ALARM': {
      // Contact ID qualifier 6, "still present": news of an alarm already raised, never a new
      // SOS (docs/receivers.md). With none open it is contact only, which is recorded anyway.
      if (signal.stillPresent && (await openSosOf(tx, device.id)).length === 0) return;
      const effect = await raiseDeviceAlarm(tx, device.id, {
        kind: signal.kind,
        source: sourceOf(message, signal),
        location: signal.location,
        callBackUri: signal.callBackUri,
        stillPresent: signal.stillPresent,
      });
      const json = toSosJson(effect.sos, device);
      for (const name of alarmEventsOf(effect)) pending.push((t) => appendEvent(t, name, json));
      return;
    }
    case 'RESTORE':
    case 'CANCEL': {
      const restore = signal.type === 'RESTORE';
      const updated = await noteDeviceEvent(tx, device.id, restore, signal.code);
      if (updated)
        pending.push((t) => appendEvent(t, LIVE_EVENTS.sosUpdated, toSosJson(updated, device)));
      return;
    }
    case 'TECHNICAL': {
      const since = await setDeviceTechnicalAlarm(tx, device.id, signal.alarm);
      const type = signal.alarm;
      if (since)
        pending.push((t, json) =>
          appendEvent(t, LIVE_EVENTS.technicalAlarm, {
            type,
            device: json,
            since: since.toISOString(),
          }),
        );
      return;
    }
    case 'TECHNICAL_CLEAR': {
      const type = signal.alarm;
      if (await clearDeviceTechnicalAlarm(tx, device.id, type))
        pending.push((t) =>
          appendEvent(t, LIVE_EVENTS.technicalAlarmCleared, { type, deviceId: device.id }),
        );
      return;
    }
    case 'TEST': {
      if (await recordTest(tx, device.id))
        pending.push((t) =>
          appendEvent(t, LIVE_EVENTS.technicalAlarmCleared, {
            type: 'TEST_MISSED',
            deviceId: device.id,
          }),
        );
      return;
    }
    case 'CHECK_IN': {
      const updated = await recordCheckIn(tx, device.id);
      if (updated)
        pending.push((t) => appendEvent(t, LIVE_EVENTS.sosUpdated, toSosJson(updated, device)));
      return;
    }
    // Contact (and monitoring, for a heartbeat) is recorded once for the whole message.
    case 'CONTACT':
    case 'HEARTBEAT':
      return;
  }
}

async function deviceJson(tx: Tx, id: number): Promise<Device> {
  const [row] = await tx.select().from(devices).where(eq(devices.id, id));
  if (!row) throw new Error(`device ${id} vanished in its own transaction`);
  const [open] = await openSosOf(tx, id);
  return toDeviceJson(row, open ?? null);
}
