import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { deviceSchema } from './device.js';

/** A deleted device's repeated SOS within this window adds nothing (DESIGN §6). */
export const DELETED_SOS_REPEAT_S = 60;
/** The battery level under which a card warns (DESIGN §6: under 20 %). */
export const LOW_BATTERY_PCT = 20;

export const TECHNICAL_ALARM_TYPES = ['DEVICE_OFFLINE', 'DELETED_DEVICE_SOS'] as const;
export const technicalAlarmTypeSchema = z.enum(TECHNICAL_ALARM_TYPES);
export type TechnicalAlarmType = z.infer<typeof technicalAlarmTypeSchema>;

/** DEVICE_OFFLINE: since its last contact; DELETED_DEVICE_SOS: since its first refused SOS. */
export const technicalAlarmSchema = z.object({
  type: technicalAlarmTypeSchema,
  device: deviceSchema,
  since: isoDateSchema,
});
export type TechnicalAlarm = z.infer<typeof technicalAlarmSchema>;
export const technicalAlarmListSchema = z.array(technicalAlarmSchema);

export const technicalAlarmDismissQuerySchema = z.object({ deviceId: idSchema });

/** A deleted device, as the "Dispositivi eliminati" page lists it. */
export const deletedDeviceSchema = deviceSchema.extend({ deletedAt: isoDateSchema });
export type DeletedDevice = z.infer<typeof deletedDeviceSchema>;
export const deletedDeviceListSchema = z.array(deletedDeviceSchema);
