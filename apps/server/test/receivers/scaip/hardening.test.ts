import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { openSosOf } from '../fixtures.js';
import { TcpPeer, udpExchange } from '../peer.js';
import { mrq, readAnswer, sipMessage } from './messages.js';

/** What SIPp and an outside probe found, through a real app and its database. */
describeEachDb('SCAIP against a probe', (kind) => {
  let ctx: TestContext;
  let port = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, undefined, undefined, {
      receivers: { host: '127.0.0.1', scaipPort: 0 },
    });
    port = ctx.app.receivers.port('SCAIP') ?? 0;
  });
  afterAll(() => ctx.close());

  it('a device text with a bidi override is replaced by its code; the alarm is raised', async () => {
    const body = mrq({
      ref: 'bidi-1',
      cid: 'BIDI1',
      mty: 'ME',
      dty: '0005',
      stc: '0009',
      did: '1',
      dte: 'Camera\u202e moc.live',
    });
    expect(readAnswer(await udpExchange(port, sipMessage(body))).snu).toBe('0');
    const sos = await openSosOf(ctx, 'SCAIP-BIDI1');
    expect(sos).toMatchObject({
      kind: 'FALL',
      source: { detail: 'Rilevatore di caduta, n. 1, 0005' },
    });
    expect(JSON.stringify(sos)).not.toContain('\u202e');
  });

  it('a C1 control character or an escaped override in dte: replaced by the code, message kept', async () => {
    for (const [cid, dte] of [
      ['C1CTL', 'Cucina\u0085'],
      ['ESCBIDI', 'Bagno&#x202E;'],
    ] as const) {
      const body = mrq({ ref: `t-${cid}`, cid, mty: 'ME', dty: '0023', did: '2', dte });
      expect(readAnswer(await udpExchange(port, sipMessage(body))).snu).toBe('0');
      expect(await openSosOf(ctx, `SCAIP-${cid}`)).toMatchObject({
        kind: 'FIRE',
        source: { detail: 'Rilevatore di fumo, n. 2, 0023' },
      });
    }
  });

  it('answers a looping peer 11 times per transaction (RFC 3261 timers), then stays silent', async () => {
    const peer = await TcpPeer.open(port);
    try {
      const loop = sipMessage(mrq({ ref: 'loop-1', cid: 'LOOP1', mty: 'PI', dty: '0001' }), {
        branch: 'z9hG4bK-loop',
        callId: 'loop@unit',
      });
      await peer.write(Buffer.concat(Array.from({ length: 40 }, () => loop)));
      // Answers on one connection come in order: once the sentinel's is in, every earlier one is.
      await peer.write(sipMessage(mrq({ ref: 'sentinel', cid: 'LOOP1', mty: 'PI', dty: '0001' })));
      const text = await peer.until((t) => t.includes('<ref>sentinel</ref>'));
      expect(text.split('<ref>loop-1</ref>').length - 1).toBe(11);
    } finally {
      peer.close();
    }
  });
});
