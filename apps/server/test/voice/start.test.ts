import { createSocket } from 'node:dgram';
import { describe, expect, it } from 'vitest';
import { startManagedVoice } from '../../src/voice/managed.js';
import { findVoicePrograms } from '../../src/voice/packages.js';
import { freePorts } from './baresip.js';

/**
 * A start Kamailio cannot make (docs/voice.md, managed mode): its SIP port is taken, so it dies
 * at every start. The server gives up after a few deaths, not after the 15 s wait, and says
 * why in Kamailio's own words, naming the port.
 */
const programs = findVoicePrograms();
const silent = { info() {}, warn() {} };

('missing' in programs ? describe.skip : describe)('voice start with a port taken', () => {
  it('fails within seconds with Kamailio\'s "Address already in use" and the port', async () => {
    if ('missing' in programs) return;
    const sip = await freePorts(3);
    const taken = createSocket('udp4');
    await new Promise<void>((resolve) => taken.bind(sip, '127.0.0.1', resolve));
    const started = Date.now();
    try {
      const settings = {
        sipPort: sip,
        host: '127.0.0.1',
        publicHost: undefined,
        rtpPorts: [sip + 3, sip + 20] as const,
        trunk: undefined,
        scaipPort: null,
      };
      const start = startManagedVoice(
        programs,
        settings,
        'http://127.0.0.1:9',
        'x'.repeat(32),
        silent,
      );
      await expect(start).rejects.toThrow(
        new RegExp(`died \\d+ times while starting.*UDP and TCP ${sip}, [\\s\\S]*in use`),
      );
      expect(Date.now() - started).toBeLessThan(12_000);
    } finally {
      taken.close();
    }
  }, 30_000);
});
