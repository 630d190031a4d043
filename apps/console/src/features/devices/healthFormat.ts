import dayjs from 'dayjs';
import { LOW_BATTERY_PCT, type Device } from '@sos/contract';

/** HH:mm in the browser's time zone (docs/alarm-handling.md: "da {HH:mm}", "Ultimo contatto {HH:mm}"). */
export const formatTime = (value: string | null | undefined): string =>
  value == null ? '' : dayjs(value).format('HH:mm');

/** A monitored device's battery, when it is worth a warning (under 20 %); else null. */
export const lowBattery = (device: Device): number | null =>
  device.online !== null && device.batteryPct !== null && device.batteryPct < LOW_BATTERY_PCT
    ? device.batteryPct
    : null;
