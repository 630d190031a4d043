import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceListSchema, deviceProfileSchema, sosSchema } from '@sos/contract';
import { startDemo, startHttpDemo, type Simulation } from '@sos/simulator';
import { serverSide } from '../src/companion.js';
import { loadEnv } from '../src/env.js';
import { startServer } from '../src/server.js';
import { createTestApp, describeEachDb, type TestContext } from './helpers/app.js';

const wait = { timeout: 30_000, interval: 100 };

// The server's side of `npm run demo` (src/companion.ts) with the simulator's demo devices
// (tools/simulator/src/demo), composed as scripts/demo.mjs composes them.
describeEachDb('demo devices', (kind) => {
  let ctx: TestContext;
  let demo: Simulation | undefined;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => {
    await demo?.stop();
    await ctx.close();
  });

  const devices = async () =>
    deviceListSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/device/getAll',
          headers: ctx.bearer(ctx.employee.token),
        })
      ).json(),
    );
  const openSos = async () =>
    (await devices()).flatMap((d) => (d.lastSos?.state === 'OPEN' ? [d.lastSos] : []));

  it('register on the server, raise SOS, and keep the open ones at the cap until an operator closes one', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const host = serverSide(ctx.app.db, ctx.app.log, {
      bound: '127.0.0.1',
      port,
      apiKey: ctx.apiKey,
      dc09: null,
      scaip: null,
      voice: null,
      zone: 'Europe/Rome',
    });
    demo = await startHttpDemo(host, {
      devices: 4,
      fleetSosEverySeconds: 0.05,
      heartbeatSeconds: 0.5,
    });
    const listed = await devices();
    expect(listed.map((d) => d.serial).sort()).toEqual([
      'DEMO-0001',
      'DEMO-0002',
      'DEMO-0003',
      'DEMO-0004',
    ]);

    // Cap 1 for 4 devices: one SOS opens, then the others are held back.
    await vi.waitFor(() => expect(demo!.stats().sosHeldBack).toBeGreaterThan(5), wait);
    const [first, ...others] = await openSos();
    expect(others).toEqual([]);

    const closed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/sos/close?sosId=${first!.id}`,
      headers: ctx.bearer(ctx.employee.token),
    });
    expect(sosSchema.parse(closed.json()).state).toBe('CLOSED');
    await vi.waitFor(async () => {
      const open = await openSos();
      expect(open).toHaveLength(1);
      expect(open[0]!.id).not.toBe(first!.id);
    }, wait);
    expect(demo.stats().errors).toBe(0);
  });

  it('gives the devices batteries and plausible Italian residents, written without the API', async () => {
    await vi.waitFor(
      async () => expect((await devices()).every((d) => d.batteryPct !== null)).toBe(true),
      wait,
    );
    for (const device of await devices()) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/device/profile?id=${device.id}`,
        headers: ctx.bearer(ctx.employee.token),
      });
      const profile = deviceProfileSchema.parse(res.json());
      expect(profile.residentName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(profile.address).toMatch(/, \d{5} [A-Z]/);
      expect(profile.contacts.length).toBeGreaterThan(0);
    }
  });
});

describe('npm run demo: the server with the simulated devices as its companion', () => {
  it('starts the simulated devices beside the server, as its companion', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sos-demo-test-'));
    const env = loadEnv({
      PORT: '0',
      SOS_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    });
    const printed: string[] = [];
    const log = vi
      .spyOn(console, 'log')
      .mockImplementation((line: string) => void printed.push(line));
    const server = await startServer(env, false, (host) => startDemo(host, { devices: 3 })).finally(
      () => log.mockRestore(),
    );
    try {
      expect(printed.join('\n')).toContain('demo: 3 simulated devices');
      const { access_token } = (
        await server.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: {
            username: 'admin',
            password: /password:\s+(\S+)/.exec(printed.join('\n'))![1],
          },
        })
      ).json() as { access_token: string };
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/device/getAll',
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(
        deviceListSchema
          .parse(res.json())
          .map((d) => d.displayName)
          .sort(),
      ).toEqual(['Bracciale Giulia Ricci', 'Ciondolo Sig.ra Rossi', 'Pulsante Camera 1']);
    } finally {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
