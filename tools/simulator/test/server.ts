import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { deviceListSchema, type Device } from '@sos/contract';
import { loadEnv, startServer, type StartedServer } from '@sos/server/testing';

export const API_KEY = 'simulator-test-key';
const ADMIN_PASSWORD = 'simulator-admin-password';

export interface TestServer {
  url: string;
  server: StartedServer;
  /** The devices as the console lists them (GET /api/device/getAll as the super administrator). */
  devices(): Promise<Device[]>;
  /** Deletes a device as the super administrator would from the dashboard. */
  deleteDevice(id: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real server, as `npm start` runs it: its own embedded database in a temporary
 * folder (or a PostgreSQL one), listening on a free port.
 */
export async function startTestServer(): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sos-sim-test-'));
  const env = loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    SOS_DATA_DIR: dataDir,
    SOS_DEVICE_API_KEY: API_KEY,
    SOS_ADMIN_PASSWORD: ADMIN_PASSWORD,
    SOS_RATE_LIMIT: '100000',
    SOS_DEVICE_RATE_LIMIT: '100000',
    LOG_LEVEL: 'silent',
  });
  const log = vi.spyOn(console, 'log').mockImplementation(() => {}); // the start banner
  const server = await startServer(env, false).finally(() => log.mockRestore());
  const login = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  const token = (login.json() as { access_token: string }).access_token;
  const authorization = `Bearer ${token}`;
  return {
    url: server.url,
    server,
    async devices() {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/device/getAll',
        headers: { authorization },
      });
      return deviceListSchema.parse(res.json());
    },
    async deleteDevice(id) {
      const res = await server.app.inject({
        method: 'DELETE',
        url: `/api/device/delete?id=${id}`,
        headers: { authorization },
      });
      if (res.statusCode >= 300) throw new Error(`delete failed: ${res.statusCode} ${res.body}`);
    },
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
