/**
 * A simulated device's health (docs/alarm-handling.md): the battery its heartbeats report, and the
 * silences that make it go offline now and then (a pendant out of range).
 */
export interface DeviceHealth {
  /** 0–100, sent with each heartbeat. */
  battery: number;
  /** Epoch ms until which the device makes no call at all. */
  silentUntil: number;
}

/** A battery somewhere in its life: a few devices start under the 20 % warning. */
export const newHealth = (): DeviceHealth => ({
  battery: 8 + Math.floor(Math.random() * 93),
  silentUntil: 0,
});

/** The level the next heartbeat reports: it drains about 1 % every 4 beats; under 5 % it goes on the charger. */
export function nextBattery(health: DeviceHealth): number {
  if (Math.random() < 0.25) health.battery -= 1;
  if (health.battery < 5) health.battery = 100;
  return health.battery;
}

export const isSilent = (health: DeviceHealth, now = Date.now()) => now < health.silentUntil;

/** Silences one device picked at random (none silent already) for `seconds`; answers its index. */
export function silenceOne(
  healths: DeviceHealth[],
  seconds: number,
  now = Date.now(),
): number | undefined {
  if (healths.some((h) => isSilent(h, now))) return undefined;
  const index = Math.floor(Math.random() * healths.length);
  const health = healths[index];
  if (!health) return undefined;
  health.silentUntil = now + seconds * 1000;
  return index;
}
