import { DC09_DEMO_ACCOUNTS, startDc09Devices, type Dc09Devices } from '../dc09/devices.js';
import type { DemoLog } from './host.js';

export interface Dc09DemoOptions {
  /** The receiver's address as a device on this machine reaches it. */
  host: string;
  port: number;
  /** SOS_DC09_KEY in hex, or none (plain frames). */
  key: string | undefined;
  log: DemoLog;
}

/**
 * The demo with the DC-09 receiver on: a smoke detector and an alarm panel report through
 * it over the network, as installed equipment does (docs/receivers.md), so a newcomer sees
 * alarm kinds ("Incendio") and technical alarms ("Batteria scarica") without configuring any.
 */
export function startDc09Demo(options: Dc09DemoOptions): Dc09Devices {
  const { log } = options;
  return startDc09Devices({
    host: options.host,
    port: options.port,
    key: options.key ? Buffer.from(options.key, 'hex') : null,
    onEvent: (event) => {
      if (event.what === 'poll' && event.answer === 'ACK') return;
      const line = `demo: DC-09 ${event.account} sent ${event.what}, answered ${event.answer}`;
      if (event.answer === 'ACK') log.info({ account: event.account }, line);
      else log.warn({ account: event.account }, line);
    },
  });
}

export const DC09_DEMO_ACCOUNT_LIST = Object.values(DC09_DEMO_ACCOUNTS);
