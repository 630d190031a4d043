import { describe, expect, it } from 'vitest';
import { createScaipProtocol } from '../../../src/receivers/scaip/protocol.js';
import { RecordingSink, readAnswer, sipMessage } from './messages.js';

const LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<mrq><ref>bomb</ref><cid>evil</cid><dty>0005</dty><dte>&lol9;</dte></mrq>`;

const EXTERNAL = `<?xml version="1.0"?>
<!DOCTYPE mrq [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<mrq><ref>xxe</ref><cid>evil</cid><dty>0005</dty><dte>&xxe;</dte></mrq>`;

const UNDECLARED = '<mrq><ref>ent</ref><cid>evil</cid><dty>0005</dty><dte>&lol9;</dte></mrq>';

const DEEP = `<mrq><ref>deep</ref><cid>evil</cid><dty>0005</dty>${'<a>'.repeat(1000)}${'</a>'.repeat(1000)}</mrq>`;

describe('hostile SCAIP input', () => {
  it.each([
    ['entity expansion', LAUGHS],
    ['a DTD with an external entity', EXTERNAL],
    ['deep nesting', DEEP],
  ])('%s: refused with snu 2, nothing committed', async (_, body) => {
    const sink = new RecordingSink();
    const answer = await createScaipProtocol(sink).handle(sipMessage(body), 'udp');
    expect(readAnswer(answer.bytes).snu).toBe('2');
    expect(answer.refused).toBe(true);
    expect(sink.accepted).toHaveLength(0);
  });

  it('an undeclared entity is never expanded: the text stays as sent', async () => {
    const sink = new RecordingSink();
    await createScaipProtocol(sink).handle(sipMessage(UNDECLARED), 'udp');
    const signal = sink.accepted[0]?.signals[0];
    expect(signal && 'detail' in signal ? signal.detail : null).toBe(
      'Rilevatore di caduta, &lol9;',
    );
  });

  it('a 1 MB body: the TCP stream is closed, the datagram refused, nothing committed', async () => {
    const sink = new RecordingSink();
    const protocol = createScaipProtocol(sink);
    const big = sipMessage(
      `<mrq><ref>big</ref><cid>evil</cid><dty>0005</dty><dte>${'x'.repeat(1024 * 1024)}</dte></mrq>`,
    );
    expect(protocol.splitStream(big)).toBe('close');
    expect(protocol.splitStream(big.subarray(0, 70_000))).toBe('close');
    expect(await protocol.handle(big, 'udp')).toEqual({ bytes: null, refused: true });
    // Within SIP's bound but beyond any SCAIP document: snu 2.
    const large = sipMessage(
      `<mrq><ref>big</ref><cid>evil</cid><dty>0005</dty><dte>${'x'.repeat(50_000)}</dte></mrq>`,
    );
    expect(readAnswer((await protocol.handle(large, 'udp')).bytes).snu).toBe('2');
    expect(sink.accepted).toHaveLength(0);
  });

  it('memory stays flat over a thousand hostile documents', async () => {
    const sink = new RecordingSink();
    const protocol = createScaipProtocol(sink);
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 1000; i += 1) {
      const body = [LAUGHS, EXTERNAL, DEEP][i % 3] ?? LAUGHS;
      await protocol.handle(sipMessage(body), 'udp');
    }
    const grown = process.memoryUsage().heapUsed - before;
    // One expanded billion-laughs document alone would be ~3 GB; a thousand hostile ones
    // handled leave no more than the parser's ordinary garbage.
    expect(grown).toBeLessThan(64 * 1024 * 1024);
    expect(sink.accepted).toHaveLength(0);
  });
});
