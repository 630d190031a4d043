import { startSimulation } from '../simulation.js';
import type { Simulation, SimulationEvent } from '../types.js';
import { demoOpenSosCap, type DemoHost, type DemoLog } from './host.js';

/** The demo's HTTP devices: simulated devices calling the server's device API (DEMO-0001…). */
export interface HttpDemoOptions {
  devices: number;
  /** Mean seconds between two SOS of the whole fleet (default 25: one blinks within a minute of signing in). */
  fleetSosEverySeconds?: number;
  heartbeatSeconds?: number;
  /** Mean seconds between two devices falling silent (default 600). */
  silenceEverySeconds?: number;
  /** When the first SOS comes (default 10 s after the start), whatever the random intervals. */
  firstSosAfterSeconds?: number;
}

export const DEMO_SERIAL_PREFIX = 'DEMO-';

/** Seconds a device stays offline in the demo before it is heard again. */
const DEMO_OFFLINE_SHOWN_S = 90;

/** Demo events worth a log line; the same failure is logged once a minute at most. */
function demoLogger(log: DemoLog) {
  const lastLogged = new Map<string, number>();
  return (event: SimulationEvent) => {
    if (event.type === 'sos' && event.created) {
      log.info(
        { serial: event.serial, sosId: event.sosId },
        `demo: SOS raised by "${event.displayName}"`,
      );
    } else if (event.type === 'silent') {
      log.info(
        { serial: event.serial },
        `demo: "${event.displayName}" falls silent for ${event.seconds} s`,
      );
    } else if (event.type === 'deleted') {
      log.info({ serial: event.serial }, `demo: "${event.displayName}" was deleted: it stops`);
    } else if (event.type === 'error') {
      const message =
        event.kind === 'api-key'
          ? 'demo: the device API key changed, so the simulated devices are refused (as real ones would be); restart the server to reconnect them'
          : `demo: ${event.message}`;
      const now = Date.now();
      if (now - (lastLogged.get(message) ?? -Infinity) < 60_000) return;
      lastLogged.set(message, now);
      log.warn({ serial: event.serial }, message);
    }
  };
}

/**
 * Registers the demo devices and starts them; resolves once they are registered. Their
 * heartbeats carry batteries; now and then (about every 10 min) one falls silent long enough
 * to go offline, then comes back, so a newcomer sees a technical alarm appear and clear.
 */
export async function startHttpDemo(host: DemoHost, options: HttpDemoOptions): Promise<Simulation> {
  const cap = demoOpenSosCap(options.devices);
  const heartbeatSeconds = options.heartbeatSeconds ?? 30;
  const offlineAfter = await host.offlineAfterSeconds();
  const simulation = await startSimulation({
    url: host.url,
    apiKey: host.apiKey,
    devices: options.devices,
    serialPrefix: DEMO_SERIAL_PREFIX,
    // Each device's mean interval, so that the fleet as a whole raises one that often.
    sosEverySeconds: (options.fleetSosEverySeconds ?? 25) * options.devices,
    heartbeatSeconds,
    silence: {
      everySeconds: options.silenceEverySeconds ?? 600,
      forSeconds: offlineAfter + heartbeatSeconds + DEMO_OFFLINE_SHOWN_S,
    },
    firstSosAfterSeconds: options.firstSosAfterSeconds ?? 10,
    canRaiseSos: async () => (await host.openSosCount()) < cap,
    onEvent: demoLogger(host.log),
  });
  await host
    .writeResidents(DEMO_SERIAL_PREFIX)
    .catch((err: unknown) => host.log.warn({ err }, 'demo: the residents could not be written'));
  return simulation;
}
