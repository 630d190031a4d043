import { parseArgs } from 'node:util';
import { DeviceApiClient } from './client.js';
import { DeviceApiError } from './errors.js';

const EXPECT_USAGE = `Usage: npm run simulate -- test|checkin --serial SERIAL [options]

Sends one periodic test or one check-in of a device over the device API
(docs/expected-events.md): "test" clears "Test periodico mancante", "checkin"
keeps the resident's check-in window.

Options:
  --url URL          the server (default http://127.0.0.1:8080)
  --api-key KEY      the device API key (X-Api-Key); default: $SOS_DEVICE_API_KEY
  --serial SERIAL    the device
`;

type Io = {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
};

/** `npm run simulate -- test|checkin …`: resolves to the exit code (0 when the server recorded it). */
export async function runExpectCli(
  what: 'test' | 'checkin',
  argv: string[],
  io: Io,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        url: { type: 'string', default: 'http://127.0.0.1:8080' },
        'api-key': { type: 'string' },
        serial: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    io.stderr.write(`error: ${(err as Error).message}\n\n${EXPECT_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(EXPECT_USAGE);
    return 0;
  }
  const apiKey = values['api-key'] ?? io.env.SOS_DEVICE_API_KEY;
  if (!apiKey || !values.serial) {
    io.stderr.write(`error: --${apiKey ? 'serial' : 'api-key'} is required\n\n${EXPECT_USAGE}`);
    return 2;
  }
  const client = new DeviceApiClient(values.url, apiKey, 1);
  try {
    await (what === 'test' ? client.test(values.serial) : client.checkIn(values.serial));
    io.stdout.write(`${what === 'test' ? 'test' : 'check-in'} of ${values.serial} recorded\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof DeviceApiError)) throw err;
    io.stderr.write(`error: ${err.message}\n`);
    return 1;
  } finally {
    await client.close();
  }
}
