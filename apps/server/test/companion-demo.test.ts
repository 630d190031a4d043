import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { deviceListSchema } from '@sos/contract';
import { startDemo } from '@sos/simulator';
import { loadEnv } from '../src/env.js';
import { startServer } from '../src/server.js';

// `npm run demo` with both receivers on (scripts/demo.mjs turns them on): the simulator's
// devices reach the server through its companion's loopback addresses (src/companion.ts).
describe('npm run demo with the SCAIP and DC-09 receivers', () => {
  it('starts a SCAIP unit over UDP and one over TCP, and two DC-09 devices, heard by the server', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sos-demo-scaip-'));
    const env = loadEnv({
      PORT: '0',
      SOS_DATA_DIR: dataDir,
      SOS_SCAIP_PORT: '0',
      SOS_DC09_PORT: '0',
      LOG_LEVEL: 'silent',
    });
    const printed: string[] = [];
    const log = vi
      .spyOn(console, 'log')
      .mockImplementation((line: string) => void printed.push(line));
    const server = await startServer(env, false, (host) => startDemo(host, { devices: 1 })).finally(
      () => log.mockRestore(),
    );
    try {
      expect(printed.join('\n')).toMatch(/SCAIP receiver: SIP over TCP and UDP port \d+/);
      expect(printed.join('\n')).toContain(
        'demo: DC-09 devices 5E01, 7A02 report through the receiver',
      );
      const password = /password:\s+(\S+)/.exec(printed.join('\n'))?.[1];
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password },
      });
      const { access_token } = login.json<{ access_token: string }>();
      const names = async (prefix: string) => {
        const res = await server.app.inject({
          method: 'GET',
          url: '/api/device/getAll',
          headers: { authorization: `Bearer ${access_token}` },
        });
        return deviceListSchema
          .parse(res.json())
          .map((d) => d.displayName)
          .filter((n) => n.startsWith(prefix))
          .sort();
      };
      // Their first heartbeat (SCAIP) or poll (DC-09) registers them; it is on the wire as the server starts.
      while ((await names('SCAIP')).length < 2 || (await names('DC-09')).length < 2)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await names('SCAIP')).toEqual(['SCAIP DEMO-TCP-0001', 'SCAIP DEMO-UDP-0001']);
      expect(await names('DC-09')).toEqual(['DC-09 5E01', 'DC-09 7A02']);
    } finally {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
