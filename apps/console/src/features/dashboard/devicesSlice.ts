import {
  createEntityAdapter,
  createSlice,
  current,
  isDraft,
  type EntityState,
} from '@reduxjs/toolkit';
import type { Device } from '@sos/contract';
import { liveEventReceived, type LiveEvent } from '../live/liveEvents.js';
import { deviceRemoved, sosCloseReverted, sosCloseStarted } from './deviceActions.js';
import { changeOf, closing, type DeviceChange } from './deviceChanges.js';
import { deviceApi } from './deviceEndpoints.js';
import { hasOpenSos, insertSorted, removeSorted, sortDeviceIds } from './deviceOrder.js';

export interface DevicesState extends EntityState<Device, number> {
  /** Device ids in dashboard order, kept sorted incrementally. */
  order: number[];
  /** Requests of the list in flight: live events meanwhile are kept to replay on the answer. */
  loading: string[];
  buffer: LiveEvent[];
}

const adapter = createEntityAdapter<Device>();

const initialState: DevicesState = adapter.getInitialState({ order: [], loading: [], buffer: [] });

const plain = <T extends object>(value: T): T => (isDraft(value) ? current(value) : value);

/** Moves one device: out of its old place, new value stored, into its new place. */
function apply(state: DevicesState, change: DeviceChange | null): void {
  if (!change) return;
  // Plain values, not Immer drafts: splicing a drafted list traps every shifted element, and
  // reading entities through the draft creates child drafts whose replacement below makes
  // Immer scan all 10,000 entities when it finalizes.
  const order = plain(state.order).slice();
  const entities = plain(state.entities);
  const lookup = (id: number) => entities[id];
  const previous = lookup(change.id);
  if (previous) removeSorted(order, previous, lookup);
  if (change.next) {
    adapter.setOne(state, change.next);
    insertSorted(order, change.next, lookup);
  } else {
    adapter.removeOne(state, change.id);
  }
  state.order = order;
}

/** A loaded list, with the events that arrived while it was on its way applied on top. */
function load(state: DevicesState, devices: Device[]): void {
  const byId = new Map(devices.map((device) => [device.id, device]));
  for (const event of state.buffer) {
    const change = changeOf(event, (id) => byId.get(id));
    if (!change) continue;
    if (change.next) byId.set(change.id, change.next);
    else byId.delete(change.id);
  }
  const loaded = [...byId.values()];
  adapter.setAll(state, loaded);
  state.order = sortDeviceIds(loaded);
}

export const devicesSlice = createSlice({
  name: 'devices',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(liveEventReceived, (state, { payload }) => {
        apply(
          state,
          changeOf(payload, (id) => state.entities[id]),
        );
        if (state.loading.length > 0) state.buffer.push(payload);
      })
      .addCase(sosCloseStarted, (state, { payload }) => {
        apply(state, closing(state.entities[payload.deviceId], payload.sosId));
      })
      .addCase(sosCloseReverted, (state, { payload }) => {
        const device = state.entities[payload.deviceId];
        // Only if nothing newer (another SOS, a closure event) changed the device meanwhile.
        if (device && !device.lastSos)
          apply(state, { id: device.id, next: { ...device, lastSos: payload.sos } });
      })
      .addCase(deviceRemoved, (state, { payload }) => {
        if (state.entities[payload]) apply(state, { id: payload, next: undefined });
      })
      .addMatcher(deviceApi.endpoints.getDevices.matchPending, (state, { meta }) => {
        state.loading.push(meta.requestId);
      })
      .addMatcher(deviceApi.endpoints.getDevices.matchFulfilled, (state, { payload, meta }) => {
        // An answer that lands after a logout reset belongs to nobody.
        if (!state.loading.includes(meta.requestId)) return;
        load(state, payload);
        settle(state, meta.requestId);
      })
      .addMatcher(deviceApi.endpoints.getDevices.matchRejected, (state, { meta }) => {
        settle(state, meta.requestId);
      });
  },
  selectors: {
    selectOrder: (state) => state.order,
    selectDeviceById: (state, id: number) => state.entities[id],
    /** Open SOS sort first, so the first device tells whether any is open. */
    selectAnyOpenSos: (state) =>
      state.order.length > 0 && hasOpenSos(state.entities[state.order[0] as number]),
    selectDeviceCount: (state) => state.order.length,
    selectIsDeviceKnown: (state, id: number) => id in state.entities,
    selectDevicesLoading: (state) => state.loading.length > 0,
  },
});

function settle(state: DevicesState, requestId: string): void {
  state.loading = state.loading.filter((id) => id !== requestId);
  if (state.loading.length === 0) state.buffer = [];
}

export const {
  selectOrder,
  selectDeviceById,
  selectAnyOpenSos,
  selectDeviceCount,
  selectIsDeviceKnown,
  selectDevicesLoading,
} = devicesSlice.selectors;
