import { parseArgs } from 'node:util';
import { Dc09Client, seqOfNow } from './client.js';

const DC09_USAGE = `Usage: npm run simulate -- dc09 --port PORT --account ACCT [options]

Sends one SIA DC-09 message to a receiver, as an alarm panel does, and prints the answer.

Options:
  --host HOST       the receiver (default 127.0.0.1)
  --port PORT       its port (SOS_DC09_PORT)
  --key HEX         the AES key (SOS_DC09_KEY, 32/48/64 hex digits); none: a plain frame
  --udp             over UDP (default TCP)
  --account ACCT    the account, 3-16 hex digits (the device: serial DC09-<prefix>-<ACCT>)
  --prefix P        the account prefix L (default 0)
  --cid "QEEE GG CCC"  a Contact ID event (default "1110 01 001": fire, zone 1)
  --sia "N..."      a SIA DCS event instead, e.g. "Nri1/YT" (low battery)
  --null            a NULL poll (a heartbeat) instead
`;

type Io = { stdout: { write(text: string): unknown }; stderr: { write(text: string): unknown } };

/** `npm run simulate -- dc09 …`: resolves to the exit code (0 when answered ACK). */
export async function runDc09Cli(argv: string[], io: Io): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string' },
        key: { type: 'string' },
        udp: { type: 'boolean', default: false },
        account: { type: 'string' },
        prefix: { type: 'string', default: '0' },
        cid: { type: 'string' },
        sia: { type: 'string' },
        null: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    io.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n\n${DC09_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(DC09_USAGE);
    return 0;
  }
  const port = Number(values.port);
  const problem =
    !Number.isInteger(port) || port < 1 || port > 65535
      ? '--port: a port number is required'
      : !/^[0-9A-Fa-f]{3,16}$/.test(values.account ?? '')
        ? '--account: 3 to 16 hex digits'
        : values.key !== undefined &&
            !/^(?:[0-9A-Fa-f]{32}|[0-9A-Fa-f]{48}|[0-9A-Fa-f]{64})$/.test(values.key)
          ? '--key: 32, 48 or 64 hex digits'
          : null;
  if (problem) {
    io.stderr.write(`error: ${problem}\n\n${DC09_USAGE}`);
    return 2;
  }
  const key = values.key ? Buffer.from(values.key, 'hex') : null;
  const transport = values.udp ? 'udp' : 'tcp';
  const client = new Dc09Client({
    host: values.host,
    port,
    transport,
    key,
    attempts: 3,
    firstSeq: seqOfNow(),
  });
  const token = values.null ? 'NULL' : values.sia ? 'SIA-DCS' : 'ADM-CID';
  const data = values.null ? '' : (values.sia ?? values.cid ?? '1110 01 001');
  try {
    const answer = await client.send({
      token,
      account: values.account!,
      prefix: values.prefix,
      data,
    });
    io.stdout.write(
      `${token} ${data} → ${answer.type} (seq ${answer.seq}${answer.time ? `, receiver time ${answer.time.slice(1)}` : ''})\n`,
    );
    return answer.type === 'ACK' ? 0 : 1;
  } catch (err) {
    io.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    client.close();
  }
}
