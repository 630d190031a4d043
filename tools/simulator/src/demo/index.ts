import type { Simulation } from '../types.js';
import { DC09_DEMO_ACCOUNT_LIST, startDc09Demo } from './dc09.js';
import { demoOpenSosCap, type DemoHost } from './host.js';
import { DEMO_SERIAL_PREFIX, startHttpDemo, type HttpDemoOptions } from './http.js';
import { SCAIP_DEMO_PREFIXES, startScaipDemo } from './scaip.js';
import { hasBaresip, startVoiceUnit, type VoiceUnit } from './voice.js';

/** How many HTTP devices `npm run demo` simulates when SOS_DEMO_DEVICES is unset: written only here. */
export const DEFAULT_DEMO_DEVICES = 12;

/** SOS_DEMO_DEVICES as `npm run demo` reads it: unset or empty is the default, 0 simulates nothing. */
export function demoDevicesFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_DEMO_DEVICES;
  const devices = Number(value);
  if (!Number.isInteger(devices) || devices < 0 || devices > 100_000) {
    throw new RangeError(
      `SOS_DEMO_DEVICES must be a whole number from 0 to 100000 (it is "${value}")`,
    );
  }
  return devices;
}

export interface Demo {
  /** Lines for the server's start message, below "SOS Console is running". */
  lines: string[];
  stop(): Promise<void>;
}

/**
 * `npm run demo`: simulated devices beside the server, so a newcomer sees the console alive.
 * The HTTP devices, and through the receivers that are on, two DC-09 devices and two SCAIP
 * units. A part that cannot start is logged and the rest runs (the server stays up).
 */
export async function startDemo(host: DemoHost, options: HttpDemoOptions): Promise<Demo> {
  const { log } = host;
  if (options.devices === 0) return { lines: [], stop: async () => {} };
  const cap = demoOpenSosCap(options.devices);
  const http: Simulation | undefined = await startHttpDemo(host, options).catch((err: unknown) => {
    log.error({ err }, 'demo: the simulated devices could not start');
    return undefined;
  });
  // With voice on, the UDP unit calls in after its fall alarm (docs/voice.md "Demo").
  const voice: VoiceUnit | undefined =
    host.voice && host.scaip && hasBaresip()
      ? startVoiceUnit({ host: host.host, sipPort: host.voice.sipPort, log })
      : undefined;
  const scaip = host.scaip
    ? await startScaipDemo({
        host: host.host,
        port: host.scaip.port,
        log,
        canAlarm: async () => (await host.openSosCount()) < cap,
        onFall: (cid) => {
          if (cid.startsWith(SCAIP_DEMO_PREFIXES.udp)) setTimeout(() => voice?.call(cid), 2000);
        },
      }).catch((err: unknown) => {
        log.error({ err }, 'demo: the SCAIP units could not start');
        return undefined;
      })
    : undefined;
  const dc09 =
    http && host.dc09
      ? startDc09Demo({ host: host.host, port: host.dc09.port, key: host.dc09.key, log })
      : undefined;

  const lines: string[] = [];
  if (http) {
    lines.push(
      `  demo: ${options.devices} simulated devices (${DEMO_SERIAL_PREFIX}0001...): an SOS now and then, ` +
        `at most ${cap} open at once`,
    );
  }
  if (dc09) {
    lines.push(
      `  demo: DC-09 devices ${DC09_DEMO_ACCOUNT_LIST.join(', ')} report through the receiver (a fire now and then, a low battery)`,
    );
  }
  if (host.voice && host.scaip) {
    lines.push(
      voice
        ? `  demo: voice: the SCAIP unit ${SCAIP_DEMO_PREFIXES.udp}0001 calls in after its fall alarm (about 40 s after the start)`
        : '  demo: voice: no unit calls in (to hear one: apt-get install baresip-core)',
    );
  }
  return {
    lines,
    stop: async () => {
      await voice?.stop();
      dc09?.stop();
      await http?.stop();
      await scaip?.stop();
    },
  };
}
