import type { Device } from '@sos/contract';
import { device } from './testKit.js';
it('parts', { timeout: 60000 }, () => {
  const devices = Array.from({ length: 10000 }, (_, i) => device(i + 1, `Device ${i + 1}`));
  const bench = (label: string, fn: (i: number) => void) => { const t = performance.now(); for (let i = 0; i < 200; i++) fn(i); console.log(label, ((performance.now() - t) / 200).toFixed(3)); };
  let e1: Record<number, Device> = Object.fromEntries(devices.map((d) => [d.id, d]));
  bench('spread nofreeze', (i) => { e1 = { ...e1, [5]: { ...devices[4]!, displayName: 'x' + i } }; });
  let e2: Record<number, Device> = Object.fromEntries(devices.map((d) => [d.id, d]));
  bench('spread freeze', (i) => { e2 = Object.freeze({ ...e2, [5]: { ...devices[4]!, displayName: 'x' + i } }); });
  let m = new Map(devices.map((d) => [d.id, d]));
  bench('map copy', (i) => { m = new Map(m); m.set(5, { ...devices[4]!, displayName: 'x' + i }); });
  let o = devices.map((d) => d.id);
  bench('order', (i) => { const n = o.slice(); n.splice(100 + (i % 7), 1); n.splice(3, 0, 101 + (i % 7)); o = n; });
  bench('order freeze', (i) => { const n = o.slice(); n.splice(100 + (i % 7), 1); n.splice(3, 0, 101 + (i % 7)); o = Object.freeze(n) as number[]; });
});
