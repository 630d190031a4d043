import { LOW_BATTERY_PCT, type Device } from '@sos/contract';

/** A monitored device's battery, when it is worth a warning (under 20 %); else null. */
export const lowBattery = (device: Device): number | null =>
  device.online !== null && device.batteryPct !== null && device.batteryPct < LOW_BATTERY_PCT
    ? device.batteryPct
    : null;
