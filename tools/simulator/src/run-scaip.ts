import type { CliOptions } from './args.js';
import { Reporter } from './report.js';
import { startScaipFleet, type ScaipFleetEvent } from './scaip/fleet.js';
import type { SipTarget } from './scaip/sip.js';

function printer(reporter: Reporter, verbose: boolean) {
  return (event: ScaipFleetEvent) => {
    if (event.type === 'alarm')
      reporter.line(
        `SCAIP ${event.cid}: ${event.peripheral} alarm answered ${event.answer.status}, snu ${event.answer.snu ?? '-'}`,
      );
    else if (event.type === 'error') reporter.line(`error: SCAIP ${event.cid}: ${event.message}`);
    else if (verbose && event.type === 'heartbeat')
      reporter.line(`SCAIP ${event.cid}: heartbeat answered`);
  };
}

/** The CLI with --scaip: simulated SCAIP local units until Ctrl+C or --duration. */
/** The CLI's output streams (run-cli.ts's CliIo, which calls this). */
interface ScaipIo {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
}

export async function runScaip(
  options: CliOptions & { scaip: SipTarget },
  io: ScaipIo,
): Promise<number> {
  const reporter = new Reporter(io.stdout);
  const { host, port, transport } = options.scaip;
  reporter.line(
    `simulating ${options.devices} SCAIP units against ${host}:${port} over ${transport.toUpperCase()} ` +
      `(an alarm about every ${options.sosEverySeconds} s per unit, a heartbeat every ${options.heartbeatSeconds} s)`,
  );
  let fleet;
  try {
    fleet = await startScaipFleet({
      target: options.scaip,
      units: options.devices,
      ...(options.serialPrefix ? { cidPrefix: options.serialPrefix } : {}),
      alarmEverySeconds: options.sosEverySeconds,
      heartbeatSeconds: options.heartbeatSeconds,
      onEvent: printer(reporter, options.devices <= 5),
    });
  } catch (err) {
    io.stderr.write(
      `error: ${err instanceof Error ? err.message : String(err)}: is the SCAIP receiver on? check --scaip\n`,
    );
    return 1;
  }
  const running = fleet;
  reporter.line(
    `running${options.closeAfter ? ` for ${options.closeAfter} s` : ''}: press Ctrl+C to stop`,
  );
  await new Promise<void>((resolve) => {
    const done = () => {
      process.removeListener('SIGINT', done);
      process.removeListener('SIGTERM', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = options.closeAfter ? setTimeout(done, options.closeAfter * 1000) : undefined;
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await running.stop();
  const stats = running.stats();
  reporter.line(
    `stopped: ${stats.alarms} alarms and ${stats.heartbeats} heartbeats answered, ${stats.errors} errors`,
  );
  return 0;
}
