import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { deviceBySerial, openSosOf } from '../fixtures.js';
import { TcpPeer } from '../peer.js';
import { exchange } from './net.js';
import { AT, KEY256 } from './vectors.js';

/**
 * What a third-party dialler sends, as literal bytes computed outside our code
 * (Python's bit-by-bit CRC-16/ARC, `openssl enc -aes-256-cbc -nopad` over "W" pad bytes):
 * every timestamp is AT, and the receivers' clock is pinned there.
 */
const FRAMES = {
  /** 17 pad bytes + `|#123456789012|1110 01 003]_ts` (64 bytes), a 12-digit account. */
  pad17:
    '\n50A7009E"*ADM-CID"0021L0#123456789012[21BE59C322260A672A6634FB20131E3F316DEFE5473BE634BEA455128867230B93FF45DA49F039BC6E2156CE341D3EDE9B8A9EC6E48B149D4576818301C10908\r',
  /** SIA DCS written without `/`, as this dialler writes `ri`, `ti`, `id`. */
  siaNoSlash: '\n0AD70037"SIA-DCS"0022L0#B111[#B111|Nri1FA3]_12:00:00,11-25-2026\r',
  /** A plain frame 30 minutes old. */
  plainStale: '\n2BCD003B"ADM-CID"0023L0#12AB[#12AB|1110 01 003]_11:30:00,11-25-2026\r',
  /** A plain frame without a timestamp: nothing to check, accepted as before. */
  plainNoTs: '\n46510027"ADM-CID"0024L0#12AB[#12AB|1110 01 003]\r',
  /** `#ABCDEF` inside the encrypted data, `#F0F0` in the header. */
  mismatchEnc:
    '\n55080076"*ADM-CID"0025L0#F0F0[D323367913606D55CAD34C54AB376B008814FED0E8E6CBA1664B716D617A8FF876D8C46A087976BF7DBE719AECA532C3\r',
  mismatchPlain: '\nF34D003D"ADM-CID"0026L0#F0F0[#ABCDEF|1110 01 003]_12:00:00,11-25-2026\r',
} as const;

describeEachDb('DC-09 from a third-party dialler', (kind) => {
  let plain: TestContext;
  let keyed: TestContext;
  const peers: TcpPeer[] = [];
  const open = async (ctx: TestContext) => {
    const peer = await TcpPeer.open(ctx.app.receivers.port('DC09')!);
    peers.push(peer);
    return peer;
  };

  beforeAll(async () => {
    const receivers = { host: '127.0.0.1', dc09Port: 0, now: () => AT };
    plain = await createTestApp(kind, {}, undefined, undefined, { receivers });
    keyed = await createTestApp(kind, {}, undefined, undefined, {
      receivers: { ...receivers, dc09Key: KEY256 },
    });
  });
  afterAll(async () => {
    for (const peer of peers) peer.close();
    await plain?.close();
    await keyed?.close();
  });

  it('ACKs an encrypted fire alarm padded with 17 bytes: the SOS is raised', async () => {
    const [ack] = await exchange(await open(keyed), FRAMES.pad17);
    expect(ack).toMatch(/^"\*ACK"0021L0#123456789012\[[0-9A-F]{64}$/);
    expect(await openSosOf(keyed, 'DC09-0-123456789012')).toMatchObject({
      kind: 'FIRE',
      source: { protocol: 'DC09', code: '1110' },
    });
  });

  it('ACKs SIA DCS written without "/": the area and the zone are read', async () => {
    expect(await exchange(await open(plain), FRAMES.siaNoSlash)).toEqual([
      '"ACK"0022L0#B111[]_12:00:00,11-25-2026',
    ]);
    expect(await openSosOf(plain, 'DC09-0-B111')).toMatchObject({
      kind: 'FIRE',
      source: { code: 'FA', detail: 'zona 3, area 1' },
    });
  });

  it('NAKs a plain frame whose timestamp is 30 minutes old, with the receiver time: no SOS', async () => {
    expect(await exchange(await open(plain), FRAMES.plainStale)).toEqual([
      '"NAK"0000R0L0A0[]_12:00:00,11-25-2026',
    ]);
    expect(await deviceBySerial(plain, 'DC09-0-12AB')).toBeUndefined();
    expect(await exchange(await open(plain), FRAMES.plainNoTs)).toEqual([
      '"ACK"0024L0#12AB[]_12:00:00,11-25-2026',
    ]);
    expect(await openSosOf(plain, 'DC09-0-12AB')).toMatchObject({ kind: 'FIRE' });
  });

  it('DUHs a frame whose data names another account than its header: nothing registered', async () => {
    expect(await exchange(await open(keyed), FRAMES.mismatchEnc)).toEqual(['"DUH"0025L0#F0F0[]']);
    expect(await exchange(await open(plain), FRAMES.mismatchPlain)).toEqual(['"DUH"0026L0#F0F0[]']);
    for (const ctx of [plain, keyed]) {
      expect(await deviceBySerial(ctx, 'DC09-0-F0F0')).toBeUndefined();
      expect(await deviceBySerial(ctx, 'DC09-0-ABCDEF')).toBeUndefined();
    }
  });
});
