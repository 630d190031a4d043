import { parseArgs } from 'node:util';
import { serialPrefixProblem } from './names.js';
import type { SipTarget } from './scaip/sip.js';
import type { SimulationOptions } from './types.js';

export const USAGE = `Usage: npm run simulate -- --api-key KEY [options]

Simulated SOS devices over the device API: they register, send heartbeats and
raise an SOS now and then. Stop with Ctrl+C.

Options:
  --url URL          the server (default http://127.0.0.1:8080)
  --api-key KEY      the device API key (X-Api-Key); default: $SOS_DEVICE_API_KEY
  --devices N        how many devices (default 12)
  --sos-every S      mean seconds between two SOS of one device (default 30)
  --heartbeat S      seconds between two heartbeats of one device (default 30)
  --duration S       stop by itself after S seconds (default: run until Ctrl+C)
  --prefix P         serial prefix: P0001, P0002... (default SIM-)
  --scaip HOST:PORT  instead: SCAIP local units (a fall and a smoke detector
                     behind each) sending to that SCAIP receiver; --devices
                     units, cid P0001... (no API key needed)
  --scaip-transport T  udp (default) or tcp
  -h, --help         this help

SIA DC-09 instead (one message to the alarm receiver): npm run simulate -- dc09 --help
One periodic test or check-in of a device: npm run simulate -- test|checkin --help
`;

/** A bad command line: the message names the option; the CLI prints it with the usage. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export type CliOptions = Omit<SimulationOptions, 'onEvent' | 'canRaiseSos'> & {
  help: boolean;
  scaip?: SipTarget;
};

function number(
  name: string,
  raw: string | undefined,
  fallback: number | undefined,
  integer = false,
) {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (
    raw.trim() === '' ||
    !Number.isFinite(value) ||
    value <= 0 ||
    (integer && !Number.isInteger(value))
  ) {
    throw new UsageError(
      `--${name}: must be a positive ${integer ? 'whole ' : ''}number (got "${raw}")`,
    );
  }
  return value;
}

/** Parses the command line; throws UsageError naming the bad option. */
export function parseCli(argv: string[], env: Record<string, string | undefined> = {}): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        'api-key': { type: 'string' },
        devices: { type: 'string' },
        'sos-every': { type: 'string' },
        heartbeat: { type: 'string' },
        duration: { type: 'string' },
        prefix: { type: 'string' },
        scaip: { type: 'string' },
        'scaip-transport': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const help = values.help ?? false;
  const url = values.url ?? 'http://127.0.0.1:8080';
  let parsedUrl: URL | undefined;
  try {
    parsedUrl = new URL(url);
  } catch {
    parsedUrl = undefined;
  }
  if (!parsedUrl || !['http:', 'https:'].includes(parsedUrl.protocol)) {
    throw new UsageError(`--url: must be an http:// or https:// URL (got "${url}")`);
  }
  const devices = number('devices', values.devices, 12, true) as number;
  if (devices > 100_000) throw new UsageError('--devices: at most 100000');
  const sosEverySeconds = number('sos-every', values['sos-every'], 30) as number;
  const heartbeatSeconds = number('heartbeat', values.heartbeat, 30) as number;
  const closeAfter = number('duration', values.duration, undefined);
  const serialPrefix = values.prefix ?? 'SIM-';
  const problem = serialPrefixProblem(serialPrefix, devices);
  if (problem) throw new UsageError(`--prefix: ${problem}`);
  const scaip = scaipTarget(values.scaip, values['scaip-transport']);
  const apiKey = values['api-key'] ?? env.SOS_DEVICE_API_KEY ?? '';
  if (!help && !scaip && apiKey.trim() === '') throw new UsageError('--api-key: is required');
  return {
    help,
    url,
    apiKey,
    devices,
    sosEverySeconds,
    heartbeatSeconds,
    serialPrefix,
    ...(closeAfter !== undefined ? { closeAfter } : {}),
    ...(scaip ? { scaip } : {}),
  };
}

/** `--scaip HOST:PORT` and `--scaip-transport`: where the SCAIP units send. */
function scaipTarget(
  raw: string | undefined,
  transport: string | undefined,
): SipTarget | undefined {
  if (raw === undefined) {
    if (transport !== undefined) throw new UsageError('--scaip-transport: only with --scaip');
    return undefined;
  }
  const match = /^(.+):(\d{1,5})$/.exec(raw);
  const port = Number(match?.[2]);
  if (!match?.[1] || !(port > 0 && port < 65536))
    throw new UsageError(`--scaip: must be HOST:PORT (got "${raw}")`);
  if (transport !== undefined && transport !== 'udp' && transport !== 'tcp') {
    throw new UsageError(`--scaip-transport: must be udp or tcp (got "${transport}")`);
  }
  return { host: match[1], port, transport: transport === 'tcp' ? 'tcp' : 'udp' };
}
