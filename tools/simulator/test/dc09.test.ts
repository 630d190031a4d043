import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { crc16, dc09Frame, envelope, parseAnswer } from '../src/dc09/frame.js';
import { runDc09Cli } from '../src/dc09/cli.js';
import { Dc09Client, seqOfNow } from '../src/dc09/client.js';

const AT = new Date(Date.UTC(2026, 10, 25, 12, 0, 0));
const KEY = Buffer.from('000102030405060708090A0B0C0D0E0F', 'hex');

describe('DC-09 frames of the simulator', () => {
  it('CRC-16/ARC: "123456789" → BB3D', () => {
    expect(crc16(Buffer.from('123456789'))).toBe(0xbb3d);
  });

  it('writes a plain frame byte for byte as computed by a reference (Python) implementation', () => {
    const frame = dc09Frame({
      token: 'ADM-CID',
      seq: 1,
      account: '12AB',
      data: '1101 01 001',
      at: AT,
    });
    expect(frame.toString('latin1')).toBe(
      '\n941F003B"ADM-CID"0001L0#12AB[#12AB|1101 01 001]_12:00:00,11-25-2026\r',
    );
  });

  it('reads an *ACK whose ciphertext openssl produced, and refuses a bad CRC', () => {
    // openssl enc -aes-128-cbc -K 000102…0F -iv 0…0 -nopad of "AAAAAAAAAAA]_12:00:00,11-25-2026"
    const ack = envelope(
      '"*ACK"0001L0#12AB[0FFAED8BE87324542701A63F72FD6F2871F84B38603DB9F4341CA7820F6A1C48',
    );
    expect(parseAnswer(ack, KEY)).toEqual({
      type: 'ACK',
      seq: '0001',
      time: '_12:00:00,11-25-2026',
    });
    const bad = Buffer.from(ack.toString('latin1').replace(/^\n..../, '\n0000'), 'latin1');
    expect(parseAnswer(bad, KEY)).toBeNull();
  });

  it('sends one message from the command line and prints the answer', async () => {
    const server = createServer((socket) =>
      socket.on('data', () => socket.write(envelope('"ACK"0001L0#12AB[]_12:00:00,11-25-2026'))),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    let out = '';
    const code = await runDc09Cli(
      ['--port', String(port), '--account', '12AB', '--key', KEY.toString('hex')],
      {
        stdout: { write: (t: string) => (out += t) },
        stderr: { write: (t: string) => (out += t) },
      },
    );
    server.close();
    expect(code).toBe(0);
    expect(out).toContain(
      'ADM-CID 1110 01 001 → ACK (seq 0001, receiver time 12:00:00,11-25-2026)',
    );
  });

  it('advances the sequence number per message, and a CLI run starts where the clock says', async () => {
    const seqs: string[] = [];
    const server = createServer((socket) =>
      socket.on('data', (data) => {
        const seq = /"ADM-CID"(\d{4})/.exec(data.toString('latin1'))?.[1] ?? '';
        seqs.push(seq);
        socket.write(envelope(`"ACK"${seq}L0#12AB[]_12:00:00,11-25-2026`));
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const client = new Dc09Client({
      host: '127.0.0.1',
      port,
      transport: 'tcp',
      key: null,
      firstSeq: 9998,
    });
    for (let i = 0; i < 3; i++)
      await client.send({ token: 'ADM-CID', account: '12AB', data: '1110 01 001' });
    client.close();
    server.close();
    expect(seqs).toEqual(['9998', '9999', '0001']);
    // Two runs a second apart start from different numbers, each within 1–9999.
    const at = new Date('2026-11-27T21:00:00Z');
    expect(seqOfNow(new Date(at.getTime() + 1000))).toBe((seqOfNow(at) % 9999) + 1);
    expect(seqOfNow(at)).toBeGreaterThanOrEqual(1);
    expect(seqOfNow(at)).toBeLessThanOrEqual(9999);
  });

  it('names the bad option', async () => {
    let err = '';
    const code = await runDc09Cli(['--port', '1', '--account', 'XYZ'], {
      stdout: { write: () => 0 },
      stderr: { write: (t: string) => (err += t) },
    });
    expect(code).toBe(2);
    expect(err).toContain('--account');
  });
});
