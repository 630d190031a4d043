import type { AlarmKind, AlarmProtocol, DeviceTechnicalType, SourceParts } from '@sos/contract';

/**
 * What every alarm receiver (DC-09, SCAIP) hands to the rest of the server, whatever the
 * protocol: one decoded, validated message from one device, already reduced to what it
 * means for us (docs/receivers.md). The protocol modules produce it; the signal sink
 * commits it; only then does the receiver answer the device ("ACK only after commit").
 */

/** One thing a device says in a message. code/detail/parts as in the SOS's `source`. */
export type DeviceSignal =
  /** An alarm: a new SOS, or a DEVICE_EVENT (and a possible kind upgrade) on the open one. */
  | {
      type: 'ALARM';
      kind: AlarmKind;
      code: string | null;
      detail: string | null;
      parts?: SourceParts;
      location?: SignalLocation;
      /** SCAIP `crd` of an alarm asking for a call-back (`cha` 1): kept on the SOS (docs/voice.md). */
      callBackUri?: string;
      /**
       * Contact ID qualifier 6 ("still present"): as an alarm on an open SOS, but it never
       * raises a new one (without an open SOS it is contact only).
       */
      stillPresent?: true;
    }
  /** A restore (Contact ID qualifier 3, SIA restore codes, SCAIP mty RE): a DEVICE_EVENT, never a close. */
  | { type: 'RESTORE'; code: string | null; detail: string | null; parts?: SourceParts }
  /** A cancel (Contact ID 406, SCAIP stc 0019): a DEVICE_EVENT, never a close. */
  | { type: 'CANCEL'; code: string | null; detail: string | null; parts?: SourceParts }
  /** Low battery, power failure, tamper: sets that technical alarm. */
  | { type: 'TECHNICAL'; alarm: DeviceTechnicalType; code: string | null; detail: string | null }
  /** Its restore: clears that technical alarm. */
  | {
      type: 'TECHNICAL_CLEAR';
      alarm: DeviceTechnicalType;
      code: string | null;
      detail: string | null;
    }
  /** Open/close and other non-alarm codes: contact only. */
  | { type: 'CONTACT'; code: string | null }
  /**
   * A periodic test (Contact ID 602/603, SIA RP, SCAIP stc 0102/0103): contact that sets the
   * device's lastTestAt and clears TEST_MISSED (docs/expected-events.md).
   */
  | { type: 'TEST'; code: string | null }
  /** A check-in from an activity detector (SCAIP dty 0010, stc 0119/0121): contact, lastCheckInAt. */
  | { type: 'CHECK_IN'; code: string | null }
  /** DC-09 NULL, SCAIP PI: contact that also starts monitoring (the device can go offline). */
  | { type: 'HEARTBEAT' };

export interface SignalLocation {
  lat: number;
  lon: number;
  accuracyM: number | null;
}

/** One message from one device, decoded. */
export interface ReceivedMessage {
  protocol: Exclude<AlarmProtocol, 'HTTP'>;
  /** `DC09-<L prefix>-<ACCOUNT>` or `SCAIP-<cid>`: the device's serial. */
  serial: string;
  /** The name an unknown device is registered with: `DC-09 <ACCOUNT>` or `SCAIP <cid>`. */
  displayName: string;
  /**
   * What makes a repeat: DC-09 seq + data, SCAIP ref. The same serial and repeatKey within
   * 10 minutes (across processes: kept in the database) is answered as committed and changes
   * nothing.
   */
  repeatKey: string;
  /** In the order the device sent them; usually one. */
  signals: DeviceSignal[];
}

/** Thrown by a sink when the database cannot be reached: the receiver must not acknowledge. */
export class SinkUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('database unavailable', { cause });
    this.name = 'SinkUnavailableError';
  }
}

/**
 * Commits a message: registers an unknown serial (event device-registered), applies each
 * signal, records the repeat key, all in one transaction, then wakes the live stream.
 * Resolves once committed ('repeat' when the key was already seen: nothing changed);
 * rejects (SinkUnavailableError or any error) when nothing was committed. A deleted device's
 * alarm records the technical alarm "SOS da dispositivo eliminato" (as over HTTP) and resolves:
 * operators were told, so the device is acknowledged.
 */
export interface SignalSink {
  accept(message: ReceivedMessage): Promise<'committed' | 'repeat'>;
}

/**
 * How a protocol plugs into the shared TCP/UDP transport (receivers/transport.ts).
 * splitStream: takes what a TCP connection has buffered, returns the complete messages and
 * the rest (or 'close' when the stream can never become valid, e.g. a declared length over
 * the limit). handle: one message (a TCP message or a UDP datagram) → the answer bytes, or
 * null for silence. It never throws.
 */
export interface ReceiverProtocol {
  name: Exclude<AlarmProtocol, 'HTTP'>;
  /** Bytes a connection may buffer before it is closed (a message never longer). */
  maxMessageBytes: number;
  splitStream(buffered: Buffer): { messages: Buffer[]; rest: Buffer } | 'close';
  handle(message: Buffer, transport: 'tcp' | 'udp'): Promise<ReceiverAnswer>;
}

/** refused: answered NAK, DUH, snu ≠ 0 or not at all (counted in the receivers' status). */
export interface ReceiverAnswer {
  bytes: Buffer | null;
  refused: boolean;
}
