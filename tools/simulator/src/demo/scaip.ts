import { startScaipFleet, type ScaipFleet } from '../scaip/fleet.js';
import type { DemoLog } from './host.js';

/**
 * The demo's SCAIP local units (docs/scaip.md): one over UDP, one over TCP, each with a fall
 * detector and a smoke detector behind it, talking SIP to the server's own SCAIP receiver
 * exactly as installed units would. They heartbeat, and now and then a detector raises an
 * alarm (a fall with the unit's position, or smoke) and restores it a little later.
 */
export const SCAIP_DEMO_PREFIXES = { udp: 'DEMO-UDP-', tcp: 'DEMO-TCP-' } as const;

export interface ScaipDemoOptions {
  /** Where the receiver listens (loopback). */
  host: string;
  port: number;
  log: DemoLog;
  /** Asked before each alarm: false holds it back (as the HTTP demo devices are, at the cap). */
  canAlarm: () => Promise<boolean>;
  /** A unit's fall alarm was answered (the voice demo's unit calls in then). */
  onFall?: (cid: string) => void;
}

export async function startScaipDemo(
  options: ScaipDemoOptions,
): Promise<{ stop(): Promise<void> }> {
  const fleets: ScaipFleet[] = [];
  for (const transport of ['udp', 'tcp'] as const) {
    fleets.push(
      await startScaipFleet({
        target: { host: options.host, port: options.port, transport },
        units: 1,
        cidPrefix: SCAIP_DEMO_PREFIXES[transport],
        alarmEverySeconds: 300,
        heartbeatSeconds: 30,
        // The UDP unit's first alarm comes soon after the start, so a newcomer sees one.
        ...(transport === 'udp' ? { firstAlarmAfterSeconds: 40 } : {}),
        canAlarm: options.canAlarm,
        onEvent: (event) => {
          if (event.type === 'alarm') {
            options.log.info(
              { cid: event.cid },
              `demo: SCAIP ${event.peripheral} alarm from "SCAIP ${event.cid}"`,
            );
            if (event.peripheral === 'fall') options.onFall?.(event.cid);
          } else if (event.type === 'error')
            options.log.warn({ cid: event.cid }, `demo: SCAIP unit: ${event.message}`);
        },
      }),
    );
  }
  return { stop: async () => void (await Promise.all(fleets.map((f) => f.stop()))) };
}
