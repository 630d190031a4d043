import { setAutoFreeze } from 'immer';
import { liveEventReceived } from '../live/liveEvents.js';
import { devicesSlice } from './devicesSlice.js';
import { device, sos } from './testKit.js';
function run(label: string) {
  const devices = Array.from({ length: 10000 }, (_, i) => device(i + 1, `Device ${i + 1}`));
  let state = { ...devicesSlice.reducer(undefined, { type: 'x' }), loading: ['r'] };
  state = devicesSlice.reducer(state, { type: 'api/executeQuery/fulfilled', payload: devices, meta: { requestId: 'r', arg: { endpointName: 'getDevices' }, fulfilledTimeStamp: 1, baseQueryMeta: {} } } as never);
  let t = performance.now();
  for (let i = 0; i < 200; i++) {
    const id = 1 + Math.floor(Math.random() * 10000);
    state = devicesSlice.reducer(state, liveEventReceived({ name: 'new-sos', data: sos(id, 'x', new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString()) }));
  }
  console.log(label, 'per event ms', (performance.now() - t) / 200);
  t = performance.now();
  for (let i = 0; i < 200; i++) {
    state = devicesSlice.reducer(state, liveEventReceived({ name: 'resync', data: { reason: 'x' } }));
  }
  console.log(label, 'noop event ms', (performance.now() - t) / 200);
}
it('perf', { timeout: 60000 }, () => {
  run('freeze');
  setAutoFreeze(false);
  run('nofreeze');
  setAutoFreeze(true);
});
