import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DeviceApiError,
  startSimulation,
  type Simulation,
  type SimulationEvent,
} from '../src/index.js';
import { API_KEY, startTestServer, type TestServer } from './server.js';

let server: TestServer;
const running: Simulation[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  await server?.close();
});

async function simulate(options: Partial<Parameters<typeof startSimulation>[0]> = {}) {
  const events: SimulationEvent[] = [];
  const sim = await startSimulation({
    url: server.url,
    apiKey: API_KEY,
    devices: 3,
    sosEverySeconds: 0.3,
    heartbeatSeconds: 0.3,
    onEvent: (e) => events.push(e),
    ...options,
  });
  running.push(sim);
  return { sim, events };
}

const wait = { timeout: 20_000, interval: 100 };

describe('simulated devices on a real server', () => {
  it('register under their serials and names, beat, and raise an SOS the console sees open', async () => {
    const { sim, events } = await simulate({ serialPrefix: 'A-' });
    expect(sim.stats()).toMatchObject({ devices: 3, registered: 3, errors: 0 });
    const registered = events.filter((e) => e.type === 'registered');
    expect(registered.map((e) => e.serial)).toEqual(['A-0001', 'A-0002', 'A-0003']);

    await vi.waitFor(async () => {
      const devices = (await server.devices()).filter((d) => d.serial.startsWith('A-'));
      expect(devices.map((d) => d.displayName).sort()).toEqual([
        'Bracciale Giulia Ricci',
        'Ciondolo Sig.ra Rossi',
        'Pulsante Camera 1',
      ]);
      expect(devices.some((d) => d.lastSos?.state === 'OPEN')).toBe(true);
      expect(devices.every((d) => d.lastSeenAt !== null)).toBe(true);
    }, wait);
    await vi.waitFor(() => expect(sim.stats().heartbeats).toBeGreaterThan(0), wait);
    await sim.stop();
    const stats = sim.stats();
    expect(stats.errors).toBe(0);
    expect(stats.sosRaised).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({ type: 'stopped', stats });
    // Stopped means silent: nothing more is counted.
    await new Promise((r) => setTimeout(r, 700));
    expect(sim.stats()).toEqual(stats);
  });

  it('never opens a second SOS for a device that has one open', async () => {
    const { sim, events } = await simulate({
      serialPrefix: 'B-',
      devices: 1,
      sosEverySeconds: 0.1,
    });
    await vi.waitFor(() => expect(sim.stats().sosAlreadyOpen).toBeGreaterThan(1), wait);
    await sim.stop();
    expect(sim.stats().sosRaised).toBe(1);
    const ids = new Set(events.flatMap((e) => (e.type === 'sos' ? [e.sosId] : [])));
    expect(ids.size).toBe(1);
  });

  it('holds SOS back while canRaiseSos says no', async () => {
    const { sim } = await simulate({ serialPrefix: 'C-', devices: 2, canRaiseSos: () => false });
    await vi.waitFor(() => expect(sim.stats().sosHeldBack).toBeGreaterThan(2), wait);
    await sim.stop();
    expect(sim.stats().sosRaised + sim.stats().sosAlreadyOpen).toBe(0);
    const mine = (await server.devices()).filter((d) => d.serial.startsWith('C-'));
    expect(mine.map((d) => d.lastSos)).toEqual([null, null]);
  });

  it('stops calling for a device an administrator deleted, the others go on', async () => {
    const { sim, events } = await simulate({
      serialPrefix: 'D-',
      devices: 2,
      sosEverySeconds: 1000,
    });
    const target = (await server.devices()).find((d) => d.serial === 'D-0002');
    await server.deleteDevice(target!.id);
    await vi.waitFor(() => expect(sim.stats().deleted).toBe(1), wait);
    expect(events).toContainEqual({
      type: 'deleted',
      serial: 'D-0002',
      displayName: 'Ciondolo Sig.ra Rossi',
    });
    const beatsAfter = sim.stats().heartbeats;
    await vi.waitFor(() => expect(sim.stats().heartbeats).toBeGreaterThan(beatsAfter + 2), wait);
    await sim.stop();
    const after = events.slice(events.findIndex((e) => e.type === 'deleted') + 1);
    expect(after.filter((e) => e.type === 'heartbeat').every((e) => e.serial === 'D-0001')).toBe(
      true,
    );
    expect(sim.stats()).toMatchObject({ registered: 1, errors: 0 });
  });

  it('raises the first SOS when told, from the first device', async () => {
    const { sim, events } = await simulate({
      serialPrefix: 'G-',
      sosEverySeconds: 100_000,
      firstSosAfterSeconds: 0,
    });
    await vi.waitFor(() => expect(sim.stats().sosRaised).toBe(1), wait);
    await sim.stop();
    expect(events.filter((e) => e.type === 'sos').map((e) => e.serial)).toEqual(['G-0001']);
  });

  it('stops by itself after closeAfter seconds', async () => {
    const { sim, events } = await simulate({ serialPrefix: 'E-', devices: 1, closeAfter: 0.5 });
    await sim.finished;
    expect(events.at(-1)?.type).toBe('stopped');
  });
});

describe('a start that cannot work', () => {
  it('fails with an api-key error when the server refuses the key, registering nothing', async () => {
    const error = await simulate({ apiKey: 'not-the-key', serialPrefix: 'F-' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DeviceApiError);
    expect(error).toMatchObject({ kind: 'api-key', status: 401 });
    expect((await server.devices()).filter((d) => d.serial.startsWith('F-'))).toEqual([]);
  });

  it('fails with an unreachable error when nothing listens at the URL', async () => {
    const error = await simulate({ url: 'http://127.0.0.1:1' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unreachable' });
    expect((error as Error).message).toContain('http://127.0.0.1:1');
  });

  it('refuses options that make no sense before calling anyone', async () => {
    await expect(simulate({ devices: 0 })).rejects.toThrow('devices must be a positive integer');
    await expect(simulate({ sosEverySeconds: -1 })).rejects.toThrow('sosEverySeconds');
    await expect(simulate({ serialPrefix: 'bad prefix ' })).rejects.toThrow('serialPrefix');
  });
});
