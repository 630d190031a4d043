import { randomUUID } from 'node:crypto';
import { DeviceApiClient } from './client.js';
import { DeviceApiError } from './errors.js';
import { displayNameFor, serialFor, serialPrefixProblem } from './names.js';
import { eachLimited, Runner } from './runner.js';
import { isSilent, newHealth, nextBattery, silenceOne, type DeviceHealth } from './health.js';
import type { Simulation, SimulationEvent, SimulationOptions, SimulationStats } from './types.js';

interface SimDevice {
  serial: string;
  displayName: string;
  registered: boolean;
  /** Deleted by an administrator: no more calls. */
  gone: boolean;
  health: DeviceHealth;
}

/** SOS attempts of one alert (same Idempotency-Key), so a lost answer never loses the alert. */
const SOS_ATTEMPTS = 3;
const REGISTER_CONCURRENCY = 16;

/** An exponential interval: SOS then arrive like independent random events, mean `mean`. */
const exponential = (mean: number) => -Math.log(1 - Math.random()) * mean;

function check(options: SimulationOptions) {
  const positive = (name: string, value: number) => {
    if (!Number.isFinite(value) || value <= 0)
      throw new RangeError(`${name} must be a positive number`);
  };
  if (!Number.isInteger(options.devices) || options.devices < 1) {
    throw new RangeError('devices must be a positive integer');
  }
  positive('sosEverySeconds', options.sosEverySeconds);
  positive('heartbeatSeconds', options.heartbeatSeconds);
  if (options.closeAfter !== undefined) positive('closeAfter', options.closeAfter);
  if (options.firstSosAfterSeconds !== undefined && !(options.firstSosAfterSeconds >= 0)) {
    throw new RangeError('firstSosAfterSeconds must be zero or more');
  }
  const problem = serialPrefixProblem(options.serialPrefix ?? 'SIM-', options.devices);
  if (problem) throw new RangeError(`serialPrefix ${problem}`);
}

/**
 * Starts simulated devices over the real device API. Resolves once every device has
 * tried to register; rejects (a DeviceApiError) when the very first registration
 * fails, e.g. a wrong API key or no server at that URL.
 */
export async function startSimulation(options: SimulationOptions): Promise<Simulation> {
  check(options);
  const prefix = options.serialPrefix ?? 'SIM-';
  const client = new DeviceApiClient(options.url, options.apiKey, Math.min(options.devices, 32));
  const emit = (event: SimulationEvent) => options.onEvent?.(event);
  const counts: SimulationStats = {
    devices: options.devices,
    registered: 0,
    sosRaised: 0,
    sosAlreadyOpen: 0,
    sosHeldBack: 0,
    heartbeats: 0,
    errors: 0,
    deleted: 0,
  };
  const devices: SimDevice[] = Array.from({ length: options.devices }, (_, i) => ({
    serial: serialFor(prefix, i + 1),
    displayName: displayNameFor(i + 1),
    registered: false,
    gone: false,
    health: newHealth(),
  }));

  const failed = (device: SimDevice, err: unknown) => {
    if (err instanceof DeviceApiError && err.kind === 'deleted') {
      if (!device.gone) {
        device.gone = true;
        if (device.registered) counts.registered--;
        counts.deleted++;
        emit({ type: 'deleted', serial: device.serial, displayName: device.displayName });
      }
      return;
    }
    counts.errors++;
    const { kind, status } =
      err instanceof DeviceApiError ? err : { kind: 'http' as const, status: undefined };
    const message = err instanceof Error ? err.message : String(err);
    emit({ type: 'error', serial: device.serial, kind, message, ...(status ? { status } : {}) });
  };
  const runner = new Runner((err) => {
    counts.errors++;
    emit({ type: 'error', serial: '', kind: 'http', message: String(err) });
  });

  const register = async (device: SimDevice) => {
    const { created, value } = await client.register(device.serial, device.displayName);
    if (!device.registered) counts.registered++;
    device.registered = true;
    emit({
      type: 'registered',
      serial: device.serial,
      displayName: device.displayName,
      deviceId: value.id,
      created,
    });
  };

  const heartbeat = async (device: SimDevice) => {
    if (isSilent(device.health)) {
      runner.later(options.heartbeatSeconds, () => heartbeat(device));
      return;
    }
    try {
      // A device that could not register at start tries again at each beat.
      if (!device.registered) await register(device);
      else {
        await client.heartbeat(device.serial, nextBattery(device.health));
        counts.heartbeats++;
        emit({ type: 'heartbeat', serial: device.serial });
      }
    } catch (err) {
      failed(device, err);
    }
    if (!device.gone) runner.later(options.heartbeatSeconds, () => heartbeat(device));
  };

  // With canRaiseSos, the question and the SOS it allows run one device at a time, so a
  // limit it enforces (the demo's open SOS cap) is not overrun by devices asking together.
  let sosTurn: Promise<void> = Promise.resolve();
  const raise = (device: SimDevice): Promise<void> => {
    if (!device.registered || isSilent(device.health)) return Promise.resolve();
    const canRaise = options.canRaiseSos;
    if (!canRaise) return send(device);
    const turn = sosTurn.then(async () => {
      if (runner.isStopped) return;
      if (await canRaise()) return send(device);
      counts.sosHeldBack++;
    });
    sosTurn = turn.catch(() => {});
    return turn;
  };

  const send = async (device: SimDevice) => {
    const key = randomUUID();
    for (let attempt = 1; attempt <= SOS_ATTEMPTS; attempt++) {
      try {
        const { created, value } = await client.raiseSos(device.serial, key);
        if (created) counts.sosRaised++;
        else counts.sosAlreadyOpen++;
        emit({
          type: 'sos',
          serial: device.serial,
          displayName: device.displayName,
          sosId: value.id,
          created,
        });
        return;
      } catch (err) {
        failed(device, err);
        const retry = err instanceof DeviceApiError && err.transient && attempt < SOS_ATTEMPTS;
        if (!retry || !(await runner.sleep(attempt))) return;
      }
    }
  };

  const sosLoop = (device: SimDevice, delay = exponential(options.sosEverySeconds)) => {
    runner.later(delay, async () => {
      await raise(device).catch((err: unknown) => failed(device, err)); // canRaiseSos failed
      if (!device.gone) sosLoop(device);
    });
  };

  const [first, ...others] = devices;
  try {
    // The first registration is the probe: a wrong key or a dead server ends the start here.
    if (first) await register(first);
  } catch (err) {
    if (first && err instanceof DeviceApiError && err.kind === 'deleted') failed(first, err);
    else {
      await client.close();
      throw err;
    }
  }
  await eachLimited(others, REGISTER_CONCURRENCY, (device) =>
    register(device).catch((err) => failed(device, err)),
  );

  for (const device of devices) {
    if (device.gone) continue;
    // Spread the first beats over one period, so the fleet does not beat in step.
    runner.later(Math.random() * options.heartbeatSeconds, () => heartbeat(device));
    sosLoop(device, device === first ? options.firstSosAfterSeconds : undefined);
  }

  const silence = options.silence;
  const silenceLoop = (every: number, seconds: number) => {
    runner.later(exponential(every), async () => {
      const index = silenceOne(
        devices.map((d) => d.health),
        seconds,
      );
      const device = index === undefined ? undefined : devices[index];
      if (device)
        emit({ type: 'silent', serial: device.serial, displayName: device.displayName, seconds });
      silenceLoop(every, seconds);
    });
  };
  if (silence) silenceLoop(silence.everySeconds, silence.forSeconds);

  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      clearTimeout(closeTimer);
      await runner.stop();
      await client.close();
      emit({ type: 'stopped', stats: { ...counts } });
      finish();
    })();
    return stopping;
  };
  const closeTimer =
    options.closeAfter === undefined
      ? undefined
      : setTimeout(() => void stop(), options.closeAfter * 1000);
  return { stop, stats: () => ({ ...counts }), finished };
}
