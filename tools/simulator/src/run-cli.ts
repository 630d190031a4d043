import { parseCli, USAGE, UsageError, type CliOptions } from './args.js';
import { DeviceApiError } from './errors.js';
import { runDc09Cli } from './dc09/cli.js';
import { runExpectCli } from './expect-cli.js';
import { Reporter, summaryLine } from './report.js';
import { runScaip } from './run-scaip.js';
import { startSimulation } from './simulation.js';
import type { SimulationEvent } from './types.js';

export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
}

/** Above this many devices, per-device lines would scroll too fast: only summaries print. */
const VERBOSE_MAX_DEVICES = 50;
/** The same error message is printed again at most this often (the summary counts them all). */
const ERROR_REPEAT_MS = 30_000;

/** What to do about a failed start, in the options' own words. */
function explainStartFailure(err: DeviceApiError): string {
  if (err.kind === 'api-key') return 'the server refused the API key (401): check --api-key';
  if (err.kind === 'unreachable') return `${err.message}: is the server running? check --url`;
  return err.message;
}

function eventPrinter(reporter: Reporter, verbose: boolean) {
  const lastPrinted = new Map<string, number>();
  /** Each device's open SOS already reported as still open: said once, not at every call. */
  const stillOpen = new Map<string, number>();
  return (event: SimulationEvent) => {
    switch (event.type) {
      case 'registered':
        if (verbose)
          reporter.line(
            `registered ${event.serial} "${event.displayName}"${event.created ? '' : ' (known serial)'}`,
          );
        break;
      case 'sos':
        if (!verbose || stillOpen.get(event.serial) === event.sosId) break;
        if (event.created)
          reporter.line(`SOS #${event.sosId} raised by ${event.serial} "${event.displayName}"`);
        else {
          stillOpen.set(event.serial, event.sosId);
          reporter.line(
            `${event.serial} "${event.displayName}" called again: SOS #${event.sosId} is still open`,
          );
        }
        break;
      case 'deleted':
        reporter.line(
          `${event.serial} "${event.displayName}" was deleted by an administrator: it stops`,
        );
        break;
      case 'error': {
        const message =
          event.kind === 'api-key' ? 'the server refused the API key (401)' : event.message;
        const now = Date.now();
        if (now - (lastPrinted.get(message) ?? -Infinity) < ERROR_REPEAT_MS) break;
        lastPrinted.set(message, now);
        reporter.line(`error: ${event.serial ? `${event.serial}: ` : ''}${message}`);
        break;
      }
      default:
        break;
    }
  };
}

/** The simulator's command line; resolves to the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  // `dc09`: one SIA DC-09 message to a receiver, instead of devices over HTTP.
  if (argv[0] === 'dc09') return runDc09Cli(argv.slice(1), io);
  // `test`, `checkin`: one periodic test or check-in of a device (docs/expected-events.md).
  if (argv[0] === 'test' || argv[0] === 'checkin') return runExpectCli(argv[0], argv.slice(1), io);
  let options: CliOptions;
  try {
    options = parseCli(argv, io.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`error: ${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (options.scaip) return runScaip({ ...options, scaip: options.scaip }, io);
  const reporter = new Reporter(io.stdout);
  const verbose = options.devices <= VERBOSE_MAX_DEVICES;
  reporter.line(
    `simulating ${options.devices} devices against ${options.url} ` +
      `(an SOS about every ${options.sosEverySeconds} s per device, a heartbeat every ${options.heartbeatSeconds} s)`,
  );
  if (!verbose) reporter.line(`more than ${VERBOSE_MAX_DEVICES} devices: printing summaries only`);

  let simulation;
  try {
    simulation = await startSimulation({ ...options, onEvent: eventPrinter(reporter, verbose) });
  } catch (err) {
    if (!(err instanceof DeviceApiError)) throw err;
    io.stderr.write(`error: ${explainStartFailure(err)}\n`);
    return 1;
  }
  const sim = simulation;
  reporter.line(
    `running${options.closeAfter ? ` for ${options.closeAfter} s` : ''}: press Ctrl+C to stop`,
  );
  const summaries = setInterval(
    () => reporter.showSummary(summaryLine(sim.stats())),
    reporter.interactive ? 2000 : 5000,
  );
  const onSignal = () => void sim.stop();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await sim.finished;
  } finally {
    clearInterval(summaries);
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  reporter.showSummary(summaryLine(sim.stats()));
  reporter.end();
  reporter.line('stopped');
  return 0;
}
