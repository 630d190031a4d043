import { afterAll, beforeAll, expect, it } from 'vitest';
import { dc09Frame, dc09Time } from '@sos/simulator';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { deviceBySerial, openSosOf, sosOf, technicalAlarmsOf } from '../fixtures.js';
import { TcpPeer, udpExchange } from '../peer.js';
import { answerBodies, exchange, framed } from './net.js';
import { KEY128 } from './vectors.js';

const KEY = Buffer.from(KEY128, 'hex');
let accountSeq = 0x100;
/** A fresh account per test: each registers its own device. */
const nextAccount = () => (accountSeq++).toString(16).toUpperCase();

describeEachDb('the DC-09 receiver in the app', (kind) => {
  let plain: TestContext;
  let keyed: TestContext;
  const peers: TcpPeer[] = [];
  const open = async (ctx: TestContext) => {
    const peer = await TcpPeer.open(ctx.app.receivers.port('DC09')!);
    peers.push(peer);
    return peer;
  };

  beforeAll(async () => {
    plain = await createTestApp(kind, {}, undefined, undefined, {
      receivers: { host: '127.0.0.1', dc09Port: 0 },
    });
    keyed = await createTestApp(kind, {}, undefined, undefined, {
      receivers: { host: '127.0.0.1', dc09Port: 0, dc09Key: KEY128 },
    });
  });
  afterAll(async () => {
    for (const peer of peers) peer.close();
    await plain?.close();
    await keyed?.close();
  });

  it('ACKs a plain alarm once committed: the device is registered and its SOS has the kind', async () => {
    const account = nextAccount();
    const peer = await open(plain);
    const frame = dc09Frame({
      token: 'ADM-CID',
      seq: 17,
      receiver: 'A1',
      prefix: '2',
      account,
      data: '1110 01 001',
    });
    const [ack] = await exchange(peer, frame);
    expect(ack).toMatch(
      new RegExp(`^"ACK"0017RA1L2#${account}\\[\\]_\\d\\d:\\d\\d:\\d\\d,\\d\\d-\\d\\d-\\d{4}$`),
    );
    const device = await deviceBySerial(plain, `DC09-2-${account}`);
    expect(device).toMatchObject({ displayName: `DC-09 ${account}` });
    expect(await openSosOf(plain, `DC09-2-${account}`)).toMatchObject({
      kind: 'FIRE',
      source: { protocol: 'DC09', code: '1110', detail: 'zona 001, gruppo 01' },
    });
  });

  it('ACKs an encrypted frame with *ACK, the same seq, no R when none was sent', async () => {
    const account = nextAccount();
    const peer = await open(keyed);
    const [ack] = await exchange(
      peer,
      dc09Frame({ token: 'SIA-DCS', seq: 42, account, data: 'Nri1/MA001', key: KEY }),
    );
    expect(ack).toMatch(new RegExp(`^"\\*ACK"0042L0#${account}\\[[0-9A-F]{64}$`));
    expect(await openSosOf(keyed, `DC09-0-${account}`)).toMatchObject({
      kind: 'MEDICAL',
      source: { code: 'MA' },
    });
  });

  it('NAKs an encrypted frame that is stale or has no timestamp: nothing registered', async () => {
    const account = nextAccount();
    const peer = await open(keyed);
    const stale = dc09Frame({
      token: 'ADM-CID',
      seq: 1,
      account,
      data: '1101 01 001',
      key: KEY,
      at: new Date(Date.now() - 120_000),
    });
    const [nak] = await exchange(peer, stale);
    expect(nak).toMatch(/^"NAK"0000R0L0A0\[\]_\d\d:\d\d:\d\d,\d\d-\d\d-\d{4}$/);
    // Without a timestamp: the encrypted part ends at the data's `]`.
    const noTime = dc09Frame({ token: 'ADM-CID', seq: 2, account, data: '1101 01 001', key: KEY });
    const body = noTime.toString('latin1');
    const cipherStart = body.indexOf('[') + 1;
    const { encryptHex } = await import('../../../src/receivers/dc09/cipher.js');
    const withoutTime = framed(
      `${body.slice(body.indexOf('"'), cipherStart)}${encryptHex(KEY, `|#${account}|1101 01 001]`)}`,
    );
    expect((await exchange(peer, withoutTime))[0]).toMatch(/^"NAK"0000R0L0A0\[\]_/);
    expect(await deviceBySerial(keyed, `DC09-0-${account}`)).toBeUndefined();
  });

  it('DUHs an unknown token, a wrong key and a plain frame while a key is set: nothing registered', async () => {
    const account = nextAccount();
    const peer = await open(keyed);
    const unknown = framed(`"*ALARM"0003L0#${account}[]${dc09Time(new Date())}`);
    expect(await exchange(peer, unknown)).toEqual([`"DUH"0003L0#${account}[]`]);
    const wrongKey = dc09Frame({
      token: 'ADM-CID',
      seq: 4,
      account,
      data: '1101 01 001',
      key: Buffer.alloc(16, 7),
    });
    expect(await exchange(peer, wrongKey)).toEqual([`"DUH"0004L0#${account}[]`]);
    const plainFrame = dc09Frame({
      token: 'ADM-CID',
      seq: 5,
      receiver: '9',
      account,
      data: '1101 01 001',
    });
    expect(await exchange(peer, plainFrame)).toEqual([`"DUH"0005R9L0#${account}[]`]);
    const encryptedToPlain = await open(plain);
    const encrypted = dc09Frame({
      token: 'ADM-CID',
      seq: 6,
      account,
      data: '1101 01 001',
      key: KEY,
    });
    expect(await exchange(encryptedToPlain, encrypted)).toEqual([`"DUH"0006L0#${account}[]`]);
    expect(await deviceBySerial(keyed, `DC09-0-${account}`)).toBeUndefined();
    expect(await deviceBySerial(plain, `DC09-0-${account}`)).toBeUndefined();
  });

  it('stays silent on a bad CRC and answers the next frame on the same connection', async () => {
    const account = nextAccount();
    const peer = await open(plain);
    const good = dc09Frame({ token: 'NULL', seq: 7, account, data: '' }).toString('latin1');
    const bad = `\n${good[1] === '0' ? '1' : '0'}${good.slice(2)}`;
    expect(await exchange(peer, bad + good)).toEqual([
      expect.stringMatching(new RegExp(`^"ACK"0007L0#${account}\\[\\]`)),
    ]);
    expect(answerBodies(peer.received.toString('latin1'))).toHaveLength(1);
  });

  it('joins a frame written over three reads and answers two frames of one read in order', async () => {
    const account = nextAccount();
    const peer = await open(plain);
    const frame = dc09Frame({ token: 'ADM-CID', seq: 8, account, data: '1302 00 000' });
    const thirds = [frame.subarray(0, 10), frame.subarray(10, 30), frame.subarray(30)];
    for (const part of thirds.slice(0, 2)) {
      await peer.write(part);
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(await exchange(peer, thirds[2]!)).toEqual([expect.stringMatching(/^"ACK"0008/)]);
    const device = await deviceBySerial(plain, `DC09-0-${account}`);
    expect((await technicalAlarmsOf(plain, device!.id)).map((a) => a.type)).toEqual([
      'LOW_BATTERY',
    ]);
    const two = Buffer.concat([
      dc09Frame({ token: 'ADM-CID', seq: 9, account, data: '3302 00 000' }),
      dc09Frame({ token: 'ADM-CID', seq: 10, account, data: '1101 01 001' }),
    ]);
    const answers = await exchange(peer, two, 2);
    expect(answers.map((a) => a.slice(0, 9))).toEqual(['"ACK"0009', '"ACK"0010']);
    expect(await technicalAlarmsOf(plain, device!.id)).toEqual([]);
    expect(await openSosOf(plain, `DC09-0-${account}`)).toMatchObject({ kind: 'PANIC' });
  });

  it('answers over UDP and counts a repeat as answered without a second effect', async () => {
    const account = nextAccount();
    const port = plain.app.receivers.port('DC09')!;
    const frame = dc09Frame({ token: 'ADM-CID', seq: 11, account, data: '1120 01 002' });
    for (let i = 0; i < 3; i++) {
      const answer = await udpExchange(port, frame);
      expect(answerBodies(answer!.toString('latin1'))[0]).toMatch(/^"ACK"0011L0#/);
    }
    const sos = await sosOf(plain, `DC09-0-${account}`);
    expect(sos).toHaveLength(1);
    expect(sos[0]!.timeline.map((e) => e.type)).toEqual(['RAISED']);
  });

  // Many connections at once, each a new account: the load at full size (thousands of
  // accounts, a supervision rhythm) is the receivers bench's (docs/receivers.md).
  it('serves 200 connections at once, each device registered once', async () => {
    const port = plain.app.receivers.port('DC09')!;
    const accounts = Array.from({ length: 200 }, (_, i) => `B${String(i).padStart(4, '0')}`);
    const connections = await Promise.all(accounts.map(() => TcpPeer.open(port)));
    peers.push(...connections);
    const answers = await Promise.all(
      // No timestamp: on a starved machine the last of them can be handled past the −40 s window.
      connections.map((peer, i) => exchange(peer, framed(`"NULL"0001L0#${accounts[i]!}[]`))),
    );
    expect(answers.every(([a], i) => a!.startsWith(`"ACK"0001L0#${accounts[i]}[]`))).toBe(true);
    const registered = await plain.database.db.$count(
      (await import('../../../src/db/schema.js')).devices,
    );
    expect(registered).toBeGreaterThanOrEqual(200);
    for (const peer of connections) peer.close();
  }, 120_000);
});
