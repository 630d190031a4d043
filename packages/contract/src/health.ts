import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { deviceSchema } from './device.js';
import { DEVICE_TECHNICAL_TYPES } from './kinds.js';

/** A deleted device's repeated SOS within this window adds nothing (docs/alarm-handling.md). */
export const DELETED_SOS_REPEAT_S = 60;
/** The battery level under which a card warns (docs/alarm-handling.md: under 20 %). */
export const LOW_BATTERY_PCT = 20;

/** Beside DEVICE_OFFLINE and DELETED_DEVICE_SOS, those a device's own events set and clear (docs/alarm-kinds.md). */
export const TECHNICAL_ALARM_TYPES = [
  'DEVICE_OFFLINE',
  'DELETED_DEVICE_SOS',
  ...DEVICE_TECHNICAL_TYPES,
] as const;
export const technicalAlarmTypeSchema = z.enum(TECHNICAL_ALARM_TYPES);
export type TechnicalAlarmType = z.infer<typeof technicalAlarmTypeSchema>;

/**
 * DEVICE_OFFLINE: since its last contact; DELETED_DEVICE_SOS: since its first refused SOS;
 * LOW_BATTERY, POWER_FAILURE, TAMPER: since the device first reported it. Also the data of
 * the live event `technical-alarm`.
 */
export const technicalAlarmSchema = z.object({
  type: technicalAlarmTypeSchema,
  device: deviceSchema,
  since: isoDateSchema,
});
export type TechnicalAlarm = z.infer<typeof technicalAlarmSchema>;
export const technicalAlarmListSchema = z.array(technicalAlarmSchema);

/** Without type: DELETED_DEVICE_SOS (as before the device's own technical alarms existed). */
export const technicalAlarmDismissQuerySchema = z.object({
  deviceId: idSchema,
  type: z.enum(['DELETED_DEVICE_SOS', ...DEVICE_TECHNICAL_TYPES]).optional(),
});
export type TechnicalAlarmDismissQuery = z.infer<typeof technicalAlarmDismissQuerySchema>;

/** Data of `technical-alarm-cleared`: a device's technical alarm of that type is gone. */
export const technicalAlarmClearedEventSchema = z.object({
  type: technicalAlarmTypeSchema,
  deviceId: z.number().int(),
});
export type TechnicalAlarmClearedEvent = z.infer<typeof technicalAlarmClearedEventSchema>;

/** A deleted device, as the "Dispositivi eliminati" page lists it. */
export const deletedDeviceSchema = deviceSchema.extend({ deletedAt: isoDateSchema });
export type DeletedDevice = z.infer<typeof deletedDeviceSchema>;
export const deletedDeviceListSchema = z.array(deletedDeviceSchema);
