import { createSocket } from 'node:dgram';
import { afterEach, expect, it } from 'vitest';
import { hasBaresip, startVoiceUnit, voiceLikeWav, type VoiceUnit } from '../src/demo/voice.js';

/** The demo unit's speakerphone (docs/voice.md "Demo"): baresip dials sos@ as the unit. */
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let unit: VoiceUnit | undefined;
afterEach(async () => {
  await unit?.stop();
  unit = undefined;
});

it('generates 20 s of 8 kHz 16-bit mono "speech" with pauses', () => {
  const wav = voiceLikeWav();
  expect(wav.readUInt32LE(24)).toBe(8000);
  expect(wav.readUInt16LE(22)).toBe(1);
  const samples = (wav.length - 44) / 2;
  expect(samples).toBe(8000 * 20);
  let silent = 0;
  for (let i = 44; i < wav.length; i += 2) if (wav.readInt16LE(i) === 0) silent++;
  expect(silent / samples).toBeGreaterThan(0.05);
});

it.skipIf(!hasBaresip())(
  "calls sos@ from the unit's cid, and is free for the next call once refused",
  async () => {
    const sip = createSocket('udp4');
    const invites: string[] = [];
    sip.on('message', (message, from) => {
      const text = message.toString();
      if (!text.startsWith('INVITE ')) return;
      invites.push(text);
      // Busy: copy the headers a reply needs and refuse.
      const keep = text
        .split('\r\n')
        .filter((line) => /^(Via|From|To|Call-ID|CSeq):/i.test(line))
        .map((line) => (/^To:/i.test(line) ? `${line};tag=busy` : line));
      const reply = ['SIP/2.0 486 Busy Here', ...keep, 'Content-Length: 0', '', ''].join('\r\n');
      sip.send(reply, from.port, from.address);
    });
    await new Promise<void>((resolve) => sip.bind(0, '127.0.0.1', resolve));
    const port = sip.address().port;
    try {
      unit = startVoiceUnit({ host: '127.0.0.1', sipPort: port, log: quiet });
      unit.call('DEMO-UDP-0001');
      await expect.poll(() => invites.length, { timeout: 10_000 }).toBe(1);
      expect(invites[0]).toMatch(new RegExp(`^INVITE sip:sos@127\\.0\\.0\\.1:${port}[; ]`));
      expect(invites[0]).toMatch(/\r\nFrom: <sip:DEMO-UDP-0001@127\.0\.0\.1/i);
      // Refused: baresip ends, and the unit's next fall calls again.
      await expect
        .poll(
          () => {
            unit!.call('DEMO-UDP-0001');
            return invites.length;
          },
          { timeout: 10_000, interval: 500 },
        )
        .toBeGreaterThanOrEqual(2);
    } finally {
      sip.close();
    }
  },
  30_000,
);
