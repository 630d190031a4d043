import type { DeviceApiErrorKind } from './errors.js';

export interface SimulationOptions {
  /** The server's base URL, e.g. http://127.0.0.1:8080 (the API lives under /api). */
  url: string;
  /** The device API key (X-Api-Key). */
  apiKey: string;
  /** How many devices to simulate. */
  devices: number;
  /** Mean seconds between two SOS of one device (exponential intervals, like independent events). */
  sosEverySeconds: number;
  /** Seconds between two heartbeats of one device. */
  heartbeatSeconds: number;
  /** Stop by itself after this many seconds (default: run until stop()). */
  closeAfter?: number;
  /**
   * The first device raises its first SOS after this many seconds instead of a random
   * interval (the demo: an alert shows soon after the start, not "probably within minutes").
   */
  firstSosAfterSeconds?: number;
  /** Serials are the prefix and the device number: SIM-0001, SIM-0002... (default 'SIM-'). */
  serialPrefix?: string;
  /** Asked before each SOS; false holds it back (the demo caps how many are open at once). */
  canRaiseSos?: () => boolean | Promise<boolean>;
  /**
   * Now and then (mean `everySeconds`, exponential) one device falls silent for `forSeconds`:
   * it makes no call, so the server marks it offline, then it comes back (docs/alarm-handling.md).
   */
  silence?: { everySeconds: number; forSeconds: number };
  /** Everything the devices do and every failure, as it happens. */
  onEvent?: (event: SimulationEvent) => void;
}

export type SimulationEvent =
  | { type: 'registered'; serial: string; displayName: string; deviceId: number; created: boolean }
  /** created false: the device already had this SOS open, the server answered it again. */
  | { type: 'sos'; serial: string; displayName: string; sosId: number; created: boolean }
  | { type: 'heartbeat'; serial: string }
  /** The device falls silent for a while (options.silence). */
  | { type: 'silent'; serial: string; displayName: string; seconds: number }
  /** An administrator deleted the device: it makes no more calls. */
  | { type: 'deleted'; serial: string; displayName: string }
  | { type: 'error'; serial: string; kind: DeviceApiErrorKind; message: string; status?: number }
  | { type: 'stopped'; stats: SimulationStats };

export interface SimulationStats {
  devices: number;
  /** Devices the server accepted (deleted ones excluded). */
  registered: number;
  /** New SOS the server opened (201). */
  sosRaised: number;
  /** SOS calls answered with the device's SOS still open (200). */
  sosAlreadyOpen: number;
  /** SOS not sent because canRaiseSos said no. */
  sosHeldBack: number;
  heartbeats: number;
  errors: number;
  /** Devices an administrator deleted; they stopped calling. */
  deleted: number;
}

export interface Simulation {
  /** Stops every device, waits for the calls in flight, closes the connections. */
  stop(): Promise<void>;
  stats(): SimulationStats;
  /** Resolves once the simulation has stopped (stop() or closeAfter). */
  readonly finished: Promise<void>;
}
