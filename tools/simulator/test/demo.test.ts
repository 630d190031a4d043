import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DEMO_DEVICES,
  demoDevicesFrom,
  demoOpenSosCap,
  startDemo,
  type DemoHost,
} from '../src/index.js';

// The demo's devices against a real server are tested with it (apps/server/test/companion*.test.ts).
describe('demoOpenSosCap', () => {
  it('lets a quarter of the devices, at least one, have an SOS open', () => {
    expect([1, 4, 5, 12, 100].map(demoOpenSosCap)).toEqual([1, 1, 2, 3, 25]);
  });
});

describe('demoDevicesFrom (SOS_DEMO_DEVICES)', () => {
  it('is 12 when unset or empty, the number otherwise, 0 included', () => {
    expect(DEFAULT_DEMO_DEVICES).toBe(12);
    expect([undefined, '', ' ', '0', '3', '100000'].map(demoDevicesFrom)).toEqual([
      12, 12, 12, 0, 3, 100_000,
    ]);
  });

  it('refuses what is not a whole number from 0 to 100000, naming the variable', () => {
    for (const bad of ['-1', '2.5', 'twelve', '100001']) {
      expect(() => demoDevicesFrom(bad)).toThrow(
        `SOS_DEMO_DEVICES must be a whole number from 0 to 100000 (it is "${bad}")`,
      );
    }
  });
});

describe('startDemo', () => {
  it('with 0 devices simulates nothing and asks the server nothing', async () => {
    const asked: string[] = [];
    const ask = (what: string) => async () => void asked.push(what);
    const host = {
      url: 'http://127.0.0.1:1',
      apiKey: 'key',
      host: '127.0.0.1',
      dc09: { port: 1, key: undefined },
      scaip: { port: 1 },
      voice: null,
      log: { info: ask('info'), warn: ask('warn'), error: ask('error') },
      openSosCount: async () => (asked.push('openSosCount'), 0),
      offlineAfterSeconds: async () => (asked.push('offlineAfterSeconds'), 300),
      writeResidents: ask('writeResidents'),
    } satisfies DemoHost;
    const demo = await startDemo(host, { devices: 0 });
    expect(demo.lines).toEqual([]);
    await demo.stop();
    expect(asked).toEqual([]);
  });
});
