import { describe, expect, it } from 'vitest';
import { parseCli, UsageError } from '../src/args.js';

const usageError = (argv: string[], env = {}) => {
  try {
    parseCli(argv, env);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
};

describe('simulator command line', () => {
  it('reads the documented options', () => {
    expect(
      parseCli([
        '--url',
        'http://10.0.0.5:9000',
        '--api-key',
        'KEY',
        '--devices',
        '40',
        '--sos-every',
        '12.5',
        '--heartbeat',
        '5',
        '--duration',
        '60',
        '--prefix',
        'TEST-',
      ]),
    ).toEqual({
      help: false,
      url: 'http://10.0.0.5:9000',
      apiKey: 'KEY',
      devices: 40,
      sosEverySeconds: 12.5,
      heartbeatSeconds: 5,
      closeAfter: 60,
      serialPrefix: 'TEST-',
    });
  });

  it('defaults to 12 devices on the local server, the key from SOS_DEVICE_API_KEY', () => {
    expect(parseCli([], { SOS_DEVICE_API_KEY: 'from-env' })).toEqual({
      help: false,
      url: 'http://127.0.0.1:8080',
      apiKey: 'from-env',
      devices: 12,
      sosEverySeconds: 30,
      heartbeatSeconds: 30,
      serialPrefix: 'SIM-',
    });
  });

  it.each([
    [
      ['--api-key', 'k', '--devices', 'abc'],
      '--devices: must be a positive whole number (got "abc")',
    ],
    [['--api-key', 'k', '--devices', '2.5'], '--devices: must be a positive whole number'],
    [['--api-key', 'k', '--devices', '0'], '--devices'],
    [['--api-key', 'k', '--devices', '100001'], '--devices: at most 100000'],
    [['--api-key', 'k', '--sos-every=-3'], '--sos-every: must be a positive number'],
    [['--api-key', 'k', '--sos-every', '-3'], "Option '--sos-every' argument is ambiguous"],
    [['--api-key', 'k', '--heartbeat', ''], '--heartbeat'],
    [['--api-key', 'k', '--duration', 'soon'], '--duration'],
    [['--api-key', 'k', '--url', 'ftp://x'], '--url: must be an http:// or https:// URL'],
    [['--api-key', 'k', '--url', 'not a url'], '--url'],
    [['--api-key', 'k', '--prefix', 'a b'], '--prefix: may contain only letters'],
    [['--api-key', 'k', '--prefix', 'P'.repeat(70)], '--prefix: is too long'],
    [[], '--api-key: is required'],
    [['--api-key', '  '], '--api-key: is required'],
    [['--api-key', 'k', '--colour', 'red'], "Unknown option '--colour'"],
    [['--api-key', 'k', 'extra'], 'extra'],
    [['--api-key'], "'--api-key"],
  ])('%j is refused: %s', (argv, message) => {
    expect(usageError(argv)).toContain(message);
  });

  it('asks for no key when only help is wanted', () => {
    expect(parseCli(['--help']).help).toBe(true);
    expect(parseCli(['-h']).help).toBe(true);
  });
});

describe('simulator command line, SCAIP units', () => {
  it('reads --scaip HOST:PORT and the transport, with no API key needed', () => {
    expect(
      parseCli(['--scaip', '127.0.0.1:5060', '--scaip-transport', 'tcp', '--devices', '2']),
    ).toMatchObject({
      devices: 2,
      scaip: { host: '127.0.0.1', port: 5060, transport: 'tcp' },
    });
    expect(parseCli(['--scaip', 'centre.example:5060']).scaip).toEqual({
      host: 'centre.example',
      port: 5060,
      transport: 'udp',
    });
  });

  it('names the bad option', () => {
    expect(usageError(['--scaip', 'nohost'])).toContain('--scaip: must be HOST:PORT');
    expect(usageError(['--scaip', 'h:5060', '--scaip-transport', 'tls'])).toContain(
      '--scaip-transport: must be udp or tcp',
    );
    expect(usageError(['--api-key', 'k', '--scaip-transport', 'tcp'])).toContain(
      '--scaip-transport: only with --scaip',
    );
  });
});
