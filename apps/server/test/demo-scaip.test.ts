import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { deviceListSchema } from '@sos/contract';
import { loadEnv } from '../src/env.js';
import { startServer } from '../src/server.js';

describe('npm run demo with the SCAIP receiver', () => {
  it('starts a SCAIP unit over UDP and one over TCP, heard by the server as SCAIP devices', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sos-demo-scaip-'));
    const env = loadEnv({ PORT: '0', SOS_DATA_DIR: dataDir, SOS_DEMO_DEVICES: '1', SOS_SCAIP_PORT: '0', LOG_LEVEL: 'silent' });
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    const server = await startServer(env, false).finally(() => log.mockRestore());
    try {
      expect(printed.join('\n')).toMatch(/SCAIP receiver: SIP over TCP and UDP port \d+/);
      const password = /password:\s+(\S+)/.exec(printed.join('\n'))?.[1];
      const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password } });
      const { access_token } = login.json<{ access_token: string }>();
      const scaipNames = async () => {
        const res = await server.app.inject({ method: 'GET', url: '/api/device/getAll', headers: { authorization: `Bearer ${access_token}` } });
        return deviceListSchema.parse(res.json()).map((d) => d.displayName).filter((n) => n.startsWith('SCAIP')).sort();
      };
      // Their first heartbeat registers them; it is on the wire as the server starts.
      while ((await scaipNames()).length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await scaipNames()).toEqual(['SCAIP DEMO-TCP-0001', 'SCAIP DEMO-UDP-0001']);
    } finally {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
