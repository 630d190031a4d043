import { afterAll, beforeAll, expect } from 'vitest';
import { dc09Frame } from '@sos/simulator';
import { createTestApp, type DbKind, type TestContext } from '../helpers/app.js';
import { TcpPeer, udpExchange } from './peer.js';
import { exchange } from './dc09/net.js';
import { mrq, readAnswer, sipMessage } from './scaip/messages.js';

/**
 * A test app with both receivers on port 0 (made before the describe block's tests, closed
 * after), and a device of each protocol: `dc09` sends one Contact ID event over TCP and expects
 * its ACK (`again` resends the last sequence number: a repeat); `scaip` one mrq over UDP and
 * expects status 0.
 */
export function useBothReceivers(kind: DbKind) {
  let ctx: TestContext;
  let peer: TcpPeer;
  let scaipPort = 0;
  let seq = 1;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, undefined, undefined, {
      receivers: { host: '127.0.0.1', dc09Port: 0, scaipPort: 0 },
    });
    peer = await TcpPeer.open(ctx.app.receivers.port('DC09')!);
    scaipPort = ctx.app.receivers.port('SCAIP') ?? 0;
  });
  afterAll(async () => {
    peer?.close();
    await ctx.close();
  });
  return {
    ctx: () => ctx,
    dc09: async (account: string, data: string, again = false) => {
      if (!again) seq += 1;
      const [answer] = await exchange(peer, dc09Frame({ token: 'ADM-CID', seq, account, data }));
      expect(answer).toMatch(/^"ACK"/);
    },
    scaip: async (fields: Record<string, string>) => {
      const answer = readAnswer(await udpExchange(scaipPort, sipMessage(mrq(fields))));
      expect(answer.snu).toBe('0');
    },
  };
}
