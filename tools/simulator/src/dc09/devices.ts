import { Dc09Client } from './client.js';
import type { Dc09Answer } from './frame.js';

export interface Dc09DevicesOptions {
  host: string;
  port: number;
  key: Buffer | null;
  /** Mean seconds between two fire alarms of the smoke detector (default 240). */
  fireEverySeconds?: number;
  /** Seconds between two NULL polls of each device (default 60). */
  pollSeconds?: number;
  /** Seconds before the first fire (default 40). */
  firstFireAfterSeconds?: number;
  onEvent?: (event: Dc09DeviceEvent) => void;
}

export interface Dc09DeviceEvent {
  account: string;
  what: string;
  answer: Dc09Answer['type'] | 'none';
}

export interface Dc09Devices {
  stop(): void;
}

/** The demo's DC-09 devices: their accounts (registered on first contact as DC-09 <account>). */
export const DC09_DEMO_ACCOUNTS = { smokeDetector: '5E01', panel: '7A02' } as const;

/**
 * Two devices reporting through the DC-09 receiver, as installed equipment does: a smoke
 * detector over TCP (Contact ID: a fire now and then, its restore a minute later) and an
 * alarm panel over UDP (SIA DCS: a low battery, restored two minutes later, every ten
 * minutes); both poll with NULL.
 */
export function startDc09Devices(options: Dc09DevicesOptions): Dc09Devices {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const smoke = new Dc09Client({ ...options, transport: 'tcp' });
  const panel = new Dc09Client({ ...options, transport: 'udp' });
  const { smokeDetector, panel: panelAccount } = DC09_DEMO_ACCOUNTS;

  const send = (
    client: Dc09Client,
    account: string,
    token: 'ADM-CID' | 'SIA-DCS' | 'NULL',
    data: string,
    what: string,
  ) =>
    client.send({ token, account, data }).then(
      (answer) => options.onEvent?.({ account, what, answer: answer.type }),
      () => options.onEvent?.({ account, what, answer: 'none' }),
    );
  const after = (seconds: number, run: () => void) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) run();
    }, seconds * 1000);
    timer.unref();
    timers.add(timer);
  };
  // Exponential intervals: a fire "now and then", not on a visible beat.
  const randomly = (mean: number) => -Math.log(1 - Math.random()) * mean;

  const fire = () => {
    void send(smoke, smokeDetector, 'ADM-CID', '1110 01 001', 'fire');
    after(60, () => void send(smoke, smokeDetector, 'ADM-CID', '3110 01 001', 'fire restore'));
    after(randomly(options.fireEverySeconds ?? 240) + 60, fire);
  };
  const battery = () => {
    void send(panel, panelAccount, 'SIA-DCS', 'Nri1/YT', 'low battery');
    after(120, () => void send(panel, panelAccount, 'SIA-DCS', 'Nri1/YR', 'battery restore'));
    after(600, battery);
  };
  const poll = () => {
    void send(smoke, smokeDetector, 'NULL', '', 'poll');
    void send(panel, panelAccount, 'NULL', '', 'poll');
    after(options.pollSeconds ?? 60, poll);
  };
  poll();
  after(20, battery);
  after(options.firstFireAfterSeconds ?? 40, fire);
  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      smoke.close();
      panel.close();
    },
  };
}
