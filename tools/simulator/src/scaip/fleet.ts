import { Runner } from '../runner.js';
import { ScaipUnit, type Peripheral } from './unit.js';
import type { SipAnswer, SipTarget } from './sip.js';

/**
 * Several simulated SCAIP local units: each heartbeats (`mty` PI) and now and then one of its
 * detectors raises an alarm (a fall with the unit's position, or smoke), which it restores a
 * little later. Used by the CLI (`--scaip`) and the server's demo.
 */
export interface ScaipFleetOptions {
  target: SipTarget;
  units: number;
  /** cids are the prefix and the unit's number: SIMSCAIP0001… (default 'SIMSCAIP'). */
  cidPrefix?: string;
  /** Mean seconds between two alarms of one unit. */
  alarmEverySeconds: number;
  heartbeatSeconds: number;
  /**
   * The first unit's first alarm after this many seconds rather than a random interval; that
   * alarm is a fall (the demo's unit then calls in when voice is on).
   */
  firstAlarmAfterSeconds?: number;
  /** Asked before each alarm; false holds it back (the demo caps open SOS). */
  canAlarm?: () => boolean | Promise<boolean>;
  onEvent?: (event: ScaipFleetEvent) => void;
}

export type ScaipFleetEvent =
  | { type: 'alarm'; cid: string; peripheral: Peripheral; answer: SipAnswer }
  | { type: 'heartbeat'; cid: string; answer: SipAnswer }
  | { type: 'error'; cid: string; message: string };

export interface ScaipFleet {
  stop(): Promise<void>;
  stats(): { units: number; alarms: number; heartbeats: number; errors: number };
}

const exponential = (mean: number) => -Math.log(1 - Math.random()) * mean;
/** Somewhere in Milan: a simulated unit's position (a few hundred metres apart). */
const position = (n: number) => ({
  lat: Number((45.4642 + (n % 20) * 0.002).toFixed(5)),
  lon: Number((9.19 + (n % 7) * 0.003).toFixed(5)),
});

export const scaipCid = (prefix: string, n: number) => `${prefix}${String(n).padStart(4, '0')}`;

export async function startScaipFleet(options: ScaipFleetOptions): Promise<ScaipFleet> {
  const counts = { units: options.units, alarms: 0, heartbeats: 0, errors: 0 };
  const emit = (event: ScaipFleetEvent) => options.onEvent?.(event);
  const units: ScaipUnit[] = [];
  const runner = new Runner(() => (counts.errors += 1));
  const prefix = options.cidPrefix ?? 'SIMSCAIP';

  const attempt = async (
    cid: string,
    send: () => Promise<SipAnswer>,
    done: (answer: SipAnswer) => void,
  ) => {
    try {
      const answer = await send();
      if (answer.status !== 200 || answer.snu !== 0)
        throw new Error(
          `answered ${answer.status}${answer.snu === null ? '' : ` snu ${answer.snu}`}`,
        );
      done(answer);
    } catch (err) {
      if (runner.isStopped) return;
      counts.errors += 1;
      emit({ type: 'error', cid, message: err instanceof Error ? err.message : String(err) });
    }
  };

  for (let n = 1; n <= options.units; n += 1) {
    const cid = scaipCid(prefix, n);
    const unit = await ScaipUnit.open({ target: options.target, cid });
    units.push(unit);
    const heartbeat = async (): Promise<void> => {
      await attempt(
        cid,
        () => unit.heartbeat(),
        (answer) => {
          counts.heartbeats += 1;
          emit({ type: 'heartbeat', cid, answer });
        },
      );
      runner.later(options.heartbeatSeconds, heartbeat);
    };
    let firstFall = n === 1 && options.firstAlarmAfterSeconds !== undefined;
    const alarm = async (): Promise<void> => {
      const peripheral: Peripheral = firstFall || Math.random() < 0.6 ? 'fall' : 'smoke';
      firstFall = false;
      if ((await options.canAlarm?.()) ?? true) {
        await attempt(
          cid,
          () => unit.alarm(peripheral, peripheral === 'fall' ? position(n) : undefined),
          (answer) => {
            counts.alarms += 1;
            emit({ type: 'alarm', cid, peripheral, answer });
          },
        );
        runner.later(20, () =>
          attempt(
            cid,
            () => unit.restore(peripheral),
            () => undefined,
          ),
        );
      }
      runner.later(exponential(options.alarmEverySeconds), alarm);
    };
    runner.run(heartbeat);
    const first = n === 1 ? options.firstAlarmAfterSeconds : undefined;
    runner.later(first ?? exponential(options.alarmEverySeconds), alarm);
  }

  return {
    async stop() {
      const stopping = runner.stop();
      for (const unit of units) unit.close();
      await stopping;
    },
    stats: () => ({ ...counts }),
  };
}
