import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER, apiPath } from '@sos/contract';
import { spawnServer, waitForUrl } from './helpers/process.js';
import { openSse } from './live/sse-client.js';

const ADMIN = { SOS_ADMIN_USERNAME: 'admin', SOS_ADMIN_PASSWORD: 'process-test-password' };
const API_KEY = 'process-test-key';

async function call(
  base: string,
  name: Parameters<typeof apiPath>[0],
  init: RequestInit & { json?: unknown },
) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return fetch(base + apiPath(name), {
    ...init,
    headers,
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
}

async function login(base: string): Promise<string> {
  const res = await call(base, 'login', {
    method: 'POST',
    json: { username: 'admin', password: ADMIN.SOS_ADMIN_PASSWORD },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('the server as an OS process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sos-process-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('refuses to start on a bad variable, naming it', async () => {
    const server = spawnServer({ PORT: 'not-a-port', SOS_DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  });

  it('refuses a second process on the same embedded folder, and ends streams cleanly on SIGTERM without losing an SOS', async () => {
    const env = { ...ADMIN, SOS_DATA_DIR: dataDir, SOS_DEVICE_API_KEY: API_KEY };
    const first = spawnServer(env);
    const base = await waitForUrl(first);

    const second = spawnServer(env);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another server process');

    const token = await login(base);
    const stream = await openSse(base + apiPath('sosRealTime'), {
      authorization: `Bearer ${token}`,
    });
    expect(stream.status).toBe(200);
    const device = { headers: { [API_KEY_HEADER]: API_KEY } };
    await call(base, 'deviceRegister', {
      method: 'POST',
      ...device,
      json: { serial: 'P-1', displayName: 'Pendant 1' },
    });
    const raised = await call(base, 'deviceSos', {
      method: 'POST',
      ...device,
      json: { serial: 'P-1' },
    });
    expect(raised.status).toBe(201);
    await stream.waitUntil(() => stream.events.some((e) => e.event === 'new-sos'), 'the new SOS');

    first.child.kill('SIGTERM');
    await stream.waitForEnd();
    expect(stream.retries.length).toBeGreaterThan(0); // told to come back (elsewhere)
    expect(await first.exited).toBe(0);

    // Same folder again: the lock was released and the SOS is still open.
    const again = spawnServer(env);
    const base2 = await waitForUrl(again);
    const list = await call(base2, 'deviceGetAll', {
      headers: { authorization: `Bearer ${await login(base2)}` },
    });
    const devices = (await list.json()) as { serial: string; lastSos: { state: string } | null }[];
    expect(devices.find((d) => d.serial === 'P-1')?.lastSos?.state).toBe('OPEN');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 180_000);
});
