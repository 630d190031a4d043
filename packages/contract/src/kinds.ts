import { z } from 'zod';

/**
 * What an SOS is about (docs/alarm-kinds.md, "Kinds"). An SOS raised through the HTTP
 * device API with no kind is PANIC; DC-09 and SCAIP codes map onto these.
 */
export const ALARM_KINDS = [
  'PANIC',
  'FALL',
  'MEDICAL',
  'FIRE',
  'GAS',
  'FLOOD',
  'INTRUSION',
  'INACTIVITY',
  'WANDERING',
  'OTHER',
] as const;
export const alarmKindSchema = z.enum(ALARM_KINDS);
export type AlarmKind = z.infer<typeof alarmKindSchema>;

/**
 * Alarm kinds from most to least severe (docs/alarm-handling.md, "Close policy"): an open SOS
 * takes the most severe kind it received, and the URGENT dashboard order sorts by it.
 */
export const KIND_SEVERITY: readonly AlarmKind[] = [
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

/** Negative when `a` is more severe than `b` (a sort comparator: most severe first). */
export function compareSeverity(a: AlarmKind, b: AlarmKind): number {
  return KIND_SEVERITY.indexOf(a) - KIND_SEVERITY.indexOf(b);
}

/** The more severe of two kinds (the first on a tie, which is the same kind). */
export const moreSevere = (a: AlarmKind, b: AlarmKind): AlarmKind =>
  compareSeverity(b, a) < 0 ? b : a;

/** How an alarm reached us. */
/** SYSTEM: raised by the server itself, for an expected event that did not come (docs/expected-events.md). */
export const ALARM_PROTOCOLS = ['HTTP', 'DC09', 'SCAIP', 'SYSTEM'] as const;
export const alarmProtocolSchema = z.enum(ALARM_PROTOCOLS);
export type AlarmProtocol = z.infer<typeof alarmProtocolSchema>;

/**
 * The detail's parts (docs/alarm-kinds.md "Device words"), for the console to word in the
 * reader's language: peripheral the SCAIP device type code ("0005", a fall detector), number
 * its `did`, component its `dco`, zone and group (Contact ID) or area (SIA) as sent, room the
 * device's own words (SCAIP `dte`), shown as they are. Only the parts the device sent.
 */
export const sourcePartsSchema = z.object({
  peripheral: z.string().optional(),
  number: z.string().optional(),
  component: z.string().optional(),
  zone: z.string().optional(),
  group: z.string().optional(),
  area: z.string().optional(),
  room: z.string().optional(),
});
export type SourceParts = z.infer<typeof sourcePartsSchema>;

/**
 * code: as the device sent it (Contact ID qualifier + event "1101", SIA DCS letters "QA",
 * SCAIP "<dty>/<stc>" such as "0005/0010" or "0005/"); detail: zone, user or peripheral in
 * Italian words; parts: the same, structured (null when there is no detail in parts).
 */
export const alarmSourceSchema = z.object({
  protocol: alarmProtocolSchema,
  code: z.string().nullable(),
  detail: z.string().nullable(),
  parts: sourcePartsSchema.nullable().optional(),
});
export type AlarmSource = z.infer<typeof alarmSourceSchema>;

/** Technical alarms that device events set and their restores clear (beside DEVICE_OFFLINE). */
/**
 * TEST_MISSED (docs/expected-events.md) is set by the server when a periodic test is overdue,
 * and cleared by the device's next test; the others by the device's own reports.
 */
export const DEVICE_TECHNICAL_TYPES = [
  'LOW_BATTERY',
  'POWER_FAILURE',
  'TAMPER',
  'TEST_MISSED',
] as const;
export type DeviceTechnicalType = (typeof DEVICE_TECHNICAL_TYPES)[number];
