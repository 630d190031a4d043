import { execFile } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environment } from '../../../scripts/lib/env.mjs';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

/** A SCAIP receiver that answers every MESSAGE 200 OK with snu 0, and remembers what came. */
const received: string[] = [];
const receiver = createSocket('udp4');
receiver.on('message', (message, peer) => {
  const text = message.toString();
  received.push(text);
  const via = /\r\nVia: ([^\r\n]+)/.exec(text)?.[1] ?? '';
  const body = '<mrs><ref>x</ref><snu>0</snu><mre>0</mre></mrs>';
  receiver.send(
    `SIP/2.0 200 OK\r\nVia: ${via}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    peer.port,
    peer.address,
  );
});
beforeAll(() => new Promise<void>((resolve) => receiver.bind(0, '127.0.0.1', () => resolve())));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe('npm run simulate -- --scaip', () => {
  it('runs SCAIP units against the receiver without an API key, then stops by itself', async () => {
    const args = [
      '--scaip',
      `127.0.0.1:${receiver.address().port}`,
      '--devices',
      '2',
      '--sos-every',
      '0.2',
      '--duration',
      '2',
    ];
    const run = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', CLI, ...args],
        { env: environment({ SOS_DEVICE_API_KEY: '' }), timeout: 60_000 },
        (err, stdout) => resolve({ code: err ? -1 : 0, stdout }),
      );
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('simulating 2 SCAIP units against 127.0.0.1');
    expect(run.stdout).toMatch(/SCAIP SIM-000[12]: (fall|smoke) alarm answered 200, snu 0/);
    expect(run.stdout).toMatch(/stopped: \d+ alarms and \d+ heartbeats answered, 0 errors/);
    expect(
      received.some((m) => m.includes('<cid>SIM-0001</cid>') && m.includes('<mty>PI</mty>')),
    ).toBe(true);
  });
});
